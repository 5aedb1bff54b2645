//! `/course` and `/course/:slug`: the guided course for onboarding. Each lesson is prose
//! beside a live lab run that the lesson steps through, ending with one check question.

mod check;
mod index;
mod lesson;
mod store;

pub use index::CourseIndexPage;
pub use lesson::LessonPage;
