//! The write half of a hop: what a delivered batch becomes on the target — filtered,
//! stamped, mapped to parts, numbered fresh — and the bookkeeping around it.
//!
//! [`Sim::append_copies`] runs four named steps: pick the target part, write the pieces
//! ([`write_pieces`]: split at the high-water mark into duplicates and first copies),
//! close the batch (retention, progress), narrate it.

use super::{HeldBlocksGuard, Sim};
use crate::hop::{BatchBook, HopState};
use crate::log::{BatchCopied, CopyWritten, EchoGrowth, LogEvent};
use crate::spec::{Ack, OriginStamp, PartMapping, Timestamps};
use crate::store::{site_bit, Block, Part};
use crate::time::Millis;

/// What writing one batch did, for the narration.
#[derive(Default)]
struct BatchTally {
    first_pos: Option<u64>,
    duplicates: u64,
    skipped: u64,
    echoes: u64,
}

/// Which source range a batch covers (copied out of the batch for the steps that do not
/// write its pieces).
#[derive(Clone, Copy)]
struct Span {
    part: usize,
    from: u64,
    to: u64,
}

/// The hop's rules for turning a source piece into a copy, read once per batch.
struct CopyRules {
    hop: usize,
    now: Millis,
    dst_site: usize,
    stamp: OriginStamp,
    mapped: bool,
    source_part: u16,
}

impl CopyRules {
    fn of(hop: &BatchBook, h: usize, dst_site: usize, source_part: usize, now: Millis) -> Self {
        Self {
            hop: h,
            now,
            dst_site,
            stamp: hop.opts().stamp,
            // A mirror needs no map: every copy keeps its source position.
            mapped: hop.opts().map_every.is_some() && !hop.is_mirror(),
            source_part: source_part as u16,
        }
    }

    /// Whether `piece` is skipped: a dropped writer, (with a marker and "forward only
    /// local") any marked copy, or (with a hop budget) a spent budget or a
    /// way back to where the record started. Returns (skipped, because not local).
    fn skips(&self, hop: &BatchBook, piece: &Block) -> (bool, bool) {
        let dropped_writer = hop.drops_writer(piece.payload.writer);
        let foreign = match self.stamp {
            // Forwarding only local records skips every record that carries a marker: a
            // copy, wherever it started, as Lenses K2K's bidirectional mode skips records
            // that already carry its header. A record back at its own site is a copy too
            // (before, its marker naming this site let it go round a ring again).
            OriginStamp::Marker if hop.opts().forward_only_local => piece.stamp.is_some(),
            // A provenance header names the site a record was first written at (Confluent
            // Replicator's `provenance.header.enable`): never sent back there, but a copy
            // still goes on round a ring to the sites it has not reached.
            OriginStamp::Marker => usize::from(piece.origin) == self.dst_site,
            // RabbitMQ federation: a spent `max-hops` budget, or a site the record's
            // `x-received-from` list already names.
            OriginStamp::HopBudget(budget) => {
                piece.hops >= u16::from(budget)
                    || usize::from(piece.origin) == self.dst_site
                    || piece.visited & site_bit(self.dst_site) != 0
            }
            _ => false,
        };
        (dropped_writer || foreign, foreign)
    }

    /// The copy of source positions `a..a+len` of `piece` (position set by the append).
    /// The hop's rarely-needed rules (epoch, timestamps) are read from `hop` here, not
    /// held in `self`: fewer values for a batch to carry.
    fn copy_of(&self, hop: &BatchBook, piece: &Block, a: u64, len: u64, is_dup: bool) -> Block {
        let mut payload = piece.payload;
        payload.seq += a - piece.pos;
        Block {
            pos: 0,
            len,
            payload,
            origin: piece.origin,
            hops: piece.hops.saturating_add(1),
            dup: if is_dup {
                hop.epoch().max(1)
            } else {
                piece.dup
            },
            stamp: match self.stamp {
                OriginStamp::Marker => Some(piece.stamp.unwrap_or(hop.src_site() as u8)),
                _ => None,
            },
            created_ms: piece.created_ms,
            ts_ms: match hop.opts().timestamps {
                Timestamps::KeepSource => piece.ts_ms,
                Timestamps::StampArrival => self.now,
            },
            arrived_ms: self.now,
            durable_ms: self.now,
            src_pos: a,
            src_part: self.source_part,
            via_hop: self.hop as u16,
            visited: piece.visited | site_bit(self.dst_site),
        }
    }
}

