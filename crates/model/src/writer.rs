//! Writers: produce at a rate, keys hashed to parts; the cluster acknowledges after its
//! own durability delay. Nothing a copier does is on this path. This file is the
//! writer's own state and rules; `sim/writing.rs` runs its ticks against the clusters.

use crate::recovery::Outage;
use crate::rng::fnv1a;
use crate::spec::WriterSpec;
use crate::store::PayloadId;
use crate::time::Millis;

/// Pending acknowledgements kept before [`WriterState::tick`] settles those due.
const SETTLE_AT: usize = 16;

/// Why a writer's publish is refused, as the writer's own site and stream see it: told
/// apart on every refused tick without naming anything (the names are put in only when
/// the refusal is narrated, as a `log::Refusal`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RefusalCause {
    SiteLost,
    SiteUnreachable,
    /// The operator fenced the site: it takes no writes.
    Fenced,
    ReadOnlyMirror,
    /// The companion (its index) that has no answering instance.
    CompanionMissing(usize),
}

#[derive(Clone, Debug)]
pub(crate) struct WriterState {
    pub id: String,
    pub site: usize,
    pub stream: usize,
    rate: f64,
    /// Records per tick before the carry: `rate * interval / 1000`, computed when the
    /// rate is set (the same operations in the same order, so the same value every tick).
    per_tick: f64,
    /// `per_tick` when it is a whole number: with no carry, a tick is then exactly that
    /// many records and the carry stays 0 (the float steps below give the same).
    per_tick_whole: Option<u64>,
    /// `per_tick_whole` while the carry is 0: a tick's whole answer, one test.
    whole_tick: Option<u64>,
    pub interval: Millis,
    pub durability: Millis,
    pub start_at: Millis,
    pub stop_at: Option<Millis>,
    pub stopped: bool,
    pub requires: Vec<usize>,
    carry: f64,
    /// Next payload sequence per part index.
    pub next_seq: Vec<u64>,
    /// Key indexes that hash to each part of the writer's first stream.
    pub keys_of_part: Vec<Vec<u32>>,
    pub key_count: u32,
    rotation: usize,
    pub appended: u64,
    /// Acknowledgements already delivered (older than the pending ones).
    acked_settled: u64,
    /// (acknowledgement time, records) not yet delivered, oldest first. A plain `Vec`:
    /// a tick's push is cheaper than a deque's, and settling drains a few at once.
    pending: Vec<(Millis, u64)>,
    pub refused: u64,
    /// Of `refused`: publishes to an unpromoted mirror's read-only target.
    pub refused_read_only: u64,
    /// Appended but never acknowledged: the site was lost first.
    pub unacked_lost: u64,
    pub max_ack_delay: Millis,
    /// The same, over records written after the last fault healed: what the design
    /// costs a write in calm running.
    pub max_calm_ack_delay: Millis,
    /// Whether the writer's stream has a synchronous hop (`ack: far-copy-durable`): its
    /// records are acknowledged only once that hop's copy is durable on the target.
    pub far_ack: bool,
    /// Appended, waiting for the far copy (a synchronous hop's stream only).
    pub awaiting_far: u64,
    /// The shortest acknowledgement delay so far of a record acknowledged by a far copy.
    pub min_far_ack_delay: Option<Millis>,
    /// When and why a refusal was last narrated.
    refusal_noted: Option<(Millis, RefusalCause)>,
    /// Refused and working again, for a drill's recovery time.
    pub outage: Outage,
    /// The rate the design gives it: below it (stopped, or slowed by a move) it is not
    /// working, for a drill's recovery time.
    given_rate: f64,
    /// Records written while a same-named stream at another site also took writes.
    pub split_writes: u64,
}

