// The wasm is split: the first load carries only the shell, and each page's chunk arrives
// when the page is first shown. A chunk that cannot be downloaded gets a message and a retry.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startSession, openPage, visit, assertClean } from "../lib/browser.mjs";

// Every built file has a content hash in its name: split_card_chunk-0123456789abcdef.wasm.
const CHUNK = /\/split_[a-z_]+-[0-9a-f]{16}\.wasm$/;
const plainName = (path) => path.slice(path.lastIndexOf("/") + 1).replace(/-[0-9a-f]{16}(?=\.)/, "");
const isChunk = (name) => (request) => plainName(request.url()) === name;

let session;
// The service worker would answer from its cache: these tests watch (and block) downloads.
before(async () => (session = await startSession({ serviceWorkers: "block" })));
after(async () => session?.close());

/** Records the pathname of every wasm file the page requests. */
function recordWasm(page) {
  const seen = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (path.endsWith(".wasm")) seen.push(plainName(path));
  });
  return seen;
}

test("the home page loads the shell alone; the cards' code arrives on the first visit", async () => {
  const page = await openPage(session);
  const wasm = recordWasm(page);
  await visit(page, session, "/");
  await page.waitForLoadState("networkidle");
  assert.deepEqual(wasm, ["hoplab-site_bg.wasm"], "only the shell on the home page");

  await page.click("nav.site-nav >> text=Cards");
  await page.waitForSelector("main h1:has-text('Cross-Cluster Continuity')");
  assert.ok(wasm.includes("split_card_list_chunk.wasm"), `the card list's chunk: ${wasm}`);
  assert.ok(!wasm.some((name) => name.startsWith("split_lab")), `no lab chunk yet: ${wasm}`);

  await page.click("nav.site-nav >> text=Lab");
  await page.waitForSelector("main h1:has-text('The copier lab')");
  assert.ok(wasm.includes("split_lab_index_chunk.wasm"), `the lab list's chunk: ${wasm}`);
  assertClean(page);
});

test("pointing at a link starts its page's download before the click", async () => {
  const page = await openPage(session);
  await visit(page, session, "/");
  await page.waitForLoadState("networkidle");
  const labChunk = page.waitForRequest(isChunk("split_lab_index_chunk.wasm"));
  await page.hover("nav.site-nav >> text=Lab");
  await labChunk;
  assert.equal((await page.textContent("main h1")).trim(), "See what happens between two clusters.", "still on the home page");
  // Tabbing to a link does the same for keyboard users.
  const cardChunk = page.waitForRequest(isChunk("split_card_list_chunk.wasm"));
  await page.focus("nav.site-nav >> text=Cards");
  await cardChunk;
  await page.click("nav.site-nav >> text=Lab");
  await page.waitForSelector("main h1:has-text('The copier lab')");
  assertClean(page);
});

test("a page whose code does not download says so, and Try again loads it", async () => {
  const page = await openPage(session);
  await page.route(CHUNK, (route) => route.abort());
  await visit(page, session, "/cards/copy-lag");
  assert.equal((await page.textContent("main h1")).trim(), "This page did not load");
  assert.match(await page.textContent("main [role=alert]"), /could not be downloaded/);
  assert.match(await page.title(), /did not load · Hoplab$/);
  // Only the failed download is reported: nothing panicked, and the shell still works.
  assert.ok(page.problems.length > 0, "the failed fetch is logged");
  for (const problem of page.problems) assert.doesNotMatch(problem, /panicked|unreachable|RuntimeError/);
  // The designer is a chunk too now: the home page is what is left of the shell.
  await page.click("a.brand");
  await page.waitForSelector("main h1:has-text('See what happens between two clusters.')");
  await page.goBack();
  await page.waitForSelector("main h1:has-text('This page did not load')");

  await page.unroute(CHUNK);
  page.problems.length = 0;
  await page.click("main button:has-text('Try again')");
  await page.waitForSelector("main .card, main article", { timeout: 30000 });
  assert.notEqual((await page.textContent("main h1")).trim(), "This page did not load");
  assertClean(page);
});

const PANELS = /\/split_run_panels_chunk-[0-9a-f]{16}\.wasm$/;
const ENGINE = /\/split_run_engine_chunk-[0-9a-f]{16}\.wasm$/;
const stageNow = (page) => page.$eval("svg.stage", (s) => Number(s.dataset.now));

