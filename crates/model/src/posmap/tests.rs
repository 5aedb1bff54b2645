//! Worked examples: Kafka's `OffsetSyncStoreTest` cases ported (connect/mirror/src/test/
//! java/org/apache/kafka/connect/mirror/OffsetSyncStoreTest.java), then the writer rule.

use super::store::check_invariants;
use super::*;

/// Kafka's `sync(tp, upstream, downstream)`: a pair straight into the store.
fn sync(m: &mut PositionMap, up: u64, down: u64) {
    m.write(up, down, 0);
}

/// Kafka's `translateDownstream`: None for no pairs, -1 when older than history.
fn tr(m: &PositionMap, g: u64) -> Option<i64> {
    match m.translate(g) {
        Translation::NoPairs => None,
        Translation::OlderThanHistory { .. } => Some(-1),
        Translation::At { position, .. } => Some(position as i64),
    }
}

fn slot_up(m: &PositionMap, i: usize) -> u64 {
    m.store.slot(i).unwrap().up
}

fn distinct(m: &PositionMap) -> usize {
    m.pairs().count()
}

#[test]
fn kafka_offset_translation() {
    let mut m = PositionMap::new(100);
    // Past the newest pair: one past it, not dead-reckoned.
    sync(&mut m, 100, 200);
    assert_eq!(tr(&m, 150), Some(201));
    // Exact.
    sync(&mut m, 150, 251);
    assert_eq!(tr(&m, 150), Some(251));
    // Before every pair.
    assert_eq!(tr(&m, 5), Some(-1));
    // The target went back: translation follows the new pair.
    sync(&mut m, 200, 10);
    assert_eq!(tr(&m, 200), Some(10));
    // The source went back: history is reset.
    sync(&mut m, 20, 20);
    assert_eq!(tr(&m, 20), Some(20));
    assert_eq!(tr(&m, 150), Some(21));
}

#[test]
fn kafka_no_translation_without_pairs() {
    let m = PositionMap::new(100);
    assert_eq!(m.translate(0), Translation::NoPairs);
}

/// Kafka's `assertSparseSync`.
fn assert_sparse(m: &PositionMap, sync_offset: u64, previous: i64) {
    let before = if previous == -1 { -1 } else { previous + 1 };
    assert_eq!(tr(m, sync_offset - 1), Some(before), "before {sync_offset}");
    let s = sync_offset as i64;
    assert_eq!(tr(m, sync_offset), Some(s));
    assert_eq!(tr(m, sync_offset + 1), Some(s + 1));
    assert_eq!(tr(m, sync_offset + 2), Some(s + 1));
}

/// Kafka's `testPastOffsetTranslationWithoutInitializationReadToEnd`, "written knowing the
/// exact offsets syncs stored".
#[test]
fn kafka_past_offset_translation_keeps_exponentially_spaced_pairs() {
    let mut m = PositionMap::new(10);
    for offset in (0..=1000).step_by(10) {
        sync(&mut m, offset, offset);
        check_invariants(&m.store).unwrap();
    }
    assert_sparse(&m, 480, 0);
    assert_sparse(&m, 720, 480);
    assert_sparse(&m, 1000, 990);
    for offset in (1000..=10_000).step_by(10) {
        sync(&mut m, offset, offset);
        check_invariants(&m.store).unwrap();
    }
    assert_sparse(&m, 3840, 0);
    assert_sparse(&m, 7680, 3840);
    assert_sparse(&m, 8640, 7680);
    assert_sparse(&m, 9120, 8640);
    assert_sparse(&m, 9600, 9120);
    assert_sparse(&m, 9840, 9600);
    assert_sparse(&m, 9900, 9840);
    assert_sparse(&m, 9960, 9900);
    assert_sparse(&m, 9990, 9960);
    assert_sparse(&m, 10_000, 9990);
    // Rewinding the source clears the history.
    sync(&mut m, 1500, 11_000);
    check_invariants(&m.store).unwrap();
    assert_eq!(tr(&m, 1499), Some(-1));
    assert_eq!(tr(&m, 1500), Some(11_000));
    assert_eq!(tr(&m, 2000), Some(11_001));
}

