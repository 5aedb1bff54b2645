// Frame benchmark: the busiest scenario (lag-components: 8 part rows, the most records
// on screen) at 150 records per row (≥ 1,000 records drawn), playing in headless
// Chromium. Script time per frame comes from the browser's own trace (DevTools
// timeline events on the renderer's main thread), grouped by animation frame.
// Also reports the longest main-thread task (budget 50 ms) while playing, while seeking
// far (the echo loop from 5 to 30 s) and while changing a knob.
//
// Usage (after `trunk build --release --offline --dist /tmp/lab-dist`):
//   cd tests/e2e && HOPLAB_DIST=/tmp/lab-dist node bench/frame.mjs
import { cpus, loadavg } from "node:os";
import { startSession, openPage } from "../lib/browser.mjs";

const PATH = process.env.BENCH_PATH || "/lab/lag-components?t=30&window=150";
const SECONDS = Number(process.env.BENCH_SECONDS || 6);
const SCRIPT = new Set(["FireAnimationFrame", "FunctionCall", "RunMicrotasks", "EventDispatch", "TimerFire", "EvaluateScript", "V8.Execute"]);

async function trace(page, during) {
  const client = await page.context().newCDPSession(page);
  const events = [];
  client.on("Tracing.dataCollected", (e) => events.push(...e.value));
  const done = new Promise((resolve) => client.once("Tracing.tracingComplete", resolve));
  await client.send("Tracing.start", {
    categories: "devtools.timeline,disabled-by-default-devtools.timeline,toplevel,v8.execute",
    transferMode: "ReportEvents",
  });
  await during();
  await client.send("Tracing.end");
  await done;
  await client.detach();
  return events;
}

