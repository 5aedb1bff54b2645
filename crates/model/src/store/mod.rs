//! A part's records, stored as blocks: a block is consecutive positions whose records
//! share everything but their number (same writer batch, same copy). Cost grows with
//! blocks (batches), never with records.

use crate::spec::Retention;
use crate::time::Millis;
use std::cell::Cell;
use std::collections::VecDeque;

/// Marker for "not copied from anywhere" in [`Block::src_pos`].
pub const NONE: u64 = u64::MAX;

/// Marker for "written by no hop" in [`Block::via_hop`] (hops are fewer than
/// `spec::limits::MAX_HOPS`, far below it).
pub const NO_HOP: u16 = u16::MAX;

/// Blocks [`Part::block_index`] walks back from the end before it bisects.
const NEAR_END: usize = 32;

/// Spare slots a part's ring keeps once retention has started dropping blocks (see
/// [`Part::fit_ring_once`]).
const RING_SLACK: usize = 16;

/// The logical fact a record carries: recognisable on every cluster.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PayloadId {
    pub writer: u16,
    /// The part the writer placed it in on its origin cluster.
    pub part: u16,
    pub seq: u64,
}

/// A block of `len` records at positions `pos..pos+len` on one cluster.
///
/// Named "block", not "run": in Hoplab a run is one run of the model (and the lab's
/// time-travelling simulation), so the stored unit gets a word of its own.
///
/// `repr(C)` with the fields retention reads (position, length, timestamp, hops) in the
/// first 32 bytes: expiring blocks are cold in memory, and this keeps each one to a single
/// cache-line miss.
#[derive(Clone, Debug, PartialEq)]
#[repr(C)]
pub struct Block {
    pub pos: u64,
    pub len: u64,
    /// The record's timestamp as this cluster holds it.
    pub ts_ms: Millis,
    /// How many hops this copy travelled (0: written here by a writer).
    pub hops: u16,
    /// 0 for a first copy; the copier's restart epoch for a re-appended duplicate.
    pub dup: u16,
    /// Site where the fact was first written.
    pub origin: u8,
    /// Origin marker written by a hop, if any (site index).
    pub stamp: Option<u8>,
    /// Payload of the first record; the i-th record has `seq + i`.
    pub payload: PayloadId,
    /// When the writer created the fact (model knowledge, never changes).
    pub created_ms: Millis,
    /// When it was appended to this cluster.
    pub arrived_ms: Millis,
    /// When this cluster made it durable (readable by copiers and readers).
    pub durable_ms: Millis,
    /// Position of the first record on the cluster it was copied from.
    pub src_pos: u64,
    /// Part it was copied from (0 for originals).
    pub src_part: u16,
    /// Hop index that wrote it, or [`NO_HOP`]: a u16 makes a block 88 bytes, not 96 (every
    /// append writes one into a deque slot that has long left the cache).
    pub via_hop: u16,
    /// The sites it has been stored at, one bit per site ([`site_bit`]): RabbitMQ
    /// federation's `x-received-from` list. In the block's tail padding: still 88 bytes.
    pub visited: u32,
}

/// A site's bit in [`Block::visited`]. Sites from the 33rd on have none: their visits
/// are not remembered (a hop budget and the way back to the origin still stop a loop).
#[inline]
pub fn site_bit(site: usize) -> u32 {
    if site < 32 {
        1 << site
    } else {
        0
    }
}

impl Block {
    /// The sub-block covering positions `from..to` (clamped to this block).
    pub fn slice(&self, from: u64, to: u64) -> Block {
        let a = from.max(self.pos);
        let b = to.min(self.pos + self.len);
        let skip = a - self.pos;
        let mut r = self.clone();
        r.pos = a;
        r.len = b.saturating_sub(a);
        r.payload.seq += skip;
        if r.src_pos != NONE {
            r.src_pos += skip;
        }
        r
    }

    #[inline(always)]
    pub fn end(&self) -> u64 {
        self.pos + self.len
    }

    /// Whether hop `h` wrote this block.
    #[inline]
    pub fn written_by(&self, h: usize) -> bool {
        usize::from(self.via_hop) == h
    }
}

