//! What the handlers in `sim/` do to a hop: commands (start, stall, restart, promote),
//! a worker's fetch and delivery, the bookkeeping of each piece written, commits and
//! checkpoints, and a site lost under it.

use super::{Batch, HopState};
use crate::store::Part;
use crate::time::Millis;

/// Commands.
impl HopState {
    /// Sets every part's read position as the hop starts (late start, start rule):
    /// `parts` is the source stream's, numbered from `start_position`.
    pub(crate) fn start(&mut self, now: Millis, parts: &[Part], start_position: u64) {
        self.started = true;
        self.last_commit = now;
        for (hp, part) in self.parts.iter_mut().zip(parts) {
            let at = match self.opts.start_from {
                crate::spec::StartFrom::Earliest => part.start,
                crate::spec::StartFrom::Latest => part.end,
            };
            hp.start(start_position, part.start, at);
        }
    }

    pub(crate) fn stall(&mut self) {
        self.stalled = true;
    }

    pub(crate) fn resume(&mut self) {
        self.stalled = false;
    }

    pub(crate) fn cut_link(&mut self) {
        self.link_cut = true;
    }

    pub(crate) fn heal_link(&mut self) {
        self.link_cut = false;
    }

    /// Restart: a new epoch and chain, in-flight work dropped, every part rewound to its
    /// commit. Returns how many records will be copied again.
    pub(crate) fn restart(&mut self) -> u64 {
        self.epoch = self.epoch.saturating_add(1);
        self.chain += 1;
        for w in &mut self.workers {
            w.active = 0;
            w.heartbeat = None;
        }
        self.heartbeat_read = self.heartbeat_copied;
        // A mirror fetches from its own log end (the target is its commit), so a restart
        // re-copies nothing; a translating copier resumes at its last commit.
        let mirror = self.mirror;
        self.parts.iter_mut().map(|hp| hp.rewind(mirror)).sum()
    }

    /// A fresh chain of fetches (a hop started by command, or a site lost under it):
    /// dropped in-flight batches are read again from what the target holds.
    pub(crate) fn new_chain(&mut self) {
        self.chain += 1;
        self.drop_in_flight();
        for w in &mut self.workers {
            w.heartbeat = None;
        }
        self.heartbeat_read = self.heartbeat_copied;
    }

    /// Promotion: batches in flight are dropped and the mirror never fetches again.
    /// Returns false if it was already promoted.
    pub(crate) fn promote(&mut self) -> bool {
        if self.promoted {
            return false;
        }
        self.promoted = true;
        self.chain += 1;
        self.drop_in_flight();
        true
    }

    fn drop_in_flight(&mut self) {
        for w in &mut self.workers {
            for b in w.drop_batches() {
                let hp = &mut self.parts[b.part];
                hp.read_pos = hp.copied_upto;
            }
        }
    }

    /// The source site was lost: part `p` held `..end`, acknowledged `..acked_end`;
    /// numbering restarts at `restart`.
    pub(crate) fn source_lost(&mut self, p: usize, end: u64, acked_end: u64, restart: u64) {
        self.parts[p].source_lost(end, acked_end, restart);
    }

    /// The target site was lost: the map is forgotten (see the README).
    pub(crate) fn target_lost(&mut self) {
        for hp in &mut self.parts {
            hp.map.clear();
        }
    }
}

/// A worker's fetch and delivery.
impl HopState {
    /// Whether a fetch event of `chain` for `worker` should run: its chain is current and
    /// the worker has nothing in flight.
    #[inline(always)]
    pub(crate) fn fetch_wanted(&self, worker: usize, chain: u32) -> bool {
        chain == self.chain && !self.workers[worker].busy()
    }

    /// The range of source part `p` to fetch at `now` (`part` is the source's), moving
    /// the read position past it; None if nothing durable is unread.
    #[inline(always)]
    pub(crate) fn next_range(&mut self, p: usize, part: &Part, now: Millis) -> Option<(u64, u64)> {
        let hp = &mut self.parts[p];
        hp.follow_source(part.start, part.end);
        hp.next_range(part.durable_end(now), self.opts.batch_max)
    }

    /// The next batch of `worker`'s fetch, its block buffer empty (a reused slot).
    #[inline(always)]
    pub(crate) fn next_batch(&mut self, worker: usize) -> &mut Batch {
        let w = &mut self.workers[worker];
        if w.active == w.slots.len() {
            w.slots.push(Batch::default());
        }
        w.active += 1;
        let batch = &mut w.slots[w.active - 1];
        batch.blocks.clear();
        batch
    }

    /// Batches in `worker`'s fetch so far.
    #[inline(always)]
    pub(crate) fn batches_of(&self, worker: usize) -> usize {
        self.workers[worker].active
    }

