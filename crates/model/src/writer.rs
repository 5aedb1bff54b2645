//! Writers: produce at a rate, keys hashed to parts; the cluster acknowledges after its
//! own durability delay. Nothing a copier does is on this path.

use crate::log::{fmt_n, records, LogKind};
use crate::rng::fnv1a;
use crate::sim::{Event, Sim, SiteStatus};
use crate::spec::WriterSpec;
use crate::store::{PayloadId, Run, NONE};
use crate::time::Millis;
use std::collections::VecDeque;

#[derive(Clone, Debug)]
pub(crate) struct WriterState {
    pub id: String,
    pub site: usize,
    pub stream: usize,
    pub rate: f64,
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
    /// (acknowledgement time, records) not yet delivered.
    pending: VecDeque<(Millis, u64)>,
    pub refused: u64,
    /// Of `refused`: publishes to an unpromoted mirror's read-only target.
    pub refused_read_only: u64,
    /// Appended but never acknowledged: the site was lost first.
    pub unacked_lost: u64,
    pub max_ack_delay: Millis,
    /// When and why a refusal was last narrated.
    refusal_noted: Option<(Millis, String)>,
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
        Self {
            id: w.id.clone(),
            site,
            stream,
            rate: w.rate_per_sec,
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
            pending: VecDeque::new(),
            refused: 0,
            refused_read_only: 0,
            unacked_lost: 0,
            max_ack_delay: 0,
            refusal_noted: None,
        }
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
        while let Some(&(t, n)) = self.pending.front() {
            if t > now {
                break;
            }
            self.acked_settled += n;
            self.pending.pop_front();
        }
    }

    /// The site went away: acknowledgements not yet sent never will be.
    pub fn drop_pending(&mut self, now: Millis) {
        self.settle(now);
        self.unacked_lost += self.pending.iter().map(|(_, n)| n).sum::<u64>();
        self.pending.clear();
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

impl Sim {
    pub(crate) fn writer_tick(&mut self, w: usize) {
        let now = self.now;
        let writer = &mut self.writers[w];
        writer.settle(now);
        if writer.stop_at.is_some_and(|s| now >= s) {
            writer.stopped = true;
        }
        if writer.stopped {
            return;
        }
        self.queue
            .push(now + writer.interval, Event::WriterTick(w as u32));
        let exact = writer.rate * writer.interval as f64 / 1000.0 + writer.carry;
        // `exact` is finite and never negative, so truncation is the floor (and, unlike
        // `floor()`, needs no libm call without SSE4.1).
        let n = exact as u64;
        writer.carry = exact - n as f64;
        if n == 0 {
            return;
        }
        let (site, stream) = (writer.site, writer.stream);
        let read_only = self.read_only(stream);
        let refusal = match self.sites[site] {
            SiteStatus::Lost => Some(format!("site {} is lost", self.site_name(site))),
            SiteStatus::Unreachable => {
                Some(format!("site {} does not answer", self.site_name(site)))
            }
            SiteStatus::Up if read_only => Some(format!(
                "stream {} on site {} is a read-only mirror until it is promoted",
                self.streams[stream].name,
                self.site_name(site)
            )),
            SiteStatus::Up => self.missing_companion(w).map(|c| {
                format!(
                    "{c} does not answer, so the publish is refused while site {}'s cluster is up",
                    self.site_name(site)
                )
            }),
        };
        if let Some(why) = refusal {
            let writer = &mut self.writers[w];
            writer.refused += n;
            if read_only && self.sites[site] == SiteStatus::Up {
                writer.refused_read_only += n;
            }
            // Narrate a refusal when its reason changes, then every 5 s: not every tick.
            let due = match &writer.refusal_noted {
                Some((t, reason)) => *reason != why || now >= t + 5_000,
                None => true,
            };
            if due && self.log.on() {
                writer.refusal_noted = Some((now, why.clone()));
                let text = format!(
                    "Writer {} could not publish {}: {why} (refused so far: {})",
                    writer.id,
                    records(n),
                    fmt_n(writer.refused)
                );
                self.log.push(now, LogKind::Refused, text);
            }
            return;
        }
        self.writers[w].refusal_noted = None;
        self.append_batch(w, n);
    }

    /// Name of a required companion with no answering instance, if any.
    fn missing_companion(&self, w: usize) -> Option<String> {
        self.writers[w].requires.iter().find_map(|&c| {
            let comp = &self.companions[c];
            let ok = comp.instances.iter().any(|&(s, up)| up && self.site_up(s));
            (!ok).then(|| format!("the {} {}", comp.kind, comp.name))
        })
    }

    fn append_batch(&mut self, w: usize, n: u64) {
        let now = self.now;
        let writer = &mut self.writers[w];
        let stream = &mut self.streams[writer.stream];
        let parts = stream.parts.len();
        if writer.next_seq.len() < parts {
            writer.next_seq.resize(parts, 0);
        }
        // One part is the common case: skip the divisions (slow on every platform).
        let (base, extra) = if parts == 1 {
            (n, 0)
        } else {
            (n / parts as u64, (n % parts as u64) as usize)
        };
        let durable = now + writer.durability;
        let mut first_line = None;
        for i in 0..parts {
            let p = if parts == 1 {
                0
            } else {
                (writer.rotation + i) % parts
            };
            let count = base + u64::from(i < extra);
            if count == 0 {
                continue;
            }
            let seq = writer.next_seq[p];
            writer.next_seq[p] += count;
            let run = Run {
                pos: 0,
                len: count,
                payload: PayloadId {
                    writer: w as u16,
                    part: p as u16,
                    seq,
                },
                origin: stream.site as u8,
                hops: 0,
                dup: 0,
                stamp: None,
                created_ms: now,
                ts_ms: now,
                arrived_ms: now,
                durable_ms: durable,
                src_pos: NONE,
                src_part: 0,
                via_hop: NONE,
            };
            let part = &mut stream.parts[p];
            self.batches += 1;
            self.held_guard.added(1);
            let pos = part.append(run);
            part.enforce_retention(now, &stream.retention);
            if first_line.is_none() {
                first_line = Some((p, seq, pos));
            }
        }
        // x % parts is x below parts: divide only when it wraps.
        writer.rotation = if writer.rotation + extra < parts {
            writer.rotation + extra
        } else {
            (writer.rotation + extra) % parts
        };
        writer.appended += n;
        writer.pending.push_back((durable, n));
        writer.max_ack_delay = writer.max_ack_delay.max(durable - now);
        if self.log.on() {
            if let Some((p, seq, pos)) = first_line {
                let writer = &self.writers[w];
                let key = key_name(writer.key_of(PayloadId {
                    writer: w as u16,
                    part: p as u16,
                    seq,
                }));
                let site = self.site_name(writer.site).to_string();
                let stream = &self.streams[writer.stream].name;
                let text = if n == 1 {
                    format!(
                        "Writer {} appended record #{} (key {key}) to part {p} of {stream} on site {site} at position {}; {site} acknowledged it after {} ms",
                        writer.id,
                        fmt_n(seq),
                        fmt_n(pos),
                        writer.durability,
                    )
                } else {
                    format!(
                        "Writer {} appended {} to {stream} on site {site}, e.g. #{} (key {key}) to part {p} at position {}; {site} acknowledged them after {} ms",
                        writer.id,
                        records(n),
                        fmt_n(seq),
                        fmt_n(pos),
                        writer.durability,
                    )
                };
                self.log.push(now, LogKind::Write, text);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_lands_in_one_part() {
        let spec = WriterSpec {
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
        };
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
