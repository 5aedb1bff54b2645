//! The faults a design can meet, each at the instants that matter for it: the run's
//! steady state, and just before and just after the first periodic events after it that
//! an outcome depends on (a copier's checkpoint and commit, a reader group's commit, a
//! position-map entry, a copier's batch).

use crate::spec::{Command, HopSpec, TimedCommand, Topology};
use crate::time::Millis;
use serde::Serialize;

/// When the run has reached its steady state: writers, copiers and reader groups have
/// worked for a minute.
pub const STEADY_MS: Millis = 60_000;
/// How long a partitioned site or a cut link stays apart.
pub const OUTAGE_MS: Millis = 60_000;
/// After a site loss, when the model's failover runs (as a design challenge's does).
pub const FAIL_OVER_AFTER_MS: Millis = 5_000;
/// After the last instant, time for an outage to heal and a minute more for a failover
/// to run and every copy and reader group to catch up, so that what is measured at the
/// end is what stayed.
pub const SETTLE_MS: Millis = OUTAGE_MS + 60_000;
/// At most this many periodic events give instants (two each, beside the steady state).
const PERIODS_KEPT: usize = 3;

/// One fault of the space, without its instant.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Fault {
    /// The site is lost with everything on it; five seconds later the model fails its
    /// writers and reader groups over to `fails_over_to`, the site its copies go to.
    LoseSite {
        site: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        fails_over_to: Option<String>,
    },
    /// The site is cut off from every other site for a minute while its own clients
    /// still reach it.
    PartitionSite { site: String },
    /// Every hop between the two sites is cut for a minute.
    CutLink { sites: [String; 2] },
    /// A copier restarts from its last committed read progress.
    RestartCopier { hop: String, sites: [String; 2] },
    /// A reader group's process restarts from its last commit.
    RestartReader { reader: String, site: String },
    /// A writer's client at `from` is pointed at the copy of its stream on `to`, with no
    /// fence and no other move (a DNS name flipped, a deploy with the wrong address).
    MoveWriter {
        writer: String,
        from: String,
        to: String,
    },
}

/// A fault at an instant.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FaultAt {
    pub at_ms: Millis,
    #[serde(flatten)]
    pub fault: Fault,
}

impl FaultAt {
    /// The fault in words, with its instant: "primary lost (failed over to standby) at
    /// 60.000 s". The command line and the designer both say it so.
    pub fn words(&self) -> String {
        let what = match &self.fault {
            Fault::LoseSite {
                site,
                fails_over_to: Some(to),
            } => format!("{site} lost (failed over to {to})"),
            Fault::LoseSite { site, .. } => format!("{site} lost"),
            Fault::PartitionSite { site } => format!("{site} partitioned for a minute"),
            Fault::CutLink { sites: [a, b] } => format!("link {a}-{b} cut for a minute"),
            Fault::RestartCopier { hop, .. } => format!("copier {hop} restarted"),
            Fault::RestartReader { reader, .. } => format!("reader group {reader} restarted"),
            Fault::MoveWriter { writer, to, .. } => format!("writer {writer} pointed at {to}"),
        };
        format!("{what} at {}", seconds(self.at_ms))
    }
}

/// "60.000 s".
pub fn seconds(ms: Millis) -> String {
    format!("{}.{:03} s", ms / 1000, ms % 1000)
}

/// Every fault the design can meet at every instant that matters, ordered by instant
/// (then by fault): a schedule takes them in this order, so each set of faults is
/// explored once.
#[derive(Clone, Debug, PartialEq)]
pub struct FaultSpace {
    pub instants_ms: Vec<Millis>,
    pub faults: Vec<Fault>,
    pub choices: Vec<FaultAt>,
    /// Each run's end: the last instant and time to settle.
    pub duration_ms: Millis,
}

