//! The yardstick for the model's event core: the same writer, fetch and deliver work as
//! [`super::event_core`] on a plain event loop (a std `BinaryHeap` of (time, seq)
//! events, each log a plain `Vec` of records). It keeps nothing the model does not:
//! one record per writer tick with a durability delay, count retention on both logs,
//! a copier fetching one durable record per round trip and appending it (keeping its
//! copy latency), and a position-map pair every 100 copies (the newest 128 kept).

use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};

/// Records a log keeps (the event core's retention).
const KEEP: usize = 10_000;
const MAP_EVERY: u64 = 100;
const MAP_KEEP: usize = 128;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Ev {
    Write,
    Fetch,
    Deliver,
}

#[derive(Clone, Copy, Debug)]
struct Rec {
    pos: u64,
    seq: u64,
    created_ms: u64,
    durable_ms: u64,
}

/// An append-only log with count retention: `recs[head..]` are retained.
#[derive(Default)]
struct Log {
    recs: Vec<Rec>,
    head: usize,
    next: u64,
}

impl Log {
    fn append(&mut self, mut r: Rec) {
        r.pos = self.next;
        self.next += 1;
        self.recs.push(r);
        if self.recs.len() - self.head > KEEP {
            self.head += 1;
            if self.head >= KEEP {
                self.recs.drain(..self.head);
                self.head = 0;
            }
        }
    }

    /// Positions below this are durable at `now`.
    fn durable_end(&self, now: u64) -> u64 {
        let mut end = self.next;
        for r in self.recs[self.head..].iter().rev() {
            if r.durable_ms <= now {
                break;
            }
            end = r.pos;
        }
        end
    }

    fn get(&self, pos: u64) -> Option<Rec> {
        let first = self.recs.get(self.head)?.pos;
        self.recs
            .get(self.head + pos.checked_sub(first)? as usize)
            .copied()
    }
}

/// What a baseline run did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BaselineRun {
    pub events: u64,
    pub copied: u64,
}

/// Runs the baseline for `seconds` simulated seconds.
pub fn run(seconds: u64) -> BaselineRun {
    let until = seconds * 1000;
    let mut queue = BinaryHeap::new();
    let mut seq = 0u64;
    let mut push = |q: &mut BinaryHeap<Reverse<(u64, u64, Ev)>>, at: u64, ev: Ev| {
        q.push(Reverse((at, seq, ev)));
        seq += 1;
    };
    push(&mut queue, 0, Ev::Write);
    push(&mut queue, 0, Ev::Fetch);
    let (mut src, mut dst) = (Log::default(), Log::default());
    let mut read_pos = 0u64;
    let mut in_flight: Option<Rec> = None;
    let mut map: VecDeque<(u64, u64)> = VecDeque::new();
    let (mut events, mut copied, mut written) = (0u64, 0u64, 0u64);
    let (mut latency_max, mut last_seq) = (0u64, 0u64);
    while let Some(Reverse((now, _, ev))) = queue.pop() {
        if now > until {
            break;
        }
        events += 1;
        match ev {
            Ev::Write => {
                src.append(Rec {
                    pos: 0,
                    seq: written,
                    created_ms: now,
                    durable_ms: now + 5,
                });
                written += 1;
                push(&mut queue, now + 1, Ev::Write);
            }
            Ev::Fetch => {
                read_pos = read_pos.max(src.recs.get(src.head).map_or(0, |r| r.pos));
                if read_pos < src.durable_end(now) {
                    in_flight = src.get(read_pos);
                    read_pos += 1;
                    push(&mut queue, now + 1, Ev::Deliver);
                } else {
                    push(&mut queue, now + 1, Ev::Fetch);
                }
            }
            Ev::Deliver => {
                if let Some(r) = in_flight.take() {
                    let from = r.pos;
                    latency_max = latency_max.max(now - r.created_ms);
                    last_seq = r.seq;
                    dst.append(Rec {
                        durable_ms: now,
                        ..r
                    });
                    if copied % MAP_EVERY == 0 {
                        if map.len() == MAP_KEEP {
                            map.pop_front();
                        }
                        map.push_back((from, dst.next - 1));
                    }
                    copied += 1;
                }
                let next = if read_pos < src.durable_end(now) {
                    now
                } else {
                    now + 1
                };
                push(&mut queue, next, Ev::Fetch);
            }
        }
    }
    // Keep the work observable so the optimiser cannot drop it.
    std::hint::black_box((&map, dst.recs.len(), src.recs.len(), latency_max, last_seq));
    BaselineRun { events, copied }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_baseline_copies_what_it_writes_once_durable() {
        let r = run(2);
        // A write every ms; a copy each ms once the first record is durable.
        assert!(r.copied > 1_980 && r.copied <= 2_001, "{r:?}");
        assert!(r.events > 3 * 1_990, "{r:?}");
    }
}
