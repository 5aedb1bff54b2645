// The model's wasm benchmark in the browser the site runs in: the same measurements as
// crates/model/wasm-bench/bench.mjs (measure.mjs: the event core beside its plain baseline,
// then the three-site day), inside a headless Chromium tab, timed by the page's own clock.
// Usage: node bench/model-wasm.mjs <file.wasm> [seconds]   (crates/model/wasm-bench/run.sh
// builds the wasm and calls this)
import { chromium } from "playwright-core";
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CHROMIUM_ARGS } from "../lib/browser.mjs";
import { measure, report } from "../../../crates/model/wasm-bench/measure.mjs";

const [file, secondsArg] = process.argv.slice(2);
const seconds = Number(secondsArg ?? 86400);
const bytes = (await readFile(file)).toString("base64");
const context = await chromium.launchPersistentContext(await mkdtemp(join(tmpdir(), "hoplab-bench-")), {
  executablePath: "/usr/bin/chromium",
  headless: true,
  args: CHROMIUM_ARGS,
});
try {
  const page = await context.newPage();
  const result = await page.evaluate(
    async ([measureSource, wasm, simulated]) => {
      const measureInPage = new Function(`return (${measureSource})`)();
      const data = Uint8Array.from(atob(wasm), (c) => c.charCodeAt(0));
      return measureInPage(data, simulated, () => performance.now());
    },
    [measure.toString(), bytes, seconds],
  );
  console.log(`${report(result)}\n  browser     : ${await context.browser()?.version() ?? "Chromium"}`);
} finally {
  await context.close();
}
