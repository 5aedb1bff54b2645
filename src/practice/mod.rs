//! Practice mode's pure logic, tested natively: the spaced-repetition schedule (FSRS), the
//! session queue, the session and its answer timer, the red-flag quiz, the level path, the
//! answer's outline checklist and what the recorder tells the learner.
//! The pages in `pages/practice` only draw these and feed them input.

pub mod fsrs;
pub mod levels;
pub mod outline;
pub mod queue;
pub mod quiz;
pub mod recording;
pub mod session;

pub use fsrs::{Grade, ReviewState, Scheduler};
