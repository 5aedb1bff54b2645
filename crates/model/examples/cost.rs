//! Times measures() and view() at the end of every scenario: `cargo run --release --example cost`.

// A benchmark outside the model library: it reads the wall clock the model may not
// (crates/model/clippy.toml).
#![allow(
    clippy::disallowed_types,
    clippy::disallowed_methods,
    reason = "a benchmark outside the model library: it times the model on the wall clock"
)]

use std::time::Instant;

fn main() {
    for s in hoplab_model::scenarios::all() {
        let spec = s.build_default().unwrap();
        let mut sim = hoplab_model::Sim::new(&spec, 1).unwrap();
        let t0 = Instant::now();
        sim.advance_to(spec.duration_ms);
        let run = t0.elapsed();
        let t1 = Instant::now();
        let _ = sim.measures();
        let m = t1.elapsed();
        let t2 = Instant::now();
        let _ = sim.view(20);
        let v = t2.elapsed();
        let t3 = Instant::now();
        let _ = sim.clone();
        let c = t3.elapsed();
        println!(
            "{:<24} run {:>7.2} ms  measures {:>6.2} ms  view {:>6.2} ms  clone {:>6.2} ms  runs {}",
            s.id,
            run.as_secs_f64() * 1e3,
            m.as_secs_f64() * 1e3,
            v.as_secs_f64() * 1e3,
            c.as_secs_f64() * 1e3,
            sim.stored_blocks()
        );
    }
}
