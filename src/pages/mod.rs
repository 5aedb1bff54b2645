//! One module per route.

pub mod card;
mod card_list;
mod challenges;
mod copiers;
mod course;
mod designer;
mod game_day;
mod home;
pub mod lab;
mod not_found;
pub mod practice;
mod resume;

pub use card::CardPage;
pub use card_list::CardList;
pub use challenges::{ChallengesList, DrillsList};
pub use copiers::CopiersPage;
pub use course::{CourseIndexPage, LessonPage};
pub use designer::{ChallengePage, Designer, LoadImporter, LoadRunbook, RunbookPart, RUNBOOK_PART};
pub use game_day::GameDayPage;
pub use home::Home;
pub use lab::{LabIndex, LabPage};
pub use not_found::NotFound;
pub use practice::{PracticeLevels, PracticePage, PracticeQuiz};
pub use resume::ResumePage;
