// node bench.mjs <file.wasm> [seconds]: times the event core beside its baseline and the
// three-site day inside V8's WebAssembly (measure.mjs; the browser's run is
// tests/e2e/bench/model-wasm.mjs).
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { measure, report } from "./measure.mjs";

const [file, secondsArg] = process.argv.slice(2);
const seconds = Number(secondsArg ?? 86400);
console.log(report(await measure(readFileSync(file), seconds, () => performance.now())));
