//! MirrorMaker 2's checkpoints (`MirrorCheckpointTask`): every `checkpoint_every_ms` the
//! copier translates each reader group's *committed* position on its source through the
//! map *as it is then* and keeps the result (a mirror, whose numbers are the source's,
//! syncs the committed position as it is: Cluster Linking's consumer offset sync); a part with no translation (no pairs, or older than
//! every kept pair: Kafka skips checkpoints below 0), or one that would move the target
//! position back, keeps its previous checkpoint. No
//! checkpoints are taken while the source site is down (the group's positions live there).

use super::Sim;
use crate::time::Millis;

impl Sim {
    /// Takes every checkpoint due before `t` (state is constant between events).
    #[inline(never)]
    pub(super) fn checkpoint_until(&mut self, t: Millis) {
        if t < self.next_checkpoint {
            return;
        }
        let mut next = Millis::MAX;
        for h in 0..self.hops.len() {
            let Some(every) = self.hops[h].opts().checkpoint_every_ms else {
                continue;
            };
            let due = (t / every) * every;
            if due > self.hops[h].last_checkpoint_at().unwrap_or(0) {
                self.take_checkpoint(h, due);
            }
            next = next.min(due + every);
        }
        self.next_checkpoint = next;
    }

    fn take_checkpoint(&mut self, h: usize, at: Millis) {
        self.hops[h].checkpoint_taken(at);
        let hop = &self.hops[h];
        let translatable = hop.opts().map_every.is_some() || hop.is_mirror();
        if !self.site_up(hop.src_site()) || !translatable {
            return;
        }
        let src = hop.src();
        for (r, reader) in self.readers.iter().enumerate() {
            // A group that never committed has nothing on its cluster to sync.
            let Some(committed) = reader.committed.as_ref().filter(|_| reader.stream == src) else {
                continue;
            };
            self.hops[h].checkpoint_group(r, at, committed);
        }
    }
}
