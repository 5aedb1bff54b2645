//! A copier hop's state: an ordinary client of both clusters. Each worker loops: fetch a
//! batch from its parts (a link round trip), write it to the target (the target's own
//! durable write), then fetch again at once if more is waiting, else after the poll
//! interval; those handlers are in `sim/copying.rs`, `sim/copy_append.rs` and
//! `sim/hop_control.rs`. Nothing here touches a writer's acknowledgement.

use crate::posmap::PositionMap;
use crate::spec::{HopOptions, HopSpec};
use crate::store::Run;
use crate::time::Millis;
use serde::Serialize;

/// What a hop is doing, for views and measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum HopStatus {
    /// Before its start time.
    Waiting,
    Running,
    Stalled,
    /// The link between its sites is cut.
    Cut,
    /// A mirror whose target was promoted: it copies nothing more.
    Promoted,
    /// A site at either end is lost or not answering.
    Blocked,
}

/// Per source part bookkeeping. Positions are in the source's own space.
#[derive(Clone, Debug, Default)]
pub(crate) struct HopPart {
    /// Next position to fetch.
    pub read_pos: u64,
    /// Everything below is on the target (since the last restart).
    pub copied_upto: u64,
    /// The last committed read progress: a restart resumes here.
    pub committed: u64,
    /// The highest position ever delivered: below it a re-append is a duplicate.
    pub high_water: u64,
    /// Where this part's accounting starts (the numbering at the start of the run).
    pub first_pos: u64,
    /// Records accounted in earlier lives of the source cluster (before a loss).
    pub prev_total: u64,
    pub before_start: u64,
    pub copied: u64,
    pub filtered: u64,
    /// Of `filtered`: records skipped because their marker names another site.
    pub not_local: u64,
    pub aged_out: u64,
    /// Copied, rewound by a restart, and never copied again: aged out of the source
    /// before the re-read, or the source was lost first. Their first copy is the only one,
    /// before the pairs the restart wrote (MirrorMaker 2's rewind rule forgot older ones).
    pub rewound_not_recopied: u64,
    pub duplicates: u64,
    /// Acknowledged, never copied, gone with the source site.
    pub lost_with_site: u64,
    /// Appended but not yet acknowledged when the source site was lost.
    pub lost_unacknowledged: u64,
    pub map: PositionMap,
    /// Source timestamp of the newest record copied (lag measure 2).
    pub newest_copied_ts: Option<Millis>,
    /// Target position minus source position of the last record copied.
    pub last_drift: Option<i64>,
    pub target_part_last: Option<u32>,
    /// Batches sent so far under fan-out, to pick the next target part.
    pub fan_next: u32,
}

#[derive(Clone, Debug)]
pub(crate) struct Batch {
    pub part: usize,
    pub from: u64,
    pub to: u64,
    pub runs: Vec<Run>,
    pub depart_ms: Millis,
    pub arrive_ms: Millis,
}

#[derive(Clone, Debug, Default)]
pub(crate) struct Worker {
    /// Batches of the current fetch, one per part with data (empty: idle).
    pub in_flight: Vec<Batch>,
    /// The newest heartbeat (its source timestamp) this fetch carries, if any.
    pub heartbeat: Option<Millis>,
}

#[derive(Clone, Debug)]
pub(crate) struct HopState {
    pub id: String,
    pub src: usize,
    pub dst: usize,
    pub src_site: usize,
    pub dst_site: usize,
    pub opts: HopOptions,
    pub started: bool,
    /// An offset-preserving mirror (copies keep their source positions).
    pub mirror: bool,
    /// A promoted mirror: stopped for good, its target writable.
    pub promoted: bool,
    pub stalled: bool,
    pub link_cut: bool,
    /// Restarts so far; duplicates carry it as their copy ordinal.
    pub epoch: u16,
    /// Bumped on restart/start so stale events are ignored.
    pub chain: u32,
    pub parts: Vec<HopPart>,
    pub workers: Vec<Worker>,
    pub drop_writers: Vec<u16>,
    /// Emptied run buffers of delivered batches, reused by the next fetches.
    run_pool: Vec<Vec<Run>>,
    throttle_until: Millis,
    pub last_commit: Millis,
    /// Copy latency (target arrival minus creation) of first copies.
    pub latency_min: Option<Millis>,
    pub latency_max: Millis,
    pub latency_last: Option<Millis>,
    /// When a failing write was last narrated.
    pub fault_noted: Option<Millis>,
    /// Whether how echoes grow has been narrated.
    pub echo_noted: bool,
    /// Source timestamp of the newest heartbeat read / written to the target.
    pub heartbeat_read: Option<Millis>,
    pub heartbeat_copied: Option<Millis>,
    /// Each reader group's last checkpoint through this hop (by reader index).
    pub checkpoints: Vec<Checkpoint>,
    pub last_checkpoint_at: Option<Millis>,
}

