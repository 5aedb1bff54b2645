//! Study progress: which cards the reader marked studied, confident or shaky.
//!
//! Stored in the browser as versioned JSON. Reading never fails: missing data is a fresh
//! start; corrupt or stale data yields what can be saved plus a sentence for the page,
//! and the unreadable text is kept aside (see `ProgressStore`) so nothing is lost.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

pub const FORMAT_VERSION: u32 = 1;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Mark {
    Studied,
    Confident,
    Shaky,
}

impl Mark {
    pub const ALL: [Mark; 3] = [Mark::Studied, Mark::Confident, Mark::Shaky];

    pub fn label(self) -> &'static str {
        match self {
            Mark::Studied => "Studied",
            Mark::Confident => "Confident",
            Mark::Shaky => "Shaky",
        }
    }

    pub fn id(self) -> &'static str {
        match self {
            Mark::Studied => "studied",
            Mark::Confident => "confident",
            Mark::Shaky => "shaky",
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Progress {
    pub version: u32,
    pub cards: BTreeMap<String, Mark>,
}

/// What reading stored progress found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Loaded {
    pub progress: Progress,
    /// For the page: what went wrong, if anything.
    pub notice: Option<String>,
    /// True when the stored text could not be used at all and should be kept aside.
    pub unreadable: bool,
}

impl Progress {
    pub fn new() -> Self {
        Progress {
            version: FORMAT_VERSION,
            cards: BTreeMap::new(),
        }
    }

    pub fn mark(&self, slug: &str) -> Option<Mark> {
        self.cards.get(slug).copied()
    }

    /// Sets the mark, or clears it when `mark` is `None`.
    pub fn set(&mut self, slug: &str, mark: Option<Mark>) {
        match mark {
            Some(mark) => self.cards.insert(slug.to_string(), mark),
            None => self.cards.remove(slug),
        };
    }

    /// Drops marks for cards not in `known`; says how many went, if any did.
    pub fn retain_known(&mut self, known: &[&str]) -> Option<String> {
        let before = self.cards.len();
        self.cards.retain(|slug, _| known.contains(&slug.as_str()));
        let dropped = before - self.cards.len();
        (dropped > 0).then(|| {
            format!(
                "{dropped} saved mark{} named cards that no longer exist and {} dropped.",
                if dropped == 1 { "" } else { "s" },
                if dropped == 1 { "was" } else { "were" }
            )
        })
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("progress always serialises")
    }

    /// Reads stored progress. `known` lists the slugs that exist now: marks for cards
    /// that no longer exist are dropped, and the notice says how many.
    pub fn load(stored: Option<&str>, known: Option<&[&str]>) -> Loaded {
        let Some(text) = stored.filter(|t| !t.trim().is_empty()) else {
            return Loaded {
                progress: Progress::new(),
                notice: None,
                unreadable: false,
            };
        };
        let parsed: Result<Progress, _> = serde_json::from_str(text);
        let mut progress =
            match parsed {
                Ok(p) if p.version == FORMAT_VERSION => p,
                Ok(p) => {
                    return Loaded {
                        progress: Progress::new(),
                        notice: Some(format!(
                        "Your saved progress is from a different version of Hoplab (format {}), \
                         so it was set aside and you are starting fresh.",
                        p.version
                    )),
                        unreadable: true,
                    }
                }
                Err(_) => return Loaded {
                    progress: Progress::new(),
                    notice: Some(
                        "Your saved progress could not be read, so it was set aside and you are \
                         starting fresh."
                            .into(),
                    ),
                    unreadable: true,
                },
            };
        let notice = known.and_then(|known| progress.retain_known(known));
        Loaded {
            progress,
            notice,
            unreadable: false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_data_is_a_fresh_start_without_a_notice() {
        let loaded = Progress::load(None, None);
        assert_eq!(loaded.progress, Progress::new());
        assert_eq!(loaded.notice, None);
        assert!(!loaded.unreadable);
    }

    #[test]
    fn round_trips_marks() {
        let mut progress = Progress::new();
        progress.set("copy-lag", Some(Mark::Confident));
        progress.set("echo-loop", Some(Mark::Shaky));
        let loaded = Progress::load(Some(&progress.to_json()), None);
        assert_eq!(loaded.progress, progress);
        assert_eq!(loaded.notice, None);
    }

    #[test]
    fn corrupt_data_is_set_aside_with_a_notice() {
        let loaded = Progress::load(Some("{not json"), None);
        assert_eq!(loaded.progress, Progress::new());
        assert!(loaded.unreadable);
        assert!(loaded.notice.unwrap().contains("could not be read"));
    }

    #[test]
    fn a_wrong_mark_is_corrupt_not_a_crash() {
        let loaded = Progress::load(Some(r#"{"version":1,"cards":{"a":"great"}}"#), None);
        assert!(loaded.unreadable);
    }

    #[test]
    fn another_version_is_set_aside() {
        let loaded = Progress::load(Some(r#"{"version":7,"cards":{}}"#), None);
        assert!(loaded.unreadable);
        assert!(loaded.notice.unwrap().contains("format 7"));
    }

    #[test]
    fn marks_for_vanished_cards_are_dropped_and_counted() {
        let stored = r#"{"version":1,"cards":{"copy-lag":"studied","gone":"shaky"}}"#;
        let loaded = Progress::load(Some(stored), Some(&["copy-lag"]));
        assert_eq!(loaded.progress.mark("copy-lag"), Some(Mark::Studied));
        assert_eq!(loaded.progress.mark("gone"), None);
        assert!(loaded.notice.unwrap().starts_with("1 saved mark "));
        assert!(!loaded.unreadable);
    }

    #[test]
    fn clearing_a_mark_removes_it() {
        let mut progress = Progress::new();
        progress.set("a", Some(Mark::Studied));
        progress.set("a", None);
        assert_eq!(progress.mark("a"), None);
    }
}