impl WriterState {
    pub fn new(
        w: &WriterSpec,
        site: usize,
        stream: usize,
        parts: usize,
        requires: Vec<usize>,
        rotation: usize,
    ) -> Self {
        let mut keys_of_part = vec![Vec::new(); parts];
        for k in 0..w.keys {
            let p = (fnv1a(key_name(k).as_bytes()) % parts as u64) as usize;
            keys_of_part[p].push(k);
        }
        let mut writer = Self {
            id: w.id.clone(),
            site,
            stream,
            rate: w.rate_per_sec,
            per_tick: 0.0,
            per_tick_whole: None,
            whole_tick: None,
            interval: w.interval_ms,
            durability: w.durability_ms,
            start_at: w.start_at_ms,
            stop_at: w.stop_at_ms,
            stopped: false,
            requires,
            carry: 0.0,
            next_seq: vec![0; parts],
            keys_of_part,
            key_count: w.keys,
            rotation,
            appended: 0,
            acked_settled: 0,
            pending: Vec::new(),
            refused: 0,
            refused_read_only: 0,
            unacked_lost: 0,
            max_ack_delay: 0,
            max_calm_ack_delay: 0,
            far_ack: false,
            awaiting_far: 0,
            min_far_ack_delay: None,
            refusal_noted: None,
            outage: Outage::default(),
            given_rate: w.rate_per_sec,
            split_writes: 0,
        };
        writer.set_rate(w.rate_per_sec);
        writer
    }

    /// Records per second from now on.
    pub fn set_rate(&mut self, rate: f64) {
        self.rate = rate;
        self.per_tick = rate * self.interval as f64 / 1000.0;
        let whole = self.per_tick as u64;
        self.per_tick_whole = (whole as f64 == self.per_tick && whole < 1 << 53).then_some(whole);
        self.whole_tick = self.per_tick_whole.filter(|_| self.carry == 0.0);
    }

    /// Records the writer has been told are stored, as of `now`.
    pub fn acked(&self, now: Millis) -> u64 {
        self.acked_settled
            + self
                .pending
                .iter()
                .take_while(|(t, _)| *t <= now)
                .map(|(_, n)| n)
                .sum::<u64>()
    }

    fn settle(&mut self, now: Millis) {
        let due = self.pending.iter().take_while(|(t, _)| *t <= now).count();
        self.acked_settled += self.pending[..due].iter().map(|(_, n)| n).sum::<u64>();
        self.pending.drain(..due);
    }

    /// The site went away: acknowledgements not yet sent never will be.
    pub fn drop_pending(&mut self, now: Millis) {
        self.settle(now);
        self.unacked_lost += self.pending.iter().map(|(_, n)| n).sum::<u64>();
        self.pending.clear();
        self.unacked_lost += self.awaiting_far;
        self.awaiting_far = 0;
    }

    /// `n` of this writer's records, created at `created`, are durable on the synchronous
    /// hop's target and the writer hears so at `at` (not before its own cluster's
    /// durability, `local`): they are acknowledged then.
    /// `calm`: written after the last fault healed.
    pub fn far_copy_acked(
        &mut self,
        n: u64,
        created: Millis,
        local: Millis,
        (at, calm): (Millis, bool),
    ) {
        let n = n.min(self.awaiting_far);
        if n == 0 {
            return;
        }
        self.awaiting_far -= n;
        let at = at.max(local);
        // Kept in time order (settling reads the due prefix); almost always the end.
        let i = self.pending.partition_point(|&(t, _)| t <= at);
        self.pending.insert(i, (at, n));
        let delay = at - created;
        self.max_ack_delay = self.max_ack_delay.max(delay);
        if calm {
            self.max_calm_ack_delay = self.max_calm_ack_delay.max(delay);
        }
        self.min_far_ack_delay = Some(self.min_far_ack_delay.map_or(delay, |m| m.min(delay)));
    }

    /// A tick at `now`: unless the writer has stopped, how many records this tick
    /// produces (the rate's fractional part carries over to the next tick). None: stopped,
    /// no more ticks. Acknowledgements due are settled once a few are pending (`acked`
    /// counts the pending ones due, so when they settle changes no count).
    pub fn tick(&mut self, now: Millis) -> Option<u64> {
        if self.pending.len() >= SETTLE_AT {
            self.settle(now);
        }
        if self.stop_at.is_some_and(|s| now >= s) {
            self.stopped = true;
        }
        if self.stopped {
            return None;
        }
        if let Some(n) = self.whole_tick {
            return Some(n);
        }
        let exact = self.per_tick + self.carry;
        // `exact` is finite and never negative, so truncation is the floor (and, unlike
        // `floor()`, needs no libm call without SSE4.1).
        let n = exact as u64;
        self.carry = exact - n as f64;
        self.whole_tick = self.per_tick_whole.filter(|_| self.carry == 0.0);
        Some(n)
    }