impl Sim {
    /// Writes batch `i` of `worker`'s delivery on hop `h` to the target.
    pub(crate) fn append_copies(&mut self, h: usize, worker: usize, i: usize) {
        // The state writing a batch touches, borrowed once.
        let Sim {
            hops,
            streams,
            writers,
            held_guard,
            batches,
            now,
            calm_since,
            ..
        } = self;
        let hop = &mut hops[h];
        if hop.opts().ack == Ack::FarCopyDurable {
            far_copies_acked(hop, writers, worker, i, (*now, *calm_since));
        }
        let target = &mut streams[hop.dst()];
        let b = hop.delivery_batch(worker, i);
        let span = Span {
            part: b.part,
            from: b.from,
            to: b.to,
        };
        let q = hop.target_part(span.part, target.parts.len() as u32);
        *batches += 1;
        if hop.opts().mapping == PartMapping::FanOut {
            hop.fan_out_sent(span.part);
        }
        let part = &mut target.parts[q as usize];
        let tally = write_pieces(hop, h, worker, i, part, q, held_guard, *now);
        // Close the batch: the target's retention, and the hop's progress on this part.
        part.enforce_retention(*now, &target.retention);
        hop.batch_written(span.part, span.to);
        if self.log.on() && span.to > span.from {
            self.narrate_batch(h, span, q, &tally);
        }
    }

    fn narrate_batch(&mut self, h: usize, batch: Span, q: u32, tally: &BatchTally) {
        // Asked only when the batch met echoes: the hop tells how they grow once.
        let echo_growth = if tally.echoes > 0 && self.hops[h].first_echo() {
            self.echo_growth(h)
        } else {
            None
        };
        let hop = &self.hops[h];
        let written = tally.first_pos.map(|position| CopyWritten {
            mirrored: hop.is_mirror(),
            part: q,
            position,
        });
        let event = LogEvent::BatchCopied(BatchCopied {
            hop: hop.id().to_string(),
            from: batch.from,
            to: batch.to,
            part: batch.part,
            src_site: self.site_name(hop.src_site()).to_string(),
            dst_site: self.site_name(hop.dst_site()).to_string(),
            written,
            latency_ms: hop.latency().2,
            duplicates: tally.duplicates,
            skipped: tally.skipped,
            echoes: tally.echoes,
            echo_growth,
        });
        self.log.push(self.now, event);
    }

    /// How echoes grow from here: every copier leaving the target stream that stamps
    /// nothing sends each echo on again. One such copier (two sites): one more copy per hop
    /// crossed. Two or more (three or more meshed sites): copies multiply on every hop.
    fn echo_growth(&self, h: usize) -> Option<EchoGrowth> {
        let dst = self.hops[h].dst();
        let onward = self
            .hops
            .iter()
            .filter(|o| o.src() == dst && o.opts().stamp == OriginStamp::None)
            .count();
        match onward {
            0 => None,
            1 => Some(EchoGrowth::Linear),
            ways => Some(EchoGrowth::Multiplies { ways }),
        }
    }
}

/// A synchronous hop (`ack: far-copy-durable`) is writing batch `i` of `worker`: the
/// first copies of records written at its source are durable on the target at `now`, and
/// the writers hear so half a round trip later. Records below the high-water mark (a
/// restart's re-copies) were acknowledged by their first copy; copies of copies (written
/// elsewhere, `hops > 0`) belong to no writer at the source. A record written before
/// the last fault healed (`calm_since`) waited on the fault, not on the design.
#[inline(never)]
fn far_copies_acked(
    hop: &HopState,
    writers: &mut [crate::writer::WriterState],
    worker: usize,
    i: usize,
    (now, calm_since): (Millis, Millis),
) {
    let batch = hop.delivery_batch(worker, i);
    let high_water = hop.parts()[batch.part].high_water;
    let heard = now + hop.opts().rtt_ms / 2;
    for piece in batch.blocks.iter().filter(|r| r.hops == 0) {
        let first = high_water.clamp(piece.pos, piece.end());
        let n = piece.end() - first;
        if let Some(w) = writers.get_mut(usize::from(piece.payload.writer)) {
            let calm = piece.created_ms >= calm_since;
            w.far_copy_acked(n, piece.created_ms, piece.durable_ms, (heard, calm));
        }
    }
}

