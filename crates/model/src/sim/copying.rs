//! The copier's handlers against the clusters: a hop starting, a worker's fetch (a link
//! round trip) and its delivery (the target's durable write), then the next fetch at once if
//! more is waiting, else after the poll interval. The hop's own state is in `crate::hop`.

use super::{Event, Sim, SiteStatus};
use crate::hop::HopStatus;
use crate::log::LogEvent;
use crate::time::{EventQueue, Millis};

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
            let hop = self.hops[h].id().to_string();
            self.log.push(self.now, LogEvent::CopierStarted { hop });
        }
    }

    #[inline]
    pub(crate) fn schedule_fetch(&mut self, h: usize, worker: usize, at: Millis) {
        let chain = self.hops[h].chain();
        push_fetch(&mut self.queue, h, worker, chain, at);
    }

    /// One fetch covers every part of the worker (as a real fetch request does), up to
    /// `batch_max` records per part.
    pub(crate) fn hop_fetch(&mut self, h: usize, worker: usize, chain: u32) {
        let now = self.now;
        let hop = &self.hops[h];
        if !hop.fetch_wanted(worker, chain) {
            return;
        }
        if !hop.started() {
            if now < hop.opts().start_at_ms {
                return;
            }
            self.start_hop(h);
        }
        // The state a fetch touches, borrowed once (each `self.hops[h]` was a bounds check
        // and a reload of the vector).
        let Sim {
            hops,
            streams,
            sites,
            rng,
            queue,
            held_guard,
            batches,
            ..
        } = self;
        let hop = &mut hops[h];
        let poll = hop.opts().poll_interval_ms;
        let up = |site: usize| sites[site] == SiteStatus::Up;
        match hop.status(up(hop.src_site()), up(hop.dst_site())) {
            HopStatus::Running => {}
            HopStatus::Promoted => return, // a promoted mirror copies nothing more
            _ => return push_fetch(queue, h, worker, chain, now + poll),
        }
        if now < hop.throttled_until() {
            // The throughput cap: no fetch before the last one's share of time is used.
            return push_fetch(queue, h, worker, chain, hop.throttled_until());
        }
        let src = &mut streams[hop.src()];
        let rtt = hop.opts().rtt_ms + rng.up_to(hop.opts().rtt_jitter_ms);
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
            part.read(from, to, &mut batch.blocks);
            held_guard.added(batch.blocks.len() as u64);
            total += to - from;
        }
        let sent = hop.batches_of(worker);
        let heartbeat = if worker == 0 {
            hop.heartbeat_due(now)
        } else {
            None
        };
        if sent == 0 && heartbeat.is_none() {
            return push_fetch(queue, h, worker, chain, now + poll);
        }
        *batches += sent as u64;
        hop.send(worker, heartbeat, now, total);
        let (hop, worker) = (h as u32, worker as u32);
        queue.push(arrive, Event::HopDeliver { hop, worker, chain });
    }

    pub(crate) fn hop_deliver(&mut self, h: usize, worker: usize, chain: u32) {
        let hop = &self.hops[h];
        if chain != hop.chain() {
            return;
        }
        let now = self.now;
        let next = if self.site_up(hop.dst_site()) && !hop.link_cut() {
            // Each batch is written where it is, in the worker's slot.
            for i in 0..hop.batches_of(worker) {
                self.append_copies(h, worker, i);
            }
            let Sim { hops, streams, .. } = self;
            let hop = &mut hops[h];
            hop.delivered(worker);
            hop.commit_if_due(now);
            // Whether any part of the worker has durable records it has not read.
            let src = &streams[hop.src()];
            let more = hop
                .worker_parts(worker)
                .any(|p| src.parts[p].durable_end(now) > hop.parts()[p].read_pos);
            if more {
                now.max(hop.throttled_until())
            } else {
                now + hop.opts().poll_interval_ms
            }
        } else {
            let n = self.hops[h].write_failed(worker);
            // Narrated once, then every 5 s while it keeps failing.
            if self.hops[h].fault_narration_due(now) && self.log.on() {
                self.hops[h].fault_narrated(now);
                let event = LogEvent::CopierWriteFailing {
                    hop: self.hops[h].id().to_string(),
                    count: n,
                    site: self.site_name(self.hops[h].dst_site()).to_string(),
                };
                self.log.push(now, event);
            }
            now + self.hops[h].opts().poll_interval_ms
        };
        push_fetch(&mut self.queue, h, worker, chain, next);
    }
}

/// Schedules `worker`'s next fetch on hop `h` in `chain` (a handler of that chain passes
/// its own: nothing in a fetch or a delivery starts a new chain). A function of the queue
/// alone, so a handler holding the hop borrowed can call it.
#[inline(always)]
fn push_fetch(queue: &mut EventQueue<Event>, h: usize, worker: usize, chain: u32, at: Millis) {
    let (hop, worker) = (h as u32, worker as u32);
    queue.push(at, Event::HopFetch { hop, worker, chain });
}
