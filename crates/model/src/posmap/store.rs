//! The kept history of one source part's pairs: a port of Kafka MirrorMaker 2's
//! `OffsetSyncStore` (connect/mirror/src/main/java/org/apache/kafka/connect/mirror/
//! OffsetSyncStore.java): 64 slots per part, newest in slot 0, spaced roughly
//! exponentially so that older positions still translate, less precisely.
//!
//! Two releases' updates, chosen by the hop's `map_store` ([`MapStore`]):
//! - `kafka-3.6` (the default): Kafka 3.6.0 and later, and 3.5.2 (KAFKA-15202, PR #14156,
//!   apache/kafka commit 0ee26640e59; unchanged in `updateSyncArray` through 3.9.0 and
//!   trunk as of October 2024, where 3.8.0 only added the start-up `onlyLoadLastOffset`
//!   case, KAFKA-15905): [`SyncStore::update`];
//! - `kafka-3.5.0`: Kafka 3.4.1, 3.5.0 and 3.5.1 (KAFKA-14666, PR #13429, apache/kafka
//!   commit baf127a6633): [`SyncStore::update_3_5_0`], which only ever considers the pair
//!   it has just pushed out of a slot.
//!
//! Before 3.4.1 / 3.5.0 MirrorMaker 2 kept one sync per part. PR #13429's early drafts
//! (March 2023) kept the slots as power-of-two buckets (`updateSyncArray` with a mask
//! over the offset's high bits); that version was replaced within the PR before it was
//! merged and is in no release, so it is not offered here.
//!
//! Kafka's invariants, kept here (i < j, `syncs[i]` and `syncs[j]` distinct pairs):
//! A: slot 0 is the latest pair received;
//! B: `syncs[i].up <= syncs[j].up + 2^j - 2^i` (a slot is never too old for its index);
//! C: `syncs[i].up >= syncs[j].up + 2^(i-2)` (distinct pairs are spread apart);
//! D: slot 63 is the earliest pair still usable for translation.

use super::MapPair;
use crate::spec::MapStore;

/// Slots per part: one per bit of a 64-bit position (Kafka's `SYNCS_PER_PARTITION`).
pub const SYNCS_PER_PART: usize = 64;

#[derive(Clone, Debug, Default)]
pub(super) struct SyncStore {
    /// Whose update rule this store follows.
    kind: MapStore,
    /// Empty before the first pair, else exactly [`SYNCS_PER_PART`] slots.
    syncs: Vec<MapPair>,
    /// Old values of the slots overwritten during one update (Kafka copies the whole
    /// array first; saving only what is overwritten gives the same reads for less).
    scratch: Vec<MapPair>,
}

impl SyncStore {
    pub fn new(kind: MapStore) -> Self {
        Self {
            kind,
            ..Self::default()
        }
    }

    pub fn clear(&mut self) {
        self.syncs.clear();
    }

    pub fn slot(&self, i: usize) -> Option<&MapPair> {
        self.syncs.get(i)
    }

    /// Distinct pairs, oldest first.
    pub fn distinct(&self) -> impl Iterator<Item = &MapPair> {
        let s = &self.syncs;
        (0..s.len())
            .rev()
            .filter(move |&i| i == 0 || s[i].id != s[i - 1].id)
            .map(move |i| &s[i])
    }

    /// Kafka's `handleRecord`: a pair arrives. An upstream rewind (a position before the
    /// newest pair's) invalidates every earlier pair, so all slots take the new one.
    pub fn receive(&mut self, sync: MapPair) {
        if self.syncs.is_empty() || sync.up < self.syncs[0].up {
            self.syncs.clear();
            self.syncs.resize(SYNCS_PER_PART, sync);
            return;
        }
        match self.kind {
            MapStore::Kafka36 => self.update(sync, true),
            MapStore::Kafka350 => self.update_3_5_0(sync),
        }
    }

