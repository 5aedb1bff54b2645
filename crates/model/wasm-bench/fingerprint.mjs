// node fingerprint.mjs <file.wasm> [seed]: one line per scenario, "id digest", in the
// same format as `hoplab fingerprint`, so the two can be diffed.
import { readFileSync } from "node:fs";

const [file, seedArg] = process.argv.slice(2);
const seed = Number(seedArg ?? 1);
const { instance } = await WebAssembly.instantiate(readFileSync(file), {});
const x = instance.exports;
const names = JSON.parse(readFileSync(new URL("./names.json", import.meta.url)));
for (let i = 0; i < x.scenario_count(); i++) {
  const hex = (n) => (n >>> 0).toString(16).padStart(8, "0");
  console.log(`${names[i]} ${hex(x.scenario_fingerprint_hi(i, seed))}${hex(x.scenario_fingerprint_lo(i, seed))}`);
}
