//! A copier hop's state: an ordinary client of both clusters. Each worker loops: fetch a
//! batch from its parts (a link round trip), write it to the target (the target's own
//! durable write), then fetch again at once if more is waiting, else after the poll
//! interval; those handlers are in `sim/copying.rs`, `sim/copy_append.rs` and
//! `sim/hop_control.rs`, and change this state only through the methods here (named for
//! what the handlers do). Nothing here touches a writer's acknowledgement.

mod actions;
mod book;
mod part;
mod worker;

pub(crate) use book::BatchBook;
use book::CopyLatency;
pub(crate) use part::HopPart;
pub(crate) use worker::{Batch, Worker, WorkerParts};

use crate::spec::{HopOptions, HopSpec, PartMapping};
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

#[derive(Clone, Debug)]
pub(crate) struct HopState {
    id: String,
    src: usize,
    dst: usize,
    src_site: usize,
    dst_site: usize,
    opts: HopOptions,
    started: bool,
    /// An offset-preserving mirror (copies keep their source positions).
    mirror: bool,
    /// A promoted mirror: stopped for good, its target writable.
    promoted: bool,
    stalled: bool,
    link_cut: bool,
    /// Restarts so far; duplicates carry it as their copy ordinal.
    epoch: u16,
    /// Bumped on restart/start so stale events are ignored.
    chain: u32,
    parts: Vec<HopPart>,
    workers: Vec<Worker>,
    drop_writers: Vec<u16>,
    throttle_until: Millis,
    last_commit: Millis,
    latency: CopyLatency,
    /// When a failing write was last narrated.
    fault_noted: Option<Millis>,
    /// Whether how echoes grow has been narrated.
    echo_noted: bool,
    /// Source timestamp of the newest heartbeat read / written to the target.
    heartbeat_read: Option<Millis>,
    heartbeat_copied: Option<Millis>,
    /// Each reader group's last checkpoint through this hop (by reader index).
    checkpoints: Vec<Checkpoint>,
    last_checkpoint_at: Option<Millis>,
}

