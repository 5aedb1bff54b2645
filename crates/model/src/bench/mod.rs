//! The benchmark topology: a day of traffic at 50,000 records/s per site on three sites,
//! each writing its own stream, copied to the other two under origin-qualified names.
//! Clock-free, so it runs the same natively and in wasm; callers time it (or pass a
//! clock to [`compare_core`]).

pub mod baseline;

use crate::scenarios::kit::*;
use crate::sim::Sim;
use crate::spec::*;
use crate::time::Millis;

/// The three-site day as a spec. `seconds` shortens it for quick runs.
pub fn three_site_day(seconds: u64) -> ScenarioSpec {
    let names = ["A", "B", "C"];
    let retention = Retention {
        max_age_ms: Some(secs(2.0 * 3600.0)),
        max_records: None,
    };
    let mut t = Topology {
        sites: sites(&names),
        ..Topology::default()
    };
    for site in names {
        let mut st = stream(site, "events", 4);
        st.retention = retention;
        t.streams.push(st);
        let mut w = writer(&format!("w{site}"), site, "events", 50_000.0);
        w.interval_ms = 1000;
        t.writers.push(w);
    }
    for from in names {
        for to in names.iter().filter(|&&x| x != from) {
            let options = HopOptions {
                stamp: OriginStamp::QualifiedName,
                poll_interval_ms: 1000,
                batch_max: 100_000,
                rtt_ms: 50,
                target_write_ms: 10,
                map_every: Some(10_000),
                commit_interval_ms: 5000,
                ..HopOptions::default()
            };
            t.hops.push(hop(
                &format!("{from}-to-{to}"),
                at(from, "events"),
                at(to, &format!("{from}.events")),
                options,
            ));
        }
    }
    let mut s = spec("three-site-day", t, vec![], secs(seconds as f64));
    s.sample_every_ms = 60_000;
    s
}

/// The event core: one writer appending one record per millisecond to one part, and a
/// copier fetching one record per round trip. Every event is as small as an event gets,
/// so this measures the queue and the dispatch, not the batch work.
pub fn event_core(seconds: u64) -> ScenarioSpec {
    let mut a = stream("A", "s", 1);
    a.retention.max_records = Some(10_000);
    let mut b = stream("B", "s", 1);
    b.retention.max_records = Some(10_000);
    let mut w = writer("w", "A", "s", 1000.0);
    w.interval_ms = 1;
    let options = HopOptions {
        poll_interval_ms: 1,
        rtt_ms: 1,
        target_write_ms: 0,
        batch_max: 1,
        ..HopOptions::default()
    };
    let t = Topology {
        sites: sites(&["A", "B"]),
        streams: vec![a, b],
        hops: vec![hop("h", at("A", "s"), at("B", "s"), options)],
        writers: vec![w],
        ..Topology::default()
    };
    let mut s = spec("event-core", t, vec![], secs(seconds as f64));
    s.sample_every_ms = 60_000;
    s
}

/// The event core and the plain baseline, each timed on the same machine in the same run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CoreComparison {
    pub simulated_s: u64,
    pub baseline_events: u64,
    /// Best wall time over the rounds, in seconds.
    pub baseline_s: f64,
    pub model_events: u64,
    pub model_s: f64,
}

impl CoreComparison {
    pub fn baseline_events_per_s(&self) -> f64 {
        self.baseline_events as f64 / self.baseline_s
    }

    pub fn model_events_per_s(&self) -> f64 {
        self.model_events as f64 / self.model_s
    }

    /// How many times longer the model takes per event than the baseline.
    pub fn ratio(&self) -> f64 {
        self.baseline_events_per_s() / self.model_events_per_s()
    }
}

/// Runs the baseline and the model's event core for `seconds` simulated seconds,
/// `rounds` times each, alternating so both see the same machine load, and keeps each
/// one's best time. `clock` returns seconds from any fixed point.
pub fn compare_core(seconds: u64, rounds: u32, clock: &mut dyn FnMut() -> f64) -> CoreComparison {
    let spec = event_core(seconds);
    let mut best = CoreComparison {
        simulated_s: seconds,
        baseline_events: 0,
        baseline_s: f64::INFINITY,
        model_events: 0,
        model_s: f64::INFINITY,
    };
    for _ in 0..rounds.max(1) {
        let t0 = clock();
        best.baseline_events = baseline::run(seconds).events;
        let t1 = clock();
        best.model_events = run(&spec, 1).events;
        let t2 = clock();
        best.baseline_s = best.baseline_s.min((t1 - t0).max(1e-9));
        best.model_s = best.model_s.min((t2 - t1).max(1e-9));
    }
    best
}

/// The outcome of a benchmark run (times are measured by the caller).
#[derive(Clone, Debug)]
pub struct BenchRun {
    pub simulated_ms: Millis,
    pub events: u64,
    /// Per-part batches (several per event: a fetch covers all of a worker's parts).
    pub batches: u64,
    pub records_written: u64,
    pub stored_runs: usize,
}

/// Runs the three-site day for `seconds` simulated seconds with narration off.
pub fn run_three_site_day(seconds: u64, seed: u64) -> BenchRun {
    run(&three_site_day(seconds), seed)
}

/// Runs a spec to its end with narration off.
pub fn run(spec: &ScenarioSpec, seed: u64) -> BenchRun {
    let mut sim = Sim::new(spec, seed).expect("bench spec is valid");
    sim.set_log_capacity(0);
    sim.advance_to(spec.duration_ms);
    BenchRun {
        simulated_ms: sim.now(),
        events: sim.events_processed(),
        batches: sim.batches_processed(),
        records_written: sim.writers().iter().map(|w| w.appended).sum(),
        stored_runs: sim.stored_runs(),
    }
}

impl Sim {
    /// Runs held in memory across every part (the model's storage cost).
    pub fn stored_runs(&self) -> usize {
        self.streams()
            .iter()
            .flat_map(|s| s.parts.iter())
            .map(|p| p.runs.len())
            .sum()
    }
}
