// The lab as a learner meets it: every scenario loads, animates, narrates, reproduces
// from its URL and survives a bad URL; and the controls change what the cards predict.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { startSession, openPage, visit, assertClean, assertAccessible, readData } from "../lib/browser.mjs";

// The scenario library as the model lists it (one table in crates/model), not a copy.
const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const SCENARIOS = JSON.parse(
  execFileSync("cargo", ["run", "-q", "--locked", "-p", "hoplab-cli", "--", "scenarios", "--json"], {
    cwd: ROOT,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  }),
).map((s) => s.id);
assert.ok(SCENARIOS.length > 0, "the library lists its scenarios");

let session;
before(async () => (session = await startSession()));
after(async () => session?.close());

const STAGE = "svg.stage";
/**
 * Playing 1.5 s of a scenario at ×1 takes 1.5 s here; CI once needed more than 20 s for
 * it on a busy host (two-site-interleaving, not reproduced here under load), so the wait
 * is as generous as `ready`'s: a condition, not a sleep.
 */
const PLAY_WAIT_MS = 90000;

/**
 * Waits until the model has reached the time asked for and the panels show it. Replaying
 * the echo loop without a stamp to 20 s is the heaviest seek (about 6 s here, idle), so the
 * wait is generous for a busy machine (it is a condition, not a sleep). Waits that once ran
 * out here were a hang, not slowness: see the timeline's "cut short at the target" test.
 */
async function ready(page) {
  await page.waitForSelector(`${STAGE}[data-ready=true][data-engine=ready]`, { timeout: 90000 });
  await page.waitForSelector("[data-measure]");
}

async function open(path, options) {
  const page = await openPage(session, options);
  await visit(page, session, path);
  await ready(page);
  return page;
}

const now = (page) => page.$eval(STAGE, (s) => Number(s.dataset.now));
const measures = (page) =>
  page.$$eval("[data-measure]", (els) => Object.fromEntries(els.map((e) => [e.dataset.measure, Number(e.dataset.value)])));
async function measure(page, id) {
  const all = await measures(page);
  assert.ok(id in all, `measure ${id} shown (have ${Object.keys(all).join(", ")})`);
  return all[id];
}

/** Plays until simulated time passes `ms`, then pauses and waits for the model. */
async function playPast(page, ms) {
  await page.click(".lab-play");
  await page.waitForFunction((t) => Number(document.querySelector("svg.stage").dataset.now) > t, ms, { timeout: PLAY_WAIT_MS });
  await page.click(".lab-play");
  await page.waitForSelector(".lab-play:has-text('Play')");
  await ready(page);
}

/** What the stage shows, cheaply: the clock, the rows' slide and the record count. */
const stageState = (page) =>
  page.evaluate(() => {
    const s = document.querySelector("svg.stage");
    const rows = [...s.querySelectorAll("g.recs")].map((g) => g.getAttribute("transform")).join();
    return `${s.dataset.now}|${s.querySelectorAll("rect.rec").length}|${rows}|${s.querySelectorAll("g.batch").length}`;
  });

test("/lab lists every scenario with its card, and each opens", async () => {
  const page = await openPage(session);
  await visit(page, session, "/lab");
  const ids = await page.$$eval(".lab-item", (els) => els.map((e) => e.dataset.scenario));
  assert.deepEqual(ids, SCENARIOS);
  await page.waitForFunction(
    (n) => document.querySelectorAll(".lab-item-cards a[href^='/cards/']").length >= n,
    SCENARIOS.length,
  );
  await page.click(".lab-item[data-scenario=echo-loop] h2 a");
  await ready(page);
  assert.equal(new URL(page.url()).pathname, "/lab/echo-loop");
  await assertAccessible(page, "/lab/echo-loop after navigation");
  assertClean(page);
});

test("every card's 'show me' scenario exists in the lab", async () => {
  const page = await openPage(session);
  await visit(page, session, "/lab");
  const index = await readData(session, "index.json");
  const wanted = [...new Set(index.sections.flatMap((s) => s.cards.map((c) => c.scenario)))];
  assert.ok(wanted.length > 0);
  for (const id of wanted) assert.ok(SCENARIOS.includes(id), `card scenario ${id} is in the lab`);
  assertClean(page);
});

