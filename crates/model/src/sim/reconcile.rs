//! The failback step after a partition: the records the old primary acknowledged that its
//! mirror never carried across (stranded when the standby was promoted) are re-published
//! on the promoted target, after what it took meanwhile. Until then they are on the old
//! primary only, and no reader of the new primary sees them.

use super::{CommandError, Sim};
use crate::store::Block;

impl Sim {
    /// Re-publishes what mirror `h` never copied onto its (promoted) target; returns how
    /// many records. Twice is harmless: each part remembers how far it was reconciled.
    pub(super) fn reconcile(&mut self, h: usize) -> Result<u64, CommandError> {
        let hop = &self.hops[h];
        let refuse = |why: &str| Err(CommandError(format!("mirror '{}' {why}", hop.id())));
        if !hop.is_mirror() || !hop.promoted() {
            return refuse("is not a promoted mirror: only a promoted mirror's target has records to reconcile against");
        }
        if !self.site_up(hop.src_site()) {
            return refuse("cannot be reconciled while its old primary does not answer");
        }
        let mut moved = 0;
        for p in 0..self.streams[hop.src()].parts.len() {
            moved += self.reconcile_part(h, p);
        }
        Ok(moved)
    }

    /// Part `p`: the source records from the mirror's high-water mark (or the last
    /// reconciliation) to the end, appended to the target's part as new records that keep
    /// their identity, origin and timestamp.
    fn reconcile_part(&mut self, h: usize, p: usize) -> u64 {
        let (src, dst, dst_site) = (
            self.hops[h].src(),
            self.hops[h].dst(),
            self.hops[h].dst_site(),
        );
        let from = self.hops[h].parts()[p].high_water;
        let from = from.max(self.reconciled.get(&(h, p)).copied().unwrap_or(0));
        let to = self.streams[src].parts[p].end;
        let mut pieces = Vec::new();
        self.streams[src].parts[p].read(from, to, &mut pieces);
        let now = self.now;
        let target = &mut self.streams[dst].parts[p];
        let moved = pieces.iter().map(|b| b.len).sum();
        for piece in pieces {
            target.append(republished(piece, h, dst_site, now));
        }
        self.reconciled.insert((h, p), to);
        moved
    }
}

/// `piece` as the target stores it once re-published by hand: a first copy, one hop on.
fn republished(piece: Block, h: usize, dst_site: usize, now: crate::time::Millis) -> Block {
    Block {
        hops: piece.hops.saturating_add(1),
        src_pos: piece.pos,
        src_part: piece.payload.part,
        via_hop: h as u16,
        visited: piece.visited | crate::store::site_bit(dst_site),
        arrived_ms: now,
        durable_ms: now,
        ..piece
    }
}
