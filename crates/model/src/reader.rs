//! Reader groups: read a stream at a processing rate with a stored position per part.
//! A group remembers which facts it has processed (per writer and origin part, the next
//! unseen sequence), so a move to another cluster can be priced in replay and gap.
//! `sim/reading.rs` runs a group's ticks; the move itself is in `sim/commands.rs`.

use crate::recovery::Outage;
use crate::spec::{ReaderSpec, StartFrom};
use crate::store::Part;
use crate::time::Millis;
use serde::Serialize;
use std::collections::BTreeMap;

#[derive(Clone, Debug)]
pub(crate) struct ReaderState {
    pub id: String,
    pub site: usize,
    pub stream: usize,
    pub rate: f64,
    pub interval: Millis,
    pub start_from: StartFrom,
    started: bool,
    carry: f64,
    pub positions: Vec<u64>,
    /// The positions last committed to the group's cluster (none before the first commit):
    /// all a copier can sync, and all that survives if the group's process goes.
    pub committed: Option<Vec<u64>>,
    /// The time of the last record processed before that commit, per part: all that is
    /// known of where the group stood in time once its site does not answer.
    pub committed_ts: Vec<Option<Millis>>,
    commit_every: Millis,
    next_commit: Millis,
    /// Timestamp (as this cluster holds it) of the last record processed, per part.
    pub last_ts: Vec<Option<Millis>>,
    /// (writer, origin part) -> next sequence not yet processed.
    pub watermark: BTreeMap<(u16, u16), u64>,
    pub processed: u64,
    /// Records processed a second time (seen after a later one of the same source).
    pub replayed: u64,
    /// Records passed over: aged out before being read, or skipped by a move.
    pub gap: u64,
    pub moves: Vec<MoveReport>,
    /// Its site not answering, and back within a second of the end, for a drill.
    pub outage: Outage,
}

/// What moving a reader group cost, per part and in total.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveReport {
    pub at_ms: Millis,
    pub rule: String,
    pub from_site: String,
    pub to_site: String,
    pub stream: String,
    pub parts: Vec<PartMove>,
    /// Records before the new position not yet processed: never to be read.
    pub gap: u64,
    /// Records at or after the new position already processed: read again.
    pub replay: u64,
    pub note: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PartMove {
    pub part: u32,
    pub old_position: u64,
    pub new_position: u64,
    pub replay: u64,
    pub gap: u64,
}

impl ReaderState {
    /// One tick over the stream's `parts` at `now`: the first tick places the group by
    /// its start rule; each tick passes over what aged out (a gap) and processes up to
    /// the tick's share of the rate, spread over the parts. Returns (records processed,
    /// parts read from).
    pub fn tick(&mut self, parts: &[Part], now: Millis) -> (u64, u64) {
        if !self.started {
            self.started = true;
            self.next_commit = now.saturating_add(self.commit_every);
            for (p, part) in parts.iter().enumerate() {
                self.positions[p] = self.fallback_position(part);
            }
        }
        let exact = self.rate * self.interval as f64 / 1000.0 + self.carry;
        let budget = exact.floor() as u64;
        self.carry = exact - budget as f64;
        let count = parts.len() as u64;
        let (mut read, mut batches) = (0, 0);
        for (p, part) in parts.iter().enumerate() {
            if self.positions[p] < part.start {
                self.gap += part.start - self.positions[p];
                self.positions[p] = part.start;
                self.pass_over_aged(part);
            }
            let share = budget / count + u64::from((p as u64) < budget % count);
            let n = self.consume(p, part, part.durable_end(now), share);
            batches += u64::from(n > 0);
            read += n;
        }
        // Kafka's auto-commit: at the first poll after the interval has passed.
        if now >= self.next_commit {
            self.committed = Some(self.positions.clone());
            self.committed_ts.clone_from(&self.last_ts);
            self.next_commit = now.saturating_add(self.commit_every);
        }
        (read, batches)
    }

    /// Where the group starts on `part` when it has no committed position there (Kafka's
    /// `auto.offset.reset`).
    pub fn fallback_position(&self, part: &Part) -> u64 {
        match self.start_from {
            StartFrom::Earliest => part.start,
            StartFrom::Latest => part.end,
        }
    }

