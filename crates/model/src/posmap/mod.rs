//! The position map a copier writes as it runs, ported from Kafka MirrorMaker 2.
//!
//! Two halves, as in Kafka:
//! - **when a pair is written** (Kafka: `OffsetSyncWriter.PartitionState.update`, called
//!   from `MirrorSourceTask.commitRecord`): for the first record a copier task copies,
//!   when the source skipped or went back, when the target went back, and when the
//!   target moved `N` (`offset.lag.max`) or more positions past the last pair plus one.
//!   A record that writes no pair is held as the part's *delayed* pair and written at the
//!   copier's next commit (`promoteDelayedOffsetSyncs`, from `MirrorSourceTask.commit`),
//!   so a quiet part is not left with a stale newest pair;
//! - **which pairs are kept and how a position translates** (Kafka: `OffsetSyncStore`),
//!   in [`store`]: 64 slots per part, exponentially spaced; an upstream rewind forgets
//!   every earlier pair; translation takes the newest kept pair at or before `g`, its
//!   target position, plus one if `g` is past it, and "older than every kept pair" (Kafka's
//!   -1) when there is none.
//!
//! The model's one addition: a change of target part (fan-out) also writes a pair, and a
//! pair names its target part (MirrorMaker 2 always writes part i to part i).

mod store;
#[cfg(test)]
mod tests;

use crate::spec::MapStore;
use serde::Serialize;
use store::SyncStore;
pub use store::SYNCS_PER_PART;

/// One pair (Kafka's `OffsetSync`): source position `up` was written at `down` in target
/// part `down_part`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MapPair {
    pub up: u64,
    pub down: u64,
    pub down_part: u32,
    /// Which pair this is (Kafka compares pairs by identity, not by value).
    pub id: u64,
}

/// What a source position translates to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum Translation {
    /// The copier has written no pair for this part yet (Kafka: an empty result).
    NoPairs,
    /// `g` is before every kept pair (Kafka: -1); `oldest` is the oldest kept pair's
    /// source position.
    OlderThanHistory { oldest: u64 },
    /// Resume at `position` of target part `part`.
    At { part: u32, position: u64 },
}

impl Translation {
    pub fn at(self) -> Option<(u32, u64)> {
        match self {
            Translation::At { part, position } => Some((part, position)),
            _ => None,
        }
    }

    /// In words, for notes and the command line.
    pub fn describe(self) -> String {
        match self {
            Translation::NoPairs => "no map pairs yet".into(),
            Translation::OlderThanHistory { oldest } => {
                format!(
                    "older than every kept map pair (the oldest is at source position {oldest})"
                )
            }
            Translation::At { part, position } => format!("part {part} position {position}"),
        }
    }
}

/// Kafka's per-partition `PartitionState`: what the copier task remembers to decide when
/// to write a pair. A restart starts a new one.
#[derive(Clone, Copy, Debug, Default)]
struct SyncWriter {
    /// The last record copied: (source, target, target part).
    prev: Option<(u64, u64, u32)>,
    /// Target position of the last pair written in this lifetime.
    last_sync_down: Option<u64>,
    /// The newest record that wrote no pair, written at the next commit.
    delayed: Option<(u64, u64, u32)>,
}

#[derive(Clone, Debug, Default)]
pub struct PositionMap {
    /// `offset.lag.max`.
    every: u64,
    writer: SyncWriter,
    store: SyncStore,
    /// Pairs written so far (ids).
    written: u64,
}

impl PositionMap {
    pub fn new(every: u64) -> Self {
        Self::with_store(every, MapStore::default())
    }

    /// A map whose pairs are kept by `store`'s release of Kafka's `OffsetSyncStore`.
    pub fn with_store(every: u64, store: MapStore) -> Self {
        Self {
            every,
            store: SyncStore::new(store),
            ..Self::default()
        }
    }

    /// The kept pairs, oldest first (at most [`SYNCS_PER_PART`]).
    pub fn pairs(&self) -> impl Iterator<Item = &MapPair> {
        self.store.distinct()
    }

    /// Pairs written since the start (kept or not).
    pub fn written(&self) -> u64 {
        self.written
    }

    /// The oldest kept pair's source position: anything before it is older than history.
    pub fn oldest(&self) -> Option<u64> {
        self.store.slot(SYNCS_PER_PART - 1).map(|p| p.up)
    }

