//! Measures sampled on a fixed simulated-time grid, for charts. Bounded: when full,
//! every other sample is dropped and the grid doubles, so a long run keeps its whole span.
//! What a sample holds is taken from the simulation in `sim/sampling.rs`.

use crate::time::Millis;
use serde::Serialize;

/// Samples kept before the grid coarsens.
pub const SERIES_CAP: usize = 2048;

/// One point of the time series. Vectors follow the topology's order of hops, sites,
/// writers and reader groups.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Sample {
    pub at_ms: Millis,
    /// Copy lag in the source's own space, per hop.
    pub hop_lag_records: Vec<u64>,
    /// Age of the oldest uncopied record, per hop.
    pub hop_lag_age_ms: Vec<Millis>,
    /// Records acknowledged on the source and never yet copied, per hop.
    pub hop_tail: Vec<u64>,
    /// Target end minus source end, per hop: shown beside the lag to show it means nothing.
    pub hop_subtraction: Vec<i64>,
    /// Copy lag per hop, per source part.
    pub hop_part_lag_records: Vec<Vec<u64>>,
    /// Duplicates appended so far, per hop.
    pub hop_duplicates: Vec<u64>,
    pub site_stored: Vec<u64>,
    pub writer_acked: Vec<u64>,
    pub writer_refused: Vec<u64>,
    pub reader_lag: Vec<u64>,
    /// Records read a second time so far, per reader group.
    pub reader_replayed: Vec<u64>,
    /// Records skipped so far, per reader group.
    pub reader_gap: Vec<u64>,
    /// Stored copies per record ever written: how far records spread (a chain of two
    /// hops gives 2.0); in a loop it keeps growing with the echoes.
    pub copies_per_original: f64,
}

#[derive(Clone, Debug)]
pub struct Series {
    every: Millis,
    next: Millis,
    samples: Vec<Sample>,
}

impl Series {
    pub fn new(every: Millis) -> Self {
        Self {
            every,
            next: 0,
            samples: Vec::new(),
        }
    }

    pub fn next_at(&self) -> Millis {
        self.next
    }

    pub fn every(&self) -> Millis {
        self.every
    }

    pub fn push(&mut self, s: Sample) {
        self.samples.push(s);
        if self.samples.len() >= SERIES_CAP {
            let kept: Vec<Sample> = self.samples.drain(..).step_by(2).collect();
            self.samples = kept;
            self.every *= 2;
            self.next = self.samples.last().map_or(0, |s| s.at_ms);
        }
        self.next += self.every;
    }

    pub fn samples(&self) -> &[Sample] {
        &self.samples
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn blank(at_ms: Millis) -> Sample {
        Sample {
            at_ms,
            hop_lag_records: vec![],
            hop_lag_age_ms: vec![],
            hop_tail: vec![],
            hop_subtraction: vec![],
            hop_part_lag_records: vec![],
            hop_duplicates: vec![],
            site_stored: vec![],
            writer_acked: vec![],
            writer_refused: vec![],
            reader_lag: vec![],
            reader_replayed: vec![],
            reader_gap: vec![],
            copies_per_original: 0.0,
        }
    }

    #[test]
    fn coarsens_instead_of_growing() {
        let mut s = Series::new(10);
        for _ in 0..5000 {
            let at = s.next_at();
            s.push(blank(at));
        }
        assert!(s.samples().len() < SERIES_CAP);
        let t: Vec<_> = s.samples().iter().map(|x| x.at_ms).collect();
        assert!(t.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(t[1] - t[0], s.every());
    }
}
