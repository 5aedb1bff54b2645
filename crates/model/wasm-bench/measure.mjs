// The wasm benchmark's measurements, the same in node (bench.mjs) and in headless Chromium
// (tests/e2e/bench/model-wasm.mjs). `measure` uses nothing outside itself: Playwright sends
// its source to the page.

/**
 * Instantiates `bytes` and times, by `now()` (milliseconds), the event core beside the plain
 * baseline (15 rounds, each timing both back to back, the order alternating) and then the
 * three-site day of `seconds` simulated seconds.
 */
export async function measure(bytes, seconds, now) {
  const { instance } = await WebAssembly.instantiate(bytes, {});
  const x = instance.exports;
  const timed = (fn) => {
    const t0 = now();
    const events = fn(500);
    return { events, wall: (now() - t0) / 1000 };
  };
  let core = { wall: Infinity }, base = { wall: Infinity };
  const ratios = [];
  for (let i = 0; i < 15; i++) {
    const [first, second] = i % 2 === 0 ? [x.baseline_core, x.event_core] : [x.event_core, x.baseline_core];
    const [a, b] = [timed(first), timed(second)];
    const [baseline, model] = i % 2 === 0 ? [a, b] : [b, a];
    if (baseline.wall < base.wall) base = baseline;
    if (model.wall < core.wall) core = model;
    ratios.push((model.wall / model.events) / (baseline.wall / baseline.events));
  }
  ratios.sort((p, q) => p - q);
  const t0 = now();
  const events = x.three_site_day(seconds);
  const wall = (now() - t0) / 1000;
  return {
    core: { events: core.events, wall: core.wall },
    base: { events: base.events, wall: base.wall },
    median: ratios[7],
    best: (core.wall / core.events) / (base.wall / base.events),
    day: { seconds, events, wall, batches: x.last_batches(), memoryMb: x.memory.buffer.byteLength / (1024 * 1024) },
  };
}

/** `measure`'s result as the lines the benchmarks print. */
export function report(r) {
  const n = (v) => Math.round(v).toLocaleString("en-US");
  const { day } = r;
  return [
    `wasm event core: ${n(r.core.events / r.core.wall)} events/s, baseline ${n(r.base.events / r.base.wall)} events/s, model / baseline median of rounds ${r.median.toFixed(2)}x, best against best ${r.best.toFixed(2)}x`,
    `wasm three-site day: ${day.seconds} simulated s`,
    `  events      : ${day.events.toLocaleString("en-US")}`,
    `  wall time   : ${day.wall.toFixed(3)} s`,
    `  events/s    : ${n(day.events / day.wall)}`,
    `  batches/s   : ${n(day.batches / day.wall)} (per-part batches)`,
    `  wasm memory : ${day.memoryMb.toFixed(1)} MB (linear memory, peak)`,
  ].join("\n");
}
