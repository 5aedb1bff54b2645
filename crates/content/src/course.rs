//! The guided course: short lessons, each prose beside a paused lab view that the lesson
//! steps through. These are the types the site reads (exported JSON, prose already HTML).
//!
//! A step moves the lab to a time, may press one of the scenario's buttons, may play on to
//! a later time, and says what the reader should now see. What it says is not taken on
//! trust: each step carries machine checks on the model's measures (`expect`), and a test
//! (`crates/content/tests/course.rs`) runs every lesson against the model and fails when a
//! stated effect does not happen.

use serde::{Deserialize, Serialize};

/// The course in reading order, without the lesson bodies (what `/course` lists).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CourseIndex {
    pub title: String,
    pub lessons: Vec<LessonSummary>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LessonSummary {
    pub slug: String,
    pub title: String,
    pub summary: String,
    pub steps: usize,
}

/// One lesson, ready to render. Fields ending in `_html` are HTML produced from the
/// project's own Markdown; everything else is plain text.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Lesson {
    pub slug: String,
    /// 1-based place in the course.
    pub number: usize,
    pub title: String,
    pub summary: String,
    /// Cards this lesson teaches (slugs), linked from the page.
    pub cards: Vec<String>,
    /// The lab scenario the lesson drives, and the knob values it sets (id, value).
    pub scenario: String,
    pub knobs: Vec<(String, String)>,
    pub intro_html: String,
    pub steps: Vec<LessonStep>,
    pub check: CheckQuestion,
    pub previous: Option<String>,
    pub next: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LessonStep {
    pub title: String,
    /// Where the lab's clock goes first (simulated milliseconds).
    pub at_ms: u64,
    /// A button of the scenario pressed at `at_ms`, if any (the button's id).
    pub press: Option<String>,
    /// Play on to this time after the press; `None`: stay paused at `at_ms`.
    pub play_to_ms: Option<u64>,
    pub say_html: String,
    /// What the reader should now see, in one plain sentence.
    pub see: String,
    pub expect: Vec<Expectation>,
}

impl LessonStep {
    /// The time the step leaves the lab at.
    pub fn end_ms(&self) -> u64 {
        self.play_to_ms.unwrap_or(self.at_ms)
    }
}

/// A machine check of a step's stated effect: a number in the model's measures, compared
/// before the step's press (at `at_ms`) and at its end.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expectation {
    /// A path into the measures: dot-separated fields; `name[key]` picks the element of
    /// the list `name` whose `id`, `name` or `site` is `key` (e.g. `hops[a-to-b].uncopied_tail`).
    pub measure: String,
    pub is: Comparison,
    /// The bound for `at-least`, `at-most` and `equals`.
    #[serde(default)]
    pub value: Option<f64>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Comparison {
    /// Larger at the end of the step than before its press.
    Rises,
    /// Smaller at the end of the step than before its press.
    Falls,
    /// The same at the end of the step as before its press.
    Unchanged,
    AtLeast,
    AtMost,
    Equals,
}

impl Comparison {
    /// Whether this comparison needs a `value`.
    pub fn takes_value(self) -> bool {
        matches!(
            self,
            Comparison::AtLeast | Comparison::AtMost | Comparison::Equals
        )
    }

    /// Whether `after` (and `before`, the value before the step's press) satisfies it.
    pub fn holds(self, before: f64, after: f64, value: Option<f64>) -> bool {
        let bound = value.unwrap_or(f64::NAN);
        match self {
            Comparison::Rises => after > before,
            Comparison::Falls => after < before,
            Comparison::Unchanged => after == before,
            Comparison::AtLeast => after >= bound,
            Comparison::AtMost => after <= bound,
            Comparison::Equals => after == bound,
        }
    }
}

/// The question at the end of a lesson: one right choice, and a reason for every choice.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CheckQuestion {
    pub question: String,
    pub choices: Vec<CheckChoice>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CheckChoice {
    pub text: String,
    pub correct: bool,
    /// Why this choice is right or wrong, shown once the reader picks it.
    pub why: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comparisons_hold_as_named() {
        assert!(Comparison::Rises.holds(1.0, 2.0, None));
        assert!(!Comparison::Rises.holds(2.0, 2.0, None));
        assert!(Comparison::Falls.holds(2.0, 1.0, None));
        assert!(Comparison::Unchanged.holds(3.0, 3.0, None));
        assert!(Comparison::AtLeast.holds(0.0, 5.0, Some(5.0)));
        assert!(!Comparison::AtMost.holds(0.0, 5.0, Some(4.0)));
        assert!(Comparison::Equals.holds(9.0, 0.0, Some(0.0)));
        // A bound that is missing never holds, rather than comparing against zero.
        assert!(!Comparison::AtLeast.holds(0.0, 5.0, None));
    }
}
