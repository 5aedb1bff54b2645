//! The copier's handlers against the clusters: a hop starting, a worker's fetch (a link
//! round trip) and its delivery (the target's durable write), then the next fetch at once if
//! more is waiting, else after the poll interval. The hop's own state is in `crate::hop`.

use super::{Event, Sim};
use crate::hop::{Batch, HopStatus};
use crate::log::{records, LogKind};
use crate::spec::StartFrom;
use crate::time::Millis;

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

    /// Whether any part of `worker` has durable records it has not read.
    fn worker_has_data(&self, h: usize, worker: usize) -> bool {
        let src = &self.streams[self.hops[h].src];
        self.hops[h]
            .worker_parts(worker)
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
        if now < self.hops[h].throttled_until() {
            // The throughput cap: no fetch before the last one's share of time is used.
            let until = self.hops[h].throttled_until();
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
        for p in hop.worker_parts(worker) {
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
            hp.read_pos = to;
            let mut runs = hop.take_run_buffer();
            part.read(from, to, &mut runs);
            self.held_guard.added(runs.len() as u64);
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
        hop.spend_throttle(now, total);
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
                now.max(self.hops[h].throttled_until())
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
            hop.return_run_buffer(b.runs);
        }
        hop.workers[worker].in_flight = spare;
        self.schedule_fetch(h, worker, next);
    }
}
