// node bench.mjs <file.wasm> [seconds]: times the three-site day inside V8's WebAssembly.
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";

const [file, secondsArg] = process.argv.slice(2);
const seconds = Number(secondsArg ?? 86400);
const { instance } = await WebAssembly.instantiate(readFileSync(file), {});
// The event core beside the plain baseline: 15 rounds, each timing both back to back
// (order alternating); the median of the per-round ratios and the best-against-best ratio.
const timed = (fn) => {
  const t0 = performance.now();
  const events = fn(500);
  return { events, wall: (performance.now() - t0) / 1000 };
};
let core = { wall: Infinity }, base = { wall: Infinity };
const ratios = [];
for (let i = 0; i < 15; i++) {
  const first = i % 2 === 0 ? instance.exports.baseline_core : instance.exports.event_core;
  const second = i % 2 === 0 ? instance.exports.event_core : instance.exports.baseline_core;
  const [x, y] = [timed(first), timed(second)];
  const [b, c] = i % 2 === 0 ? [x, y] : [y, x];
  if (b.wall < base.wall) base = b;
  if (c.wall < core.wall) core = c;
  ratios.push((c.wall / c.events) / (b.wall / b.events));
}
ratios.sort((a, b) => a - b);
const rate = (r) => Math.round(r.events / r.wall).toLocaleString("en-US");
const bestRatio = (core.wall / core.events) / (base.wall / base.events);
console.log(`wasm event core: ${rate(core)} events/s, baseline ${rate(base)} events/s, model / baseline median of rounds ${ratios[7].toFixed(2)}x, best against best ${bestRatio.toFixed(2)}x`);
const t0 = performance.now();
const events = instance.exports.three_site_day(seconds);
const wall = (performance.now() - t0) / 1000;
const mem = instance.exports.memory.buffer.byteLength / (1024 * 1024);
console.log(`wasm three-site day: ${seconds} simulated s`);
console.log(`  events      : ${events.toLocaleString("en-US")}`);
console.log(`  wall time   : ${wall.toFixed(3)} s`);
console.log(`  events/s    : ${Math.round(events / wall).toLocaleString("en-US")}`);
const batches = instance.exports.last_batches();
console.log(`  batches/s   : ${Math.round(batches / wall).toLocaleString("en-US")} (per-part batches)`);
console.log(`  wasm memory : ${mem.toFixed(1)} MB (linear memory, peak)`);