for (const id of SCENARIOS) {
  test(`${id}: loads, animates, narrates, reproduces from its URL, survives a bad URL`, async () => {
    const page = await open(`/lab/${id}`);
    assert.equal(await now(page), 0);
    assert.ok((await page.textContent("main h1")).trim().length > 0);

    // Play: the stage changes and the narration moves on.
    const before = await stageState(page);
    const latest = await page.$eval(".narration", (n) => Number(n.dataset.latest));
    await page.click(".lab-play");
    await page.waitForFunction(
      (b) => {
        const s = document.querySelector("svg.stage");
        const rows = [...s.querySelectorAll("g.recs")].map((g) => g.getAttribute("transform")).join();
        const state = `${s.dataset.now}|${s.querySelectorAll("rect.rec").length}|${rows}|${s.querySelectorAll("g.batch").length}`;
        return Number(s.dataset.now) > 1500 && state.split("|").slice(1).join("|") !== b.split("|").slice(1).join("|");
      },
      before,
      { timeout: PLAY_WAIT_MS },
    );
    await page.waitForFunction((l) => Number(document.querySelector(".narration").dataset.latest) > l, latest);
    assert.ok((await page.$$("rect.rec")).length > 0, "records on the stage");
    await assertAccessible(page, `/lab/${id} while playing`);

    // Press a fault mid-run, play on, pause: the URL carries all of it.
    const faults = await page.$$(".lab-fault");
    if (faults.length) await faults[0].click();
    await page.waitForFunction(() => Number(document.querySelector("svg.stage").dataset.now) > 3000, null, { timeout: PLAY_WAIT_MS });
    await page.click(".lab-play");
    await page.waitForSelector(".lab-play:has-text('Play')");
    await ready(page);
    await page.waitForFunction(() => new URL(location.href).searchParams.has("t"));
    const url = page.url();
    const seen = await measures(page);
    const seenNow = await now(page);
    if (faults.length) assert.match(url, /do=/, "the pressed button is in the URL");

    const copy = await open(new URL(url).pathname + new URL(url).search);
    assert.equal(await now(copy), seenNow, "same time");
    assert.deepEqual(await measures(copy), seen, "a copied link reproduces the measures");
    // Scrub back to the start and forward again: the same state.
    await copy.$eval(".lab-scrub input", (el) => {
      el.value = "0";
      el.dispatchEvent(new Event("input", { bubbles: true }));
    });
    await copy.waitForFunction(() => Number(document.querySelector("svg.stage").dataset.now) === 0);
    // The slider moves in 100 ms steps: seek to where it lands, then compare with a
    // fresh load of that time.
    const landed = await copy.$eval(".lab-scrub input", (el, t) => {
      el.value = String(t);
      el.dispatchEvent(new Event("input", { bubbles: true }));
      return Number(el.value);
    }, seenNow);
    await copy.waitForFunction((t) => Number(document.querySelector("svg.stage").dataset.now) === t, landed);
    await ready(copy);
    await copy.waitForFunction(() => new URL(location.href).searchParams.has("t"));
    const scrubbed = await measures(copy);
    const fresh = await open(new URL(copy.url()).pathname + new URL(copy.url()).search);
    assert.equal(await now(fresh), landed);
    assert.deepEqual(await measures(fresh), scrubbed, "scrubbing back and forth gives what a fresh load gives");
    if (landed === seenNow) assert.deepEqual(scrubbed, seen);
    assertClean(fresh);
    await fresh.close();
    assertClean(copy);
    await copy.close();

    // A malformed URL: a message, the defaults, and a clean URL to copy.
    const bad = await openPage(session);
    await visit(bad, session, `/lab/${id}?seed=banana&t=-3&nosuch=1&do=explode@2`);
    await bad.waitForSelector(".lab-problems");
    const text = await bad.textContent(".lab-problems");
    for (const word of ["banana", "nosuch", "explode"]) assert.ok(text.includes(word), `the message names ${word}`);
    await ready(bad);
    assert.equal(await now(bad), 0);
    assert.equal(await bad.inputValue("#lab-seed"), "1");
    await bad.waitForFunction(() => location.search === "");
    assertClean(bad);
    await bad.close();
    assertClean(page);
    await page.close();
  });
}

test("an unknown scenario gets a message and the list, not a blank page", async () => {
  const page = await openPage(session);
  await visit(page, session, "/lab/no-such-thing");
  assert.equal((await page.textContent("main h1")).trim(), "No such scenario");
  assert.equal((await page.$$(".lab-scenario-links a")).length, SCENARIOS.length);
  assertClean(page);
});