/// Read-only views: what the hop is, and what it has done.
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
                .map(|_| HopPart::new(every, h.options.map_store))
                .collect(),
            workers: vec![Worker::default(); h.options.workers.min(parts as u32).max(1) as usize],
            drop_writers,
            throttle_until: 0,
            last_commit: 0,
            latency: CopyLatency::default(),
            fault_noted: None,
            echo_noted: false,
            heartbeat_read: None,
            heartbeat_copied: None,
            checkpoints: Vec::new(),
            last_checkpoint_at: None,
        }
    }

    pub fn id(&self) -> &str {
        &self.id
    }
    /// Whether this hop reads `stream` and acknowledges its writers only once its copy
    /// is durable on the target (`ack: far-copy-durable`).
    pub fn acks_far(&self, stream: usize) -> bool {
        self.src == stream && self.opts.ack == crate::spec::Ack::FarCopyDurable
    }
    /// The source stream (index).
    #[inline(always)]
    pub fn src(&self) -> usize {
        self.src
    }
    /// The target stream (index).
    #[inline(always)]
    pub fn dst(&self) -> usize {
        self.dst
    }
    #[inline(always)]
    pub fn src_site(&self) -> usize {
        self.src_site
    }
    #[inline(always)]
    pub fn dst_site(&self) -> usize {
        self.dst_site
    }
    #[inline(always)]
    pub fn opts(&self) -> &HopOptions {
        &self.opts
    }
    pub fn started(&self) -> bool {
        self.started
    }
    #[inline(always)]
    pub fn is_mirror(&self) -> bool {
        self.mirror
    }
    /// Which nats-server release the hop stands for (JetStream: a mirror is promoted in
    /// place only from 2.12).
    pub fn nats_release(&self) -> crate::spec::NatsRelease {
        self.opts.nats_release
    }
    pub fn promoted(&self) -> bool {
        self.promoted
    }
    #[inline(always)]
    pub fn link_cut(&self) -> bool {
        self.link_cut
    }
    /// The current chain of fetches: events of older chains are stale.
    #[inline(always)]
    pub fn chain(&self) -> u32 {
        self.chain
    }
    /// Per source part bookkeeping.
    #[inline(always)]
    pub fn parts(&self) -> &[HopPart] {
        &self.parts
    }
    pub fn worker_count(&self) -> usize {
        self.workers.len()
    }
    /// Batches in flight, worker by worker.
    pub fn in_flight(&self) -> impl Iterator<Item = &Batch> {
        self.workers.iter().flat_map(|w| w.in_flight())
    }
    /// Blocks held in batches in flight.
    pub fn blocks_in_flight(&self) -> usize {
        self.in_flight().map(|b| b.blocks.len()).sum()
    }
    /// Copy latency of first copies: (lowest, highest, latest).
    pub fn latency(&self) -> (Option<Millis>, Millis, Option<Millis>) {
        (self.latency.min, self.latency.max, self.latency.last)
    }
    /// Source timestamp of the newest heartbeat written to the target.
    pub fn heartbeat_copied(&self) -> Option<Millis> {
        self.heartbeat_copied
    }
    /// Reader group `r`'s last checkpoint through this hop.
    pub fn checkpoint(&self, r: usize) -> Option<&Checkpoint> {
        self.checkpoints.get(r)
    }
    pub fn last_checkpoint_at(&self) -> Option<Millis> {
        self.last_checkpoint_at
    }

    /// What the hop is doing, given whether its source and target sites answer.
    #[inline(always)]
    pub fn status(&self, src_up: bool, dst_up: bool) -> HopStatus {
        if self.promoted {
            HopStatus::Promoted
        } else if !self.started {
            HopStatus::Waiting
        } else if self.stalled {
            HopStatus::Stalled
        } else if self.link_cut {
            HopStatus::Cut
        } else if !src_up || !dst_up {
            HopStatus::Blocked
        } else {
            HopStatus::Running
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

    /// The target part the next batch from source part `p` goes to, of `parts`.
    #[inline]
    pub(crate) fn target_part(&self, p: usize, parts: u32) -> u32 {
        match self.opts.mapping {
            PartMapping::OneToOne if (p as u32) < parts => p as u32,
            PartMapping::OneToOne => p as u32 % parts,
            PartMapping::FanOut => (p as u32 + self.parts[p].fan_next) % parts,
        }
    }

    /// The earliest time the throughput cap allows the next fetch.
    #[inline(always)]
    pub(crate) fn throttled_until(&self) -> Millis {
        self.throttle_until
    }

    /// The newest heartbeat written on the source and not yet read, if heartbeats are on:
    /// one every `heartbeat_every_ms` (MirrorMaker 2's `emit.heartbeats.interval.seconds`).
    pub(crate) fn heartbeat_due(&self, now: Millis) -> Option<Millis> {
        let every = self.opts.heartbeat_every_ms?.max(1);
        let latest = now / every * every;
        (Some(latest) > self.heartbeat_read).then_some(latest)
    }

    /// The physical floor of a record's copy latency: one round trip plus the
    /// target's durable write (the source's own durability comes on top).
    pub fn floor_ms(&self) -> Millis {
        self.opts.rtt_ms + self.opts.target_write_ms
    }
}

/// A group's last checkpoint on one hop: per part, (source position, translated target
/// position).
#[derive(Clone, Debug, Default)]
pub(crate) struct Checkpoint {
    pub taken_at: Option<Millis>,
    pub positions: Vec<Option<(u64, u64)>>,
}

impl Checkpoint {
    /// Kafka's `checkpointIsMoreRecent`: a new checkpoint for part `q` replaces the last
    /// one only if the group went back upstream or the translation moved forward
    /// downstream (checkpoints never rewind the target position just because older pairs
    /// were thinned).
    fn offer(&mut self, q: usize, new: (u64, u64), at: Millis) {
        let more_recent = self.positions[q].is_none_or(|(up, down)| new.0 < up || new.1 > down);
        if more_recent {
            self.positions[q] = Some(new);
            self.taken_at = Some(at);
        }
    }
}
