//! The position map a copier writes as it runs: sampled (source, target) pairs per part,
//! following MirrorMaker 2's rule, and translation that resolves at or before.

/// One pair: source position `up` was written at `down` in target part `down_part`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MapPair {
    pub up: u64,
    pub down: u64,
    pub down_part: u32,
    /// First pair of a segment: the copy did not continue the previous pair's run
    /// (a skip, a restart's rewind, another target part). Never thinned.
    pub starts_segment: bool,
}

/// Pairs kept per part; older ones are thinned so the map stays dense near the live end.
pub const MAP_KEEP: usize = 128;

#[derive(Clone, Debug, Default)]
pub struct PositionMap {
    every: u64,
    pairs: Vec<MapPair>,
    /// The last record copied (source, target), to detect skips.
    prev: Option<(u64, u64, u32)>,
    /// Source positions from here on still have every pair written (older ones thinned).
    dense_from: u64,
}

impl PositionMap {
    pub fn new(every: u64) -> Self {
        Self {
            every,
            ..Self::default()
        }
    }

    pub fn pairs(&self) -> &[MapPair] {
        &self.pairs
    }

    /// From this source position on, no pair has been thinned away.
    pub fn dense_from(&self) -> u64 {
        self.dense_from
    }

    /// Forgets everything (the target cluster was lost).
    pub fn clear(&mut self) {
        self.pairs.clear();
        self.prev = None;
        self.dense_from = 0;
    }

    /// Records that source `up..up+len` landed at target `down..down+len` in `part`.
    /// A pair is written for the first record, when the source skipped or went back,
    /// when the target part changed or went back, and when the target moved at least
    /// `every` records past the last pair.
    pub fn record(&mut self, up: u64, down: u64, len: u64, part: u32) {
        if len == 0 {
            return;
        }
        let contiguous = matches!(self.prev, Some((pu, pd, pp))
            if up == pu + 1 && pp == part && down > pd)
            && self.pairs.last().is_some_and(|l| l.down_part == part);
        let end = down + len;
        let mut next_due = if contiguous {
            let l = self.pairs.last().copied().expect("checked above");
            (l.down + 1 + self.every).max(down)
        } else {
            self.push(MapPair {
                up,
                down,
                down_part: part,
                starts_segment: true,
            });
            down + 1 + self.every
        };
        if next_due < end {
            // Pairs fall at next_due, next_due + every + 1, ...; only the newest
            // MAP_KEEP can survive, so skip straight to them.
            let step = self.every + 1;
            let count = (end - 1 - next_due) / step + 1;
            let skip = count.saturating_sub(MAP_KEEP as u64);
            if skip > 0 {
                next_due += skip * step;
                self.dense_from = self.dense_from.max(up + (next_due - down));
            }
            let mut d = next_due;
            while d < end {
                self.push(MapPair {
                    up: up + (d - down),
                    down: d,
                    down_part: part,
                    starts_segment: false,
                });
                d += step;
            }
        }
        self.prev = Some((up + len - 1, end - 1, part));
    }

    fn push(&mut self, pair: MapPair) {
        if self.pairs.len() >= MAP_KEEP {
            // Drop every second pair of the older half.
            let half = MAP_KEEP / 2;
            self.dense_from = self.dense_from.max(self.pairs[half].up);
            let mut kept: Vec<MapPair> = self.pairs[..half]
                .iter()
                .enumerate()
                .filter(|(i, p)| i % 2 == 0 || p.starts_segment)
                .map(|(_, p)| *p)
                .collect();
            kept.extend_from_slice(&self.pairs[half..]);
            self.pairs = kept;
        }
        self.pairs.push(pair);
    }

