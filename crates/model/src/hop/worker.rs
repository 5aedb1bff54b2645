//! A hop's workers: each fetches a batch from its parts, holds it in flight for the round
//! trip, then writes it. The batches, and the parts a worker serves.

use crate::store::Block;
use crate::time::Millis;

#[derive(Clone, Debug, Default)]
pub(crate) struct Batch {
    pub part: usize,
    pub from: u64,
    pub to: u64,
    pub blocks: Vec<Block>,
    pub depart_ms: Millis,
    pub arrive_ms: Millis,
}

#[derive(Clone, Debug, Default)]
pub(crate) struct Worker {
    /// Batch slots: the first `active` are the current fetch's, one per part with data;
    /// the rest keep their block buffers for the next fetches (steady copying allocates
    /// nothing, and no batch moves).
    pub(super) slots: Vec<Batch>,
    pub(super) active: usize,
    /// The newest heartbeat (its source timestamp) this fetch carries, if any.
    pub(super) heartbeat: Option<Millis>,
}

impl Worker {
    /// Whether a fetch is out (batches or a heartbeat in flight).
    #[inline(always)]
    pub(super) fn busy(&self) -> bool {
        self.active > 0 || self.heartbeat.is_some()
    }

    /// The current fetch's batches.
    #[inline(always)]
    pub(super) fn in_flight(&self) -> &[Batch] {
        &self.slots[..self.active]
    }

    /// Drops the batches in flight (their slots stay for reuse).
    pub(super) fn drop_batches(&mut self) -> impl Iterator<Item = &Batch> {
        let active = std::mem::take(&mut self.active);
        self.slots[..active].iter()
    }
}

/// Part indexes `next, next + step, ...` below `end`: the parts one worker serves.
#[derive(Clone, Copy, Debug)]
pub(crate) struct WorkerParts {
    pub(super) next: usize,
    pub(super) step: usize,
    pub(super) end: usize,
}

impl Iterator for WorkerParts {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        let p = self.next;
        (p < self.end).then(|| {
            self.next = p + self.step;
            p
        })
    }
}
