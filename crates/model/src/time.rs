//! Simulated time and the discrete-event queue.
//!
//! Events are ordered by (time, sequence): two events at the same millisecond run in the
//! order they were scheduled, so a run never depends on heap internals.

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
#[derive(Clone, Debug)]
pub struct EventQueue<E> {
    heap: Vec<Entry<E>>,
    next_seq: u64,
}

impl<E> Default for EventQueue<E> {
    fn default() -> Self {
        Self {
            heap: Vec::new(),
            next_seq: 0,
        }
    }
}

impl<E: Copy> EventQueue<E> {
    /// Schedules `event` at `at`; later calls at the same time run later.
    #[inline]
    pub fn push(&mut self, at: Millis, event: E) {
        let key = u128::from(at) << 64 | u128::from(self.next_seq);
        self.next_seq += 1;
        let heap = &mut self.heap;
        let mut i = heap.len();
        heap.push(Entry { key, event });
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
        self.heap.first().map(|e| (e.key >> 64) as Millis)
    }

    /// Removes and returns the earliest event.
    #[inline]
    pub fn pop(&mut self) -> Option<(Millis, E)> {
        let heap = &mut self.heap;
        let last = heap.pop()?;
        let Some(&top) = heap.first() else {
            return Some(((last.key >> 64) as Millis, last.event));
        };
        // Sift `last` down from the root.
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
            if last.key <= heap[child].key {
                break;
            }
            heap[i] = heap[child];
            i = child;
        }
        heap[i] = last;
        Some(((top.key >> 64) as Millis, top.event))
    }

    pub fn len(&self) -> usize {
        self.heap.len()
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
}