    /// Kafka 3.5.0's `updateSyncArray` (KAFKA-14666 as merged), without the start-up
    /// case: the slot's previous pair (`oldValue`) is the only candidate for the next
    /// slot; a candidate not recent or separated enough is dropped for good, even when it
    /// would have fitted a later slot.
    fn update_3_5_0(&mut self, sync: MapPair) {
        let syncs: &mut [MapPair; SYNCS_PER_PART] =
            (&mut self.syncs[..]).try_into().expect("64 slots");
        let mut replacement = sync;
        let mut old = syncs[0];
        syncs[0] = replacement;
        for current in 1..SYNCS_PER_PART {
            let previous = current - 1;
            let is_recent = invariant_b(&syncs[previous], &old, previous, current);
            let separated_from_previous = invariant_c(&syncs[previous], &old, previous);
            let next = current + 1;
            let separated_from_next =
                next >= SYNCS_PER_PART || invariant_c(&old, &syncs[next], current);
            if is_recent && separated_from_previous && separated_from_next {
                replacement = old;
            }
            if invariant_b(&syncs[previous], &syncs[current], previous, current) {
                break;
            }
            old = syncs[current];
            syncs[current] = replacement;
        }
    }

    /// Kafka 3.6's `updateSyncArray` (without the start-up "only load the last offset" case:
    /// the model's store never re-reads a backlog of pairs).
    fn update(&mut self, sync: MapPair, fast: bool) {
        let (mut ri, first) = if fast {
            fast_prefix(self.syncs[..].try_into().expect("64 slots"), sync.up as i64)
        } else {
            (0, 1)
        };
        let syncs: &mut [MapPair; SYNCS_PER_PART] =
            (&mut self.syncs[..]).try_into().expect("64 slots");
        if self.scratch.len() != SYNCS_PER_PART {
            self.scratch.resize(SYNCS_PER_PART, sync);
        }
        let saved: &mut [MapPair; SYNCS_PER_PART] =
            (&mut self.scratch[..]).try_into().expect("64 slots");
        // `saved[..current]` holds the old values of the slots overwritten so far.
        saved[..first].copy_from_slice(&syncs[..first]);
        syncs[..first].fill(sync);
        let mut replacement = sync;
        for current in first..SYNCS_PER_PART {
            let previous = current - 1;
            loop {
                // Every slot below `current` was overwritten and saved, in order
                // (ri < current < SYNCS_PER_PART: the mask only drops a bounds check).
                let old = saved[ri % SYNCS_PER_PART];
                let is_recent = invariant_b(&syncs[previous], &old, previous, current);
                let separated_from_previous = invariant_c(&syncs[previous], &old, previous);
                let next = current + 1;
                let separated_from_next =
                    next >= SYNCS_PER_PART || invariant_c(&old, &syncs[next], current);
                let nr = ri + 1;
                let original_next = if nr < current {
                    Some(&saved[nr % SYNCS_PER_PART])
                } else {
                    syncs.get(nr)
                };
                let duplicate = original_next.is_some_and(|o| o.id == old.id);
                let promote = is_recent && separated_from_previous && separated_from_next;
                if promote {
                    replacement = old;
                }
                let skip = duplicate || !separated_from_previous;
                if promote || skip {
                    ri += 1;
                }
                if !(ri < current && skip) {
                    break;
                }
            }
            if invariant_b(&syncs[previous], &syncs[current], previous, current) {
                // Holds here, so it holds for every later slot.
                break;
            }
            saved[current] = syncs[current];
            syncs[current] = replacement;
        }
    }

    /// Kafka's `lookupLatestSync`: the newest pair at or before `g`, else the oldest kept.
    pub fn latest_at_or_before(&self, g: u64) -> Option<&MapPair> {
        self.syncs
            .iter()
            .find(|s| s.up <= g)
            .or_else(|| self.syncs.last())
    }
}

