//! Running a writer's ticks against the clusters: refusals (site down, read-only mirror,
//! companion missing), the append to each part with its retention, and the narration.
//! The writer's own rules (rate, rotation over parts, acknowledgements) are in `writer.rs`.

use super::{Event, HeldBlocksGuard, Sim, SiteStatus, StreamState};
use crate::hop::HopState;
use crate::log::{LogEvent, RecordsAppended, Refusal};
use crate::store::{site_bit, Block, PayloadId, NONE, NO_HOP};
use crate::time::Millis;
use crate::writer::RefusalCause;

/// Where the acknowledged records of part `p` of `stream` end, given where its durable
/// records end: with a synchronous hop from the stream (`ack: far-copy-durable`), only
/// what that hop has copied to its target is acknowledged.
pub(crate) fn acked_end(hops: &[HopState], stream: usize, p: usize, durable_end: u64) -> u64 {
    match hops.iter().find(|h| h.acks_far(stream)) {
        Some(h) => durable_end.min(h.parts()[p].high_water),
        None => durable_end,
    }
}

impl Sim {
    /// [`acked_end`] at the current time.
    pub(crate) fn acked_end(&self, stream: usize, p: usize) -> u64 {
        let durable = self.streams[stream].parts[p].durable_end(self.now);
        acked_end(&self.hops, stream, p, durable)
    }

    pub(crate) fn writer_tick(&mut self, w: usize) {
        let now = self.now;
        let writer = &mut self.writers[w];
        let Some(n) = writer.tick(now) else {
            return;
        };
        self.queue
            .push(now + writer.interval, Event::WriterTick(w as u32));
        if n == 0 {
            return;
        }
        let (site, stream) = (writer.site, writer.stream);
        let read_only = self.read_only(stream);
        let cause = match self.sites[site] {
            SiteStatus::Lost => Some(RefusalCause::SiteLost),
            SiteStatus::Unreachable => Some(RefusalCause::SiteUnreachable),
            SiteStatus::Up | SiteStatus::Partitioned if self.fenced[site] => {
                Some(RefusalCause::Fenced)
            }
            SiteStatus::Up | SiteStatus::Partitioned if read_only => {
                Some(RefusalCause::ReadOnlyMirror)
            }
            SiteStatus::Up | SiteStatus::Partitioned => self
                .missing_companion(w)
                .map(RefusalCause::CompanionMissing),
        };
        if let Some(cause) = cause {
            let by_mirror = read_only && self.serves_local(site);
            let due = self.writers[w].refuse(n, by_mirror, cause, now);
            if due && self.log.on() {
                let why = self.refusal(cause, site, stream);
                let writer = &mut self.writers[w];
                writer.refusal_narrated(now, cause);
                let event = LogEvent::Refused {
                    writer: writer.id.clone(),
                    count: n,
                    why,
                    refused_so_far: writer.refused,
                };
                self.log.push(now, event);
            }
            return;
        }
        self.writers[w].published(now);
        self.note_split_write(w, n);
        self.append_batch(w, n);
    }

    /// Counts the tick's `n` records as split writes when a same-named stream at another
    /// site took an original write within this writer's last tick (a write one tick
    /// apart counts as at once), then stamps this stream's last original write.
    fn note_split_write(&mut self, w: usize, n: u64) {
        let now = self.now;
        let (stream, interval) = (self.writers[w].stream, self.writers[w].interval);
        let since = now.saturating_sub(interval);
        let streams = &self.streams;
        let split = streams[stream]
            .twins
            .iter()
            .any(|&t| streams[t].last_original_ms.is_some_and(|at| at >= since));
        if split {
            self.writers[w].split_writes += n;
        }
        self.streams[stream].last_original_ms = Some(now);
    }

