//! Practice mode's pure logic, tested natively: the spaced-repetition schedule (FSRS), the
//! session queue, the session and its answer timer, the red-flag quiz and the level path.
//! The pages in `pages/practice` only draw these and feed them input.

pub mod fsrs;
pub mod levels;
pub mod queue;
pub mod quiz;
pub mod session;

pub use fsrs::{Grade, ReviewState, Scheduler};