test("echo loop: without a stamp copies keep growing; with one they stop", async () => {
  const page = await open("/lab/echo-loop?t=10");
  const at10 = await measure(page, "copies-per-original");
  await page.$eval(".lab-scrub input", (el) => {
    el.value = "20000";
    el.dispatchEvent(new Event("input", { bubbles: true }));
  });
  await page.waitForFunction(() => Number(document.querySelector("svg.stage").dataset.now) === 20000);
  await ready(page);
  const at20 = await measure(page, "copies-per-original");
  assert.ok(at10 > 2 && at20 > at10 * 1.5, `no stamp grows: ${at10} -> ${at20}`);
  // Turn the stamp on: the run is rebuilt and replayed to the same time.
  await page.selectOption("[data-knob=stamp]", "marker");
  await page.waitForFunction(() => new URL(location.href).searchParams.get("stamp") === "marker");
  await ready(page);
  await page.waitForFunction(() => Number(document.querySelector("[data-measure=copies-per-original]").dataset.value) < 1.1);
  const marked20 = await measure(page, "copies-per-original");
  await playPast(page, 25000);
  const marked25 = await measure(page, "copies-per-original");
  assert.ok(marked20 <= 1.05 && marked25 <= 1.05, `with a stamp it settles: ${marked20}, ${marked25}`);
  assertClean(page);
});

// A slower machine for one test: HOPLAB_E2E_CPU_THROTTLE=4 runs the far seek below with
// Chromium's CPU throttled 4x (CDP Emulation.setCPUThrottlingRate). Unset: not throttled.
const CPU_THROTTLE = Number(process.env.HOPLAB_E2E_CPU_THROTTLE ?? 1);

test("a far seek shows its progress on the stage and ends at the time asked for", async () => {
  const page = await openPage(session);
  if (CPU_THROTTLE > 1) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_THROTTLE });
  }
  await visit(page, session, "/lab/echo-loop?t=5");
  await ready(page);
  const [from, to] = [5000, 30000];
  // A frame replays until its 8 ms budget (read with performance.now) runs out, and shows the
  // replay's progress only if the seek is not done by then: on a quick machine this whole seek
  // once fit in one frame and no progress was ever drawn (issue 44). So, for the seek only,
  // each reading of the page's clock costs 1 ms of real work: every 40-event chunk of replay
  // then costs at least 1 ms on any machine, a frame replays at most 8 chunks, and this seek
  // (30 chunks or more: 5 to 7 frames here) takes 4 frames or more however fast the machine. The
  // clock stays true (it is load, not a fake time, and no test step waits on it); it is put
  // back as soon as the stage shows the target.
  // Every time and progress the stage shows is noted from the start of the seek, in order
  // (what, not when).
  await page.evaluate(([from, to]) => {
    window.__seen = [];
    const stage = document.querySelector("svg.stage");
    const box = document.querySelector(".stage-progress");
    const real = performance.now.bind(performance);
    new MutationObserver(() => {
      const bar = box.querySelector("progress");
      const now = Number(stage.dataset.now);
      if (now === to) delete performance.now;
      window.__seen.push({
        now,
        shown: !box.classList.contains("hidden"),
        text: box.textContent,
        value: bar ? Number(bar.value) : null,
      });
    }).observe(document.querySelector(".lab-stage"), { attributes: true, childList: true, subtree: true });
    performance.now = () => {
      const t = real();
      while (real() - t < 1);
      return real();
    };
    const scrub = document.querySelector(".lab-scrub input");
    scrub.value = String(to);
    scrub.dispatchEvent(new Event("input", { bubbles: true }));
  }, [from, to]);
  await page.waitForFunction((t) => Number(document.querySelector("svg.stage").dataset.now) === t, to, { timeout: 90000 });
  await page.evaluate(() => delete performance.now);
  await ready(page);
  // Ends at the time asked for, with the progress gone.
  assert.ok(await page.$eval(".stage-progress", (el) => el.classList.contains("hidden")), "hidden once there");
  assert.equal(await now(page), to);
  assert.equal((await page.textContent(".stage-clock")).trim(), "30.0 s");
  await page.waitForFunction(() => new URL(location.href).searchParams.get("t") === "30");

  const seen = await page.evaluate(() => window.__seen);
  const brief = JSON.stringify(seen.filter((s, i) => i === 0 || JSON.stringify(s) !== JSON.stringify(seen[i - 1])));
  // The stage's time only goes forward, from where it stood to the target.
  const times = seen.map((s) => s.now);
  assert.ok(times.every((t, i) => t >= from && t <= to && (i === 0 || t >= times[i - 1])), `times go forward: ${brief}`);
  assert.equal(times.at(-1), to);
  // The seek took frames (the stage showed times on the way): the case that needs progress.
  const onTheWay = [...new Set(times.filter((t) => t > from && t < to))];
  assert.ok(onTheWay.length > 1, `the seek took several frames: ${brief}`);
  // The progress was drawn, said where it goes, only rose, and stayed between its ends.
  const drawn = seen.filter((s) => s.shown);
  assert.ok(drawn.length > 0, `the stage showed the replay's progress: ${brief}`);
  assert.ok(drawn.every((s) => s.text.includes("Replaying to 30.0 s") && s.value !== null), brief);
  const values = drawn.map((s) => s.value);
  assert.ok(values.every((v, i) => v >= 0 && v <= 100 && (i === 0 || v >= values[i - 1])), `progress only rises: ${brief}`);
  assert.ok(values.some((v) => v > 0 && v < 100), `a value between the ends: ${brief}`);
  // Each frame on the way drew its progress, and each progress drawn is how far the stage had
  // come (its share of the way from 5 s to 30 s, in whole percent; a frame whose replay ends
  // with the stage still at 5 s shows 0 %).
  const share = (t) => ((t - from) / (to - from)) * 100;
  for (const t of onTheWay) {
    assert.ok(values.some((v) => Math.abs(v - share(t)) <= 1), `progress drawn at ${t} ms (${share(t).toFixed(1)} %): ${brief}`);
  }
  const before = times.filter((t) => t < to);
  for (const v of new Set(values)) {
    assert.ok(before.some((t) => Math.abs(v - share(t)) <= 1), `progress ${v} % matches a time shown: ${brief}`);
  }
  assertClean(page);
});