impl FaultSpace {
    /// The space of the (expanded) design `t`.
    pub fn of(t: &Topology) -> FaultSpace {
        let instants_ms = instants(t);
        let faults = faults(t);
        let choices = instants_ms
            .iter()
            .flat_map(|&at_ms| {
                faults.iter().map(move |f| FaultAt {
                    at_ms,
                    fault: f.clone(),
                })
            })
            .collect();
        let last = instants_ms.last().copied().unwrap_or(STEADY_MS);
        FaultSpace {
            instants_ms,
            faults,
            choices,
            duration_ms: last + SETTLE_MS,
        }
    }

    /// Whether choice `next` may follow the choices `before` (indices, in order): it
    /// strikes no site an earlier fault lost, and is not one of them again.
    pub fn may_follow(&self, before: &[usize], next: usize) -> bool {
        let fault = &self.choices[next].fault;
        before.iter().all(|&i| {
            let earlier = &self.choices[i].fault;
            earlier != fault
                && !matches!(earlier, Fault::LoseSite { site, .. } if touches(fault, site))
        })
    }
}

/// Whether `fault` acts on `site` (or on a client or copier there).
fn touches(fault: &Fault, site: &str) -> bool {
    match fault {
        Fault::LoseSite { site: s, .. } | Fault::PartitionSite { site: s } => s == site,
        Fault::CutLink { sites } | Fault::RestartCopier { sites, .. } => {
            sites.iter().any(|s| s == site)
        }
        Fault::MoveWriter { from, to, .. } => from == site || to == site,
        Fault::RestartReader { site: s, .. } => s == site,
    }
}