/// Kafka's `assertSyncSpacingHasBoundedExpirations`.
fn assert_bounded_expirations(first: u64, steps: impl Iterator<Item = u64>, max_expired: i64) {
    let mut m = PositionMap::new(1);
    sync(&mut m, first, first);
    let mut offset = first;
    let mut last_count = 1i64;
    for step in steps {
        offset = offset
            .checked_add(step)
            .expect("test offsets stay in range");
        assert!(offset < i64::MAX as u64);
        sync(&mut m, offset, offset);
        assert_eq!(slot_up(&m, 0), offset, "invariant A");
        assert_eq!(slot_up(&m, SYNCS_PER_PART - 1), first, "invariant D");
        let count = distinct(&m) as i64;
        let expired = last_count - count + 1;
        assert!(
            expired <= max_expired,
            "expired {expired} > {max_expired} after {offset} (first {first})"
        );
        last_count = count;
    }
}

#[test]
fn kafka_consistently_spaced_pairs_expire_one_at_a_time() {
    let iterations = 100;
    let max_step = i64::MAX as u64 / iterations;
    let mut step = 1u64;
    while step < max_step {
        for first in 0..30 {
            assert_bounded_expirations(first, std::iter::repeat_n(step, iterations as usize), 1);
        }
        step = step * 2 + 1;
    }
}

/// `java.util.Random`, so Kafka's seeded cases run on Kafka's own numbers.
struct JavaRandom(u64);

impl JavaRandom {
    fn new(seed: u64) -> Self {
        Self((seed ^ 0x5_DEEC_E66D) & ((1 << 48) - 1))
    }

    fn next(&mut self, bits: u32) -> i32 {
        self.0 = (self.0.wrapping_mul(0x5_DEEC_E66D).wrapping_add(0xB)) & ((1 << 48) - 1);
        (self.0 >> (48 - bits)) as i32
    }

    fn next_long(&mut self) -> u64 {
        ((i64::from(self.next(32)) << 32).wrapping_add(i64::from(self.next(32)))) as u64
    }

    /// `longs(n, origin, bound)` for a power-of-two span (the cases Kafka uses).
    fn long_in(&mut self, origin: u64, span: u64) -> u64 {
        assert!(span.is_power_of_two());
        (self.next_long() & (span - 1)) + origin
    }

    fn next_double(&mut self) -> f64 {
        let hi = i64::from(self.next(26)) << 27;
        (hi + i64::from(self.next(27))) as f64 * (1.0 / (1u64 << 53) as f64)
    }
}

#[test]
fn kafka_randomly_spaced_pairs_expire_boundedly() {
    let mut random = JavaRandom::new(0);
    let iterations = 1 << 10;
    for n in 1..(64 - 10) {
        // At most n bits between the smallest and largest step: at most n + 2 expire.
        let max_diff = 1u64 << n;
        let steps: Vec<u64> = (0..iterations)
            .map(|_| random.long_in(0, max_diff))
            .collect();
        assert_bounded_expirations(0, steps.into_iter(), n as i64 + 2);
        let lag_max = 1u64 << 16;
        let steps: Vec<u64> = (0..iterations)
            .map(|_| random.long_in(lag_max, max_diff))
            .collect();
        assert_bounded_expirations(0, steps.into_iter(), n as i64 + 2);
    }
}

#[test]
fn kafka_dropped_pairs_expire_at_most_two() {
    let mut random = JavaRandom::new(0);
    let steps: Vec<u64> = (0..10_000)
        .map(|_| if random.next_double() < 0.5 { 200 } else { 100 })
        .collect();
    assert_bounded_expirations(0, steps.into_iter(), 2);
}

// ---- Kafka 3.5.0's store (`map_store: "kafka-3.5.0"`): its OffsetSyncStoreTest, tag 3.5.0 ----

fn store_3_5_0(every: u64) -> PositionMap {
    PositionMap::with_store(every, MapStore::Kafka350)
}

/// 3.5.0's `testOffsetTranslation`.
#[test]
fn kafka_3_5_0_offset_translation() {
    let mut m = store_3_5_0(100);
    sync(&mut m, 100, 200);
    assert_eq!(tr(&m, 150), Some(201));
    sync(&mut m, 150, 251);
    assert_eq!(tr(&m, 150), Some(251));
    assert_eq!(tr(&m, 5), Some(-1));
    sync(&mut m, 200, 10);
    assert_eq!(tr(&m, 200), Some(10));
    sync(&mut m, 20, 20);
    assert_eq!(tr(&m, 20), Some(20));
}