/** What the narration said a move by `rule` will cost: [read again, skipped]. */
async function moveCost(page, rule) {
  const texts = await page.$$eval(".narration li", (els) => els.map((e) => e.textContent));
  const cost = new RegExp(`resumed on \\S+ by ${rule}: ([\\d,]+) records? will be read again, ([\\d,]+) records? skipped`);
  const said = texts.map((t) => t.match(cost)).findLast(Boolean);
  assert.ok(said, `the narration tells the move's cost: ${texts.join(" | ")}`);
  return [Number(said[1].replaceAll(",", "")), Number(said[2].replaceAll(",", ""))];
}

test("failover: the position map never skips and re-reads no more than the start; the raw number skips", async () => {
  // Just after the move at 32 s, while the narration still shows it.
  const map = await open("/lab/failover-resume?resume=position-map&t=32.1");
  assert.equal(await measure(map, "gap:billing"), 0);
  // The scenario's promise (its watch-for text, the model's scenario test): no gap, and less
  // replay than starting over. The group is far behind, where MirrorMaker 2's store keeps few
  // pairs, so the margin can be most of the backlog: the bound is the same run from the start.
  const [viaMap, mapSkipped] = await moveCost(map, "position-map");
  await map.selectOption("[data-knob=resume]", "start");
  await map.waitForFunction(() => new URL(location.href).searchParams.get("resume") === "start");
  await ready(map);
  const [fromStart] = await moveCost(map, "start");
  assert.equal(mapSkipped, 0);
  assert.ok(viaMap > 0 && viaMap < fromStart, `the map re-reads ${viaMap}, less than the start's ${fromStart}`);
  // The same run with the raw number, chosen with the control.
  await map.selectOption("[data-knob=resume]", "raw-number");
  await map.waitForFunction(() => new URL(location.href).searchParams.get("resume") === null);
  await ready(map);
  await map.waitForFunction(() => Number(document.querySelector("[data-measure='gap:billing']")?.dataset.value) > 0);
  assert.ok((await measure(map, "gap:billing")) > 0, "raw number lands on the wrong record");
  assertClean(map);
});

test("stalled copier: the uncopied tail grows while the writer keeps being acknowledged", async () => {
  const page = await open("/lab/stall-and-backlog?t=24");
  const tail1 = await measure(page, "tail:a-to-b");
  const acked1 = Object.entries(await measures(page)).find(([k]) => k.startsWith("acked:"))[1];
  await playPast(page, 30000);
  const tail2 = await measure(page, "tail:a-to-b");
  const all = await measures(page);
  const acked2 = Object.entries(all).find(([k]) => k.startsWith("acked:"))[1];
  assert.ok(tail2 > tail1 + 500, `tail grows: ${tail1} -> ${tail2}`);
  assert.ok(acked2 > acked1, `writer acknowledged on: ${acked1} -> ${acked2}`);
  assert.match(await page.textContent(".hop-label"), /stalled/);
  assertClean(page);
});