    /// A refusal's cause with the names the narration gives it.
    fn refusal(&self, cause: RefusalCause, site: usize, stream: usize) -> Refusal {
        let site_name = self.site_name(site).to_string();
        match cause {
            RefusalCause::SiteLost => Refusal::SiteLost { site: site_name },
            RefusalCause::SiteUnreachable => Refusal::SiteUnreachable { site: site_name },
            RefusalCause::Fenced => Refusal::Fenced { site: site_name },
            RefusalCause::ReadOnlyMirror => Refusal::ReadOnlyMirror {
                stream: self.streams[stream].name.clone(),
                site: site_name,
            },
            RefusalCause::CompanionMissing(c) => {
                let comp = &self.companions[c];
                Refusal::CompanionMissing {
                    kind: comp.kind.clone(),
                    name: comp.name.clone(),
                    site: site_name,
                }
            }
        }
    }

    /// A required companion with no instance answering the writer, if any (one on a
    /// site cut off from the rest answers only that site's writers).
    fn missing_companion(&self, w: usize) -> Option<usize> {
        let here = self.writers[w].site;
        let reaches = |s: usize| self.site_up(s) || (s == here && self.serves_local(s));
        self.writers[w].requires.iter().copied().find(|&c| {
            let comp = &self.companions[c];
            !comp.instances.iter().any(|&(s, up)| up && reaches(s))
        })
    }

    fn append_batch(&mut self, w: usize, n: u64) {
        let now = self.now;
        let writer = &mut self.writers[w];
        let stream = &mut self.streams[writer.stream];
        let parts = stream.parts.len();
        let durable = now + writer.durability;
        let mut added = Appended {
            writer: w as u16,
            now,
            durable,
            batches: &mut self.batches,
            held_guard: &mut self.held_guard,
            first_line: None,
        };
        if parts == 1 {
            let seq = writer.book_one_part(n, now, durable);
            added.append(stream, 0, n, seq);
        } else {
            writer.spread(n, parts, now, durable, |p, count, seq| {
                added.append(stream, p, count, seq)
            });
        }
        if let Some((p, seq, pos)) = added.first_line {
            if self.log.on() {
                self.narrate_append(w, n, p, seq, pos);
            }
        }
    }

    fn narrate_append(&mut self, w: usize, n: u64, p: usize, seq: u64, pos: u64) {
        let writer = &self.writers[w];
        let key = writer.key_of(PayloadId {
            writer: w as u16,
            part: p as u16,
            seq,
        });
        let event = LogEvent::Appended(RecordsAppended {
            writer: writer.id.clone(),
            count: n,
            stream: self.streams[writer.stream].name.clone(),
            site: self.site_name(writer.site).to_string(),
            part: p,
            seq,
            key,
            position: pos,
            acked_after_ms: writer.durability,
        });
        self.log.push(self.now, event);
    }
}

/// One writer tick's appends: what each part's block shares, and what the tick counts.
struct Appended<'a> {
    writer: u16,
    now: Millis,
    durable: Millis,
    batches: &'a mut u64,
    held_guard: &'a mut HeldBlocksGuard,
    /// (part, first sequence, position) of the tick's first block, for the narration.
    first_line: Option<(usize, u64, u64)>,
}

impl Appended<'_> {
    /// Appends `count` records of sequence `seq..` to part `p` of `stream`, then applies
    /// the stream's retention.
    #[inline(always)]
    fn append(&mut self, stream: &mut StreamState, p: usize, count: u64, seq: u64) {
        let now = self.now;
        let block = Block {
            pos: 0,
            len: count,
            payload: PayloadId {
                writer: self.writer,
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
            durable_ms: self.durable,
            src_pos: NONE,
            src_part: 0,
            via_hop: NO_HOP,
            visited: site_bit(stream.site),
        };
        let part = &mut stream.parts[p];
        *self.batches += 1;
        self.held_guard.added(1);
        let pos = part.append(block);
        part.enforce_retention(now, &stream.retention);
        self.first_line.get_or_insert((p, seq, pos));
    }
}
