//! The figures a requirement can set a target on, each taken from a finished run.

use crate::sim::SiteStatus;
use crate::spec::Topology;
use crate::{Measures, Sim};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "of", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Measure {
    /// Echoes stored on every site: repeats of a record a site already holds, and records
    /// come back to where they were written.
    Echoes,
    /// The smallest share, over every origin and every site still standing, of the
    /// origin's records that site holds (1: every site holds every record).
    Coverage,
    /// The same for one site only: the smallest share of any origin's records it holds.
    CoverageAt { site: String },
    /// Records a reader group skipped after moving (the worst group when none is named).
    Gap {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        group: Option<String>,
    },
    /// Records a reader group processed twice after moving.
    Replay {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        group: Option<String>,
    },
    /// Acknowledged records stored nowhere any more, in seconds of the writer's rate
    /// (the worst writer): the recovery point of a site loss.
    RpoSeconds,
    /// The same, in records (all writers).
    RpoRecords,
    /// The longest a writer waited for an acknowledgement (ms).
    WriteLatencyMs,
    /// Stored copies per record written.
    CopiesPerRecord,
}

impl Measure {
    /// The figure in `m` (with the run's `sim` for coverage).
    pub fn of(&self, sim: &Sim, m: &Measures, t: &Topology) -> f64 {
        let readers = |group: &Option<String>| -> Vec<&crate::measures::ReaderMeasure> {
            m.readers
                .iter()
                .filter(|r| group.as_ref().is_none_or(|g| *g == r.id))
                .collect()
        };
        match self {
            Measure::Echoes => m.echo.echoes_stored as f64,
            Measure::Coverage => coverage(sim, m, None),
            Measure::CoverageAt { site } => coverage(sim, m, Some(site)),
            Measure::Gap { group } => {
                readers(group).iter().map(|r| r.gap).max().unwrap_or(0) as f64
            }
            Measure::Replay { group } => {
                readers(group).iter().map(|r| r.replayed).max().unwrap_or(0) as f64
            }
            Measure::RpoSeconds => m
                .writers
                .iter()
                .filter_map(|w| {
                    let rate = t.writers.iter().find(|s| s.id == w.id)?.rate_per_sec;
                    (rate > 0.0).then(|| w.missing as f64 / rate)
                })
                .fold(0.0, f64::max),
            Measure::RpoRecords => m.writers.iter().map(|w| w.missing).sum::<u64>() as f64,
            Measure::WriteLatencyMs => m
                .writers
                .iter()
                .map(|w| w.max_ack_delay_ms)
                .max()
                .unwrap_or(0) as f64,
            Measure::CopiesPerRecord => m.echo.copies_per_original,
        }
    }
}

/// The smallest share of an origin's records a standing site holds.
fn coverage(sim: &Sim, m: &Measures, only: Option<&str>) -> f64 {
    let standing = |site: &str| {
        m.sites
            .iter()
            .any(|s| s.name == site && s.status != SiteStatus::Lost)
    };
    let mut lowest: f64 = 1.0;
    for origin in sim.coverage() {
        let Some(home) = origin.sites.iter().find(|s| s.site == origin.origin) else {
            continue;
        };
        if home.records == 0 || !standing(&origin.origin) {
            continue;
        }
        let counted = |s: &&crate::coverage::SiteCoverage| {
            standing(&s.site) && only.is_none_or(|o| o == s.site)
        };
        for s in origin.sites.iter().filter(counted) {
            lowest = lowest.min(s.records as f64 / home.records as f64);
        }
    }
    lowest
}