test("site loss: the lost tail is shown, and losing earlier with a stall loses more", async () => {
  const page = await open("/lab/site-loss-tail?t=40");
  const lost = await measure(page, "lost:a-to-b");
  assert.ok(lost > 0, `a lost tail (${lost})`);
  assert.ok((await page.$$(".site--lost")).length === 1, "the lost site is drawn as lost");
  await page.check("[data-knob=stall_before]");
  await ready(page);
  await page.waitForFunction((l) => Number(document.querySelector("[data-measure='lost:a-to-b']")?.dataset.value) > l, lost);
  assertClean(page);
});

test("keyboard: space plays and pauses, the right arrow steps one event", async () => {
  const page = await open("/lab/follow-one-record");
  await page.keyboard.press("ArrowRight");
  await page.waitForFunction(() => Number(document.querySelector(".narration").dataset.latest) > 0 || Number(document.querySelector("svg.stage").dataset.now) > 0);
  await page.focus("body");
  await page.keyboard.press("Space");
  await page.waitForSelector(".lab-play:has-text('Pause')");
  await page.keyboard.press("Space");
  await page.waitForSelector(".lab-play:has-text('Play')");
  // Not while typing in a field.
  await page.focus("#lab-seed");
  await page.keyboard.press("Space");
  assert.equal((await page.textContent(".lab-play")).trim(), "Play");
  assertClean(page);
});

test("keyboard: on the stage the arrow keys pick records, and time stands still", async () => {
  const page = await open("/lab/follow-one-record?t=8");
  const before = await now(page);
  const selected = () => page.$$eval(".highlight", (els) => els.length);
  const info = () => page.textContent(".record-info");
  await page.focus(".stage-scroll");
  await page.keyboard.press("End");
  await page.waitForFunction(() => document.querySelector(".record-info").textContent.includes("Written at"));
  const newest = await info();
  // The outline is drawn with the next frame.
  await page.waitForFunction(() => document.querySelectorAll(".highlight").length >= 1);
  assert.ok((await selected()) >= 1, "the chosen record is outlined");
  await page.keyboard.press("ArrowLeft");
  await page.waitForFunction((was) => document.querySelector(".record-info").textContent !== was, newest);
  const spoken = () => page.textContent(".record-panel [aria-live]");
  assert.match(await spoken(), /^Record \S+ here at A\/[^ ]+ position \d+, written at site A\. On each cluster: /);
  // Down moves to the next row (the copies on site B), near the same position.
  await page.keyboard.press("ArrowDown");
  await page.waitForFunction(() => / here at B\//.test(document.querySelector(".record-panel [aria-live]").textContent));
  await page.keyboard.press("ArrowUp");
  await page.waitForFunction(() => / here at A\//.test(document.querySelector(".record-panel [aria-live]").textContent));
  assert.equal(await now(page), before, "the arrow keys did not step the model");
  assertClean(page);
});

test("the speed is part of the link: set it, reload, and it is still set", async () => {
  const page = await open("/lab/follow-one-record");
  await page.$eval(".lab-speed input", (el) => {
    el.value = "-0.5";
    el.dispatchEvent(new Event("input", { bubbles: true }));
  });
  await page.waitForFunction(() => new URL(location.href).searchParams.get("speed") === "0.316");
  const shown = (await page.textContent(".lab-speed output")).trim();
  await page.reload();
  await ready(page);
  assert.equal((await page.textContent(".lab-speed output")).trim(), shown);
  assert.equal(await page.$eval(".lab-speed input", (el) => Number(el.value)), -0.5);
  // A speed out of range is named, and ×1 is used.
  await visit(page, session, "/lab/follow-one-record?speed=5000");
  await ready(page);
  assert.match(await page.textContent("main"), /the speed '5000' is not a number from 0\.1 to 100/);
  assert.equal(await page.$eval(".lab-speed input", (el) => Number(el.value)), 0);
  assertClean(page);
});

test("reduced motion: the stage still runs, in steps", async () => {
  const page = await openPage(session);
  await page.emulateMedia({ reducedMotion: "reduce" });
  await visit(page, session, "/lab/follow-one-record");
  await ready(page);
  await playPast(page, 2000);
  assert.equal(await page.getAttribute(STAGE, "data-motion"), "steps");
  assert.ok((await page.textContent("#lab-spoken")).includes("Site A"), "a description for screen readers");
  assertClean(page);
});

test("phone width and dark mode: the lab fits and passes axe", async () => {
  const page = await openPage(session, { viewport: { width: 390, height: 800 } });
  for (const theme of ["light", "dark"]) {
    await page.emulateMedia({ colorScheme: theme });
    await visit(page, session, "/lab/failover-resume?t=35");
    await ready(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 1, `no page-wide horizontal scroll (${overflow}px)`);
    await assertAccessible(page, `/lab/failover-resume (${theme}, phone)`);
  }
  assertClean(page);
});