    /// `n` records refused for `why`; returns whether to narrate it (when the reason
    /// changes, then every 5 s: not every tick).
    pub fn refuse(&mut self, n: u64, read_only: bool, why: RefusalCause, now: Millis) -> bool {
        self.refused += n;
        self.outage.down(now);
        if read_only {
            self.refused_read_only += n;
        }
        match &self.refusal_noted {
            Some((t, reason)) => *reason != why || now >= t + 5_000,
            None => true,
        }
    }

    /// The refusal was narrated at `now`.
    pub fn refusal_narrated(&mut self, now: Millis, why: RefusalCause) {
        self.refusal_noted = Some((now, why));
    }

    /// A publish went through: the next refusal is narrated again.
    pub fn published(&mut self, now: Millis) {
        // Tested first: most ticks have nothing to forget (and no string to free).
        if self.refusal_noted.is_some() {
            self.refusal_noted = None;
        }
        if self.outage.is_down() && self.rate >= self.given_rate {
            self.outage.up(now);
        }
    }

    /// Slowed below its given rate, or stopped, by a command: not working from `now`.
    pub fn slowed(&mut self, now: Millis) {
        if self.rate < self.given_rate || self.stopped {
            self.outage.down(now);
        }
    }

    /// Books `n` records for a writer whose stream has one part (the common case):
    /// returns the first sequence. The same as [`WriterState::spread`] over one part, but
    /// the caller appends straight after, with no closure between (an out-of-line closure
    /// cost a call, its environment's stores and every register saved around it).
    #[inline(always)]
    pub fn book_one_part(&mut self, n: u64, now: Millis, durable: Millis) -> u64 {
        if self.next_seq.is_empty() {
            self.next_seq.push(0);
        }
        let seq = self.next_seq[0];
        self.next_seq[0] += n;
        self.rotation = 0;
        self.booked(n, now, durable);
        seq
    }

    /// Splits `n` records over `parts` parts, starting at the writer's rotation: calls
    /// `append(part, count, first sequence)` for each part that gets records, then books
    /// the batch as appended and pending acknowledgement at `durable`.
    pub fn spread(
        &mut self,
        n: u64,
        parts: usize,
        now: Millis,
        durable: Millis,
        mut append: impl FnMut(usize, u64, u64),
    ) {
        if self.next_seq.len() < parts {
            self.next_seq.resize(parts, 0);
        }
        let (base, extra) = (n / parts as u64, (n % parts as u64) as usize);
        for i in 0..parts {
            let p = (self.rotation + i) % parts;
            let count = base + u64::from(i < extra);
            if count == 0 {
                continue;
            }
            let seq = self.next_seq[p];
            self.next_seq[p] += count;
            append(p, count, seq);
        }
        // x % parts is x below parts: divide only when it wraps.
        self.rotation = if self.rotation + extra < parts {
            self.rotation + extra
        } else {
            (self.rotation + extra) % parts
        };
        self.booked(n, now, durable);
    }

    /// `n` records appended at `now`, acknowledged at `durable`.
    #[inline(always)]
    fn booked(&mut self, n: u64, now: Millis, durable: Millis) {
        self.appended += n;
        if self.far_ack {
            // Acknowledged by the synchronous hop's copy (`far_copy_acked`).
            self.awaiting_far += n;
            return;
        }
        self.pending.push((durable, n));
        self.max_ack_delay = self.max_ack_delay.max(durable - now);
        self.max_calm_ack_delay = self.max_calm_ack_delay.max(durable - now);
    }