    /// The word for where `fallback_position` starts: "oldest" or "newest".
    pub fn fallback_name(&self) -> &'static str {
        match self.start_from {
            StartFrom::Earliest => "oldest",
            StartFrom::Latest => "newest",
        }
    }

    /// Placed at `positions` by a move, which commits them (an offset reset does).
    pub fn placed(&mut self, positions: Vec<u64>, now: Millis) {
        self.committed = Some(positions.clone());
        self.committed_ts = vec![None; positions.len()];
        self.positions = positions;
        self.next_commit = now.saturating_add(self.commit_every);
    }

    /// Within a second of its own processing rate of the stream's durable end: working
    /// again after an outage.
    pub fn caught_up(&self, parts: &[Part], now: Millis) -> bool {
        let behind: u64 = parts
            .iter()
            .zip(&self.positions)
            .map(|(part, &at)| part.durable_end(now).saturating_sub(at))
            .sum();
        behind as f64 <= self.rate.max(1.0)
    }

    pub fn new(r: &ReaderSpec, site: usize, stream: usize, parts: usize) -> Self {
        Self {
            id: r.id.clone(),
            site,
            stream,
            rate: r.rate_per_sec,
            interval: r.interval_ms,
            start_from: r.start_from,
            started: false,
            carry: 0.0,
            positions: vec![0; parts],
            committed: None,
            committed_ts: vec![None; parts],
            commit_every: r.commit_every_ms,
            next_commit: 0,
            last_ts: vec![None; parts],
            watermark: BTreeMap::new(),
            processed: 0,
            replayed: 0,
            gap: 0,
            moves: Vec::new(),
            outage: Outage::default(),
        }
    }

    /// Processes up to `budget` records of `part` from position `p`; returns the count.
    fn consume(&mut self, p: usize, part: &Part, durable_end: u64, budget: u64) -> u64 {
        let from = self.positions[p];
        let to = durable_end.min(from + budget);
        if to <= from {
            return 0;
        }
        let mut blocks = Vec::new();
        part.read(from, to, &mut blocks);
        for r in &blocks {
            let wm = self
                .watermark
                .entry((r.payload.writer, r.payload.part))
                .or_insert(0);
            self.replayed += wm.saturating_sub(r.payload.seq).min(r.len);
            *wm = (*wm).max(r.payload.seq + r.len);
            self.last_ts[p] = Some(r.ts_ms);
        }
        self.positions[p] = to;
        self.processed += to - from;
        to - from
    }

    /// Records aged out before this group read them are passed over for good: mark every
    /// source's sequence up to its oldest retained record as passed (already counted as
    /// gap), so a later move does not count them again.
    fn pass_over_aged(&mut self, part: &Part) {
        let mut seen: Vec<(u16, u16)> = Vec::new();
        for r in part.blocks.iter().take(256) {
            let key = (r.payload.writer, r.payload.part);
            if !seen.contains(&key) {
                seen.push(key);
                let wm = self.watermark.entry(key).or_insert(0);
                *wm = (*wm).max(r.payload.seq);
            }
        }
    }

    /// (replay, gap) of resuming at `new_pos` in `part`, given what was processed.
    /// Replay counts processed records at or after `new_pos` (each copy is read again).
    /// Gap counts unprocessed facts stored before `new_pos` with no copy after it: a
    /// duplicate further on is still read, so it is not a gap.
    pub fn price(&self, part: &Part, new_pos: u64) -> (u64, u64) {
        let mut replay = 0;
        // Unprocessed sequence ranges per source, before and after the new position.
        let mut skipped: BTreeMap<(u16, u16), Vec<(u64, u64)>> = BTreeMap::new();
        let mut ahead: BTreeMap<(u16, u16), Vec<(u64, u64)>> = BTreeMap::new();
        for r in &part.blocks {
            let key = (r.payload.writer, r.payload.part);
            let wm = self.watermark.get(&key).copied().unwrap_or(0);
            let seen = wm.saturating_sub(r.payload.seq).min(r.len);
            // Within a block the processed records come first (sequences ascend).
            let before = new_pos.clamp(r.pos, r.end()) - r.pos;
            replay += seen.saturating_sub(before);
            let seq = r.payload.seq;
            if before > seen {
                skipped
                    .entry(key)
                    .or_default()
                    .push((seq + seen, seq + before));
            }
            let from = seen.max(before);
            if r.len > from {
                ahead
                    .entry(key)
                    .or_default()
                    .push((seq + from, seq + r.len));
            }
        }
        let mut gap = 0;
        for (key, ranges) in skipped {
            let later = ahead.get(&key).map_or(&[][..], Vec::as_slice);
            gap += uncovered(ranges, later);
        }
        (replay, gap)
    }
}