/// The steady state, then just before and just after the first periodic event after it
/// of each of the design's periods that matter most (checkpoints, then commits, then
/// position-map entries, then batches), in order, without repeats.
fn instants(t: &Topology) -> Vec<Millis> {
    // (every, first at): a checkpoint falls on the clock's multiples; a reader group
    // commits a period after its first poll, which comes an interval after the start.
    let mut periods: Vec<(Millis, Millis)> = Vec::new();
    let hops = || t.hops.iter().map(|h| &h.options);
    periods.extend(hops().filter_map(|o| o.checkpoint_every_ms).map(|p| (p, 0)));
    periods.extend(hops().map(|o| (o.commit_interval_ms, 0)));
    periods.extend(t.readers.iter().map(|r| (r.commit_every_ms, r.interval_ms)));
    periods.extend(
        t.hops
            .iter()
            .filter_map(|h| map_entry_every_ms(t, h))
            .map(|p| (p, 0)),
    );
    periods.extend(hops().map(|o| (o.poll_interval_ms, 0)));
    let mut kept: Vec<(Millis, Millis)> = Vec::new();
    for (p, first) in periods.into_iter().filter(|&(p, _)| p > 2) {
        if !kept.contains(&(p, first)) && kept.len() < PERIODS_KEPT {
            kept.push((p, first));
        }
    }
    let mut out = vec![STEADY_MS];
    for (p, first) in kept {
        let next = first + (STEADY_MS.saturating_sub(first) / p + 1) * p;
        out.extend([next - 1, next + 1]);
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// How often the hop's copier writes a position-map entry, at its source's write rate
/// (None: it writes none, or nothing is written to its source).
fn map_entry_every_ms(t: &Topology, h: &HopSpec) -> Option<Millis> {
    let every = h.options.map_every?;
    let rate: f64 = t
        .writers
        .iter()
        .filter(|w| w.site == h.from.site && w.stream == h.from.stream)
        .map(|w| w.rate_per_sec)
        .sum();
    (rate > 0.0).then(|| (every as f64 / rate * 1000.0).round() as Millis)
}

/// Every fault the design can meet: each site with anything on it lost or partitioned,
/// each pair of sites with a hop between them cut, each copier and each reader group
/// restarted, each writer pointed at each other site its stream is copied to.
fn faults(t: &Topology) -> Vec<Fault> {
    let used = |site: &str| {
        t.writers.iter().any(|w| w.site == site)
            || t.readers.iter().any(|r| r.site == site)
            || t.hops
                .iter()
                .any(|h| h.from.site == site || h.to.site == site)
    };
    let mut out = Vec::new();
    for s in t.sites.iter().map(|s| s.name.as_str()).filter(|s| used(s)) {
        let fails_over_to = t
            .hops
            .iter()
            .find(|h| h.from.site == s && h.to.site != s)
            .map(|h| h.to.site.clone());
        out.push(Fault::LoseSite {
            site: s.into(),
            fails_over_to,
        });
        out.push(Fault::PartitionSite { site: s.into() });
    }
    let mut pairs: Vec<[String; 2]> = Vec::new();
    for h in t.hops.iter().filter(|h| h.from.site != h.to.site) {
        let mut pair = [h.from.site.clone(), h.to.site.clone()];
        pair.sort();
        if !pairs.contains(&pair) {
            pairs.push(pair);
        }
    }
    out.extend(pairs.into_iter().map(|sites| Fault::CutLink { sites }));
    out.extend(t.hops.iter().map(|h| Fault::RestartCopier {
        hop: h.id.clone(),
        sites: [h.from.site.clone(), h.to.site.clone()],
    }));
    let mut groups: Vec<(&str, &str)> = Vec::new();
    for r in &t.readers {
        // A group reading several streams is its members `<group>/<stream>`: one process.
        let group = r.id.split('/').next().unwrap_or(&r.id);
        if !groups.iter().any(|(g, _)| *g == group) {
            groups.push((group, &r.site));
        }
    }
    out.extend(
        groups
            .into_iter()
            .map(|(reader, site)| Fault::RestartReader {
                reader: reader.into(),
                site: site.into(),
            }),
    );
    for w in &t.writers {
        let mut tos: Vec<&str> = Vec::new();
        for h in t
            .hops
            .iter()
            .filter(|h| h.from.site == w.site && h.from.stream == w.stream)
        {
            let same_name_there = t
                .streams
                .iter()
                .any(|x| x.site == h.to.site && x.name == w.stream);
            if h.to.site != w.site && same_name_there && !tos.contains(&h.to.site.as_str()) {
                tos.push(&h.to.site);
            }
        }
        out.extend(tos.into_iter().map(|to| Fault::MoveWriter {
            writer: w.id.clone(),
            from: w.site.clone(),
            to: to.into(),
        }));
    }
    out
}

/// The commands a fault at `at` puts on the timeline of design `t`.
pub fn commands(t: &Topology, f: &FaultAt) -> Vec<TimedCommand> {
    let at = |at_ms: Millis, command: Command| TimedCommand { at_ms, command };
    let t0 = f.at_ms;
    match &f.fault {
        Fault::LoseSite {
            site,
            fails_over_to,
        } => {
            let mut out = vec![at(t0, Command::LoseSite { site: site.clone() })];
            if let Some(to) = fails_over_to {
                out.extend(crate::challenge::fail_over(
                    t,
                    site,
                    to,
                    t0 + FAIL_OVER_AFTER_MS,
                ));
            }
            out
        }
        Fault::PartitionSite { site } => vec![
            at(t0, Command::PartitionSite { site: site.clone() }),
            at(t0 + OUTAGE_MS, Command::RestoreSite { site: site.clone() }),
        ],
        Fault::CutLink { sites } => {
            let joining: Vec<&HopSpec> = t.hops.iter().filter(|h| joins(h, sites)).collect();
            let cut = joining
                .iter()
                .map(|h| at(t0, Command::CutLink { hop: h.id.clone() }));
            let heal = joining
                .iter()
                .map(|h| at(t0 + OUTAGE_MS, Command::HealLink { hop: h.id.clone() }));
            cut.chain(heal).collect()
        }
        Fault::RestartCopier { hop, .. } => {
            vec![at(t0, Command::RestartHop { hop: hop.clone() })]
        }
        Fault::RestartReader { reader, .. } => vec![at(
            t0,
            Command::RestartReader {
                reader: reader.clone(),
            },
        )],
        Fault::MoveWriter { writer, to, .. } => vec![at(
            t0,
            Command::MoveWriter {
                writer: writer.clone(),
                site: to.clone(),
            },
        )],
    }
}

fn joins(h: &HopSpec, [a, b]: &[String; 2]) -> bool {
    (h.from.site == *a && h.to.site == *b) || (h.from.site == *b && h.to.site == *a)
}