/// Appends every forwarded piece of batch `i` of `worker` on hop `h` to target part `q`
/// (`part`); below the hop's high-water mark a piece is a re-append (duplicate) after a
/// restart.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn write_pieces(
    hop: &mut HopState,
    h: usize,
    worker: usize,
    i: usize,
    part: &mut Part,
    q: u32,
    held_guard: &mut HeldBlocksGuard,
    now: Millis,
) -> BatchTally {
    let dst_site = hop.dst_site();
    let (batch, mut book) = hop.batch_and_book(worker, i);
    let rules = CopyRules::of(&book, h, dst_site, batch.part, now);
    // The common batch: one block, all of it a first copy, on a hop that skips and marks
    // nothing. Straight-line, without the piece loop's cuts and skip rules.
    if let [piece] = batch.blocks.as_slice() {
        if book.copies_everything_plainly() && piece.pos >= book.high_water(batch.part) {
            let pos = part.append(rules.copy_of(&book, piece, piece.pos, piece.len, false));
            held_guard.added(1);
            book.piece_landed(
                batch.part,
                piece.pos,
                pos,
                piece.len,
                q,
                piece.ts_ms,
                rules.mapped,
                Some(rules.now - piece.created_ms),
            );
            let echo = usize::from(piece.origin) == dst_site;
            return BatchTally {
                first_pos: Some(pos),
                echoes: if echo { piece.len } else { 0 },
                ..BatchTally::default()
            };
        }
    }
    let mut out = PieceWriter {
        part,
        hop: book,
        held_guard,
        source_part: batch.part,
        q,
        tally: BatchTally::default(),
    };
    // Only the batch's close moves the high-water mark: one cut for the whole batch.
    let high_water = out.hop.high_water(batch.part);
    for piece in &batch.blocks {
        let skip = rules.skips(&out.hop, piece);
        let cut = high_water.clamp(piece.pos, piece.end());
        if cut > piece.pos {
            out.write(&rules, piece, piece.pos, cut, true, skip);
        }
        if piece.end() > cut {
            out.write(&rules, piece, cut, piece.end(), false, skip);
        }
    }
    out.tally
}

/// Where one batch's pieces go: the target part, and the hop's bookkeeping for them.
struct PieceWriter<'a> {
    hop: BatchBook<'a>,
    part: &'a mut Part,
    held_guard: &'a mut HeldBlocksGuard,
    source_part: usize,
    q: u32,
    tally: BatchTally,
}

impl PieceWriter<'_> {
    /// Writes source positions `a..b` of `piece` (a duplicate below the high-water mark),
    /// or counts them as not forwarded (`skip`: skipped, because not local).
    #[inline(always)]
    fn write(
        &mut self,
        rules: &CopyRules,
        piece: &Block,
        a: u64,
        b: u64,
        is_dup: bool,
        skip: (bool, bool),
    ) {
        let len = b - a;
        let (skipped, foreign) = skip;
        if skipped {
            if !is_dup {
                self.hop.piece_skipped(self.source_part, len, foreign);
            }
            self.tally.skipped += len;
            return;
        }
        if usize::from(piece.origin) == rules.dst_site {
            self.tally.echoes += len;
        }
        if self.hop.is_mirror() && self.part.end < a {
            // The mirror's log starts (or, after a gap the source aged out, restarts) at
            // the source's position, as a Kafka follower does.
            self.part.restart_at(a);
        }
        let pos = self
            .part
            .append(rules.copy_of(&self.hop, piece, a, len, is_dup));
        self.held_guard.added(1);
        self.tally.first_pos.get_or_insert(pos);
        let latency = (!is_dup).then(|| rules.now - piece.created_ms);
        self.hop.piece_landed(
            self.source_part,
            a,
            pos,
            len,
            self.q,
            piece.ts_ms,
            rules.mapped,
            latency,
        );
        if is_dup {
            self.tally.duplicates += len;
        }
    }
}