/// 3.5.0's `testNoTranslationIfNoOffsetSync`.
#[test]
fn kafka_3_5_0_no_translation_without_pairs() {
    assert_eq!(store_3_5_0(100).translate(0), Translation::NoPairs);
}

/// `testPastOffsetTranslation` of tags 3.5.0 and 3.6.0 (the same numbers in both). The
/// pairs 0..=1000 arrive while the store is starting (`readToEnd` false), when each one
/// clears every slot, so only 1000 is left when it starts; the model's store has no
/// start-up, so the test clears it before each of those pairs.
fn past_offset_translation(kind: MapStore) {
    let mut m = PositionMap::with_store(10, kind);
    let mut offset = 0;
    while offset <= 1000 {
        m.store.clear();
        sync(&mut m, offset, offset);
        check_invariants(&m.store).unwrap();
        offset += 10;
    }
    // Only the last start-up pair translates.
    assert_sparse(&m, 1000, -1);
    while offset <= 10_000 {
        sync(&mut m, offset, offset);
        check_invariants(&m.store).unwrap();
        offset += 10;
    }
    // Invariant D: the last pair from the start-up read is still kept.
    assert_sparse(&m, 1000, -1);
    assert_sparse(&m, 4840, 1000);
    assert_sparse(&m, 6760, 4840);
    assert_sparse(&m, 8680, 6760);
    assert_sparse(&m, 9160, 8680);
    assert_sparse(&m, 9640, 9160);
    assert_sparse(&m, 9880, 9640);
    assert_sparse(&m, 9940, 9880);
    assert_sparse(&m, 9970, 9940);
    assert_sparse(&m, 9990, 9970);
    assert_sparse(&m, 10_000, 9990);
    sync(&mut m, 1500, 11_000);
    check_invariants(&m.store).unwrap();
    assert_eq!(tr(&m, 1499), Some(-1));
    assert_eq!(tr(&m, 1500), Some(11_000));
    assert_eq!(tr(&m, 2000), Some(11_001));
}

#[test]
fn kafka_3_5_0_past_offset_translation() {
    past_offset_translation(MapStore::Kafka350);
}

#[test]
fn kafka_3_6_past_offset_translation_after_a_start_up_read() {
    past_offset_translation(MapStore::Kafka36);
}

/// 3.5.0's `testKeepMostDistinctSyncs`: evenly spaced pairs never lower the count of
/// distinct kept pairs (each new one expires at most one).
#[test]
fn kafka_3_5_0_keep_most_distinct_syncs() {
    let iterations = 10_000u64;
    let max_step = i64::MAX as u64 / iterations;
    let mut step = 1u64;
    while step < max_step {
        for first in 0..30u64 {
            let mut m = store_3_5_0(1);
            let mut last_count = 1;
            let mut offset = first;
            while offset <= iterations {
                sync(&mut m, offset, offset);
                assert_eq!(slot_up(&m, 0), offset, "invariant A");
                assert_eq!(slot_up(&m, SYNCS_PER_PART - 1), first, "invariant D");
                let count = distinct(&m);
                assert!(
                    count >= last_count,
                    "step {step}: expired too many after {offset}"
                );
                last_count = count;
                offset += step;
            }
        }
        step = step * 2 + 1;
    }
}

/// The most distinct pairs one new pair expired, over `steps` from 0 (3.6's
/// `assertSyncSpacingHasBoundedExpirations`, returning the bound instead of asserting it).
fn most_expired_at_once(kind: MapStore, steps: &[u64]) -> (i64, usize) {
    let mut m = PositionMap::with_store(1, kind);
    sync(&mut m, 0, 0);
    let (mut offset, mut last_count, mut most) = (0u64, 1i64, 0i64);
    for &step in steps {
        offset += step;
        sync(&mut m, offset, offset);
        check_invariants(&m.store).unwrap();
        assert_eq!(slot_up(&m, 0), offset, "invariant A");
        assert_eq!(slot_up(&m, SYNCS_PER_PART - 1), 0, "invariant D");
        let count = distinct(&m) as i64;
        most = most.max(last_count - count + 1);
        last_count = count;
    }
    (most, distinct(&m))
}

