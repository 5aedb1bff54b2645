// Designer benchmark: one edit (a site moved by an arrow key; and a hop option changed,
// which the model lints again) and the redraw it causes, on a 20-site, 60-hop design, in
// headless Chromium. Reported beside a baseline (the same move on the two-site
// active/active template) and the 16 ms frame budget. Time is from the key event to the
// end of every task and microtask it caused (a MessageChannel message runs after them).
//
// Usage (after `trunk build --release --offline`): cd tests/e2e && node bench/designer.mjs
import { startSession, openPage, visit } from "../lib/browser.mjs";

const EDITS = Number(process.env.BENCH_EDITS || 60);

/** The model file of `n` sites each writing `orders`, joined by `hops` stamped hops. */
function mesh(n, hops) {
  const name = (i) => `S${i + 1}`;
  const topology = { sites: [], streams: [], hops: [], writers: [] };
  for (let i = 0; i < n; i++) {
    topology.sites.push({ name: name(i) });
    topology.streams.push({ site: name(i), name: "orders", parts: 2 });
    topology.writers.push({ id: `w${i + 1}`, site: name(i), stream: "orders", rate_per_sec: 50 });
  }
  for (let k = 1; topology.hops.length < hops; k++) {
    for (let i = 0; i < n && topology.hops.length < hops; i++) {
      const j = (i + k) % n;
      topology.hops.push({
        id: `${name(i)}-to-${name(j)}`,
        from: { site: name(i), stream: "orders" },
        to: { site: name(j), stream: "orders" },
        options: { stamp: "marker", forward_only_local: true },
      });
    }
  }
  return JSON.stringify({ version: 1, name: `mesh of ${n}`, topology });
}

/**
 * `kind` "move": a site moved by an arrow key (layout only: the topology, so the lint, is
 * unchanged). "option": a hop's "forward only local" box toggled (the topology changes and
 * the model lints it again).
 */
async function measure(page, kind = "move") {
  return page.evaluate(async ({ edits, kind }) => {
    const yieldTask = () => new Promise((r) => { const c = new MessageChannel(); c.port1.onmessage = () => r(); c.port2.postMessage(0); });
    const el = document.querySelector("g.dz-site");
    const rect = el.querySelector("rect");
    const box = document.querySelector(".hop-options input[type=checkbox]");
    const times = [];
    for (let i = 0; i < edits; i++) {
      await new Promise((r) => requestAnimationFrame(() => r()));
      const before = kind === "move" ? rect.getAttribute("x") : box.checked;
      const t0 = performance.now();
      if (kind === "move") {
        el.dispatchEvent(new KeyboardEvent("keydown", { key: i % 2 ? "ArrowLeft" : "ArrowRight", bubbles: true }));
      } else {
        box.checked = !box.checked;
        box.dispatchEvent(new Event("change", { bubbles: true }));
      }
      await yieldTask();
      times.push(performance.now() - t0);
      if (kind === "move" && rect.getAttribute("x") === before) throw new Error("the edit did not redraw the site");
      if (kind === "option" && box.checked === before) throw new Error("the option did not change");
    }
    times.sort((a, b) => a - b);
    return { median: times[Math.floor(times.length / 2)], p95: times[Math.floor(times.length * 0.95)] };
  }, { edits: EDITS, kind });
}

const session = await startSession();
try {
  const page = await openPage(session);
  await visit(page, session, "/designer");
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.waitForSelector(".designer-canvas svg");

  await page.selectOption("#dz-template", "active-active");
  await page.click("text=Load template");
  await page.waitForFunction(() => document.querySelectorAll("g.dz-site").length === 2);
  const base = await measure(page);

  await page.setInputFiles("#dz-import", { name: "mesh.json", mimeType: "application/json", buffer: Buffer.from(mesh(20, 60)) });
  await page.waitForFunction(() => document.querySelectorAll("g.dz-site").length === 20 && document.querySelectorAll("g.dz-hop").length === 60);
  const big = await measure(page);
  const option = await measure(page, "option");

  const f = (x) => x.toFixed(2);
  console.log(`designer edit + lint, 2 sites / 2 hops (baseline): median ${f(base.median)} ms, p95 ${f(base.p95)} ms`);
  console.log(`designer edit + lint, 20 sites / 60 hops:          median ${f(big.median)} ms, p95 ${f(big.p95)} ms`);
  console.log(`designer option edit + lint, 20 sites / 60 hops:   median ${f(option.median)} ms, p95 ${f(option.p95)} ms`);
  console.log(`ratio (median) ${f(big.median / base.median)}x; budget 16 ms: ${big.p95 < 16 ? "met" : "NOT met"} at p95`);
  if (page.problems.length) console.error(page.problems.join("\n"));
} finally {
  await session.close();
}
