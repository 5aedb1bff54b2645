//! Simulated time and the discrete-event queue.
//!
//! Events are ordered by (time, sequence): two events at the same millisecond run in the
//! order they were scheduled, so a run never depends on heap internals. A timeline
//! command takes its rank in the timeline as its sequence, below every other event's:
//! at one millisecond the timeline runs first, in its own order, whether a command was
//! in the file from the start or scheduled while the run was under way (the prover's
//! faults), so both runs are the same run.

/// Simulated milliseconds since the start of a run.
pub type Millis = u64;

/// `key` is (time << 64 | sequence): one integer comparison orders two entries.
#[derive(Clone, Copy, Debug)]
struct Entry<E> {
    key: u128,
    event: E,
}

/// A queue of future events, popped in (time, sequence) order: a binary min-heap on
/// the key. (Keys are unique, so any correct heap pops the same order. A plain sift-down
/// suits the model's small queues better than std's sift-to-bottom, which is built for
/// costly comparisons.)
///
/// The event loop peeks at the earliest event, removes it with [`EventQueue::take`] and calls
/// [`EventQueue::taken_done`] after its handler: in between, the root's slot is free and
/// the handler's first push fills it (one sift down), instead of a pop's sift down plus a
/// push's sift up. Almost every handler schedules exactly one event.
#[derive(Clone, Debug)]
pub struct EventQueue<E> {
    heap: Vec<Entry<E>>,
    next_seq: u64,
    /// The root was taken and no push has refilled it yet.
    root_free: bool,
}

/// The first sequence of an ordinary event: the ones below are timeline ranks.
const FIRST_ORDINARY_SEQ: u64 = 1 << 40;

impl<E> Default for EventQueue<E> {
    fn default() -> Self {
        Self {
            heap: Vec::new(),
            next_seq: FIRST_ORDINARY_SEQ,
            root_free: false,
        }
    }
}

impl<E: Copy> EventQueue<E> {
    /// Schedules `event` at `at`; later calls at the same time run later.
    #[inline(always)]
    pub fn push(&mut self, at: Millis, event: E) {
        let key = u128::from(at) << 64 | u128::from(self.next_seq);
        self.next_seq += 1;
        self.insert(key, event);
    }

    /// Schedules the timeline's command number `rank` at `at`: before every ordinary
    /// event at that time, after the timeline's lower ranks.
    pub fn push_timeline(&mut self, at: Millis, rank: u32, event: E) {
        debug_assert!(u64::from(rank) < FIRST_ORDINARY_SEQ);
        self.insert(u128::from(at) << 64 | u128::from(rank), event);
    }

    #[inline(always)]
    fn insert(&mut self, key: u128, event: E) {
        if self.root_free {
            self.root_free = false;
            self.sift_down_from_root(Entry { key, event });
            return;
        }
        let mut i = self.heap.len();
        self.heap.push(Entry { key, event });
        // On a slice, whose length is a local: the loop's indexing needs no bounds checks.
        let heap = self.heap.as_mut_slice();
        while i > 0 {
            let parent = (i - 1) / 2;
            if heap[parent].key <= key {
                break;
            }
            heap[i] = heap[parent];
            i = parent;
        }
        heap[i] = Entry { key, event };
    }

    /// The time of the next event, if any.
    #[inline]
    pub fn peek_time(&self) -> Option<Millis> {
        self.peek().map(|(at, _)| at)
    }

    /// The next event and its time, if any.
    #[inline(always)]
    pub fn peek(&self) -> Option<(Millis, E)> {
        debug_assert!(!self.root_free, "between take and taken_done");
        self.heap
            .first()
            .map(|e| ((e.key >> 64) as Millis, e.event))
    }

    /// Removes and returns the earliest event.
    #[cfg(test)]
    pub fn pop(&mut self) -> Option<(Millis, E)> {
        let next = self.peek()?;
        self.take();
        self.taken_done();
        Some(next)
    }

    /// Removes the next event (the one [`EventQueue::peek`] returned; the queue is not
    /// empty) but keeps its slot for the next push; call [`EventQueue::taken_done`] once
    /// the event's handler has run.
    #[inline(always)]
    pub fn take(&mut self) {
        debug_assert!(!self.root_free && !self.heap.is_empty());
        self.root_free = true;
    }

