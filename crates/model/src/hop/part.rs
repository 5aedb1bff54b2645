//! A hop's bookkeeping for one source part: where it reads, what reached the target, and
//! what every record of the part became (copied, filtered, aged out, lost). Changed only
//! through [`super::HopState`]'s methods; measures and views read it.

use crate::posmap::PositionMap;
use crate::spec::MapStore;
use crate::time::Millis;

/// Per source part bookkeeping. Positions are in the source's own space.
#[derive(Clone, Debug, Default)]
pub(crate) struct HopPart {
    /// Next position to fetch.
    pub read_pos: u64,
    /// Everything below is on the target (since the last restart).
    pub copied_upto: u64,
    /// The last committed read progress: a restart resumes here.
    pub committed: u64,
    /// The highest position ever delivered: below it a re-append is a duplicate.
    pub high_water: u64,
    /// Where this part's accounting starts (the numbering at the start of the run).
    pub first_pos: u64,
    /// Records accounted in earlier lives of the source cluster (before a loss).
    pub prev_total: u64,
    pub before_start: u64,
    pub copied: u64,
    pub filtered: u64,
    /// Of `filtered`: records skipped because their marker names another site.
    pub not_local: u64,
    pub aged_out: u64,
    /// Copied, rewound by a restart, and never copied again: aged out of the source
    /// before the re-read, or the source was lost first. Their first copy is the only one,
    /// before the pairs the restart wrote (MirrorMaker 2's rewind rule forgot older ones).
    pub rewound_not_recopied: u64,
    pub duplicates: u64,
    /// Acknowledged, never copied, gone with the source site.
    pub lost_with_site: u64,
    /// Appended but not yet acknowledged when the source site was lost.
    pub lost_unacknowledged: u64,
    pub map: PositionMap,
    /// Source timestamp of the newest record copied (lag measure 2).
    pub newest_copied_ts: Option<Millis>,
    /// Target position minus source position of the last record copied.
    pub last_drift: Option<i64>,
    pub target_part_last: Option<u32>,
    /// Batches sent so far under fan-out, to pick the next target part.
    pub fan_next: u32,
}

impl HopPart {
    pub(super) fn new(map_every: u64, map_store: MapStore) -> Self {
        Self {
            map: PositionMap::with_store(map_every, map_store),
            ..Self::default()
        }
    }

    /// The hop starts reading at `at`; the source part holds `part_start..`, numbered
    /// from `start_position` at the start of the run.
    pub(super) fn start(&mut self, start_position: u64, part_start: u64, at: u64) {
        self.first_pos = start_position;
        self.aged_out = part_start - start_position;
        self.before_start = at - part_start;
        self.read_pos = at;
        self.copied_upto = at;
        self.committed = at;
        self.high_water = at;
    }

    /// Before a fetch: follows the source part (`start..end` retained). Numbering that went
    /// back (a rebuilt site) starts over; what retention removed before it was read is
    /// aged out.
    #[inline(always)]
    pub(super) fn follow_source(&mut self, start: u64, end: u64) {
        if self.read_pos > end {
            self.read_pos = start; // numbering went back (site rebuilt): start over
        }
        if self.read_pos < start {
            let lost = start.saturating_sub(self.read_pos.max(self.high_water));
            self.aged_out += lost;
            // Copied before a restart, aged out before the re-read: only the first
            // copy exists, before the pairs the restart wrote (see posmap).
            self.rewound_not_recopied += start.min(self.high_water).saturating_sub(self.read_pos);
            self.read_pos = start;
            self.high_water = self.high_water.max(start);
            self.copied_upto = self.copied_upto.max(start);
        }
    }

    /// The next range to fetch, up to `durable_end` and at most `batch_max` records; the
    /// read position moves past it.
    #[inline(always)]
    pub(super) fn next_range(&mut self, durable_end: u64, batch_max: u64) -> Option<(u64, u64)> {
        let from = self.read_pos;
        let to = durable_end.min(from + batch_max);
        (to > from).then(|| {
            self.read_pos = to;
            (from, to)
        })
    }

    /// `len` records of a batch not forwarded (filtered; `foreign`: a marker names
    /// another site).
    #[inline(always)]
    pub(super) fn skipped(&mut self, len: u64, foreign: bool) {
        self.filtered += len;
        self.not_local += if foreign { len } else { 0 };
    }

    /// Source `a..a+len` landed at target `pos..` of part `q` (`dup`: a re-append).
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn landed(
        &mut self,
        a: u64,
        pos: u64,
        len: u64,
        q: u32,
        ts: Millis,
        dup: bool,
        mapped: bool,
    ) {
        if mapped {
            self.map.record(a, pos, len, q);
        }
        self.last_drift = Some(pos as i64 - a as i64);
        self.target_part_last = Some(q);
        self.newest_copied_ts = self.newest_copied_ts.max(Some(ts));
        if dup {
            self.duplicates += len;
        } else {
            self.copied += len;
        }
    }

    /// A batch up to `to` is on the target.
    #[inline(always)]
    pub(super) fn batch_written(&mut self, to: u64) {
        self.copied_upto = to;
        self.high_water = self.high_water.max(to);
    }

    /// A restart (a new copier task): reading resumes at the commit (a mirror: at what
    /// the target holds). Returns how many read records will be read again.
    pub(super) fn rewind(&mut self, mirror: bool) -> u64 {
        let resume = if mirror {
            self.copied_upto
        } else {
            self.committed
        };
        let rewound = self.read_pos.saturating_sub(resume);
        self.read_pos = resume;
        self.copied_upto = resume;
        // A new copier task: its first copy writes a map pair.
        self.map.new_lifetime();
        rewound
    }

    /// The source site was lost: its part held `..end`, acknowledged `..acked_end`;
    /// numbering restarts at `restart`.
    pub(super) fn source_lost(&mut self, end: u64, acked_end: u64, restart: u64) {
        // The tail is what was acknowledged; the rest was never confirmed.
        self.lost_with_site += acked_end.saturating_sub(self.high_water);
        self.lost_unacknowledged += end - acked_end.max(self.high_water).min(end);
        self.rewound_not_recopied += self.high_water.saturating_sub(self.copied_upto);
        self.prev_total += end - self.first_pos;
        self.first_pos = restart;
        self.read_pos = restart;
        self.copied_upto = restart;
        self.committed = restart;
        self.high_water = restart;
    }
}
