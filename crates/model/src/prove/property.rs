//! The properties a topology can be proved to hold: each one value with its name, the
//! card that explains it, the measure it reads and its threshold (a challenge's
//! [`Requirement`], so the grader and the prover judge a figure the same way).

use crate::challenge::{Measure, Requirement};

/// The thresholds a design states (or a brief, or the command line).
#[derive(Clone, Debug, PartialEq)]
pub struct Thresholds {
    /// Acknowledged records lost, at most.
    pub lost_at_most: f64,
    /// Records a reader group reads twice, at most (None: measured, never broken).
    pub read_twice_at_most: Option<f64>,
    /// Seconds for every record to reach every standing site, at most.
    pub reach_within_s: f64,
}

impl Default for Thresholds {
    fn default() -> Self {
        Thresholds {
            lost_at_most: 0.0,
            read_twice_at_most: None,
            reach_within_s: 120.0,
        }
    }
}

/// The ids [`properties`] gives, in its order.
pub const PROPERTY_IDS: [&str; 6] = [
    "acknowledged-lost",
    "read-twice",
    "nothing-skipped",
    "no-echo",
    "reaches-every-site",
    "one-writer",
];

/// Every property, at thresholds `t`.
pub fn properties(t: &Thresholds) -> Vec<Requirement> {
    let p = |id: &str, says: String, measure, at_most: Option<f64>, card: &str, hint: &str| {
        Requirement {
            id: id.into(),
            says,
            measure,
            at_most,
            at_least: None,
            card: card.into(),
            hint: hint.into(),
        }
    };
    let records = |n: f64| match n {
        1.0 => "1 record".to_string(),
        n => format!("{} records", crate::decimal::plain(n)),
    };
    vec![
        p(
            "acknowledged-lost",
            match t.lost_at_most {
                0.0 => "no acknowledged record lost".to_string(),
                n => format!("at most {} acknowledged lost", records(n)),
            },
            Measure::RpoRecords,
            Some(t.lost_at_most),
            "rpo-floor",
            "What a copier had not carried when its site went is gone, whatever runs after.",
        ),
        p(
            "read-twice",
            match t.read_twice_at_most {
                Some(0.0) => "no record read twice by a reader group".into(),
                Some(n) => format!("at most {} read twice by a reader group", records(n)),
                None => "records read twice by a reader group (measured)".into(),
            },
            Measure::Replay { group: None },
            t.read_twice_at_most,
            "replay-or-gap",
            "A group resumes from its last commit or a translated checkpoint: what it had read since is read again.",
        ),
        p(
            "nothing-skipped",
            "no reader group skips a record when it resumes".into(),
            Measure::Gap { group: None },
            Some(0.0),
            "reader-resume",
            "Resuming at the end, or at a position the map placed too far, skips what the group had not reached.",
        ),
        p(
            "no-echo",
            "no record copied back to a site that holds it".into(),
            Measure::Echoes,
            Some(0.0),
            "echo-loop",
            "A copy in each direction with nothing marking where a record began sends it home again.",
        ),
        p(
            "reaches-every-site",
            format!(
                "every record reaches every standing site within {} s",
                crate::decimal::plain(t.reach_within_s)
            ),
            Measure::CopyDelaySeconds,
            Some(t.reach_within_s),
            "copy-lag",
            "A cut link or a stopped copier holds records back until it heals and catches up.",
        ),
        p(
            "one-writer",
            "no stream written at two sites at once".into(),
            Measure::SplitWrites,
            Some(0.0),
            "single-writer-streams",
            "A writer moved while the old site still answers writes on both sides.",
        ),
    ]
}
