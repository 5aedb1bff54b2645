//! `/practice`: interview practice. The session (spaced repetition, answer aloud against
//! the clock, grade yourself), the red-flag quiz (`/practice/quiz`), the level path
//! (`/practice/levels`), the learner's settings and the progress file. The logic is in
//! `crate::practice`; these components draw it.

mod focus;
mod levels;
mod nav;
mod overview;
mod progress_file;
mod quiz;
mod recordings;
mod session;
mod settings;

pub use levels::{LevelPath, PracticeLevels};
pub use nav::PracticeNav;
pub use overview::PracticePage;
pub use progress_file::ProgressFile;
pub use quiz::{PracticeQuiz, Quiz};
pub use recordings::Recordings;
pub use session::SessionView;
pub use settings::{LevelPicker, SettingsForm};
