// Size benchmark: what a first visit to each page transfers before the page shows (wasm, JS,
// CSS, content), raw and as brotli (quality 11, what a compressing host would send), against
// that page's budget. What a page fetches after it shows (the card list's search index) is
// listed apart; for the lab, also what it transfers until it can play (its stage at 0 s
// shows before the simulation's engine arrives: every file asked for up to the engine's
// chunk, whose loader asks for the chunk's parts just before it; the panels follow once the
// engine is here, so they are not counted). Then
// the whole build: what the service worker keeps for offline use.
// A page's HTML also preloads the chunks and data the app's first draw of it fetches
// (scripts/prerender.mjs): asked for before the page shows but not needed for it to show
// (a preload blocks no paint), so they are listed apart, "preloaded for the app's draw", and
// counted in a second figure: every file asked for before the app has drawn the page.
// CSS here is the sheet every page shares; each page's own sheet is inside its wasm chunk
// (src/page_styles.rs), so it counts as wasm, in the page that needs it and no other.
// Usage: node bench/size.mjs [path...]   (after `trunk build --release --offline`)
import { brotliCompressSync, constants } from "node:zlib";
import { readdirSync, readFileSync } from "node:fs";
import { extname, join } from "node:path";
import { startSession, openPage } from "../lib/browser.mjs";
import { DIST } from "../lib/server.mjs";

const KB = 1024;
// Each page by a deep link, with what shows once it is usable.
const PAGES = [
  { path: "/", shown: "main h1", budget: 150 * KB, what: "first load of / (the shell)" },
  { path: "/cards/copy-lag", shown: "[role=tablist]", budget: 170 * KB, what: "a card by deep link" },
  { path: "/cards", shown: "main a[href='/cards/copy-lag']", budget: 200 * KB, what: "the card list" },
  {
    path: "/lab/echo-loop",
    shown: "svg.stage[data-ready=true]",
    playable: "svg.stage[data-engine=ready][data-ready=true]",
    engine: "split_run_engine_chunk-",
    // Every file asked for before the app's stage can play (the engine is asked for at boot
    // on a deep link, so "up to the engine's chunk" no longer covers the page's own parts).
    runnable: "#app svg.stage[data-engine=ready][data-ready=true]",
    runBudget: null,
    budget: 250 * KB,
    what: "a lab scenario",
  },
  // Reported for information: these pages have no budget of their own.
  { path: "/copiers", shown: "main table", budget: null, what: "the copier comparison" },
  { path: "/practice", shown: "main h1", budget: null, what: "practice mode" },
  { path: "/designer", shown: "main h1", budget: null, what: "the designer" },
  // Issue 25's budget: what a first visit fetches before it can edit, lint and run a design.
  {
    path: "/designer/preset/mm2-default",
    shown: "main h1",
    // In #app: the prerendered page (#prerendered) has the same button, inert until the app takes over.
    runnable: "#app .designer-run button.primary:not([disabled])",
    budget: null,
    runBudget: 300 * KB,
    what: "the designer on a template",
  },
];

