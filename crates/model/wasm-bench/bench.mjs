// node bench.mjs <file.wasm> [seconds]: times the three-site day inside V8's WebAssembly.
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";

const [file, secondsArg] = process.argv.slice(2);
const seconds = Number(secondsArg ?? 86400);
const { instance } = await WebAssembly.instantiate(readFileSync(file), {});
const c0 = performance.now();
const coreEvents = instance.exports.event_core(2000);
const coreWall = (performance.now() - c0) / 1000;
console.log(`wasm event core: ${Math.round(coreEvents / coreWall).toLocaleString("en-US")} events/s (single-record events)`);
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