    /// Translates source position `g` (the next record a reader would read) to a target
    /// position from which every record at or after `g` still has a copy ahead.
    ///
    /// Within one segment this is MirrorMaker 2's rule: the newest pair with `up <= g`,
    /// its `down`, plus one if `g` is past it. A restart starts a second segment that
    /// re-appends duplicates further on; records past the rewind point that aged out before
    /// being copied again have their only copy in the first segment, before those
    /// duplicates. So every segment that still holds records at or after `g` is asked,
    /// and the lowest answer wins: without restarts that is exactly the rule; with them it
    /// errs toward replay. None if `g` is older than every kept pair.
    pub fn translate(&self, g: u64) -> Option<(u32, u64)> {
        let newest = self.pairs.iter().rev().find(|p| p.up <= g)?;
        let part = newest.down_part;
        let starts: Vec<usize> = (0..self.pairs.len())
            .filter(|&i| self.pairs[i].starts_segment)
            .collect();
        let mut best: Option<u64> = None;
        for (k, &a) in starts.iter().enumerate() {
            let b = starts.get(k + 1).copied().unwrap_or(self.pairs.len());
            let seg = &self.pairs[a..b];
            if seg[0].down_part != part {
                continue;
            }
            // Where this segment's copying stopped, in source positions: it ran in step
            // on both sides until the next segment's first target position.
            let last = seg[seg.len() - 1];
            let stop = match self.pairs.get(b) {
                Some(next) if next.down_part == part && next.down > last.down => {
                    last.up + (next.down - last.down)
                }
                Some(_) => last.up + 1,
                None => u64::MAX,
            };
            if stop <= g {
                continue; // everything in it is before g
            }
            let u = g.max(seg[0].up);
            let p = seg.iter().rev().find(|p| p.up <= u).unwrap_or(&seg[0]);
            let at = p.down + u64::from(u > p.up);
            best = Some(best.map_or(at, |x| x.min(at)));
        }
        Some((part, best.unwrap_or(newest.down + u64::from(g > newest.up))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contiguous_copy_writes_a_pair_every_n_plus_one() {
        let mut m = PositionMap::new(100);
        m.record(0, 50, 1000, 0);
        let downs: Vec<u64> = m.pairs().iter().map(|p| p.down).collect();
        assert_eq!(&downs[..3], &[50, 151, 252]);
    }

    #[test]
    fn translation_is_at_or_before_and_within_n() {
        let mut m = PositionMap::new(10);
        m.record(0, 500, 100, 0);
        for g in 0..100u64 {
            let (_, t) = m.translate(g).unwrap();
            assert!(t <= 500 + g, "g={g} t={t}");
            assert!(500 + g - t <= 10, "g={g} t={t}");
        }
    }

    #[test]
    fn a_skip_writes_a_fresh_pair() {
        let mut m = PositionMap::new(100);
        m.record(0, 0, 10, 0);
        m.record(20, 10, 10, 0); // ten source records were filtered
        assert_eq!(m.pairs().len(), 2);
        assert_eq!(m.translate(25), Some((0, 11)));
    }

    #[test]
    fn older_than_every_pair_has_no_translation() {
        let mut m = PositionMap::new(5);
        m.record(100, 0, 10, 0);
        assert_eq!(m.translate(50), None);
    }

    #[test]
    fn after_a_restart_translation_never_lands_past_a_later_records_only_copy() {
        let mut m = PositionMap::new(1);
        m.record(0, 0, 30, 0); // first copies of 0..30 at 0..30
        m.record(10, 30, 5, 0); // a restart re-appended 10..15 at 30..35, then stopped
                                // The rule alone would give 33 for g = 12, past the only copies of 15..30.
        assert_eq!(m.translate(12), Some((0, 12)));
    }

    #[test]
    fn pair_count_stays_bounded() {
        let mut m = PositionMap::new(1);
        for i in 0..1000 {
            m.record(i * 10, i * 10, 10, 0);
        }
        assert!(m.pairs().len() <= MAP_KEEP);
        let last = m.pairs().last().unwrap();
        assert!(last.down >= 9990 - 2);
    }
}
