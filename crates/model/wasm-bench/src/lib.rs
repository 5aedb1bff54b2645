//! C-ABI exports for timing the model in WebAssembly: no wasm-bindgen, no imports.

use std::sync::atomic::{AtomicU64, Ordering};

static LAST_BATCHES: AtomicU64 = AtomicU64::new(0);

/// Runs the three-site day for `seconds` simulated seconds; returns events processed.
#[no_mangle]
pub extern "C" fn three_site_day(seconds: u32) -> f64 {
    let run = hoplab_model::bench::run_three_site_day(u64::from(seconds), 1);
    LAST_BATCHES.store(run.batches, Ordering::Relaxed);
    run.events as f64
}

/// Per-part batches of the last `three_site_day` run.
#[no_mangle]
pub extern "C" fn last_batches() -> f64 {
    LAST_BATCHES.load(Ordering::Relaxed) as f64
}

/// Records written by the same run (to check it did the work).
#[no_mangle]
pub extern "C" fn three_site_day_records(seconds: u32) -> f64 {
    hoplab_model::bench::run_three_site_day(u64::from(seconds), 1).records_written as f64
}

/// Runs scenario number `index` of the library to its end with `seed` and returns the
/// fingerprint's high and low halves via two calls (JS numbers hold 53 bits).
#[no_mangle]
pub extern "C" fn scenario_fingerprint_hi(index: u32, seed: u32) -> u32 {
    (fingerprint(index, seed) >> 32) as u32
}

#[no_mangle]
pub extern "C" fn scenario_fingerprint_lo(index: u32, seed: u32) -> u32 {
    fingerprint(index, seed) as u32
}

/// Number of scenarios in the library.
#[no_mangle]
pub extern "C" fn scenario_count() -> u32 {
    hoplab_model::scenarios::NAMES.len() as u32
}

fn fingerprint(index: u32, seed: u32) -> u64 {
    let id = hoplab_model::scenarios::NAMES[index as usize];
    let spec = hoplab_model::scenarios::get(id).expect("listed").build_default().expect("defaults build");
    let mut sim = hoplab_model::Sim::new(&spec, u64::from(seed)).expect("valid");
    sim.advance_to(spec.duration_ms);
    sim.fingerprint()
}

/// The event core (single-record events) for `seconds` simulated seconds; returns events.
#[no_mangle]
pub extern "C" fn event_core(seconds: u32) -> f64 {
    hoplab_model::bench::run(&hoplab_model::bench::event_core(u64::from(seconds)), 1).events as f64
}

/// The plain baseline doing the event core's work (see `bench::baseline`); returns events.
#[no_mangle]
pub extern "C" fn baseline_core(seconds: u32) -> f64 {
    hoplab_model::bench::baseline::run(u64::from(seconds)).events as f64
}
