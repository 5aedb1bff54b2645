//! A hop's workers: each fetches a batch from its parts, holds it in flight for the round
//! trip, then writes it. The batches, and the parts a worker serves.

use crate::store::Run;
use crate::time::Millis;

#[derive(Clone, Debug)]
pub(crate) struct Batch {
    pub part: usize,
    pub from: u64,
    pub to: u64,
    pub runs: Vec<Run>,
    pub depart_ms: Millis,
    pub arrive_ms: Millis,
}

#[derive(Clone, Debug, Default)]
pub(crate) struct Worker {
    /// Batches of the current fetch, one per part with data (empty: idle).
    pub(super) in_flight: Vec<Batch>,
    /// The newest heartbeat (its source timestamp) this fetch carries, if any.
    pub(super) heartbeat: Option<Millis>,
}

impl Worker {
    /// Whether a fetch is out (batches or a heartbeat in flight).
    #[inline(always)]
    pub(super) fn busy(&self) -> bool {
        !self.in_flight.is_empty() || self.heartbeat.is_some()
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