    /// After a handler: if it pushed nothing, the freed root is removed (the last entry
    /// fills it).
    #[inline(always)]
    pub fn taken_done(&mut self) {
        if self.root_free {
            self.root_free = false;
            let last = self.heap.pop().expect("a taken root is in the heap");
            if !self.heap.is_empty() {
                self.sift_down_from_root(last);
            }
        }
    }

    /// Puts `entry` at the root (whose old entry is gone) and sifts it down.
    #[inline(always)]
    fn sift_down_from_root(&mut self, entry: Entry<E>) {
        let heap = self.heap.as_mut_slice();
        let n = heap.len();
        let mut i = 0;
        loop {
            let left = 2 * i + 1;
            if left >= n {
                break;
            }
            let right = left + 1;
            let child = if right < n && heap[right].key < heap[left].key {
                right
            } else {
                left
            };
            if entry.key <= heap[child].key {
                break;
            }
            heap[i] = heap[child];
            i = child;
        }
        heap[i] = entry;
    }

    pub fn len(&self) -> usize {
        self.heap.len() - usize::from(self.root_free)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pops_in_time_then_sequence_order() {
        let mut q = EventQueue::default();
        q.push(10, "c");
        q.push(5, "a");
        q.push(10, "d");
        q.push(5, "b");
        let order: Vec<_> = std::iter::from_fn(|| q.pop()).collect();
        assert_eq!(order, vec![(5, "a"), (5, "b"), (10, "c"), (10, "d")]);
    }

    /// A timeline command pushed after ordinary events at its time still runs first,
    /// and timeline commands run by rank whenever they were pushed.
    #[test]
    fn timeline_ranks_run_before_ordinary_events_at_their_time() {
        let mut q = EventQueue::default();
        q.push(10, "writer");
        q.push_timeline(10, 3, "third command");
        q.push(5, "early");
        q.push_timeline(10, 1, "first command");
        let order: Vec<_> = std::iter::from_fn(|| q.pop()).map(|(_, e)| e).collect();
        assert_eq!(
            order,
            vec!["early", "first command", "third command", "writer"]
        );
    }

    /// Interleaved pushes and pops give std's `BinaryHeap` order on (time, sequence).
    #[test]
    fn matches_a_std_heap_under_interleaved_pushes_and_pops() {
        use std::cmp::Reverse;
        let mut q = EventQueue::default();
        let mut reference = std::collections::BinaryHeap::new();
        let (mut seq, mut x) = (0u64, 12345u64);
        for round in 0..20_000u64 {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            if (x >> 60) < 9 || reference.is_empty() {
                let at = (x >> 33) % 50 + round / 10;
                q.push(at, seq);
                reference.push(Reverse((at, seq)));
                seq += 1;
            } else {
                let Reverse((at, s)) = reference.pop().unwrap();
                assert_eq!(q.pop(), Some((at, s)));
            }
            assert_eq!(q.len(), reference.len());
            assert_eq!(q.peek_time(), reference.peek().map(|r| r.0 .0));
        }
    }

    /// As the event loop uses it: take the earliest, push none, one or several (the first
    /// fills the taken slot), then `taken_done`. Same order as std's `BinaryHeap`.
    #[test]
    fn pushes_between_take_and_taken_done_keep_the_order() {
        use std::cmp::Reverse;
        let mut q = EventQueue::default();
        let mut reference = std::collections::BinaryHeap::new();
        let (mut seq, mut x) = (0u64, 777u64);
        let next = |x: &mut u64| {
            *x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            *x >> 33
        };
        for _ in 0..8 {
            q.push(0, seq);
            reference.push(Reverse((0, seq)));
            seq += 1;
        }
        for _ in 0..20_000 {
            let Reverse((at, s)) = reference.pop().unwrap();
            assert_eq!(q.peek(), Some((at, s)));
            q.take();
            assert_eq!(q.len(), reference.len());
            // Mostly one push, sometimes none or three; the queue grows and shrinks.
            let pushes = match next(&mut x) % 8 {
                0 => 0,
                1 => 3,
                _ => 1,
            };
            for _ in 0..pushes.min(64 - reference.len()) {
                let later = at + next(&mut x) % 20;
                q.push(later, seq);
                reference.push(Reverse((later, seq)));
                seq += 1;
            }
            q.taken_done();
            assert_eq!(q.len(), reference.len());
            assert_eq!(q.peek_time(), reference.peek().map(|r| r.0 .0));
            if reference.is_empty() {
                q.push(at, seq);
                reference.push(Reverse((at, seq)));
                seq += 1;
            }
        }
    }
}