/// KAFKA-15202, which 3.6.0 (and 3.5.2) fixed: 3.6's `testDroppedSyncsSpacing` stream
/// (gaps of 100 or 200, as if every other pair were dropped, on Kafka's own random
/// numbers) expires at most 2 pairs at once in the 3.6 store, more in 3.5.0's, which
/// also ends with fewer pairs to translate older positions with.
#[test]
fn kafka_15202_unevenly_spaced_pairs_expire_many_at_once_in_3_5_0() {
    let mut random = JavaRandom::new(0);
    let steps: Vec<u64> = (0..10_000)
        .map(|_| if random.next_double() < 0.5 { 200 } else { 100 })
        .collect();
    let (new_most, new_kept) = most_expired_at_once(MapStore::Kafka36, &steps);
    let (old_most, old_kept) = most_expired_at_once(MapStore::Kafka350, &steps);
    assert!(new_most <= 2, "3.6 expired {new_most} at once");
    assert!(old_most > 2, "3.5.0 expired at most {old_most} at once");
    assert!(
        old_kept < new_kept,
        "kept {old_kept} (3.5.0) vs {new_kept} (3.6)"
    );
}

/// Evenly spaced pairs, as a copier writing a pair every N records sends them, give both
/// releases the same slots.
#[test]
fn evenly_spaced_pairs_give_both_releases_the_same_slots() {
    for step in [1u64, 7, 100, 10_001] {
        let mut a = PositionMap::with_store(1, MapStore::Kafka36);
        let mut b = store_3_5_0(1);
        for i in 0..5_000u64 {
            sync(&mut a, i * step, i * step);
            sync(&mut b, i * step, i * step);
            let (x, y): (Vec<_>, Vec<_>) = (a.pairs().collect(), b.pairs().collect());
            assert_eq!(x, y, "step {step} pair {i}");
        }
    }
}

// ---- The writer rule (Kafka's PartitionState.update) and the model's cases ----

#[test]
fn the_issue_case_a_filter_and_a_target_with_its_own_writer() {
    let mut m = PositionMap::new(100);
    m.record(0, 0, 10, 0);
    m.record(20, 100, 10, 0); // 10..20 filtered; the target's own writer took 10..100
    assert_eq!(
        m.translate(20),
        Translation::At {
            part: 0,
            position: 100
        }
    );
    assert_eq!(
        m.translate(25),
        Translation::At {
            part: 0,
            position: 101
        }
    );
    // Between them the copier learned nothing: one past the first pair.
    assert_eq!(
        m.translate(15),
        Translation::At {
            part: 0,
            position: 1
        }
    );
}

#[test]
fn a_contiguous_copy_writes_a_pair_when_the_target_is_n_past_the_last_plus_one() {
    let mut m = PositionMap::new(100);
    m.record(0, 50, 1000, 0);
    // 50, 151, 252, ..., 959: every 101 positions.
    assert_eq!(m.written(), 10);
    assert_eq!(m.pairs().last().unwrap().down, 959);
    assert_eq!(
        m.translate(909),
        Translation::At {
            part: 0,
            position: 959
        }
    );
    assert_eq!(
        m.translate(950),
        Translation::At {
            part: 0,
            position: 960
        }
    );
}

#[test]
fn records_from_other_writers_on_the_target_count_toward_n() {
    let mut m = PositionMap::new(100);
    m.record(0, 0, 10, 0);
    // Source contiguous, but the target's own writer appended 90 records meanwhile:
    // record 10 lands at 100, 99 past the pair plus one (no pair), record 11 at 101 does.
    m.record(10, 100, 10, 0);
    assert_eq!(m.written(), 2);
    assert_eq!(
        m.translate(10),
        Translation::At {
            part: 0,
            position: 1
        }
    );
    assert_eq!(
        m.translate(11),
        Translation::At {
            part: 0,
            position: 101
        }
    );
}

