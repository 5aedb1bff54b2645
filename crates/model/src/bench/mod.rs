//! The benchmark topology: a day of traffic at 50,000 records/s per site on three sites,
//! each writing its own stream, copied to the other two under origin-qualified names.
//! Clock-free, so it runs the same natively and in wasm; callers time it (or pass a
//! clock to [`compare_core`]).

pub mod baseline;
mod compare;

pub use compare::{compare_core, CoreComparison};

use crate::sim::Sim;
use crate::spec::kit::*;
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

/// The outcome of a benchmark run (times are measured by the caller).
#[derive(Clone, Debug)]
pub struct BenchRun {
    pub simulated_ms: Millis,
    pub events: u64,
    /// Per-part batches (several per event: a fetch covers all of a worker's parts).
    pub batches: u64,
    pub records_written: u64,
    pub stored_blocks: usize,
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
        stored_blocks: sim.stored_blocks(),
    }
}

impl Sim {
    /// Blocks held in memory across every part (the model's storage cost).
    pub fn stored_blocks(&self) -> usize {
        self.streams()
            .iter()
            .flat_map(|s| s.parts.iter())
            .map(|p| p.blocks.len())
            .sum()
    }
}
