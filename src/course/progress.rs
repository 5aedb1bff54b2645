//! Progress through the guided course: which steps of each lesson the reader has done and
//! whether they answered its check question. Kept in local storage as versioned JSON;
//! stored data that cannot be read is reported and set aside by the caller, never dropped.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// The format this build writes. A newer one is set aside, not misread.
pub const VERSION: u32 = 1;

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CourseProgress {
    pub version: u32,
    /// Per lesson slug.
    pub lessons: BTreeMap<String, LessonProgress>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LessonProgress {
    /// Indices of the steps done, ascending.
    #[serde(default)]
    pub steps_done: Vec<usize>,
    /// The check question answered correctly.
    #[serde(default)]
    pub passed: bool,
}

/// What loading stored progress gave: progress to use, and a sentence for the page if the
/// stored text could not be used (then `unreadable` says to set it aside).
#[derive(Debug, PartialEq)]
pub struct Loaded {
    pub progress: CourseProgress,
    pub notice: Option<String>,
    pub unreadable: bool,
}

impl CourseProgress {
    pub fn new() -> Self {
        CourseProgress {
            version: VERSION,
            lessons: BTreeMap::new(),
        }
    }

    /// Reads stored progress; nothing stored is a fresh start, not a problem.
    pub fn load(stored: Option<&str>) -> Loaded {
        let fresh = |notice: String| Loaded {
            progress: CourseProgress::new(),
            notice: Some(notice),
            unreadable: true,
        };
        let Some(text) = stored else {
            return Loaded {
                progress: CourseProgress::new(),
                notice: None,
                unreadable: false,
            };
        };
        let value: serde_json::Value = match serde_json::from_str(text) {
            Ok(value) => value,
            Err(e) => {
                return fresh(format!(
                    "Your saved course progress could not be read ({e}). It was set aside, \
                     not deleted, and the course starts afresh."
                ))
            }
        };
        match value.get("version").and_then(serde_json::Value::as_u64) {
            Some(v) if v == u64::from(VERSION) => {}
            Some(v) => {
                return fresh(format!(
                    "Your saved course progress is in format {v}, which this version of \
                     Hoplab does not know. It was set aside, not deleted."
                ))
            }
            None => {
                return fresh(
                    "Your saved course progress has no format version. It was set aside, \
                     not deleted, and the course starts afresh."
                        .into(),
                )
            }
        }
        match serde_json::from_value::<CourseProgress>(value) {
            Ok(mut progress) => {
                for lesson in progress.lessons.values_mut() {
                    lesson.steps_done.sort_unstable();
                    lesson.steps_done.dedup();
                }
                Loaded {
                    progress,
                    notice: None,
                    unreadable: false,
                }
            }
            Err(e) => fresh(format!(
                "Your saved course progress could not be read ({e}). It was set aside, not \
                 deleted, and the course starts afresh."
            )),
        }
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    pub fn lesson(&self, slug: &str) -> LessonProgress {
        self.lessons.get(slug).cloned().unwrap_or_default()
    }

    pub fn mark_step(&mut self, slug: &str, step: usize) {
        let lesson = self.lessons.entry(slug.to_string()).or_default();
        if let Err(at) = lesson.steps_done.binary_search(&step) {
            lesson.steps_done.insert(at, step);
        }
    }

    pub fn mark_passed(&mut self, slug: &str) {
        self.lessons.entry(slug.to_string()).or_default().passed = true;
    }

    /// A lesson is done when every step was done and its question answered.
    pub fn is_done(&self, slug: &str, steps: usize) -> bool {
        let lesson = self.lesson(slug);
        lesson.passed && (0..steps).all(|i| lesson.steps_done.contains(&i))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nothing_stored_is_a_quiet_fresh_start() {
        let loaded = CourseProgress::load(None);
        assert_eq!(loaded.progress, CourseProgress::new());
        assert_eq!(loaded.notice, None);
        assert!(!loaded.unreadable);
    }

    #[test]
    fn progress_round_trips() {
        let mut p = CourseProgress::new();
        p.mark_step("a", 2);
        p.mark_step("a", 0);
        p.mark_step("a", 2);
        p.mark_passed("a");
        let loaded = CourseProgress::load(Some(&p.to_json()));
        assert_eq!(loaded.progress, p);
        assert_eq!(loaded.progress.lesson("a").steps_done, vec![0, 2]);
        assert!(!loaded.progress.is_done("a", 3));
        let mut all = p.clone();
        all.mark_step("a", 1);
        assert!(all.is_done("a", 3));
    }

    #[test]
    fn broken_json_is_set_aside_with_a_message() {
        let loaded = CourseProgress::load(Some("{not json"));
        assert!(loaded.unreadable);
        assert!(loaded.notice.unwrap().contains("set aside"));
        assert_eq!(loaded.progress, CourseProgress::new());
    }

    #[test]
    fn an_unknown_version_is_set_aside_not_misread() {
        let loaded = CourseProgress::load(Some(r#"{"version": 7, "lessons": {}}"#));
        assert!(loaded.unreadable);
        assert!(loaded.notice.unwrap().contains("format 7"));
    }

    #[test]
    fn a_wrong_shape_is_set_aside() {
        let loaded = CourseProgress::load(Some(
            r#"{"version": 1, "lessons": {"a": {"steps_done": "x"}}}"#,
        ));
        assert!(loaded.unreadable);
        let missing = CourseProgress::load(Some(r#"{"lessons": {}}"#));
        assert!(missing.unreadable);
        assert!(missing.notice.unwrap().contains("no format version"));
    }
}