/// One part of a stream on one cluster.
#[derive(Clone, Debug, Default)]
pub struct Part {
    pub blocks: VecDeque<Block>,
    /// First retained position.
    pub start: u64,
    /// Next position to be given out.
    pub end: u64,
    /// Records removed by retention so far.
    pub aged_out: u64,
    /// Stored records written here by writers (hops == 0).
    pub originals: u64,
    /// Before this time no record can be old enough for age retention (a fast path).
    age_due: Millis,
    /// Blocks removed from the front so far: `popped + i` names block `i` for good.
    popped: u64,
    /// The last block found by [`Part::block_index`] (as `popped + i`): sequential readers
    /// ask for it or the next one.
    hint: Cell<u64>,
    /// The last [`Part::durable_end`]: (now, answer). A copier asks twice in one
    /// millisecond (after a delivery, then in its next fetch); in between, appends that
    /// are not yet durable and drops below the answer leave it unchanged.
    durable_memo: Cell<Option<(Millis, u64)>>,
}

impl Part {
    pub fn new(start: u64) -> Self {
        Self {
            start,
            end: start,
            ..Self::default()
        }
    }

    #[inline(always)]
    pub fn stored(&self) -> u64 {
        self.end - self.start
    }

    /// Appends `block` (its `pos` is overwritten) and returns the position it got.
    pub fn append(&mut self, mut block: Block) -> u64 {
        let pos = self.end;
        block.pos = pos;
        self.end += block.len;
        if block.hops == 0 {
            self.originals += block.len;
        }
        if self
            .durable_memo
            .get()
            .is_some_and(|(at, _)| block.durable_ms <= at)
        {
            self.durable_memo.set(None); // durable already: the answer moves
        }
        self.blocks.push_back(block);
        pos
    }

    /// Positions below this are durable at `now`: what readers and copiers may see (the
    /// blocks after the newest durable one are not yet durable).
    #[inline(always)]
    pub fn durable_end(&self, now: Millis) -> u64 {
        if let Some((at, end)) = self.durable_memo.get() {
            // Still the answer unless retention dropped it (it is below the start).
            if at == now && end >= self.start {
                return end;
            }
        }
        let end = self.durable_end_walk(now);
        self.durable_memo.set(Some((now, end)));
        end
    }

    /// Walks back over the not-yet-durable tail, on plain slices (the newest blocks are
    /// almost always in the deque's back slice).
    #[inline(always)]
    fn durable_end_walk(&self, now: Millis) -> u64 {
        let (front, back) = self.blocks.as_slices();
        let mut end = self.end;
        for blocks in [back, front] {
            for r in blocks.iter().rev() {
                if r.durable_ms <= now {
                    return end;
                }
                end = r.pos;
            }
        }
        end
    }

    /// Index of the block holding `pos`, if retained.
    #[inline]
    pub fn block_index(&self, pos: u64) -> Option<usize> {
        self.find(pos).map(|(i, _)| i)
    }

    /// The block holding `pos` and its index, if retained.
    #[inline(always)]
    fn find(&self, pos: u64) -> Option<(usize, &Block)> {
        if pos < self.start || pos >= self.end {
            return None;
        }
        // A sequential reader asks for the block after the one it read last (a copier
        // that read a whole block), or that one again (it read part of it).
        let hinted = self.hint.get().wrapping_sub(self.popped) as usize;
        for i in [hinted.wrapping_add(1), hinted] {
            if let Some(r) = self.blocks.get(i) {
                if r.pos <= pos && pos < r.end() {
                    self.hint.set(self.popped + i as u64);
                    return Some((i, r));
                }
            }
        }
        let i = self.block_index_near_end(pos)?;
        self.hint.set(self.popped + i as u64);
        Some((i, &self.blocks[i]))
    }

    #[inline(never)]
    fn block_index_near_end(&self, pos: u64) -> Option<usize> {
        // Copiers and readers work near the live end (a durability delay or a round trip
        // behind it): walk back from there, on plain slices, before bisecting.
        let (front, back) = self.blocks.as_slices();
        let holds = |r: &Block| (pos < r.end()).then_some(());
        let mut k = back.len();
        while k > back.len().saturating_sub(NEAR_END) {
            k -= 1;
            if back[k].pos <= pos {
                return holds(&back[k]).map(|_| front.len() + k);
            }
        }
        let mut k = front.len();
        let left = NEAR_END.saturating_sub(back.len());
        while k > front.len().saturating_sub(left) {
            k -= 1;
            if front[k].pos <= pos {
                return holds(&front[k]).map(|_| k);
            }
        }
        let i = self.blocks.partition_point(|r| r.end() <= pos);
        (i < self.blocks.len()).then_some(i)
    }

    pub fn block_at(&self, pos: u64) -> Option<&Block> {
        self.block_index(pos).map(|i| &self.blocks[i])
    }