impl HopState {
    pub fn new(
        h: &HopSpec,
        src: usize,
        dst: usize,
        src_site: usize,
        dst_site: usize,
        parts: usize,
        drop_writers: Vec<u16>,
    ) -> Self {
        let every = h.options.map_every.unwrap_or(0);
        Self {
            id: h.id.clone(),
            src,
            dst,
            src_site,
            dst_site,
            opts: h.options.clone(),
            started: false,
            mirror: h.options.kind == crate::spec::HopKind::Mirror,
            promoted: false,
            stalled: false,
            link_cut: false,
            epoch: 0,
            chain: 0,
            parts: (0..parts)
                .map(|_| HopPart {
                    map: PositionMap::new(every),
                    ..HopPart::default()
                })
                .collect(),
            workers: vec![Worker::default(); h.options.workers.min(parts as u32).max(1) as usize],
            drop_writers,
            run_pool: Vec::new(),
            throttle_until: 0,
            last_commit: 0,
            latency_min: None,
            latency_max: 0,
            latency_last: None,
            fault_noted: None,
            echo_noted: false,
            heartbeat_read: None,
            heartbeat_copied: None,
            checkpoints: Vec::new(),
            last_checkpoint_at: None,
        }
    }

    /// The newest heartbeat written on the source and not yet read, if heartbeats are on:
    /// one every `heartbeat_every_ms` (MirrorMaker 2's `emit.heartbeats.interval.seconds`).
    pub(crate) fn heartbeat_due(&self, now: Millis) -> Option<Millis> {
        let every = self.opts.heartbeat_every_ms?.max(1);
        let latest = now / every * every;
        (Some(latest) > self.heartbeat_read).then_some(latest)
    }

    /// A cleared run buffer for the next batch read (reused, so steady copying allocates
    /// nothing).
    pub(crate) fn take_run_buffer(&mut self) -> Vec<Run> {
        self.run_pool.pop().unwrap_or_default()
    }

    /// Gives a delivered batch's run buffer back for reuse.
    pub(crate) fn return_run_buffer(&mut self, mut runs: Vec<Run>) {
        runs.clear();
        self.run_pool.push(runs);
    }

    /// The earliest time the throughput cap allows the next fetch.
    pub(crate) fn throttled_until(&self) -> Millis {
        self.throttle_until
    }

    /// Spends the throughput cap's share of time on `records` fetched at `now`.
    pub(crate) fn spend_throttle(&mut self, now: Millis, records: u64) {
        if let Some(cap) = self.opts.max_records_per_sec {
            self.throttle_until = self.throttle_until.max(now) + records * 1000 / cap;
        }
    }

    /// The parts `worker` serves: worker, worker + workers, ... (on the hot path; unlike
    /// `step_by`, it divides nothing).
    #[inline]
    pub(crate) fn worker_parts(&self, worker: usize) -> WorkerParts {
        WorkerParts {
            next: worker,
            step: self.workers.len(),
            end: self.parts.len(),
        }
    }

    /// The physical floor of a record's copy latency: one round trip plus the
    /// target's durable write (the source's own durability comes on top).
    pub fn floor_ms(&self) -> Millis {
        self.opts.rtt_ms + self.opts.target_write_ms
    }
}

/// Part indexes `next, next + step, ...` below `end`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct WorkerParts {
    next: usize,
    step: usize,
    end: usize,
}

impl Iterator for WorkerParts {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        let p = self.next;
        (p < self.end).then(|| {
            self.next = p + self.step;
            p
        })
    }
}

/// A group's last checkpoint on one hop: per part, (source position, translated target
/// position).
#[derive(Clone, Debug, Default)]
pub(crate) struct Checkpoint {
    pub taken_at: Option<Millis>,
    pub positions: Vec<Option<(u64, u64)>>,
}