#[test]
fn the_delayed_pair_is_written_at_the_next_commit() {
    let mut m = PositionMap::new(100);
    m.record(0, 0, 10, 0);
    assert_eq!(
        m.translate(10),
        Translation::At {
            part: 0,
            position: 1
        }
    );
    m.promote_delayed();
    assert_eq!(
        m.translate(9),
        Translation::At {
            part: 0,
            position: 9
        }
    );
    assert_eq!(
        m.translate(10),
        Translation::At {
            part: 0,
            position: 10
        }
    );
    // Written once only.
    m.promote_delayed();
    assert_eq!(m.written(), 2);
}

#[test]
fn a_restart_writes_a_pair_for_its_first_copy() {
    let mut a = PositionMap::new(100);
    a.record(0, 0, 10, 0);
    a.record(10, 10, 5, 0);
    assert_eq!(a.written(), 1);
    let mut b = PositionMap::new(100);
    b.record(0, 0, 10, 0);
    b.new_lifetime();
    b.record(10, 10, 5, 0);
    assert_eq!(b.written(), 2);
}

/// MirrorMaker 2's reset: a restart that re-reads from its last commit rewinds the source,
/// and every earlier pair is forgotten. (The model used to keep them as "segments".)
#[test]
fn a_rewind_forgets_earlier_pairs() {
    let mut m = PositionMap::new(1);
    m.record(0, 0, 30, 0); // first copies of 0..30 at 0..30
    m.new_lifetime();
    m.record(10, 30, 5, 0); // a restart re-appended 10..15 at 30..35
    assert_eq!(m.translate(5), Translation::OlderThanHistory { oldest: 10 });
    assert_eq!(
        m.translate(10),
        Translation::At {
            part: 0,
            position: 30
        }
    );
    // Past the rewind, translation follows the re-copies only. Had 15..30 aged out of the
    // source before being re-read, their only copies (15..30) lie before this answer:
    // MirrorMaker 2 would translate past them too.
    assert_eq!(
        m.translate(12),
        Translation::At {
            part: 0,
            position: 32
        }
    );
}

#[test]
fn a_change_of_target_part_writes_a_pair() {
    let mut m = PositionMap::new(100);
    m.record(0, 0, 10, 0);
    m.record(10, 0, 10, 1); // fan-out: the next batch went to part 1
    assert_eq!(m.written(), 2);
    assert_eq!(
        m.translate(12),
        Translation::At {
            part: 1,
            position: 1
        }
    );
    assert_eq!(
        m.translate(5),
        Translation::At {
            part: 0,
            position: 1
        }
    );
}

#[test]
fn a_target_that_went_back_writes_a_pair() {
    let mut m = PositionMap::new(100);
    m.record(0, 500, 10, 0);
    m.record(10, 3, 10, 0); // the target was rebuilt and numbers from low again
    assert_eq!(m.written(), 2);
    assert_eq!(
        m.translate(10),
        Translation::At {
            part: 0,
            position: 3
        }
    );
}

#[test]
fn no_pairs_and_older_than_history_are_different_answers() {
    let mut m = PositionMap::new(5);
    assert_eq!(m.translate(50), Translation::NoPairs);
    m.record(100, 0, 10, 0);
    assert_eq!(
        m.translate(50),
        Translation::OlderThanHistory { oldest: 100 }
    );
    assert_eq!(m.oldest(), Some(100));
}

#[test]
fn history_stays_bounded_and_older_queries_land_close() {
    let n = 100;
    let mut m = PositionMap::new(n);
    // A filter drops every other block of 50, so every copied block starts a pair too.
    let mut down = 0;
    for block in 0..200_000u64 {
        m.record(block * 100, down, 50, 0);
        down += 50;
    }
    assert_eq!(m.written(), 200_000);
    assert!(m.pairs().count() <= SYNCS_PER_PART);
    check_invariants(&m.store).unwrap();
    let newest = m.pairs().last().unwrap().up;
    // A copied position g, `dist` source positions behind the newest pair, lands at most
    // about that far (in target records) behind its copy: exponential spacing.
    for dist in [0u64, 1_000, 10_000, 100_000, 1_000_000, 10_000_000] {
        let g = (newest - dist) / 100 * 100 + 10;
        let truth = g / 100 * 50 + 10;
        let (_, t) = m.translate(g).at().unwrap();
        assert!(t <= truth, "g={g}");
        assert!(truth - t <= (dist / 2).max(n), "g={g} t={t} truth={truth}");
    }
}
