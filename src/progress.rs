//! Study progress: the marks on the card pages (studied, confident, shaky), each card's
//! spaced-repetition state from practice mode, and the learner's practice settings.
//!
//! Stored in the browser as versioned JSON and exported or imported as the same JSON.
//! Reading stored data never fails: missing data is a fresh start; corrupt or stale data
//! yields what can be saved plus a sentence for the page, and the stored text is kept
//! aside (see `ProgressStore`) so nothing is lost. Format 1 (marks only) is migrated.
//! Importing a file is stricter: a file with any problem is refused with the reason, and
//! the progress in the browser is left as it was.

use std::collections::BTreeMap;

use hoplab_content::Level;
use serde::{Deserialize, Serialize};

use crate::practice::{Grade, ReviewState, Scheduler};

pub const FORMAT_VERSION: u32 = 2;
/// The most new cards a day a learner can ask for (the tree has 26).
pub const MAX_NEW_PER_DAY: u32 = 50;
/// Files larger than this are not progress files (a full one is a few kilobytes).
pub const MAX_IMPORT_BYTES: f64 = 1_000_000.0;

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

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    pub new_per_day: u32,
    pub target_level: Level,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            new_per_day: 5,
            target_level: Level::Middle,
        }
    }
}

/// How many new cards were started on `day` (the learner's local calendar day).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DayCount {
    pub day: i64,
    pub count: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Progress {
    pub version: u32,
    /// The card pages' marks.
    #[serde(default)]
    pub cards: BTreeMap<String, Mark>,
    /// Practice mode's schedule, per card.
    #[serde(default)]
    pub reviews: BTreeMap<String, ReviewState>,
    #[serde(default)]
    pub settings: Settings,
    #[serde(default)]
    pub new_today: DayCount,
    /// Per card, the outline cues (indexes into its `outline`) the learner did not tick at
    /// its last review: they come first the next time. Left out of the JSON when empty, so
    /// files written before it existed and files without it are the same format 2.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub missed: BTreeMap<String, Vec<u8>>,
}

impl Default for Progress {
    fn default() -> Self {
        Progress::new()
    }
}

/// What reading stored progress found.
#[derive(Clone, Debug, PartialEq)]
pub struct Loaded {
    pub progress: Progress,
    /// For the page: what went wrong or changed, if anything.
    pub notice: Option<String>,
    /// True when the stored text was not (wholly) usable and should be kept aside.
    pub unreadable: bool,
    /// True when the stored text was in an older format and should be saved anew.
    pub migrated: bool,
}

/// Format 1: marks only.
#[derive(Deserialize)]
struct FormatOne {
    cards: BTreeMap<String, Mark>,
}

/// A parsed file or stored text, before the caller decides what to do with problems.
struct Parsed {
    progress: Progress,
    /// Cards whose stored schedule had impossible numbers (left out of `progress`).
    implausible: Vec<String>,
    migrated_from: Option<u32>,
}

fn parse(text: &str, now: i64) -> Result<Parsed, String> {
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|_| "it is not JSON".to_string())?;
    let version = value
        .get("version")
        .and_then(serde_json::Value::as_u64)
        .ok_or("it has no format version, so it is not Hoplab progress")?;
    match version {
        1 => {
            let old: FormatOne = serde_json::from_value(value)
                .map_err(|e| format!("its format-1 marks could not be read ({e})"))?;
            Ok(Parsed {
                progress: Progress::migrate(old.cards, now),
                implausible: Vec::new(),
                migrated_from: Some(1),
            })
        }
        2 => {
            let mut progress: Progress = serde_json::from_value(value)
                .map_err(|e| format!("its contents could not be read ({e})"))?;
            let implausible: Vec<String> = progress
                .reviews
                .iter()
                .filter(|(_, state)| !state.is_plausible())
                .map(|(slug, _)| slug.clone())
                .collect();
            progress
                .reviews
                .retain(|slug, _| !implausible.contains(slug));
            progress.settings.new_per_day = progress.settings.new_per_day.min(MAX_NEW_PER_DAY);
            Ok(Parsed {
                progress,
                implausible,
                migrated_from: None,
            })
        }
        other => Err(format!(
            "it is from a different version of Hoplab (format {other}; this one reads 1 and 2)"
        )),
    }
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