    /// Copies of the blocks covering `from..to`, cut to that range.
    #[inline(always)]
    pub fn read(&self, from: u64, to: u64, out: &mut Vec<Block>) {
        let Some((i, block)) = self.find(from.max(self.start)) else {
            return;
        };
        if to <= block.end() {
            // The range lies in one block (a copier reading block by block): no walk.
            out.push(block.slice(from, to));
            return;
        }
        let (front, back) = self.blocks.as_slices();
        let (first, second) = if i < front.len() {
            (&front[i..], back)
        } else {
            (&back[i - front.len()..], &[][..])
        };
        for blocks in [first, second] {
            for r in blocks {
                if r.pos >= to {
                    return;
                }
                out.push(r.slice(from, to));
            }
        }
    }

    /// Removes what the retention rule says is too old or too many. Returns the count.
    /// (The common case, nothing to remove yet, stays inline even in size-optimised builds:
    /// not over the count, and no record old enough to expire before `age_due`.)
    #[inline(always)]
    pub fn enforce_retention(&mut self, now: Millis, rule: &Retention) -> u64 {
        let count_ok = rule.max_records.is_none_or(|max| self.stored() <= max);
        let age_ok = rule.max_age_ms.is_none() || now < self.age_due;
        if count_ok && age_ok {
            return 0;
        }
        if rule.max_age_ms.is_none() {
            // Count only, and the excess is exactly the front block (one record per block,
            // one block per append): drop it here, as `trim_to` would.
            let over = self.stored() - rule.max_records.unwrap_or(u64::MAX);
            if let Some(front) = self.blocks.front() {
                if front.pos == self.start && front.len == over {
                    if front.hops == 0 {
                        self.originals -= over;
                    }
                    self.blocks.pop_front();
                    self.fit_ring_once();
                    self.popped += 1;
                    self.start += over;
                    self.aged_out += over;
                    return over;
                }
            }
        }
        self.enforce_retention_slow(now, rule)
    }

    #[inline(never)]
    fn enforce_retention_slow(&mut self, now: Millis, rule: &Retention) -> u64 {
        let before = self.start;
        if let Some(max) = rule.max_records {
            if self.stored() > max {
                self.trim_to(self.end - max);
            }
        }
        if let Some(age) = rule.max_age_ms {
            let cutoff = now.saturating_sub(age);
            while let Some(r) = self.blocks.front() {
                if r.ts_ms >= cutoff || now < age {
                    break;
                }
                let to = r.end();
                self.trim_to(to);
            }
            // Blocks are appended in time order, so nothing expires before the front does.
            self.age_due = match self.blocks.front() {
                Some(r) if now >= age => r.ts_ms.saturating_add(age),
                _ => 0,
            };
        }
        let removed = self.start - before;
        self.aged_out += removed;
        removed
    }

    /// At the first block retention drops, the deque holds what retention keeps: its ring
    /// shrinks to that plus [`RING_SLACK`], so each append writes into a slot a drop freed a
    /// few appends before (still in the cache). Doubling growth leaves up to half the ring
    /// spare (16,384 slots for 10,000 blocks), and then every append writes into a slot last
    /// touched thousands of appends ago. If the part later holds more blocks, the ring
    /// grows as before.
    #[inline]
    fn fit_ring_once(&mut self) {
        if self.popped == 0 {
            self.fit_ring();
        }
    }

    #[inline(never)]
    #[cold]
    fn fit_ring(&mut self) {
        self.blocks.shrink_to(self.blocks.len() + RING_SLACK);
    }

    /// Drops every record below `pos`.
    fn trim_to(&mut self, pos: u64) {
        while let Some(r) = self.blocks.front_mut() {
            if r.end() <= pos {
                if r.hops == 0 {
                    self.originals -= r.len;
                }
                self.blocks.pop_front();
                self.fit_ring_once();
                self.popped += 1;
            } else {
                if r.pos < pos {
                    let cut = r.slice(pos, r.end());
                    if r.hops == 0 {
                        self.originals -= r.len - cut.len;
                    }
                    *r = cut;
                }
                break;
            }
        }
        self.start = self.start.max(pos);
    }

    /// Drops every record and continues numbering at `pos` (a mirror following its
    /// source past a gap). What was dropped counts as aged out.
    pub fn restart_at(&mut self, pos: u64) {
        let (aged, end) = (self.aged_out + self.stored(), self.end.max(pos));
        *self = Part::new(end);
        self.aged_out = aged;
    }

    /// Everything is gone (the cluster was lost); numbering restarts at `restart_at`.
    pub fn wipe(&mut self, restart_at: u64) -> u64 {
        let lost = self.stored();
        *self = Part::new(restart_at);
        lost
    }
}

#[cfg(test)]
mod tests;
