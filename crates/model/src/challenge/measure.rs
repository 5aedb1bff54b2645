//! The figures a requirement can set a target on, each taken from a finished run.

use crate::coverage::{Coverage, SiteCoverage};
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
    /// What each given reader group can read: the smallest share, over every given group
    /// at a standing site and every origin, of the origin's records held in the streams
    /// that group reads at its site (1: every group can read every record). A copy in a
    /// stream the group does not read (`east.orders` beside `orders`) reaches no one.
    ReaderCoverage,
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
    /// The longest a writer waited for an acknowledgement (ms), faults and all: with a
    /// synchronous copy, how long its writers stop while the link is down.
    WriteLatencyMs,
    /// The same over writes made after the last fault healed (ms): what the design
    /// costs each write in calm running.
    CalmWriteLatencyMs,
    /// Stored copies per record written.
    CopiesPerRecord,
    /// Seconds from the first fault until every writer and reader group that stopped
    /// works again (writes go through; the group is within a second of the end), at
    /// site `on` when named: the measured recovery time. Never: infinite.
    RtoSeconds {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        on: Option<String>,
    },
    /// Acknowledged records held at a standing site but not at `on`: after a partition,
    /// what the old primary took that never crossed to the new one (`on`), then diverged.
    /// Lost to the new primary's readers until someone reconciles them.
    StrandedRecords { on: String },
    /// Seconds the slowest copy took to arrive over the run, or has waited so far at the
    /// run's end, over every hop between two standing sites that still copies: how long
    /// a record can take to reach every site.
    CopyDelaySeconds,
    /// Records written to a stream while a same-named stream at another site also took
    /// writes: both sides accepting writes at once.
    SplitWrites,
    /// GB (10^9 bytes) a day crossing every link at the run's rate, for records of
    /// `record_bytes` bytes.
    EgressGbPerDay { record_bytes: u64 },
    /// The same priced: dollars a day at `price_per_gb`.
    EgressCostPerDay {
        record_bytes: u64,
        price_per_gb: f64,
    },
}

impl Measure {
    /// The figure in `m` (with the run's `sim` for coverage) for the design `t` of a brief
    /// with `givens`.
    pub fn of(&self, sim: &Sim, m: &Measures, t: &Topology, givens: &Topology) -> f64 {
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
            Measure::ReaderCoverage => reader_coverage(sim, m, givens),
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
            Measure::CalmWriteLatencyMs => m
                .writers
                .iter()
                .map(|w| w.max_calm_ack_delay_ms)
                .max()
                .unwrap_or(0) as f64,
            Measure::CopiesPerRecord => m.echo.copies_per_original,
            Measure::RtoSeconds { on } => super::drill::rto_ms(sim, &sim.recovery(), on.as_deref())
                .map_or(f64::INFINITY, |ms| ms as f64 / 1000.0),
            Measure::StrandedRecords { on } => stranded(sim, on),
            Measure::CopyDelaySeconds => copy_delay_ms(m) as f64 / 1000.0,
            Measure::SplitWrites => m.writers.iter().map(|w| w.split_writes).sum::<u64>() as f64,
            Measure::EgressGbPerDay { record_bytes } => egress(m, *record_bytes, None).0,
            Measure::EgressCostPerDay {
                record_bytes,
                price_per_gb,
            } => egress(m, *record_bytes, Some(*price_per_gb)).1,
        }
    }
}

/// The longest a record took to cross a hop, or is still waiting at the end on a hop
/// between standing sites that copies on (a promoted mirror's and a lost site's
/// records are counted where they are lost, not here).
fn copy_delay_ms(m: &Measures) -> crate::time::Millis {
    use crate::HopStatus;
    m.hops
        .iter()
        .map(|h| {
            let waiting = match h.status {
                HopStatus::Promoted | HopStatus::Blocked => 0,
                _ => h.oldest_uncopied_age_ms,
            };
            h.latency_max_ms.max(waiting)
        })
        .max()
        .unwrap_or(0)
}

/// (GB a day, dollars a day) crossing every hop's link over the run.
fn egress(m: &Measures, record_bytes: u64, price: Option<f64>) -> (f64, f64) {
    let over = m.at_ms;
    m.hops.iter().fold((0.0, 0.0), |(gb, cost), h| {
        let e = crate::hop_egress(h, over, record_bytes, price);
        (gb + e.gb_per_day, cost + e.cost_per_day.unwrap_or(0.0))
    })
}

/// Records some standing site holds and site `on` does not (0 when `on` is no site).
fn stranded(sim: &Sim, on: &str) -> f64 {
    let Some(target) = (0..sim.sites().len()).find(|&s| sim.site_name(s) == on) else {
        return 0.0;
    };
    let everywhere = sim.distinct_per_writer(|s| sim.sites()[s] != SiteStatus::Lost);
    let there = sim.distinct_per_writer(|s| s == target);
    let held_elsewhere = everywhere.iter().zip(&there);
    held_elsewhere
        .map(|((_, all), (_, at))| all.saturating_sub(*at))
        .sum::<u64>() as f64
}

/// The smallest share of an origin's records a standing site holds.
fn coverage(sim: &Sim, m: &Measures, only: Option<&str>) -> f64 {
    let all = sim.coverage();
    lowest_share(m, &all, &all, only)
}

/// For each given reader group at a standing site, the smallest share of an origin's
/// records held in the streams it reads there (its members', `<group>/<stream>`, when it
/// reads several); the smallest over the groups.
fn reader_coverage(sim: &Sim, m: &Measures, givens: &Topology) -> f64 {
    let all = sim.coverage();
    let mut lowest: Option<f64> = None;
    for g in &givens.readers {
        let reads: Vec<_> = m
            .readers
            .iter()
            .filter(|r| member_of(&g.id, &r.id))
            .collect();
        let Some(site) = reads.first().map(|r| r.site.as_str()) else {
            return 0.0;
        };
        let held = sim.coverage_in(|s, n| s == site && reads.iter().any(|r| r.stream == n));
        let share = lowest_share(m, &all, &held, Some(site));
        lowest = Some(lowest.map_or(share, |l| l.min(share)));
    }
    // No group to read anything: nothing reaches one.
    lowest.unwrap_or(0.0)
}

/// Whether the reader `id` is `group` or one of its members (`<group>/<stream>`).
fn member_of(group: &str, id: &str) -> bool {
    id == group || id.strip_prefix(group).is_some_and(|m| m.starts_with('/'))
}

/// The smallest share of an origin's records (as its site holds them in `all`) that a
/// standing site (`only`, when named) holds in `held`, a count over the same origins.
fn lowest_share(m: &Measures, all: &[Coverage], held: &[Coverage], only: Option<&str>) -> f64 {
    let standing = |site: &str| {
        m.sites
            .iter()
            .any(|s| s.name == site && s.status != SiteStatus::Lost)
    };
    let mut lowest: f64 = 1.0;
    let mut written = false;
    for (origin, kept) in all.iter().zip(held) {
        let Some(home) = origin.sites.iter().find(|s| s.site == origin.origin) else {
            continue;
        };
        written |= home.records > 0;
        if home.records == 0 || !standing(&origin.origin) {
            continue;
        }
        let counted = |s: &&SiteCoverage| standing(&s.site) && only.is_none_or(|o| o == s.site);
        for s in kept.sites.iter().filter(counted) {
            lowest = lowest.min(s.records as f64 / home.records as f64);
        }
    }
    // Nothing written reaches no one: a design whose writers never write covers nothing.
    if written {
        lowest
    } else {
        0.0
    }
}