impl Progress {
    pub fn new() -> Self {
        Progress {
            version: FORMAT_VERSION,
            cards: BTreeMap::new(),
            reviews: BTreeMap::new(),
            settings: Settings::default(),
            new_today: DayCount::default(),
            missed: BTreeMap::new(),
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

    /// Format 1's marks as practice schedules, as if each mark were a first review graded
    /// at `now`: shaky as "again" and studied as "hard", both due at once (the learner has
    /// not shown they can answer); confident as "good", due when FSRS says (in 3 days).
    /// The marks themselves stay for the card pages.
    pub fn migrate(marks: BTreeMap<String, Mark>, now: i64) -> Progress {
        let scheduler = Scheduler::default();
        let reviews = marks
            .iter()
            .map(|(slug, mark)| {
                let state = match mark {
                    Mark::Shaky => ReviewState {
                        due: now,
                        ..scheduler.review(None, Grade::Again, now)
                    },
                    Mark::Studied => ReviewState {
                        due: now,
                        ..scheduler.review(None, Grade::Hard, now)
                    },
                    Mark::Confident => scheduler.review(None, Grade::Good, now),
                };
                (slug.clone(), state)
            })
            .collect();
        Progress {
            cards: marks,
            reviews,
            ..Progress::new()
        }
    }

    /// New cards the learner may still start on `day`.
    pub fn new_left_today(&self, day: i64) -> u32 {
        let started = if self.new_today.day == day {
            self.new_today.count
        } else {
            0
        };
        self.settings.new_per_day.saturating_sub(started)
    }

    /// Schedules the card after an answer graded `grade` at `now` (on local `day`).
    pub fn record_review(&mut self, slug: &str, grade: Grade, now: i64, day: i64) -> &ReviewState {
        let previous = self.reviews.get(slug);
        if previous.is_none() {
            if self.new_today.day != day {
                self.new_today = DayCount { day, count: 0 };
            }
            self.new_today.count += 1;
        }
        let next = Scheduler::default().review(previous, grade, now);
        self.reviews.insert(slug.to_string(), next);
        &self.reviews[slug]
    }

    /// Keeps the outline cues missed at the card's latest review (none: forgets them).
    pub fn set_missed(&mut self, slug: &str, missed: Vec<u8>) {
        if missed.is_empty() {
            self.missed.remove(slug);
        } else {
            self.missed.insert(slug.to_string(), missed);
        }
    }

    /// The outline cues missed at the card's latest review.
    pub fn missed(&self, slug: &str) -> &[u8] {
        self.missed.get(slug).map_or(&[], Vec::as_slice)
    }

    /// Drops marks and schedules for cards not in `known`; says how many cards, if any.
    pub fn retain_known(&mut self, known: &[&str]) -> Option<String> {
        let mut gone: Vec<String> = self
            .cards
            .keys()
            .chain(self.reviews.keys())
            .filter(|slug| !known.contains(&slug.as_str()))
            .cloned()
            .collect();
        gone.sort();
        gone.dedup();
        self.cards.retain(|slug, _| known.contains(&slug.as_str()));
        self.reviews
            .retain(|slug, _| known.contains(&slug.as_str()));
        self.missed.retain(|slug, _| known.contains(&slug.as_str()));
        let dropped = gone.len();
        (dropped > 0).then(|| {
            format!(
                "{} named cards that no longer exist and {} dropped.",
                plural(dropped, "saved card's progress", "saved cards' progress"),
                if dropped == 1 { "was" } else { "were" }
            )
        })
    }

    /// Takes in an imported file: for each card the more recent practice wins, the file's
    /// marks and settings replace these.
    pub fn merge(&mut self, other: Progress) {
        for (slug, state) in other.reviews {
            let newer = self
                .reviews
                .get(&slug)
                .is_none_or(|mine| state.last_review >= mine.last_review);
            if newer {
                // The missed cues belong to the review that wins.
                match other.missed.get(&slug) {
                    Some(missed) => self.missed.insert(slug.clone(), missed.clone()),
                    None => self.missed.remove(&slug),
                };
                self.reviews.insert(slug, state);
            }
        }
        self.cards.extend(other.cards);
        self.settings = other.settings;
        if other.new_today.day >= self.new_today.day {
            self.new_today = other.new_today;
        }
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("progress always serialises")
    }

    /// Reads stored progress at `now`. `known` lists the slugs that exist now: progress on
    /// cards that no longer exist is dropped, and the notice says so.
    pub fn load(stored: Option<&str>, known: Option<&[&str]>, now: i64) -> Loaded {
        let fresh = |notice: Option<String>, unreadable| Loaded {
            progress: Progress::new(),
            notice,
            unreadable,
            migrated: false,
        };
        let Some(text) = stored.filter(|t| !t.trim().is_empty()) else {
            return fresh(None, false);
        };
        let parsed = match parse(text, now) {
            Ok(parsed) => parsed,
            Err(reason) => {
                return fresh(
                    Some(format!(
                        "Your saved progress could not be read: {reason}. It was kept aside \
                         in this browser and you are starting fresh."
                    )),
                    true,
                )
            }
        };
        let Parsed {
            mut progress,
            implausible,
            migrated_from,
        } = parsed;
        let mut notices = Vec::new();
        if !implausible.is_empty() {
            notices.push(format!(
                "The practice schedule of {} held impossible numbers; the saved text was kept \
                 aside and those cards start again.",
                plural(implausible.len(), "card", "cards")
            ));
        }
        if migrated_from.is_some() && !progress.cards.is_empty() {
            notices.push(migration_notice(&progress));
        }
        if let Some(notice) = known.and_then(|known| progress.retain_known(known)) {
            notices.push(notice);
        }
        Loaded {
            progress,
            notice: (!notices.is_empty()).then(|| notices.join(" ")),
            unreadable: !implausible.is_empty(),
            migrated: migrated_from.is_some(),
        }
    }

    /// Reads an exported file at `now`. Any problem refuses the whole file with the reason;
    /// on success, a sentence saying what the file held.
    pub fn import(text: &str, known: &[&str], now: i64) -> Result<(Progress, String), String> {
        let refuse = |reason: String| {
            format!("That file was not imported: {reason}. Your progress is unchanged.")
        };
        if text.trim().is_empty() {
            return Err(refuse("it is empty".into()));
        }
        let parsed = parse(text, now).map_err(refuse)?;
        if let Some(slug) = parsed.implausible.first() {
            return Err(refuse(format!(
                "the schedule for “{slug}” has impossible numbers"
            )));
        }
        let mut progress = parsed.progress;
        let dropped = progress.retain_known(known);
        let mut summary = format!(
            "Imported practice on {} and {}.",
            plural(progress.reviews.len(), "card", "cards"),
            plural(progress.cards.len(), "mark", "marks")
        );
        if let Some(dropped) = dropped {
            summary = format!("{summary} {dropped}");
        }
        Ok((progress, summary))
    }
}

fn migration_notice(progress: &Progress) -> String {
    let confident = progress
        .cards
        .values()
        .filter(|m| **m == Mark::Confident)
        .count();
    let others = progress.cards.len() - confident;
    format!(
        "Your card marks now feed practice mode: {} due now, {} back in a few days.",
        plural(
            others,
            "shaky or studied card is",
            "shaky or studied cards are"
        ),
        plural(confident, "confident card comes", "confident cards come")
    )
}

#[cfg(test)]
#[path = "progress_tests.rs"]
mod tests;
