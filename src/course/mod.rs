//! The guided course's pure parts: where each lesson step takes the lab, and the reader's
//! progress (both tested natively). The pages are in `pages/course/`.

pub mod progress;
pub mod steps;
