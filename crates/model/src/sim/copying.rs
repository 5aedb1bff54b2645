//! The copier's handlers against the clusters: a hop starting, a worker's fetch (a link
//! round trip) and its delivery (the target's durable write), then the next fetch at once if
//! more is waiting, else after the poll interval. The hop's own state is in `crate::hop`.

use super::{Event, Sim};
use crate::hop::HopStatus;
use crate::log::{records, LogKind};
use crate::time::Millis;

impl Sim {
    #[inline(always)]
    pub(crate) fn hop_status(&self, h: usize) -> HopStatus {
        let hop = &self.hops[h];
        hop.status(self.site_up(hop.src_site()), self.site_up(hop.dst_site()))
    }

    /// Sets every part's read position as the hop starts (late start, start rule).
    pub(crate) fn start_hop(&mut self, h: usize) {
        let hop = &mut self.hops[h];
        let stream = &self.streams[hop.src()];
        hop.start(self.now, &stream.parts, stream.start_position);
        if self.log.on() {
            let text = format!("Copier {} starts reading", self.hops[h].id());
            self.log.push(self.now, LogKind::Command, text);
        }
    }

    #[inline]
    pub(crate) fn schedule_fetch(&mut self, h: usize, worker: usize, at: Millis) {
        let chain = self.hops[h].chain();
        self.push_fetch(h, worker, chain, at);
    }

    /// Schedules `worker`'s next fetch in `chain` (a handler of that chain passes its
    /// own: nothing in a fetch or a delivery starts a new chain).
    #[inline(always)]
    fn push_fetch(&mut self, h: usize, worker: usize, chain: u32, at: Millis) {
        self.queue.push(
            at,
            Event::HopFetch {
                hop: h as u32,
                worker: worker as u32,
                chain,
            },
        );
    }

    /// Whether any part of `worker` has durable records it has not read.
    fn worker_has_data(&self, h: usize, worker: usize) -> bool {
        let hop = &self.hops[h];
        let src = &self.streams[hop.src()];
        hop.worker_parts(worker)
            .any(|p| src.parts[p].durable_end(self.now) > hop.parts()[p].read_pos)
    }

    /// One fetch covers every part of the worker (as a real fetch request does), up to
    /// `batch_max` records per part.
    pub(crate) fn hop_fetch(&mut self, h: usize, worker: usize, chain: u32) {
        if !self.hops[h].fetch_wanted(worker, chain) {
            return;
        }
        let now = self.now;
        if !self.hops[h].started() {
            if now < self.hops[h].opts().start_at_ms {
                return;
            }
            self.start_hop(h);
        }
        let poll = self.hops[h].opts().poll_interval_ms;
        match self.hop_status(h) {
            HopStatus::Running => {}
            HopStatus::Promoted => return, // a promoted mirror copies nothing more
            _ => {
                self.push_fetch(h, worker, chain, now + poll);
                return;
            }
        }
        if now < self.hops[h].throttled_until() {
            // The throughput cap: no fetch before the last one's share of time is used.
            let until = self.hops[h].throttled_until();
            self.push_fetch(h, worker, chain, until);
            return;
        }
        let hop = &mut self.hops[h];
        let src = &mut self.streams[hop.src()];
        let rtt = hop.opts().rtt_ms + self.rng.up_to(hop.opts().rtt_jitter_ms);
        let arrive = now + rtt + hop.opts().target_write_ms;
        let mut total = 0;
        for p in hop.worker_parts(worker) {
            let part = &mut src.parts[p];
            part.enforce_retention(now, &src.retention);
            let Some((from, to)) = hop.next_range(p, part, now) else {
                continue;
            };
            let batch = hop.next_batch(worker);
            (batch.part, batch.from, batch.to) = (p, from, to);
            (batch.depart_ms, batch.arrive_ms) = (now + rtt / 2, arrive);
            part.read(from, to, &mut batch.runs);
            self.held_guard.added(batch.runs.len() as u64);
            total += to - from;
        }
        let sent = hop.batches_of(worker);
        let heartbeat = if worker == 0 {
            hop.heartbeat_due(now)
        } else {
            None
        };
        if sent == 0 && heartbeat.is_none() {
            self.push_fetch(h, worker, chain, now + poll);
            return;
        }
        self.batches += sent as u64;
        hop.send(worker, heartbeat, now, total);
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
        if chain != self.hops[h].chain() {
            return;
        }
        let now = self.now;
        let hop = &self.hops[h];
        let next = if self.site_up(hop.dst_site()) && !hop.link_cut() {
            // Each batch is written where it is, in the worker's slot.
            for i in 0..hop.batches_of(worker) {
                self.append_copies(h, worker, i);
            }
            let hop = &mut self.hops[h];
            hop.delivered(worker);
            hop.commit_if_due(now);
            if self.worker_has_data(h, worker) {
                now.max(self.hops[h].throttled_until())
            } else {
                now + self.hops[h].opts().poll_interval_ms
            }
        } else {
            let n = self.hops[h].write_failed(worker);
            // Narrated once, then every 5 s while it keeps failing.
            if self.hops[h].fault_narration_due(now) && self.log.on() {
                self.hops[h].fault_narrated(now);
                let text = format!(
                    "Copier {} could not write {} to site {}; it keeps retrying",
                    self.hops[h].id(),
                    records(n),
                    self.site_name(self.hops[h].dst_site())
                );
                self.log.push(now, LogKind::Fault, text);
            }
            now + self.hops[h].opts().poll_interval_ms
        };
        self.push_fetch(h, worker, chain, next);
    }
}