    /// The key index of a payload this writer produced.
    pub fn key_of(&self, p: PayloadId) -> u32 {
        match self.keys_of_part.get(usize::from(p.part)) {
            Some(keys) if !keys.is_empty() => keys[(p.seq % keys.len() as u64) as usize],
            _ => self.key_count + u32::from(p.part),
        }
    }
}

pub fn key_name(k: u32) -> String {
    format!("k{k}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn writer_spec() -> WriterSpec {
        WriterSpec {
            id: "w".into(),
            site: "A".into(),
            stream: "s".into(),
            rate_per_sec: 1.0,
            interval_ms: 100,
            durability_ms: 5,
            keys: 16,
            start_at_ms: 0,
            stop_at_ms: None,
            requires: vec![],
        }
    }

    /// The one-part booking is `spread` over one part without the closure: the same
    /// sequences handed out and the same acknowledgements pending.
    #[test]
    fn booking_one_part_matches_spreading_over_one_part() {
        let spec = writer_spec();
        let (mut booked, mut spread) = (
            WriterState::new(&spec, 0, 0, 1, vec![], 0),
            WriterState::new(&spec, 0, 0, 1, vec![], 0),
        );
        for (tick, n) in [3u64, 1, 7, 2].into_iter().enumerate() {
            let now = tick as Millis * 10;
            let durable = now + 5 + tick as Millis;
            let seq = booked.book_one_part(n, now, durable);
            let mut seen = Vec::new();
            spread.spread(n, 1, now, durable, |p, count, seq| {
                seen.push((p, count, seq))
            });
            assert_eq!(seen, vec![(0, n, seq)]);
            for at in [now, durable, durable + 1] {
                assert_eq!(booked.acked(at), spread.acked(at));
            }
            assert_eq!(
                (booked.appended, booked.max_ack_delay, &booked.next_seq),
                (spread.appended, spread.max_ack_delay, &spread.next_seq)
            );
        }
        assert_eq!(booked.next_seq, vec![13]);
    }

    /// A synchronous hop's writer is told only when the far copy is: nothing is
    /// acknowledged on the local durability alone, and what never got its far copy is
    /// lost unacknowledged with the site.
    #[test]
    fn a_far_ack_writer_waits_for_the_far_copy() {
        let spec = writer_spec();
        let mut w = WriterState::new(&spec, 0, 0, 1, vec![], 0);
        w.far_ack = true;
        w.book_one_part(10, 100, 105);
        w.book_one_part(4, 200, 205);
        assert_eq!(
            w.acked(10_000),
            0,
            "the local write alone acknowledges nothing"
        );
        assert_eq!(w.awaiting_far, 14);
        // The first ten are durable on the target and the word is back at 190.
        w.far_copy_acked(10, 100, 105, (190, true));
        assert_eq!((w.acked(189), w.acked(190)), (0, 10));
        assert_eq!((w.max_ack_delay, w.min_far_ack_delay), (90, Some(90)));
        // Never acknowledged before the local write is durable either.
        w.far_copy_acked(2, 200, 205, (203, true));
        assert_eq!((w.acked(204), w.acked(205)), (10, 12));
        assert_eq!(w.min_far_ack_delay, Some(5));
        // The site goes: the two still waiting are lost unacknowledged.
        w.drop_pending(300);
        assert_eq!((w.unacked_lost, w.awaiting_far, w.acked(300)), (2, 0, 12));
        // A late word for records already given up acknowledges nothing more.
        w.far_copy_acked(2, 200, 205, (400, true));
        assert_eq!(w.acked(500), 12);
    }

    #[test]
    fn every_key_lands_in_one_part() {
        let spec = writer_spec();
        let w = WriterState::new(&spec, 0, 0, 4, vec![], 0);
        let total: usize = w.keys_of_part.iter().map(Vec::len).sum();
        assert_eq!(total, 16);
        let k = w.key_of(PayloadId {
            writer: 0,
            part: 2,
            seq: 7,
        });
        assert!(w.keys_of_part[2].contains(&k) || w.keys_of_part[2].is_empty());
    }
}