/// The same steps as `update`'s loop, specialised for its common start: while the new
/// pair (at `new_up`) is more than 2^(current-1) past both the slot's pair and the
/// candidate, no candidate is recent enough to promote, every one is separated from the
/// new pair, and the slot takes the new pair; only skipping duplicates remains. It only
/// reads (the array is still the original); `update` then writes the whole prefix at once
/// and leaves any other case to its full loop, which continues from the same state.
/// Returns (the candidate's index, the first slot the full loop handles).
#[inline(always)]
fn fast_prefix(syncs: &[MapPair; SYNCS_PER_PART], new_up: i64) -> (usize, usize) {
    // Fixed-size view: indexes below SYNCS_PER_PART need no bounds checks.
    let mut ri = 0;
    let mut first = 1;
    'fast: while first < SYNCS_PER_PART - 2 {
        let current = first;
        let reach = 1i64 << (current - 1);
        if new_up - (syncs[current].up as i64) <= reach {
            break;
        }
        loop {
            if new_up - (syncs[ri].up as i64) <= reach {
                break 'fast;
            }
            let duplicate = syncs[ri + 1].id == syncs[ri].id;
            if duplicate {
                ri += 1;
            }
            if !(ri < current && duplicate) {
                break;
            }
        }
        first += 1;
    }
    (ri, first)
}

// Kafka computes these bounds in signed 64-bit arithmetic that may wrap; so do we.
fn invariant_b(i_sync: &MapPair, j_sync: &MapPair, i: usize, j: usize) -> bool {
    let bound = (j_sync.up as i64)
        .wrapping_add(1i64 << j)
        .wrapping_sub(1i64 << i);
    i_sync.id == j_sync.id || bound < 0 || (i_sync.up as i64) <= bound
}

fn invariant_c(i_sync: &MapPair, j_sync: &MapPair, i: usize) -> bool {
    let bound = (j_sync.up as i64).wrapping_add(1i64 << i.saturating_sub(2));
    i_sync.id == j_sync.id || (bound >= 0 && (i_sync.up as i64) >= bound)
}

#[cfg(test)]
pub(super) fn check_invariants(store: &SyncStore) -> Result<(), String> {
    let s = &store.syncs;
    for j in 0..s.len() {
        for i in 0..j {
            if s[i].up == s[j].up {
                continue;
            }
            let lower = (s[j].up as i64).wrapping_add(1i64 << i.saturating_sub(2));
            if lower >= 0 && (s[i].up as i64) < lower {
                return Err(format!("invariant C({i},{j}): {} < {lower}", s[i].up));
            }
            let upper = (s[j].up as i64)
                .wrapping_add(1i64 << j)
                .wrapping_sub(1i64 << i);
            if upper >= 0 && (s[i].up as i64) > upper {
                return Err(format!("invariant B({i},{j}): {} > {upper}", s[i].up));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod fast_path {
    use super::*;

    /// The specialised start gives exactly the slots the plain port gives.
    #[test]
    fn matches_the_plain_port_on_mixed_sequences() {
        let mut seed = 7u64;
        let mut next = move || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            seed >> 33
        };
        for round in 0..200 {
            let (mut a, mut b) = (SyncStore::default(), SyncStore::default());
            let mut up = 0u64;
            for id in 1..2_000u64 {
                up = match next() % 20 {
                    0 => up / 2, // a rewind
                    1 => up,     // the same source position again
                    2 => up + next() % (1 << (round % 40)),
                    _ => up + 1 + next() % (10 + round * 37),
                };
                let sync = MapPair {
                    up,
                    down: id,
                    down_part: 0,
                    id,
                };
                if a.syncs.is_empty() || up < a.syncs[0].up {
                    a.receive(sync);
                    b.receive(sync);
                } else {
                    a.update(sync, true);
                    b.update(sync, false);
                }
                assert_eq!(a.syncs, b.syncs, "round {round} pair {id}");
            }
        }
    }
}
