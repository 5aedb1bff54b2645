//! `hoplab bench`: the lab scenarios, the event core and the three-site day, timed.

use crate::out;
use hoplab_model::spec::{HopOptions, HopSpec, SiteSpec, StreamRef, StreamSpec, Topology};
use hoplab_model::{bench, fmt_n, lint, scenarios, Sim};
use std::time::Instant;

/// The event core comparison: many short rounds, so a burst of load moves few of them.
const CORE_SECONDS: u64 = 500;
const CORE_ROUNDS: u32 = 15;

/// Seconds this thread has spent on a CPU since `start`, so time spent waiting for a core
/// on a loaded machine does not count against whichever side happened to wait.
fn thread_cpu_s(start: &cpu_time::ThreadTime) -> f64 {
    start.elapsed().as_secs_f64()
}

/// `n` sites, each copying `orders` to every other site's `orders` with no stamp: the
/// densest echo loop there is (every cycle among n sites).
fn full_mesh(n: usize) -> Topology {
    let names: Vec<String> = (0..n).map(|i| format!("S{i}")).collect();
    let at = |site: &str| StreamRef {
        site: site.into(),
        stream: "orders".into(),
    };
    let mut hops = Vec::new();
    for a in &names {
        for b in names.iter().filter(|b| *b != a) {
            hops.push(HopSpec {
                id: format!("{a}-{b}"),
                from: at(a),
                to: at(b),
                options: HopOptions::default(),
            });
        }
    }
    Topology {
        sites: names.iter().map(|s| SiteSpec { name: s.clone() }).collect(),
        streams: names
            .iter()
            .map(|s| StreamSpec::new(s, "orders", 1))
            .collect(),
        hops,
        ..Topology::default()
    }
}

pub fn print(seconds: u64) {
    // The lint on the densest topology: one finding per strongly connected group, however
    // many cycles it holds (10 sites hold millions).
    for n in [10, 30] {
        let mesh = full_mesh(n);
        let t0 = Instant::now();
        let findings = lint(&mesh);
        let wall = t0.elapsed().as_secs_f64();
        out!(
            "lint, full mesh of {n} sites ({} hops): {} findings in {:.3} ms",
            mesh.hops.len(),
            findings.len(),
            wall * 1e3
        );
    }
    // Every lab scenario to its suggested end, narration on (what the browser does).
    let t0 = Instant::now();
    let mut events = 0;
    for s in scenarios::all() {
        let spec = s.build_default().expect("library scenarios build");
        let mut sim = Sim::new(&spec, 1).expect("scenario specs are valid");
        sim.advance_to(spec.duration_ms);
        events += sim.events_processed();
    }
    let wall = t0.elapsed().as_secs_f64();
    out!(
        "lab scenarios: {} events in {wall:.3} s = {} events/s",
        fmt_n(events),
        fmt_n((events as f64 / wall) as u64)
    );
    let start = Instant::now();
    let (clock_name, c) = match cpu_time::ThreadTime::try_now() {
        Ok(cpu_start) => (
            "this thread's CPU time",
            bench::compare_core(CORE_SECONDS, CORE_ROUNDS, &mut || thread_cpu_s(&cpu_start)),
        ),
        Err(_) => (
            "wall time",
            bench::compare_core(CORE_SECONDS, CORE_ROUNDS, &mut || {
                start.elapsed().as_secs_f64()
            }),
        ),
    };
    out!(
        "event core, {} simulated s of single-record events, {} rounds, each timing both back to back ({clock_name}):",
        c.simulated_s,
        c.round_ratios.len()
    );
    out!(
        "  baseline (BinaryHeap + Vec logs): {} events, best {:.3} s = {} events/s",
        fmt_n(c.baseline_events),
        c.baseline_s,
        fmt_n(c.baseline_events_per_s() as u64)
    );
    out!(
        "  model event core                : {} events, best {:.3} s = {} events/s",
        fmt_n(c.model_events),
        c.model_s,
        fmt_n(c.model_events_per_s() as u64)
    );
    let (q1, q3) = c.quartile_ratios();
    out!(
        "  model / baseline, time per event: median of rounds {:.2}x (quartiles {q1:.2}x-{q3:.2}x), best against best {:.2}x",
        c.median_ratio(),
        c.ratio()
    );
    let t0 = Instant::now();
    let r = bench::run_three_site_day(seconds, 1);
    let wall = t0.elapsed().as_secs_f64();
    out!(
        "three-site day: {} simulated s, 3 sites x 50,000 records/s, 6 hops",
        r.simulated_ms / 1000
    );
    out!("  records written : {}", fmt_n(r.records_written));
    out!("  events          : {}", fmt_n(r.events));
    out!("  blocks held     : {}", fmt_n(r.stored_blocks as u64));
    out!("  wall time       : {wall:.3} s");
    out!(
        "  events/s        : {}",
        fmt_n((r.events as f64 / wall) as u64)
    );
    out!(
        "  batches         : {} (per-part batches; one event handles several)",
        fmt_n(r.batches)
    );
    out!(
        "  batches/s       : {}",
        fmt_n((r.batches as f64 / wall) as u64)
    );
}