/** Holds back the chunk `pattern` names until the returned function is called. */
async function hold(page, pattern) {
  let release;
  const held = new Promise((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test("a lab scenario shows its stage before the engine's code; a failed download offers a retry", async () => {
  const page = await openPage(session);
  const wasm = recordWasm(page);
  await page.route(ENGINE, (route) => route.abort());
  await visit(page, session, "/lab/echo-loop");
  await page.waitForSelector("svg.stage[data-ready=true]", { timeout: 90000 });
  const alert = page.locator(".run-view [role=alert]");
  await alert.waitFor({ timeout: 30000 });
  assert.match(await alert.textContent(), /The simulation, measures and charts did not load/);
  assert.ok(wasm.includes("split_run_engine_chunk.wasm"), `the engine was asked for: ${wasm}`);
  assert.ok(!wasm.includes("split_run_panels_chunk.wasm"), `the panels wait for the engine: ${wasm}`);
  assert.equal(await page.locator("[data-measure]").count(), 0, "no measures without their code");
  // Without the engine the stage stands at 0 s, and Play is kept for when it comes.
  assert.equal(await page.getAttribute("svg.stage", "data-engine"), "loading");
  await page.click(".lab-play");
  await page.waitForSelector(".lab-play:has-text('Pause')");
  assert.equal(await stageNow(page), 0, "no time passes without the engine");
  for (const problem of page.problems) assert.doesNotMatch(problem, /panicked|unreachable|RuntimeError/);

  await page.unroute(ENGINE);
  page.problems.length = 0;
  await alert.locator("button:has-text('Try again')").click();
  await page.waitForSelector("[data-measure]", { timeout: 30000 });
  await page.waitForSelector(".narration");
  await page.waitForSelector(".lab-settings [data-knob]");
  assert.equal(await alert.count(), 0, "the notice goes once the code is here");
  // The engine is here: the Play pressed meanwhile plays.
  await page.waitForFunction(() => Number(document.querySelector("svg.stage").dataset.now) > 0);
  await page.click(".lab-play");
  assertClean(page);
});

test("the engine comes before the panels: a lab plays while its panels load, and without them", async () => {
  const page = await openPage(session);
  await page.route(PANELS, (route) => route.abort());
  await visit(page, session, "/lab/echo-loop");
  await page.waitForSelector("svg.stage[data-ready=true][data-engine=ready]", { timeout: 90000 });
  const alert = page.locator(".run-view [role=alert]");
  await alert.waitFor({ timeout: 30000 });
  assert.match(await alert.textContent(), /The measures, charts and narration did not load/);
  assert.match(await alert.textContent(), /the stage works without them/);
  await page.click(".lab-play");
  await page.waitForFunction(() => Number(document.querySelector("svg.stage").dataset.now) > 500, null, { timeout: 30000 });
  await page.click(".lab-play");
  for (const problem of page.problems) assert.doesNotMatch(problem, /panicked|unreachable|RuntimeError/);

  await page.unroute(PANELS);
  page.problems.length = 0;
  await alert.locator("button:has-text('Try again')").click();
  await page.waitForSelector("[data-measure]", { timeout: 30000 });
  assert.equal(await alert.count(), 0, "the notice goes once the panels are here");
  assertClean(page);
});

test("a lab deep link shows its stage at 0 s before the engine, plays once it arrives, and ?t= still lands", async () => {
  const page = await openPage(session);
  const release = await hold(page, ENGINE);
  await visit(page, session, "/lab/echo-loop");
  await page.waitForSelector("svg.stage[data-ready=true]", { timeout: 90000 });
  assert.equal(await page.getAttribute("svg.stage", "data-engine"), "loading");
  assert.equal(await stageNow(page), 0);
  const status = page.locator(".stage-progress[role=status]");
  assert.match(await status.textContent(), /Loading the simulation/);
  assert.equal(await status.evaluate((el) => el.classList.contains("hidden")), false, "the loading note shows");
  // Play while the engine loads: kept, not lost.
  await page.click(".lab-play");
  await page.waitForSelector(".lab-play:has-text('Pause')");
  assert.equal(await stageNow(page), 0);
  release();
  await page.waitForSelector("svg.stage[data-engine=ready]", { timeout: 30000 });
  await page.waitForFunction(() => Number(document.querySelector("svg.stage").dataset.now) > 500, null, { timeout: 30000 });
  assert.doesNotMatch(await status.textContent(), /Loading the simulation/);
  await page.click(".lab-play");
  assertClean(page);

  // A link with a time: the stage at 0 s is not that time, so it is not ready until the
  // engine has replayed to it.
  const linked = await openPage(session);
  const releaseLinked = await hold(linked, ENGINE);
  await visit(linked, session, "/lab/echo-loop?t=5");
  await linked.waitForSelector("svg.stage[data-engine=loading][data-now='0']");
  await linked.locator(".stage-progress:has-text('Loading the simulation, then to 5.0 s')").waitFor();
  assert.equal(await linked.getAttribute("svg.stage", "data-ready"), "false");
  releaseLinked();
  await linked.waitForSelector("svg.stage[data-engine=ready][data-ready=true]", { timeout: 90000 });
  assert.equal(await stageNow(linked), 5000);
  assert.equal(new URL(linked.url()).searchParams.get("t"), "5");
  assertClean(linked);
});
