//! Writing one delivered batch: the hop's bookkeeping that writing changes, borrowed
//! beside the batch itself. The batch stays in its worker's slot (moving a worker's slots
//! out and back for every delivery stalled the event core more than its instructions
//! show: the next fetch reads straight back what the move had just stored).

use super::{Batch, HopPart, HopState};
use crate::spec::HopOptions;
use crate::time::Millis;

/// Copy latency (target arrival minus creation) of a hop's first copies.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct CopyLatency {
    pub min: Option<Millis>,
    pub max: Millis,
    pub last: Option<Millis>,
}

/// What writing one batch reads and changes in its hop: everything but the workers,
/// which hold the batch.
pub(crate) struct BatchBook<'a> {
    parts: &'a mut [HopPart],
    latency: &'a mut CopyLatency,
    opts: &'a HopOptions,
    drop_writers: &'a [u16],
    src_site: usize,
    epoch: u16,
    mirror: bool,
}

impl HopState {
    /// Batch `i` of `worker`'s delivery, and the hop's bookkeeping to write it with.
    #[inline(always)]
    pub(crate) fn batch_and_book(&mut self, worker: usize, i: usize) -> (&Batch, BatchBook<'_>) {
        let book = BatchBook {
            parts: &mut self.parts,
            latency: &mut self.latency,
            opts: &self.opts,
            drop_writers: &self.drop_writers,
            src_site: self.src_site,
            epoch: self.epoch,
            mirror: self.mirror,
        };
        (&self.workers[worker].slots[i], book)
    }
}

impl BatchBook<'_> {
    #[inline(always)]
    pub fn opts(&self) -> &HopOptions {
        self.opts
    }
    #[inline(always)]
    pub fn src_site(&self) -> usize {
        self.src_site
    }
    #[inline(always)]
    pub fn epoch(&self) -> u16 {
        self.epoch
    }
    #[inline(always)]
    pub fn is_mirror(&self) -> bool {
        self.mirror
    }
    /// Writers whose records this hop does not forward (a filter).
    #[inline(always)]
    pub fn drops_writer(&self, writer: u16) -> bool {
        // Most hops filter nothing: skip the search.
        !self.drop_writers.is_empty() && self.drop_writers.contains(&writer)
    }
    /// Whether every piece is forwarded as it is: no filter, no marker or hop budget to
    /// check or write, not a mirror.
    #[inline(always)]
    pub fn copies_everything_plainly(&self) -> bool {
        use crate::spec::OriginStamp;
        !self.mirror
            && self.drop_writers.is_empty()
            && matches!(
                self.opts.stamp,
                OriginStamp::None | OriginStamp::QualifiedName
            )
    }
    /// Below this position of source part `p` a re-append is a duplicate.
    #[inline(always)]
    pub fn high_water(&self, p: usize) -> u64 {
        self.parts[p].high_water
    }

    /// `len` records of source part `p` not forwarded (`foreign`: stamped elsewhere).
    #[inline(always)]
    pub fn piece_skipped(&mut self, p: usize, len: u64, foreign: bool) {
        self.parts[p].skipped(len, foreign);
    }

    /// Source `a..a+len` of part `p` landed at target `pos..` of part `q`; `latency` is
    /// the copy latency of a first copy (None for a duplicate).
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub fn piece_landed(
        &mut self,
        p: usize,
        a: u64,
        pos: u64,
        len: u64,
        q: u32,
        ts: Millis,
        mapped: bool,
        latency: Option<Millis>,
    ) {
        self.parts[p].landed(a, pos, len, q, ts, latency.is_none(), mapped);
        if let Some(latency) = latency {
            let l = &mut *self.latency;
            l.min = Some(l.min.map_or(latency, |m| m.min(latency)));
            l.max = l.max.max(latency);
            l.last = Some(latency);
        }
    }
}
