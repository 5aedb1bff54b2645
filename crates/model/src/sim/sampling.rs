//! Taking a [`Sample`] of the simulation for the series (the grid itself is `series.rs`).

use super::Sim;
use crate::series::Sample;
use crate::time::Millis;

impl Sim {
    /// The time series so far (the grid step is [`Sim::series_step_ms`]).
    pub fn series(&self) -> &[Sample] {
        self.series.samples()
    }

    pub fn series_step_ms(&self) -> Millis {
        self.series.every()
    }

    pub(crate) fn sample(&self) -> Sample {
        let mut s = Sample {
            at_ms: self.now,
            hop_lag_records: Vec::with_capacity(self.hops.len()),
            hop_lag_age_ms: Vec::with_capacity(self.hops.len()),
            hop_tail: Vec::with_capacity(self.hops.len()),
            hop_subtraction: Vec::with_capacity(self.hops.len()),
            hop_part_lag_records: Vec::with_capacity(self.hops.len()),
            hop_duplicates: self
                .hops
                .iter()
                .map(|h| h.parts().iter().map(|p| p.duplicates).sum())
                .collect(),
            site_stored: vec![0; self.sites.len()],
            writer_acked: self.writers.iter().map(|w| w.acked(self.now)).collect(),
            writer_refused: self.writers.iter().map(|w| w.refused).collect(),
            reader_lag: Vec::with_capacity(self.readers.len()),
            reader_replayed: self.readers.iter().map(|r| r.replayed).collect(),
            reader_gap: self.readers.iter().map(|r| r.gap).collect(),
            copies_per_original: 0.0,
        };
        for h in 0..self.hops.len() {
            let l = self.hop_lag(h);
            s.hop_part_lag_records.push(l.per_part);
            s.hop_lag_records.push(l.records);
            s.hop_lag_age_ms.push(l.age_ms);
            s.hop_tail.push(l.tail);
            s.hop_subtraction.push(l.subtraction);
        }
        let mut copies = 0;
        for st in &self.streams {
            for p in &st.parts {
                s.site_stored[st.site] += p.stored();
                copies += p.stored() - p.originals;
            }
        }
        let written: u64 = self.writers.iter().map(|w| w.appended).sum();
        if written > 0 {
            s.copies_per_original = copies as f64 / written as f64;
        }
        for r in &self.readers {
            let st = &self.streams[r.stream];
            let lag = st
                .parts
                .iter()
                .zip(&r.positions)
                .map(|(p, &pos)| p.end.saturating_sub(pos))
                .sum();
            s.reader_lag.push(lag);
        }
        s
    }
}
