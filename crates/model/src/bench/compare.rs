//! The event core timed beside the plain baseline, robust to a noisy machine.
//!
//! On a shared machine one side of a single round can get a quiet slice the other does
//! not, so a best-of-three ratio swings widely. Each round here times the baseline and the
//! model back to back (the order alternating between rounds), and the comparison reports
//! the median of the per-round ratios (both sides of a round saw nearly the same load)
//! beside the ratio of the best times.

use super::{baseline, event_core, run};

/// The event core and the plain baseline, each timed on the same machine in the same run.
#[derive(Clone, Debug, PartialEq)]
pub struct CoreComparison {
    pub simulated_s: u64,
    pub baseline_events: u64,
    /// Best time over the rounds, in seconds, by the caller's clock (wall or CPU time).
    pub baseline_s: f64,
    pub model_events: u64,
    pub model_s: f64,
    /// Each round's model / baseline time per event, in the order run.
    pub round_ratios: Vec<f64>,
}

impl CoreComparison {
    pub fn baseline_events_per_s(&self) -> f64 {
        self.baseline_events as f64 / self.baseline_s
    }

    pub fn model_events_per_s(&self) -> f64 {
        self.model_events as f64 / self.model_s
    }

    /// How many times longer the model takes per event than the baseline, best time
    /// against best time (each side's quietest round, possibly different rounds).
    pub fn ratio(&self) -> f64 {
        self.baseline_events_per_s() / self.model_events_per_s()
    }

    /// The median of the per-round ratios: each round times both back to back, so a
    /// burst of load that lands on one round moves that round only.
    pub fn median_ratio(&self) -> f64 {
        quantile(&self.round_ratios, 0.5)
    }

    /// The lower and upper quartiles of the per-round ratios (how far rounds spread).
    pub fn quartile_ratios(&self) -> (f64, f64) {
        (
            quantile(&self.round_ratios, 0.25),
            quantile(&self.round_ratios, 0.75),
        )
    }
}

/// The `q` quantile of `values` (linear between the two nearest ranks); NaN when empty.
fn quantile(values: &[f64], q: f64) -> f64 {
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    match v.len() {
        0 => f64::NAN,
        n => {
            let pos = crate::decimal::within(q, 0.0, 1.0) * (n - 1) as f64;
            let (lo, hi) = (pos.floor() as usize, pos.ceil() as usize);
            v[lo] + (v[hi] - v[lo]) * (pos - lo as f64)
        }
    }
}

/// Runs the baseline and the model's event core for `seconds` simulated seconds, `rounds`
/// times each. Each round times both back to back, the baseline first in even rounds and
/// the model first in odd ones (so neither always runs on a warmer or cooler machine).
/// `clock` returns seconds from any fixed point.
pub fn compare_core(seconds: u64, rounds: u32, clock: &mut dyn FnMut() -> f64) -> CoreComparison {
    let spec = event_core(seconds);
    let mut c = CoreComparison {
        simulated_s: seconds,
        baseline_events: 0,
        baseline_s: f64::INFINITY,
        model_events: 0,
        model_s: f64::INFINITY,
        round_ratios: Vec::new(),
    };
    let time_baseline = |clock: &mut dyn FnMut() -> f64| {
        let t0 = clock();
        let events = baseline::run(seconds).events;
        (events, (clock() - t0).max(1e-9))
    };
    let time_model = |clock: &mut dyn FnMut() -> f64| {
        let t0 = clock();
        let events = run(&spec, 1).events;
        (events, (clock() - t0).max(1e-9))
    };
    for round in 0..rounds.max(1) {
        let ((be, bt), (me, mt)) = if round % 2 == 0 {
            let b = time_baseline(clock);
            (b, time_model(clock))
        } else {
            let m = time_model(clock);
            (time_baseline(clock), m)
        };
        c.baseline_events = be;
        c.model_events = me;
        c.baseline_s = c.baseline_s.min(bt);
        c.model_s = c.model_s.min(mt);
        c.round_ratios
            .push((mt / me.max(1) as f64) / (bt / be.max(1) as f64));
    }
    c
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantiles_interpolate_between_ranks() {
        assert_eq!(quantile(&[3.0, 1.0, 2.0], 0.5), 2.0);
        assert_eq!(quantile(&[4.0, 1.0, 2.0, 3.0], 0.5), 2.5);
        assert_eq!(quantile(&[1.0, 2.0, 3.0, 4.0, 5.0], 0.25), 2.0);
        assert!(quantile(&[], 0.5).is_nan());
    }

    #[test]
    fn each_round_compares_the_two_runs_timed_back_to_back() {
        // A scripted clock: the readings around each run, in the order they are taken.
        // Round 0 (baseline first): baseline 1 s, model 2 s. Round 1 (model first):
        // model 30 s, baseline 10 s (a loaded round). Round 2: baseline 2 s, model 3 s.
        let readings = [
            0.0, 1.0, 1.0, 3.0, 3.0, 33.0, 33.0, 43.0, 43.0, 45.0, 45.0, 48.0,
        ];
        let mut i = 0;
        let mut clock = || {
            i += 1;
            readings[i - 1]
        };
        let c = compare_core(1, 3, &mut clock);
        assert_eq!(i, readings.len());
        let per_event = c.baseline_events as f64 / c.model_events as f64;
        let expected = [2.0 * per_event, 3.0 * per_event, 1.5 * per_event];
        for (got, want) in c.round_ratios.iter().zip(expected) {
            assert!((got - want).abs() < 1e-12, "{got} vs {want}");
        }
        assert!((c.median_ratio() - 2.0 * per_event).abs() < 1e-12);
        assert_eq!((c.baseline_s, c.model_s), (1.0, 2.0));
        assert!((c.ratio() - 2.0 * per_event).abs() < 1e-12);
    }
}
