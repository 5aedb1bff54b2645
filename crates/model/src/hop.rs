//! A copier hop: an ordinary client of both clusters. Each worker loops: fetch a batch
//! from one of its parts (a link round trip), write it to the target (the target's own
//! durable write), then fetch again at once if more is waiting, else after the poll
//! interval. Nothing here touches a writer's acknowledgement.

use crate::log::{records, LogKind};
use crate::posmap::PositionMap;
use crate::sim::{Checkpoint, Event, Sim};
use crate::spec::{HopOptions, HopSpec, StartFrom};
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
    fn heartbeat_due(&self, now: Millis) -> Option<Millis> {
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

impl Sim {
    pub(crate) fn hop_status(&self, h: usize) -> HopStatus {
        let hop = &self.hops[h];
        if hop.promoted {
            HopStatus::Promoted
        } else if !hop.started {
            HopStatus::Waiting
        } else if hop.stalled {
            HopStatus::Stalled
        } else if hop.link_cut {
            HopStatus::Cut
        } else if !self.site_up(hop.src_site) || !self.site_up(hop.dst_site) {
            HopStatus::Blocked
        } else {
            HopStatus::Running
        }
    }

    /// Sets every part's read position as the hop starts (late start, start rule).
    pub(crate) fn start_hop(&mut self, h: usize) {
        let hop = &mut self.hops[h];
        hop.started = true;
        hop.last_commit = self.now;
        let stream = &self.streams[hop.src];
        for (p, hp) in hop.parts.iter_mut().enumerate() {
            let part = &stream.parts[p];
            hp.first_pos = stream.start_position;
            hp.aged_out = part.start - stream.start_position;
            let at = match hop.opts.start_from {
                StartFrom::Earliest => part.start,
                StartFrom::Latest => part.end,
            };
            hp.before_start = at - part.start;
            hp.read_pos = at;
            hp.copied_upto = at;
            hp.committed = at;
            hp.high_water = at;
        }
        if self.log.on() {
            let text = format!("Copier {} starts reading", self.hops[h].id);
            self.log.push(self.now, LogKind::Command, text);
        }
    }

    #[inline]
    pub(crate) fn schedule_fetch(&mut self, h: usize, worker: usize, at: Millis) {
        let chain = self.hops[h].chain;
        self.queue.push(
            at,
            Event::HopFetch {
                hop: h as u32,
                worker: worker as u32,
                chain,
            },
        );
    }

    /// Parts served by `worker`: p, p + workers, ... (no allocation, on the hot path).
    fn worker_parts(&self, h: usize, worker: usize) -> impl Iterator<Item = usize> {
        let hop = &self.hops[h];
        (worker..hop.parts.len()).step_by(hop.workers.len())
    }

    /// Whether any part of `worker` has durable records it has not read.
    fn worker_has_data(&self, h: usize, worker: usize) -> bool {
        let src = &self.streams[self.hops[h].src];
        self.worker_parts(h, worker)
            .any(|p| src.parts[p].durable_end(self.now) > self.hops[h].parts[p].read_pos)
    }

    /// One fetch covers every part of the worker (as a real fetch request does), up to
    /// `batch_max` records per part.
    pub(crate) fn hop_fetch(&mut self, h: usize, worker: usize, chain: u32) {
        let busy = &self.hops[h].workers[worker];
        if chain != self.hops[h].chain || !busy.in_flight.is_empty() || busy.heartbeat.is_some() {
            return;
        }
        let now = self.now;
        if !self.hops[h].started {
            if now < self.hops[h].opts.start_at_ms {
                return;
            }
            self.start_hop(h);
        }
        let poll = self.hops[h].opts.poll_interval_ms;
        match self.hop_status(h) {
            HopStatus::Running => {}
            HopStatus::Promoted => return, // a promoted mirror copies nothing more
            _ => {
                self.schedule_fetch(h, worker, now + poll);
                return;
            }
        }
        if now < self.hops[h].throttle_until {
            // The throughput cap: no fetch before the last one's share of time is used.
            let until = self.hops[h].throttle_until;
            self.schedule_fetch(h, worker, until);
            return;
        }
        let src = self.hops[h].src;
        let retention = self.streams[src].retention;
        let rtt = self.hops[h].opts.rtt_ms + self.rng.up_to(self.hops[h].opts.rtt_jitter_ms);
        let hop = &mut self.hops[h];
        let arrive = now + rtt + hop.opts.target_write_ms;
        let mut batches = std::mem::take(&mut hop.workers[worker].in_flight);
        let mut total = 0;
        for p in (worker..hop.parts.len()).step_by(hop.workers.len()) {
            let part = &mut self.streams[src].parts[p];
            part.enforce_retention(now, &retention);
            let hp = &mut hop.parts[p];
            if hp.read_pos > part.end {
                hp.read_pos = part.start; // numbering went back (site rebuilt): start over
            }
            if hp.read_pos < part.start {
                let lost = part.start.saturating_sub(hp.read_pos.max(hp.high_water));
                hp.aged_out += lost;
                // Copied before a restart, aged out before the re-read: only the first
                // copy exists, before the pairs the restart wrote (see posmap).
                hp.rewound_not_recopied +=
                    part.start.min(hp.high_water).saturating_sub(hp.read_pos);
                hp.read_pos = part.start;
                hp.high_water = hp.high_water.max(part.start);
                hp.copied_upto = hp.copied_upto.max(part.start);
            }
            let from = hp.read_pos;
            let to = part.durable_end(now).min(from + hop.opts.batch_max);
            if to <= from {
                continue;
            }
            let mut runs = hop.run_pool.pop().unwrap_or_default();
            part.read(from, to, &mut runs);
            self.held_guard.added(runs.len() as u64);
            hp.read_pos = to;
            total += to - from;
            batches.push(Batch {
                part: p,
                from,
                to,
                runs,
                depart_ms: now + rtt / 2,
                arrive_ms: arrive,
            });
        }
        let heartbeat = if worker == 0 {
            hop.heartbeat_due(now)
        } else {
            None
        };
        if batches.is_empty() && heartbeat.is_none() {
            self.schedule_fetch(h, worker, now + poll);
            return;
        }
        hop.heartbeat_read = heartbeat.or(hop.heartbeat_read);
        hop.workers[worker].heartbeat = heartbeat;
        self.batches += batches.len() as u64;
        if let Some(cap) = hop.opts.max_records_per_sec {
            hop.throttle_until = hop.throttle_until.max(now) + total * 1000 / cap;
        }
        hop.workers[worker].in_flight = batches;
        let chain = hop.chain;
        self.queue.push(
            arrive,
            Event::HopDeliver {
                hop: h as u32,
                worker: worker as u32,
                chain,
            },
        );
    }

    pub(crate) fn hop_deliver(&mut self, h: usize, worker: usize, chain: u32) {
        if chain != self.hops[h].chain {
            return;
        }
        let now = self.now;
        let batches = std::mem::take(&mut self.hops[h].workers[worker].in_flight);
        let hop = &self.hops[h];
        let next = if self.site_up(hop.dst_site) && !hop.link_cut {
            self.hops[h].fault_noted = None;
            for batch in &batches {
                self.append_copies(h, batch);
            }
            let hop = &mut self.hops[h];
            if let Some(t) = hop.workers[worker].heartbeat.take() {
                hop.heartbeat_copied = hop.heartbeat_copied.max(Some(t));
            }
            self.hop_commit_if_due(h);
            if self.worker_has_data(h, worker) {
                now.max(self.hops[h].throttle_until)
            } else {
                now + self.hops[h].opts.poll_interval_ms
            }
        } else {
            // The write failed: the copier retries from what the target holds.
            let hop = &mut self.hops[h];
            if hop.workers[worker].heartbeat.take().is_some() {
                hop.heartbeat_read = hop.heartbeat_copied;
            }
            let mut n = 0;
            for batch in &batches {
                let hp = &mut self.hops[h].parts[batch.part];
                hp.read_pos = hp.copied_upto;
                n += batch.to - batch.from;
            }
            // Narrated once, then every 5 s while it keeps failing.
            let due = self.hops[h].fault_noted.is_none_or(|t| now >= t + 5_000);
            if due && self.log.on() {
                self.hops[h].fault_noted = Some(now);
                let text = format!(
                    "Copier {} could not write {} to site {}; it keeps retrying",
                    self.hops[h].id,
                    records(n),
                    self.site_name(self.hops[h].dst_site)
                );
                self.log.push(now, LogKind::Fault, text);
            }
            now + self.hops[h].opts.poll_interval_ms
        };
        // Keep the allocations for the next fetch.
        let hop = &mut self.hops[h];
        let mut spare = batches;
        for b in spare.drain(..) {
            let mut runs = b.runs;
            runs.clear();
            hop.run_pool.push(runs);
        }
        hop.workers[worker].in_flight = spare;
        self.schedule_fetch(h, worker, next);
    }
}
