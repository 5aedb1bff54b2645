//! The work a spec asks for, projected before it runs, so a file that could never finish
//! is refused with the reason instead of taking the machine (or the browser tab) down.
//!
//! The model's memory is its blocks: one block of records per writer batch per part, and one
//! per copy of it. The projection counts, for each writer, the blocks it appends over
//! `duration_ms` and the first copies of them each hop makes, each capped by the retention
//! of the stream that holds them. Echo loops (copies of copies) are not projected: the lint
//! names them, and the run's budget ([`crate::Budget`]) stops them.

use super::{ScenarioSpec, SpecError, Validated, WriterSpec};
use crate::numbers::fmt_n;
use crate::time::Millis;

/// Blocks of records a spec may be projected to hold at once: about 10 GB of memory.
pub const MAX_PROJECTED_RUNS: u64 = 100_000_000;

/// Blocks a writer appends over the run: one per part it reaches on each tick.
fn writer_batches(w: &WriterSpec, parts: u64, duration: Millis) -> (u64, u64) {
    let end = w.stop_at_ms.unwrap_or(duration).min(duration);
    let ticks = end.saturating_sub(w.start_at_ms) / w.interval_ms.max(1);
    let per_tick = (w.rate_per_sec * w.interval_ms as f64 / 1000.0).ceil() as u64;
    let touched = parts.min(per_tick);
    (ticks, ticks.saturating_mul(touched))
}

/// What a stream's retention lets it hold of `batches` blocks written over `duration`.
fn retained(v: &Validated, stream: usize, batches: u64, duration: Millis) -> u64 {
    let s = &v.streams[stream].1;
    let mut held = batches;
    if let Some(n) = s.retention.max_records {
        held = held.min(n.saturating_mul(u64::from(s.parts)));
    }
    if let Some(age) = s.retention.max_age_ms {
        if duration > age {
            // Spread evenly over the run, a window of `age` holds that share (plus one tick).
            let share = (batches as f64 * age as f64 / duration as f64).ceil() as u64;
            held = held.min(share.saturating_add(u64::from(s.parts)));
        }
    }
    held
}

/// Refuses a spec projected to hold more than [`MAX_PROJECTED_RUNS`], naming the writer
/// whose traffic is the largest share and what to change.
pub(super) fn check_projected_work(spec: &ScenarioSpec, v: &Validated) -> Result<(), SpecError> {
    let duration = spec.duration_ms;
    let mut total: u64 = 0;
    let mut largest: Option<(usize, u64, u64)> = None; // (writer, blocks held, ticks)
    for (i, (w, &(_, stream))) in spec.topology.writers.iter().zip(&v.writers).enumerate() {
        let parts = u64::from(v.streams[stream].1.parts);
        let (ticks, batches) = writer_batches(w, parts, duration);
        let mut held = retained(v, stream, batches, duration);
        for &(src, dst) in &v.hops {
            if src == stream {
                held = held.saturating_add(retained(v, dst, batches, duration));
            }
        }
        total = total.saturating_add(held);
        if largest.is_none_or(|(_, h, _)| held > h) {
            largest = Some((i, held, ticks));
        }
    }
    match largest {
        Some((i, held, ticks)) if total > MAX_PROJECTED_RUNS => {
            let w = &spec.topology.writers[i];
            Err(SpecError::new(
                format!("topology.writers[{i}]"),
                format!(
                    "this spec would hold about {} blocks of records in memory (writer {} alone {}: {} ticks of {} ms for {} s into its stream's parts, and their copies); the model refuses more than {} (about 10 GB). Raise interval_ms (fewer, larger batches), use fewer parts, give the streams a retention limit, or shorten duration_ms",
                    fmt_n(total),
                    w.id,
                    fmt_n(held),
                    fmt_n(ticks),
                    w.interval_ms,
                    duration / 1000,
                    fmt_n(MAX_PROJECTED_RUNS)
                ),
            ))
        }
        _ => Ok(()),
    }
}