/** What the page's HTML preloads for the app's first draw (`data-drawn-with` links). */
function preloadedFor(path) {
  const html = readFileSync(join(DIST, path, "index.html"), "utf8");
  return new Set([...html.matchAll(/<link [^>]*href="([^"]+)"[^>]*data-drawn-with/g)].map((match) => match[1]));
}

const brotli = (body) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const kb = (n) => `${(n / KB).toFixed(1)} KB`;
const kind = (path) =>
  ({ ".wasm": "wasm", ".js": "js", ".css": "css", ".json": "content", ".svg": "content" })[extname(path)] ?? "html";

/** Loads `page.path` in a fresh browser; resolves to the files fetched before and after it showed. */
async function measure({ path, shown, playable, engine, runnable }) {
  // Without the service worker: this is what the network carries on a first visit.
  const session = await startSession({ serviceWorkers: "block" });
  const rows = [];
  try {
    const page = await openPage(session);
    // The page itself notes when it first shows (`shown` matches), when the app has drawn it
    // (the HTML's own page is not inside #app) and when it can run (the designer's run
    // button enabled), on its own clock, so each download can be placed before or after
    // those without a race.
    const noteWhen = (selector, name) =>
      page.addInitScript(
        ([selector, name]) => {
          const check = () => {
            if (window[name] === undefined && document.querySelector(selector)) window[name] = performance.now();
          };
          new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
        },
        [selector, name],
      );
    await noteWhen(shown, "__shownAt");
    await noteWhen(`#app ${shown}`, "__drawnAt");
    if (runnable) await noteWhen(runnable, "__runnableAt");
    page.on("response", async (response) => {
      const body = await response.body().catch(() => null);
      if (!body) return;
      const url = new URL(response.url()).pathname;
      rows.push({ url, kind: kind(url), raw: body.length, brotli: brotli(body) });
    });
    await page.goto(session.url + path);
    await page.waitForSelector(shown, { timeout: 90000 });
    await page.waitForSelector(`#app ${shown}`, { timeout: 90000 });
    if (playable) await page.waitForSelector(playable, { timeout: 90000 });
    if (runnable) await page.waitForSelector(runnable, { timeout: 90000 });
    await page.waitForLoadState("networkidle");
    const { shownAt, drawnAt, runnableAt, started } = await page.evaluate(() => ({
      shownAt: window.__shownAt,
      drawnAt: window.__drawnAt,
      runnableAt: window.__runnableAt,
      started: performance.getEntriesByType("resource").map((e) => [new URL(e.name).pathname, e.startTime]),
    }));
    const startOf = new Map(started);
    const engineAsked = engine && started.find(([url]) => url.includes(engine))?.[1];
    if (engine && engineAsked === undefined) throw new Error(`${path}: the engine's chunk was never asked for`);
    const preloaded = preloadedFor(path);
    for (const row of rows) {
      row.preloaded = preloaded.has(row.url);
      row.after = (startOf.get(row.url) ?? 0) > shownAt;
      row.beforeDrawn = (startOf.get(row.url) ?? 0) <= drawnAt;
      row.beforePlay = engine !== undefined && (startOf.get(row.url) ?? 0) <= engineAsked;
      row.beforeRun = runnableAt !== undefined && (startOf.get(row.url) ?? 0) <= runnableAt;
    }
  } finally {
    await session.close();
  }
  return rows;
}

const only = process.argv.slice(2);
const pages = only.length ? PAGES.filter((p) => only.includes(p.path)) : PAGES;
const results = [];
for (const page of pages) {
  const rows = await measure(page);
  console.log(`${page.what}: ${page.path}`);
  for (const row of rows.sort((a, b) => a.after - b.after || b.brotli - a.brotli)) {
    const when = row.preloaded ? "preloaded for the app's draw" : row.after ? "after it shows" : "";
    console.log(`  ${row.kind.padEnd(8)} ${kb(row.raw).padStart(10)} raw ${kb(row.brotli).padStart(10)} brotli  ${row.url}  ${when}`);
  }
  const before = rows.filter((r) => !r.after && !r.preloaded);
  const sum = (list, key) => list.reduce((s, r) => s + r[key], 0);
  const byKind = {};
  for (const row of before) byKind[row.kind] = (byKind[row.kind] ?? 0) + row.brotli;
  const parts = Object.entries(byKind).map(([k, n]) => `${k} ${kb(n)}`).join(", ");
  const later = rows.filter((r) => r.after || r.preloaded);
  console.log(`  until it shows: ${kb(sum(before, "raw"))} raw, ${kb(sum(before, "brotli"))} brotli (${parts})`);
  if (later.length) console.log(`  preloaded for the app's draw, or after it shows: ${kb(sum(later, "brotli"))} brotli more`);
  const toDraw = sum(rows.filter((r) => r.beforeDrawn), "brotli");
  console.log(`  until the app has drawn it: ${kb(toDraw)} brotli`);
  const toPlay = page.playable ? sum(rows.filter((r) => r.beforePlay), "brotli") : null;
  if (toPlay !== null) console.log(`  until the engine is asked for: ${kb(toPlay)} brotli`);
  const toRun = page.runnable ? sum(rows.filter((r) => r.beforeRun), "brotli") : null;
  if (toRun !== null) {
    console.log(`  until it can run: ${kb(toRun)} brotli, of which:`);
    for (const row of rows.filter((r) => r.beforeRun).sort((a, b) => b.brotli - a.brotli).slice(0, 8))
      console.log(`    ${kb(row.brotli).padStart(10)}  ${row.url}`);
  }
  results.push({ ...page, brotli: sum(before, "brotli"), toDraw, toPlay, toRun });
}

// The offline copy: every file the service worker keeps (sw.js lists them).
const sw = readFileSync(join(DIST, "sw.js"), "utf8");
const files = JSON.parse(sw.match(/const FILES = (\[[^\]]*\])/)[1]);
const offline = files.reduce((s, f) => s + brotli(readFileSync(join(DIST, f))), 0);
const walk = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));

console.log("\nsize budgets (brotli, until the page shows):");
for (const r of results) {
  const verdict = r.budget == null ? "(no budget)" : `budget < ${kb(r.budget).padStart(9)}  ${r.brotli <= r.budget ? "met" : "NOT MET"}`;
  console.log(`  ${r.what.padEnd(30)} ${r.path.padEnd(16)} ${kb(r.brotli).padStart(9)}  ${verdict}`);
  console.log(`  ${"  until the app has drawn it".padEnd(30)} ${r.path.padEnd(16)} ${kb(r.toDraw).padStart(9)}  (no budget)`);
  if (r.toPlay !== null) console.log(`  ${"  until the engine is asked".padEnd(30)} ${r.path.padEnd(16)} ${kb(r.toPlay).padStart(9)}  (no budget)`);
  if (r.toRun !== null) {
    const verdict = r.runBudget == null ? "(no budget)" : `budget < ${kb(r.runBudget).padStart(9)}  ${r.toRun <= r.runBudget ? "met" : "NOT MET"}`;
    console.log(`  ${"  until it can run".padEnd(30)} ${r.path.padEnd(16)} ${kb(r.toRun).padStart(9)}  ${verdict}`);
  }
}
console.log(`  the offline copy (${files.length} of ${walk(DIST).length} files in dist/, fetched by the service worker after the first page): ${kb(offline)} brotli`);