/// How many values of the union of `ranges` no range in `cover` contains.
fn uncovered(mut ranges: Vec<(u64, u64)>, cover: &[(u64, u64)]) -> u64 {
    let mut cover = cover.to_vec();
    ranges.sort_unstable();
    cover.sort_unstable();
    let mut total = 0;
    let mut upto = 0;
    for (a, b) in ranges {
        let a = a.max(upto);
        if b <= a {
            continue;
        }
        upto = b;
        // Subtract the cover from [a, b).
        let mut cur = a;
        for &(c, d) in &cover {
            if d <= cur || c >= b {
                continue;
            }
            if c > cur {
                total += c - cur;
            }
            cur = cur.max(d);
            if cur >= b {
                break;
            }
        }
        if cur < b {
            total += b - cur;
        }
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{Block, PayloadId, NONE, NO_HOP};

    fn block(seq: u64, len: u64) -> Block {
        Block {
            pos: 0,
            len,
            ts_ms: 0,
            hops: 1,
            dup: 0,
            origin: 0,
            stamp: None,
            payload: PayloadId {
                writer: 0,
                part: 0,
                seq,
            },
            created_ms: 0,
            arrived_ms: 0,
            durable_ms: 0,
            src_pos: NONE,
            via_hop: NO_HOP,
            src_part: 0,
            visited: 1,
        }
    }

    fn reader(processed_upto: u64) -> ReaderState {
        let spec = ReaderSpec {
            id: "r".into(),
            site: "B".into(),
            stream: "s".into(),
            rate_per_sec: 1.0,
            interval_ms: 100,
            start_from: StartFrom::Earliest,
            planned_resume: None,
            streams: Vec::new(),
            commit_every_ms: 5_000,
        };
        let mut r = ReaderState::new(&spec, 0, 0, 1);
        r.watermark.insert((0, 0), processed_upto);
        r
    }

    #[test]
    fn price_counts_replay_after_and_gap_before_the_new_position() {
        // Target holds sequences 0..100 at positions 500..600; 60 were processed.
        let mut part = Part::new(500);
        part.append(block(0, 100));
        let r = reader(60);
        assert_eq!(r.price(&part, 560), (0, 0), "exactly in place");
        assert_eq!(r.price(&part, 550), (10, 0), "ten early: replay");
        assert_eq!(r.price(&part, 575), (0, 15), "fifteen late: gap");
        assert_eq!(r.price(&part, 500), (60, 0));
        assert_eq!(r.price(&part, 600), (0, 40));
    }

    #[test]
    fn a_duplicate_after_the_new_position_is_not_a_gap() {
        // Sequences 0..100, then a restart re-appended 50..100 after them.
        let mut part = Part::new(0);
        part.append(block(0, 100));
        let mut dup = block(50, 50);
        dup.dup = 1;
        part.append(dup);
        let r = reader(60);
        // Resuming at 120 (inside the duplicates: 70.. again) skips 60..70 for good.
        assert_eq!(r.price(&part, 120), (0, 10));
        // Resuming at 100 (the start of the duplicates) re-reads 50..60, misses nothing.
        assert_eq!(r.price(&part, 100), (10, 0));
    }

    #[test]
    fn uncovered_counts_what_no_cover_range_holds() {
        assert_eq!(uncovered(vec![(0, 10)], &[(3, 5)]), 8);
        assert_eq!(uncovered(vec![(0, 10), (5, 15)], &[]), 15);
        assert_eq!(uncovered(vec![(0, 10)], &[(0, 4), (2, 12)]), 0);
    }
}