    /// The fetch goes out with its batches (`records` in all) and the heartbeat, if any.
    #[inline(always)]
    pub(crate) fn send(
        &mut self,
        worker: usize,
        heartbeat: Option<Millis>,
        now: Millis,
        records: u64,
    ) {
        self.heartbeat_read = heartbeat.or(self.heartbeat_read);
        self.workers[worker].heartbeat = heartbeat;
        if let Some(cap) = self.opts.max_records_per_sec {
            // The throughput cap's share of time for these records.
            self.throttle_until = self.throttle_until.max(now) + records * 1000 / cap;
        }
    }

    /// Batch `i` of `worker`'s delivery (of [`HopState::batches_of`]).
    #[inline(always)]
    pub(crate) fn delivery_batch(&self, worker: usize, i: usize) -> &Batch {
        &self.workers[worker].slots[i]
    }

    /// The worker's batches are written (their slots keep their buffers for the next
    /// fetch): any heartbeat with them is on the target.
    #[inline(always)]
    pub(crate) fn delivered(&mut self, worker: usize) {
        self.fault_noted = None;
        self.workers[worker].active = 0;
        if let Some(t) = self.workers[worker].heartbeat.take() {
            self.heartbeat_copied = self.heartbeat_copied.max(Some(t));
        }
    }

    /// The write failed: the copier will read again from what the target holds. Returns
    /// how many records the batches held.
    pub(crate) fn write_failed(&mut self, worker: usize) -> u64 {
        let w = &mut self.workers[worker];
        if w.heartbeat.take().is_some() {
            self.heartbeat_read = self.heartbeat_copied;
        }
        let mut n = 0;
        for batch in &w.slots[..std::mem::take(&mut w.active)] {
            let hp = &mut self.parts[batch.part];
            hp.read_pos = hp.copied_upto;
            n += batch.to - batch.from;
        }
        n
    }

    /// Whether a failing write is due to be narrated: once, then every 5 s.
    pub(crate) fn fault_narration_due(&self, now: Millis) -> bool {
        self.fault_noted.is_none_or(|t| now >= t + 5_000)
    }

    pub(crate) fn fault_narrated(&mut self, now: Millis) {
        self.fault_noted = Some(now);
    }

    /// Commits read progress if the commit interval has passed.
    #[inline(always)]
    pub(crate) fn commit_if_due(&mut self, now: Millis) {
        if now >= self.last_commit + self.opts.commit_interval_ms {
            self.last_commit = now;
            for hp in &mut self.parts {
                hp.committed = hp.copied_upto;
                // MirrorSourceTask.commit: pairs held back for spacing are written now.
                hp.map.promote_delayed();
            }
        }
    }
}

/// The bookkeeping of what a delivered batch became on the target.
impl HopState {
    /// A batch from source part `p` went to the next target part (fan-out turns).
    #[inline(always)]
    pub(crate) fn fan_out_sent(&mut self, p: usize) {
        let hp = &mut self.parts[p];
        hp.fan_next = hp.fan_next.wrapping_add(1);
    }

    /// Source part `p`'s batch up to `to` is on the target.
    #[inline(always)]
    pub(crate) fn batch_written(&mut self, p: usize, to: u64) {
        self.parts[p].batch_written(to);
    }

    /// True the first time an echo is narrated (how echoes grow is said once).
    pub(crate) fn first_echo(&mut self) -> bool {
        !std::mem::replace(&mut self.echo_noted, true)
    }
}

/// Checkpoints (MirrorMaker 2's `MirrorCheckpointTask`).
impl HopState {
    pub(crate) fn checkpoint_taken(&mut self, at: Millis) {
        self.last_checkpoint_at = Some(at);
    }

    /// Reader group `r`, at `positions` on the source, gets each part's translation as
    /// its checkpoint where it is more recent than the last.
    pub(crate) fn checkpoint_group(&mut self, r: usize, at: Millis, positions: &[u64]) {
        if self.checkpoints.len() <= r {
            self.checkpoints.resize(r + 1, super::Checkpoint::default());
        }
        let cp = &mut self.checkpoints[r];
        cp.positions.resize(self.parts.len(), None);
        for (q, hp) in self.parts.iter().enumerate() {
            let g = positions.get(q).copied().unwrap_or(0);
            if self.mirror {
                // A commit past what the mirror holds is synced as far as it carried.
                let g = g.min(hp.copied_upto);
                cp.offer(q, (g, g), at);
            } else if let Some((dq, pos)) = hp.map.translate(g).at() {
                if dq as usize == q {
                    cp.offer(q, (g, pos), at);
                }
            }
        }
    }
}
