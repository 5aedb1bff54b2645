//! One source partition's offset syncs, kept and translated as the release would: the
//! model's `OffsetSyncStore` from 3.4.1 on, the single newest sync before.

use super::version::Rule;
use hoplab_model::{PositionMap, Translation};

/// A partition's syncs, as one release's checkpoint task holds them.
pub struct Syncs {
    store: Option<PositionMap>,
    newest: Option<(u64, u64)>,
    /// The largest step in upstream offsets between two syncs read one after the other.
    widest_gap: u64,
    /// Where the target holds more records than source offsets between two syncs read one
    /// after the other: (the later sync's upstream, its downstream, how many more). A
    /// restarted source task copies again what it copied after its last committed source
    /// offset, and its first record always syncs (`MirrorSourceTask.PartitionState.update`,
    /// `noPreviousSyncThisLifetime`), so the copies again start at that sync.
    recopied: Vec<(u64, u64, u64)>,
}

impl Syncs {
    pub fn new(rule: Rule) -> Self {
        Syncs {
            store: match rule {
                Rule::Store(kind) => Some(PositionMap::with_store(0, kind)),
                _ => None,
            },
            newest: None,
            widest_gap: 0,
            recopied: Vec::new(),
        }
    }

    /// A sync read from the topic, in the topic's order.
    pub fn receive(&mut self, upstream: u64, downstream: u64) {
        if let Some((up, down)) = self.newest {
            self.widest_gap = self.widest_gap.max(upstream.saturating_sub(up));
            let more =
                (downstream.saturating_sub(down)).saturating_sub(upstream.saturating_sub(up));
            if upstream >= up && more > 0 {
                self.recopied.push((upstream, downstream, more));
            }
        }
        self.newest = Some((upstream, downstream));
        if let Some(store) = &mut self.store {
            store.receive(upstream, downstream);
        }
    }

    /// The newest sync read: (upstream, downstream).
    pub fn newest(&self) -> Option<(u64, u64)> {
        self.newest
    }

    /// Records a group resuming at target `downstream` reads again beyond the source
    /// records after its floor, up to its commit `committed` (the next record it reads):
    /// the copies again that start after `downstream`, of source records before the commit.
    pub fn recopied_after(&self, downstream: u64, committed: u64) -> u64 {
        self.recopied
            .iter()
            .filter(|(up, down, _)| *down > downstream && *up < committed)
            .map(|(up, _, more)| (*more).min(committed - up))
            .sum()
    }

    pub fn widest_gap(&self) -> u64 {
        self.widest_gap
    }

    /// Where a group that committed `committed` at the source would be put on the target
    /// now, by the release's rule.
    pub fn translate(&self, committed: u64) -> Translation {
        match (&self.store, self.newest) {
            (Some(store), _) => store.translate(committed),
            (None, None) => Translation::NoPairs,
            (None, Some((up, _))) if committed < up => Translation::OlderThanHistory { oldest: up },
            (None, Some((up, down))) => Translation::At {
                part: 0,
                position: down + (committed - up),
            },
        }
    }

    /// The newest kept sync whose downstream offset is at or before `downstream`: the
    /// records from there to `downstream` on the target are copies of distinct source
    /// records after its upstream offset, so the record at `downstream` is at least
    /// `upstream + (downstream - its downstream)` at the source.
    pub fn source_floor(&self, downstream: u64) -> Option<u64> {
        let kept: Vec<(u64, u64)> = match &self.store {
            Some(store) => store.pairs().map(|p| (p.up, p.down)).collect(),
            None => self.newest.into_iter().collect(),
        };
        kept.iter()
            .filter(|(_, down)| *down <= downstream)
            .max_by_key(|(_, down)| *down)
            .map(|(up, down)| up + (downstream - down))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hoplab_model::spec::MapStore;

    /// Syncs every 100 records, the target 10 behind (ten records were there before).
    fn every_hundred(rule: Rule) -> Syncs {
        let mut s = Syncs::new(rule);
        for up in (0..=1_000).step_by(100) {
            s.receive(up, up + 10);
        }
        s
    }

    // Each answer below is Kafka's rule worked by hand: the newest sync at or before the
    // commit is (900, 910) for 950; an exact hit gives its downstream offset.
    #[test]
    fn the_store_translates_to_one_past_the_newest_sync_at_or_before() {
        let s = every_hundred(Rule::Store(MapStore::Kafka36));
        assert_eq!(
            s.translate(950),
            Translation::At {
                part: 0,
                position: 911
            }
        );
        assert_eq!(
            s.translate(900),
            Translation::At {
                part: 0,
                position: 910
            }
        );
        assert_eq!(
            s.translate(1_000),
            Translation::At {
                part: 0,
                position: 1_010
            }
        );
    }

    #[test]
    fn up_to_3_4_0_the_distance_was_added_and_older_commits_did_not_translate() {
        let s = every_hundred(Rule::AddTheDistance);
        // One sync kept, (1000, 1010): 1040 lands 40 on, past what may be copied yet.
        assert_eq!(
            s.translate(1_040),
            Translation::At {
                part: 0,
                position: 1_050
            }
        );
        assert_eq!(
            s.translate(950),
            Translation::OlderThanHistory { oldest: 1_000 }
        );
        let fixed = every_hundred(Rule::Store(MapStore::Kafka350));
        assert_eq!(
            fixed.translate(1_040),
            Translation::At {
                part: 0,
                position: 1_011
            }
        );
    }

    // A source task restarted after copying source 100..=149 to target 110..=159 with
    // its last committed source offset 129: it copies 130..=149 again from target 160,
    // and that first record syncs, (130, 160). Between (100, 110) and (130, 160) the
    // target holds 50 records for 30 source offsets: 20 copied again. A group resuming at
    // 111 that had read up to 139 (committed 140) reads 101..=139 again from the first
    // copies and 130..=139 once more from the second: 10 more; committed 200, all 20.
    #[test]
    fn records_a_restart_copied_again_are_counted_from_the_syncs() {
        let mut s = Syncs::new(Rule::Store(MapStore::Kafka36));
        s.receive(100, 110);
        s.receive(130, 160);
        s.receive(200, 230);
        assert_eq!(s.recopied_after(111, 140), 10);
        assert_eq!(s.recopied_after(111, 200), 20);
        assert_eq!(s.recopied_after(160, 200), 0);
        assert_eq!(s.recopied_after(111, 130), 0);
    }

    #[test]
    fn the_source_floor_of_a_target_offset_comes_from_the_sync_under_it() {
        let s = every_hundred(Rule::Store(MapStore::Kafka36));
        assert_eq!(s.source_floor(911), Some(901));
        assert_eq!(s.source_floor(5), None);
        assert_eq!(s.widest_gap(), 100);
    }
}