function mainThread(events) {
  const names = events.filter((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain");
  const ids = new Set(names.map((e) => `${e.pid}:${e.tid}`));
  return events.filter((e) => ids.has(`${e.pid}:${e.tid}`) && e.ph === "X" && typeof e.dur === "number");
}

function perFrame(events) {
  const main = mainThread(events).sort((a, b) => a.ts - b.ts);
  // Top-level script slices only (nested ones are inside their parent's duration).
  const script = [];
  let end = -1;
  for (const e of main) {
    if (!SCRIPT.has(e.name)) continue;
    if (e.ts < end) continue;
    script.push(e);
    end = e.ts + e.dur;
  }
  const frames = [];
  for (const e of script) {
    if (e.name === "FireAnimationFrame" || frames.length === 0) frames.push(0);
    frames[frames.length - 1] += e.dur / 1000;
  }
  const tasks = main.filter((e) => e.name === "RunTask");
  const top = tasks.reduce((m, e) => (e.dur > (m?.dur ?? 0) ? e : m), null);
  const longest = top ? top.dur / 1000 : 0;
  // Thread (CPU) time of that task: wall time less the time the thread waited for a core.
  const cpu = top && typeof top.tdur === "number" ? top.tdur / 1000 : NaN;
  const over = tasks.filter((e) => e.dur > 50000).length;
  // The most work one task did on a core, and the main thread's share of a core over the
  // trace: on a loaded machine the wall figures are mostly waiting for a core.
  const heaviest = Math.max(0, ...tasks.map((e) => e.tdur ?? 0)) / 1000;
  const span = main.length ? main[main.length - 1].ts + main[main.length - 1].dur - main[0].ts : 1;
  const busy = tasks.reduce((sum, e) => sum + (e.tdur ?? 0), 0) / span;
  // What the longest task spent its time on, by kind of work.
  const inside = top ? breakdown(main.filter((e) => e !== top && e.ts >= top.ts && e.ts + e.dur <= top.ts + top.dur)) : "";
  return { frames: frames.slice(1), longest, cpu, over, heaviest, busy, tasks: tasks.length, inside };
}

// Slices by the kind of work they are (nested slices of one kind count once).
const KIND = {
  FireAnimationFrame: "script", FunctionCall: "script", RunMicrotasks: "script", EventDispatch: "script",
  TimerFire: "script", "V8.Execute": "script", UpdateLayoutTree: "style", Layout: "layout",
  PrePaint: "prepaint", Paint: "paint", Layerize: "layerize", Commit: "commit",
};
function breakdown(slices) {
  const sums = {};
  const ends = {};
  for (const e of slices) {
    const k = KIND[e.name];
    if (!k || (ends[k] ?? -1) > e.ts) continue;
    ends[k] = e.ts + e.dur;
    sums[k] = (sums[k] ?? 0) + e.dur / 1000;
  }
  return Object.entries(sums)
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k} ${v.toFixed(1)}`)
    .join(", ");
}

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

const session = await startSession();
try {
  const page = await openPage(session);
  // The lab pushes [0, model view, layout, SVG update] ms per stage redraw and
// [1, panel refresh] ms per panel refresh and [2, catch-up] ms per frame that replays.
  await page.addInitScript(() => (window.__hoplabPerf = []));
  await page.goto(session.url + PATH);
  await page.waitForSelector("svg.stage[data-ready=true]", { timeout: 30000 });
  const records = Number(await page.getAttribute("svg.stage", "data-records"));
  const onScreen = await page.$$eval("rect.rec", (r) => r.length);
  await page.click(".lab-play");
  await page.waitForTimeout(500); // settle: the first frames build the DOM
  const playing = perFrame(await trace(page, () => page.waitForTimeout(SECONDS * 1000)));
  const phases = await page.evaluate(() => window.__hoplabPerf.splice(0));
  await page.click(".lab-play");
  const stillOnScreen = await page.$$eval("rect.rec", (r) => r.length);

  // A far seek in the heaviest model state (the echo loop without a stamp grows fast).
  await page.goto(session.url + "/lab/echo-loop?t=5");
  await page.waitForSelector("svg.stage[data-ready=true]", { timeout: 30000 });
  await page.evaluate(() => window.__hoplabPerf.splice(0));
  const seek = perFrame(
    await trace(page, async () => {
      await page.$eval(".lab-scrub input", (el) => {
        el.value = "30000";
        el.dispatchEvent(new Event("input", { bubbles: true }));
      });
      await page.waitForFunction(() => document.querySelector("svg.stage").dataset.now === "30000", null, { timeout: 60000 });
      await page.waitForSelector("svg.stage[data-ready=true]");
    }),
  );

  const seekPhases = await page.evaluate(() => window.__hoplabPerf.splice(0));
  // Changing a knob: the stamp goes on, the run is rebuilt and replayed to the same time.
  await page.goto(session.url + "/lab/echo-loop?t=20");
  await page.waitForSelector("svg.stage[data-ready=true]", { timeout: 60000 });
  const knob = perFrame(
    await trace(page, async () => {
      await page.selectOption("[data-knob=stamp]", "marker");
      await page.waitForFunction(() => new URL(location.href).searchParams.get("stamp") === "marker", null, { timeout: 60000 });
      await page.waitForSelector("svg.stage[data-ready=true]", { timeout: 60000 });
    }),
  );

  // Baseline: a blank page moving one box every animation frame, traced as long as the
  // play, so the figures above can be read against what this machine does when idle.
  await page.goto("about:blank");
  await page.evaluate(() => {
    const box = document.body.appendChild(document.createElement("div"));
    box.style.cssText = "position:absolute;width:20px;height:20px;background:#888";
    const step = (t) => {
      box.style.left = `${(t / 10) % 500}px`;
      requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  });
  const baseline = perFrame(await trace(page, () => page.waitForTimeout(SECONDS * 1000)));

  const f = playing.frames;
  console.log(`scenario: ${PATH}`);
  console.log(`records on screen: ${onScreen} (scene says ${records}; ${stillOnScreen} after ${SECONDS} s of play)`);
  console.log(`frames traced: ${f.length} over ${SECONDS} s`);
  console.log(`script per frame: median ${pct(f, 50).toFixed(2)} ms, p95 ${pct(f, 95).toFixed(2)} ms, max ${Math.max(...f).toFixed(2)} ms`);
  const redraws = phases.filter((p) => p[0] === 0);
  const panels = phases.filter((p) => p[0] === 1);
  const med = (xs, i) => pct(xs.map((p) => p[i]), 50).toFixed(2);
  const p95 = (xs, i) => pct(xs.map((p) => p[i]), 95).toFixed(2);
  console.log(`inside a stage redraw (median/p95 ms, ${redraws.length} redraws): model view ${med(redraws, 1)}/${p95(redraws, 1)}, layout ${med(redraws, 2)}/${p95(redraws, 2)}, SVG update ${med(redraws, 3)}/${p95(redraws, 3)}`);
  console.log(`panel refresh (measures, charts, narration; median/p95 ms, ${panels.length} refreshes): ${med(panels, 1)}/${p95(panels, 1)}`);
  const catchUps = seekPhases.filter((p) => p[0] === 2);
  const seekRedraws = seekPhases.filter((p) => p[0] === 0).map((p) => p[1] + p[2] + p[3]);
  const seekPanels = seekPhases.filter((p) => p[0] === 1);
  console.log(`while seeking far: ${catchUps.length} frames replayed (median/max ms ${med(catchUps, 1)}/${Math.max(...catchUps.map((p) => p[1])).toFixed(2)}), ${seekRedraws.length} redraws (max ${Math.max(0, ...seekRedraws).toFixed(2)} ms), ${seekPanels.length} panel refreshes (max ${Math.max(0, ...seekPanels.map((p) => p[1])).toFixed(2)} ms)`);
  const verdict = (ms) => (ms <= 50 ? "within the 50 ms budget" : "OVER the 50 ms budget");
  const line = (what, t) =>
    console.log(
      `longest main-thread task ${what}: ${t.longest.toFixed(1)} ms (${t.cpu.toFixed(1)} ms of it on a core), ` +
        `${verdict(t.longest)}, ${(t.longest / baseline.longest).toFixed(1)}x the baseline; ${t.over} of ${t.tasks} tasks over 50 ms (${t.inside}); ` +
        `the heaviest task on a core ${t.heaviest.toFixed(1)} ms; main thread on a core ${(t.busy * 100).toFixed(0)}% of the time`,
    );
  console.log(
    `baseline, longest main-thread task on a blank page moving one box per frame for ${SECONDS} s: ` +
      `${baseline.longest.toFixed(1)} ms (${baseline.cpu.toFixed(1)} ms on a core); ${baseline.over} of ${baseline.tasks} tasks over 50 ms; ` +
      `the heaviest task on a core ${baseline.heaviest.toFixed(1)} ms (load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores)`,
  );
  line("while playing", playing);
  line("while seeking the echo loop 5 s -> 30 s", seek);
  line("while changing a knob (echo loop at 20 s, stamp on)", knob);
  if (page.problems.length) console.error(page.problems.join("\n"));
} finally {
  await session.close();
}
