//! C-ABI exports for timing the model in WebAssembly: no wasm-bindgen, no imports.

/// Runs the three-site day for `seconds` simulated seconds; returns events processed.
#[no_mangle]
pub extern "C" fn three_site_day(seconds: u32) -> f64 {
    hoplab_model::bench::run_three_site_day(u64::from(seconds), 1).events as f64
}

/// Records written by the same run (to check it did the work).
#[no_mangle]
pub extern "C" fn three_site_day_records(seconds: u32) -> f64 {
    hoplab_model::bench::run_three_site_day(u64::from(seconds), 1).records_written as f64
}
