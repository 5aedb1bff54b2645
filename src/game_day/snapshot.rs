//! The live state of a drill run as the page's table lines: each site, copier, writer and
//! reader group, and what the run has cost so far.

use hoplab_model::{ActorKind, HopStatus, Millis, Sim, SiteStatus};

#[derive(Clone, Debug, PartialEq)]
pub struct Snapshot {
    pub now_ms: Millis,
    /// Time since the fault, once it has struck.
    pub since_fault_ms: Option<Millis>,
    pub sites: Vec<SiteLine>,
    pub hops: Vec<HopLine>,
    pub writers: Vec<ActorLine>,
    pub readers: Vec<ActorLine>,
    /// Acknowledged records stored nowhere any more.
    pub lost: u64,
    /// Records written at two sites at once.
    pub split: u64,
}

#[derive(Clone, Debug, PartialEq)]
pub struct SiteLine {
    pub name: String,
    pub state: &'static str,
    /// Whether an operator on the other side reaches it (a partitioned site answers only
    /// its own clients): a fence through it, or around it.
    pub answers: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct HopLine {
    pub id: String,
    pub state: &'static str,
    /// Records on the source not yet copied.
    pub behind: u64,
}

/// A writer or a reader group.
#[derive(Clone, Debug, PartialEq)]
pub struct ActorLine {
    pub id: String,
    pub site: String,
    pub working: bool,
    /// A writer's acknowledged records; a reader group's records behind the end.
    pub count: u64,
    /// A reader group's records skipped and read twice (0 for a writer).
    pub skipped: u64,
    pub reread: u64,
}

/// The run's state at its current time; `fault_ms` is when the drill's fault strikes and
/// `fenced` the sites fenced so far.
pub fn of(sim: &Sim, fault_ms: Millis, fenced: &[String]) -> Snapshot {
    let m = sim.measures();
    let now = sim.now();
    let recovery = sim.recovery();
    let working = |kind: ActorKind, id: &str| {
        recovery
            .iter()
            .find(|a| a.kind == kind && a.id == id)
            .is_none_or(|a| a.working())
    };
    Snapshot {
        now_ms: now,
        since_fault_ms: (now >= fault_ms).then(|| now - fault_ms),
        sites: m
            .sites
            .iter()
            .map(|s| SiteLine {
                name: s.name.clone(),
                answers: s.status == SiteStatus::Up,
                state: match s.status {
                    SiteStatus::Lost => "lost",
                    SiteStatus::Unreachable => "not answering",
                    SiteStatus::Partitioned if fenced.contains(&s.name) => "cut off, fenced",
                    SiteStatus::Partitioned => "cut off, serving its own clients",
                    SiteStatus::Up if fenced.contains(&s.name) => "fenced",
                    SiteStatus::Up => "up",
                },
            })
            .collect(),
        hops: m
            .hops
            .iter()
            .map(|h| HopLine {
                id: h.id.clone(),
                state: hop_words(h.status),
                behind: h.lag_records,
            })
            .collect(),
        writers: m
            .writers
            .iter()
            .map(|w| ActorLine {
                id: w.id.clone(),
                site: w.site.clone(),
                working: working(ActorKind::Writer, &w.id),
                count: w.acknowledged,
                skipped: 0,
                reread: 0,
            })
            .collect(),
        readers: m
            .readers
            .iter()
            .map(|r| ActorLine {
                id: r.id.clone(),
                site: r.site.clone(),
                working: working(ActorKind::ReaderGroup, &r.id),
                count: r.lag_records,
                skipped: r.gap,
                reread: r.replayed,
            })
            .collect(),
        lost: m.writers.iter().map(|w| w.missing).sum(),
        split: m.writers.iter().map(|w| w.split_writes).sum(),
    }
}

fn hop_words(s: HopStatus) -> &'static str {
    match s {
        HopStatus::Waiting => "waiting",
        HopStatus::Running => "copying",
        HopStatus::Stalled => "stalled",
        HopStatus::Cut => "link cut",
        HopStatus::Promoted => "promoted: copies nothing more",
        HopStatus::Blocked => "blocked: a site does not answer",
    }
}