    /// Forgets every pair (the model's target cluster was lost; see the README).
    pub fn clear(&mut self) {
        self.store.clear();
        self.writer = SyncWriter::default();
    }

    /// A copier restart: a new task lifetime, whose first copy writes a pair; the
    /// delayed pair of the old one is dropped.
    pub fn new_lifetime(&mut self) {
        self.writer = SyncWriter::default();
    }

    /// The copier committed: the delayed pair, if any, is written now.
    pub fn promote_delayed(&mut self) {
        if let Some((up, down, part)) = self.writer.delayed.take() {
            self.write(up, down, part);
        }
    }

    /// Records that source `up..up+len` landed at target `down..down+len` in `part`,
    /// writing pairs where `PartitionState.update` would, record by record.
    #[inline(always)]
    pub fn record(&mut self, up: u64, down: u64, len: u64, part: u32) {
        if len == 0 {
            return;
        }
        let end = down + len;
        if let (Some((pu, pd, pp)), Some(last)) = (self.writer.prev, self.writer.last_sync_down) {
            // The common case, inline: the copy continues the last one and the target has
            // not moved `N` past the last pair: no pair now, and this copy's last record is
            // the delayed pair (what the full rule below decides too).
            let next = last.saturating_add(self.every.saturating_add(1));
            if up == pu.wrapping_add(1) && down >= pd && part == pp && down < next && end <= next {
                let newest = (up + len - 1, end - 1, part);
                self.writer.prev = Some(newest);
                self.writer.delayed = Some(newest);
                return;
            }
        }
        self.record_with_pairs(up, down, len, part);
    }

    /// [`PositionMap::record`] where the rule may write pairs.
    #[inline(never)]
    fn record_with_pairs(&mut self, up: u64, down: u64, len: u64, part: u32) {
        let w = self.writer;
        let step = self.every.saturating_add(1);
        let end = down + len;
        let first_writes = match (w.prev, w.last_sync_down) {
            (Some((pu, pd, pp)), Some(last)) => {
                up != pu.wrapping_add(1) // skipped upstream record (or went back)
                    || down < pd // the target went back
                    || part != pp // another target part (the model's fan-out)
                    || down >= last.saturating_add(1).saturating_add(self.every)
            }
            _ => true, // no pair yet in this lifetime
        };
        let mut next = if first_writes {
            self.write(up, down, part);
            down.saturating_add(step)
        } else {
            w.last_sync_down.map_or(down, |l| l.saturating_add(step))
        };
        let mut last_written = first_writes.then_some(down);
        // Within the block both sides advance together: only staleness writes pairs.
        while next < end {
            self.write(up + (next - down), next, part);
            last_written = Some(next);
            next = next.saturating_add(step);
        }
        let last = (up + len - 1, end - 1, part);
        self.writer.prev = Some(last);
        if let Some(d) = last_written {
            self.writer.last_sync_down = Some(d);
        }
        self.writer.delayed = if last_written == Some(end - 1) {
            None
        } else {
            Some(last)
        };
    }

    /// A pair read from a real offset-syncs topic (`OffsetSyncStore.handleRecord`), in the
    /// order the topic holds them: kept, or not, by this map's store as Kafka's would.
    pub fn receive(&mut self, up: u64, down: u64) {
        self.write(up, down, 0);
    }

    fn write(&mut self, up: u64, down: u64, down_part: u32) {
        self.written += 1;
        self.store.receive(MapPair {
            up,
            down,
            down_part,
            id: self.written,
        });
    }

    /// Kafka's `translateDownstream`: source position `g` (the next record a reader would
    /// read) to a target position. The newest kept pair at or before `g`; its target
    /// position if `g` is exactly it, else one past it (later records land after the pair,
    /// but how many were filtered or interleaved is unknown, so no further).
    pub fn translate(&self, g: u64) -> Translation {
        let Some(sync) = self.store.latest_at_or_before(g) else {
            return Translation::NoPairs;
        };
        if sync.up > g {
            return Translation::OlderThanHistory { oldest: sync.up };
        }
        Translation::At {
            part: sync.down_part,
            position: sync.down + u64::from(g != sync.up),
        }
    }
}
