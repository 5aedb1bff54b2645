//! MirrorMaker 2's checkpoints (`MirrorCheckpointTask`): every `checkpoint_every_ms` the
//! copier translates each reader group's position on its source through the map *as it
//! is then* and keeps the result; a part with no translation (no pairs, or older than
//! every kept pair: Kafka skips checkpoints below 0), or one that would move the target
//! position back, keeps its previous checkpoint. No
//! checkpoints are taken while the source site is down (the group's positions live there).

use super::Sim;
use crate::hop::Checkpoint;
use crate::time::Millis;

/// Kafka's `checkpointIsMoreRecent`: a new checkpoint replaces the last one only if the
/// group went back upstream or the translation moved forward downstream (checkpoints
/// never rewind the target position just because older pairs were thinned).
fn more_recent(new: (u64, u64), last: Option<(u64, u64)>) -> bool {
    last.is_none_or(|(up, down)| new.0 < up || new.1 > down)
}

impl Sim {
    /// Takes every checkpoint due before `t` (state is constant between events).
    #[inline(never)]
    pub(super) fn checkpoint_until(&mut self, t: Millis) {
        if t < self.next_checkpoint {
            return;
        }
        let mut next = Millis::MAX;
        for h in 0..self.hops.len() {
            let Some(every) = self.hops[h].opts.checkpoint_every_ms else {
                continue;
            };
            let due = (t / every) * every;
            if due > self.hops[h].last_checkpoint_at.unwrap_or(0) {
                self.take_checkpoint(h, due);
            }
            next = next.min(due + every);
        }
        self.next_checkpoint = next;
    }

    fn take_checkpoint(&mut self, h: usize, at: Millis) {
        self.hops[h].last_checkpoint_at = Some(at);
        if !self.site_up(self.hops[h].src_site) || self.hops[h].opts.map_every.is_none() {
            return;
        }
        let src = self.hops[h].src;
        for (r, reader) in self.readers.iter().enumerate() {
            if reader.stream != src {
                continue;
            }
            let hop = &mut self.hops[h];
            if hop.checkpoints.len() <= r {
                hop.checkpoints.resize(r + 1, Checkpoint::default());
            }
            let parts = hop.parts.len();
            let cp = &mut hop.checkpoints[r];
            cp.positions.resize(parts, None);
            for (q, hp) in hop.parts.iter().enumerate() {
                let g = reader.positions.get(q).copied().unwrap_or(0);
                if let Some((dq, pos)) = hp.map.translate(g).at() {
                    if dq as usize == q && more_recent((g, pos), cp.positions[q]) {
                        cp.positions[q] = Some((g, pos));
                        cp.taken_at = Some(at);
                    }
                }
            }
        }
    }
}
