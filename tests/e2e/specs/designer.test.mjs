// The topology designer as a person uses it: keyboard-built designs, lint, stamps, runs,
// the runbook, templates, files in and out, undo, autosave, a phone, axe.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { startSession, openPage, visit, assertClean, assertAccessible } from "../lib/browser.mjs";

const TEMPLATES = {
  "one-way-dr": { sites: 2, findings: [] },
  "active-active": { sites: 2, findings: ["written-at-two-sites"] },
  "hub-and-spoke": { sites: 4, findings: [] },
  "ring-of-three": { sites: 3, findings: ["written-at-two-sites"] },
  "single-writer": { sites: 2, findings: [] },
  "fan-in": { sites: 4, findings: [] },
};

let session;
before(async () => (session = await startSession()));
after(async () => session?.close());

/** The designer on an empty canvas (no autosave from an earlier test). */
async function fresh(page) {
  await visit(page, session, "/designer");
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.waitForSelector(".designer-canvas svg");
}

const sites = (page) => page.locator("g.dz-site").count();
const codes = (page) => page.$$eval(".lint-item", (items) => items.map((i) => i.dataset.code));

async function typeAndEnter(page, selector, text) {
  await page.focus(selector);
  await page.keyboard.press("Control+A");
  await page.keyboard.type(text);
  await page.keyboard.press("Enter");
}

/** Moves a focused <select> by arrow keys, as a keyboard user does. */
async function arrow(page, selector, key, times = 1) {
  await page.focus(selector);
  for (let i = 0; i < times; i++) await page.keyboard.press(key);
}

async function loadTemplate(page, id) {
  await page.selectOption("#dz-template", id);
  await page.click("text=Load template");
  await page.waitForFunction((n) => document.querySelectorAll("g.dz-site").length === n, TEMPLATES[id].sites);
}

test("an active/active design built by keyboard alone: echo loop, stamp, run, runbook", async () => {
  const page = await openPage(session);
  await fresh(page);
  await typeAndEnter(page, "#dz-new-site", "A");
  await typeAndEnter(page, "#dz-new-site", "B");
  assert.equal(await sites(page), 2);
  // A stream on each site.
  await typeAndEnter(page, "#dz-new-stream", "orders");
  await arrow(page, "#dz-new-stream-site", "ArrowDown");
  await typeAndEnter(page, "#dz-new-stream", "orders");
  assert.equal(await page.locator("g.dz-stream").count(), 2);
  // A hop each way.
  await arrow(page, "#dz-new-hop-to", "ArrowDown");
  await typeAndEnter(page, "#dz-new-hop", "a-to-b");
  await arrow(page, "#dz-new-hop-from", "ArrowDown");
  await arrow(page, "#dz-new-hop-to", "ArrowUp");
  await typeAndEnter(page, "#dz-new-hop", "b-to-a");
  // A writer on each side.
  await typeAndEnter(page, "#dz-new-writer", "wa");
  await arrow(page, "#dz-new-writer-stream", "ArrowDown");
  await typeAndEnter(page, "#dz-new-writer", "wb");
  await page.waitForSelector(".lint-item[data-code=echo-loop]");
  assert.equal(await page.locator("g.dz-hop.is-flagged").count(), 2, "both arrows flagged");

  // Apply the stamp: open each hop's options from its arrow, then pick the marker.
  for (const hop of ["a-to-b", "b-to-a"]) {
    await page.focus(`g.dz-hop[aria-label^="hop ${hop} "]`);
    await page.keyboard.press("Enter");
    const stamp = page.locator(`.panel-row:has(input[aria-label="Name of hop ${hop}"]) label:has-text("origin stamp") select`);
    await stamp.waitFor({ state: "visible" });
    await stamp.focus();
    await page.keyboard.press("ArrowDown");
    assert.equal(await stamp.inputValue(), "marker");
  }
  await page.waitForFunction(() => !document.querySelector(".lint-item[data-code=echo-loop]"));
  assert.equal(await page.locator("g.dz-hop.is-flagged").count(), 0);

  // Lose site A at 20 s, and run.
  await typeAndEnter(page, "#dz-fault-at", "20");
  assert.match(await page.textContent(".fault-list"), /Site A is lost/);
  await page.focus(".designer-run button.primary");
  await page.keyboard.press("Enter");
  await page.waitForSelector(".run-summary", { timeout: 60_000 });
  const summary = await page.textContent(".run-summary");
  assert.match(summary, /A lost at 20\.0 s/);
  const runbook = await page.textContent(".runbook");
  const tail = runbook.match(/Losing A at 20\.0 s: ([\d,]+) records of orders acknowledged there and not yet on B/);
  assert.ok(tail, runbook);
  assert.ok(Number(tail[1].replace(/,/g, "")) >= 0);
  assertClean(page);
});

test("every template loads and lints as it should", async () => {
  const page = await openPage(session);
  await fresh(page);
  for (const [id, want] of Object.entries(TEMPLATES)) {
    await loadTemplate(page, id);
    await page.waitForFunction((n) => document.querySelectorAll(".lint-item").length === n, want.findings.length);
    assert.deepEqual(await codes(page), want.findings, id);
  }
  assertClean(page);
});

test("export, re-import and compare; a bad file keeps the design", async () => {
  const page = await openPage(session);
  await fresh(page);
  await loadTemplate(page, "hub-and-spoke");
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("text=Export file")]);
  const exported = await readFile(await download.path(), "utf8");
  const spec = JSON.parse(exported);
  assert.equal(spec.version, 1);
  assert.equal(spec.topology.sites.length, 4);
  await page.click("button:text-is('New')");
  await page.waitForFunction(() => document.querySelectorAll("g.dz-site").length === 0);
  await page.setInputFiles("#dz-import", { name: "hub.json", mimeType: "application/json", buffer: Buffer.from(exported) });
  await page.waitForFunction(() => document.querySelectorAll("g.dz-site").length === 4);
  const [again] = await Promise.all([page.waitForEvent("download"), page.click("text=Export file")]);
  assert.equal(await readFile(await again.path(), "utf8"), exported, "the same file comes back");

  const bad = [
    ['{"version": 1, "topology": {', /line \d+/],
    ['{"version": 9, "topology": {"sites": [{"name": "A"}]}}', /version/],
    ['{"version": 1, "topology": {"sites": [{"name": "A", "colour": "red"}]}}', /colour/],
    ['{"version": 1, "topology": {"sites": [{"name": "A"}], "writers": [{"id": "w", "site": "Z", "stream": "s", "rate_per_sec": 1}]}}', /writer 1, site: no site named 'Z'/],
    ['{"version": 1, "topology": {"sites": [{"name": "A"}], "streams": [{"site": "A", "name": "s", "parts": 99999}]}}', /parts/],
  ];
  for (const [text, why] of bad) {
    await page.setInputFiles("#dz-import", { name: "bad.json", mimeType: "application/json", buffer: Buffer.from(text) });
    await page.waitForSelector(".designer-notice .notice--error");
    const msg = await page.textContent(".designer-notice");
    assert.match(msg, why, msg);
    assert.match(msg, /your design is as it was/);
    assert.equal(await sites(page), 4, "the design stays");
  }
  assertClean(page);
});

test("a design file's product name: one spelt wrongly is refused by name, one Hoplab does not know is kept and named in the lint", async () => {
  const page = await openPage(session);
  await fresh(page);
  await loadTemplate(page, "hub-and-spoke");
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("text=Export file")]);
  const spec = JSON.parse(await readFile(await download.path(), "utf8"));
  const hop = spec.topology.hops[0];
  const withProduct = (name) => {
    const copy = structuredClone(spec);
    copy.topology.hops[0].options = { ...copy.topology.hops[0].options, product: name };
    return Buffer.from(JSON.stringify(copy, null, 2));
  };
  await page.click("button:text-is('New')");
  await typeAndEnter(page, "#dz-new-site", "kept");
  await page.setInputFiles("#dz-import", { name: "odd.json", mimeType: "application/json", buffer: withProduct("<b>mm2/x") });
  await page.waitForSelector(".designer-notice .notice--error");
  const msg = await page.textContent(".designer-notice");
  assert.match(msg, /'<b>mm2\/x' is not a product's name/, msg);
  assert.match(msg, /your design is as it was/);
  assert.equal(await sites(page), 1, "the design stays");
  assert.equal(await page.locator(".designer-notice b").count(), 0, "the name is text, not markup");

  await page.setInputFiles("#dz-import", { name: "unknown.json", mimeType: "application/json", buffer: withProduct("mm3-default") });
  await page.waitForFunction(() => document.querySelectorAll("g.dz-site").length === 4);
  const finding = page.locator(".designer-lint .lint-item[data-code=unknown-product]");
  await finding.waitFor();
  assert.match(await finding.innerText(), new RegExp(`hop ${hop.id} names the product 'mm3-default'.*mm2-default`, "s"));
  assertClean(page);
});

test("undo and redo by keyboard; a reload brings the design back", async () => {
  const page = await openPage(session);
  await fresh(page);
  await typeAndEnter(page, "#dz-new-site", "east");
  await typeAndEnter(page, "#dz-new-site", "west");
  await page.focus("g.dz-site");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Control+Z");
  await page.keyboard.press("Control+Z");
  await page.waitForFunction(() => document.querySelectorAll("g.dz-site").length === 1);
  await page.keyboard.press("Control+Shift+Z");
  await page.waitForFunction(() => document.querySelectorAll("g.dz-site").length === 2);
  await page.reload();
  await page.waitForSelector("g.dz-site");
  assert.equal(await sites(page), 2);
  assert.deepEqual(await page.$$eval(".panel-section:first-child .name-field", (f) => f.map((i) => i.value)), ["east", "west"]);
  assertClean(page);
});

test("a shared link carries the design", async () => {
  const page = await openPage(session);
  await fresh(page);
  await loadTemplate(page, "ring-of-three");
  await page.click("text=Share link");
  const link = await page.inputValue("#dz-share");
  assert.match(link, /#d1=[\w-]+$/);
  await page.evaluate(() => localStorage.clear());
  await page.goto("about:blank");
  await page.goto(link);
  await page.waitForFunction(() => document.querySelectorAll("g.dz-site").length === 3);
  assert.match(await page.textContent(".designer-notice"), /shared design/);
  assertClean(page);
});

test("a phone can edit the lists, pan and zoom the canvas", async () => {
  const page = await openPage(session, { viewport: { width: 390, height: 844 } });
  await fresh(page);
  await loadTemplate(page, "fan-in");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 1, `no sideways scrolling (${overflow}px)`);
  const viewBox = () => page.getAttribute("svg.canvas-svg", "viewBox");
  const start = await viewBox();
  await page.locator("svg.canvas-svg").scrollIntoViewIfNeeded();
  const box = await page.locator("svg.canvas-svg").boundingBox();
  // Drag the background (near a corner of the fitted view, clear of every box, and inside
  // the canvas frame's rounded corner, which clips the last few pixels) to pan.
  await page.mouse.move(box.x + box.width - 14, box.y + box.height - 14);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width - 91, box.y + box.height - 71, { steps: 5 });
  await page.mouse.up();
  const panned = await viewBox();
  assert.notEqual(panned, start, "panned");
  await page.click("button[aria-label='Zoom in']");
  assert.notEqual(await viewBox(), panned, "zoomed");
  const field = page.locator("input[aria-label='Name of site east']");
  await field.fill("east-1");
  await field.press("Enter");
  await page.waitForSelector("g.dz-site[aria-label^='site east-1']");
  assertClean(page);
});

test("the designer passes axe in light and dark", async () => {
  const page = await openPage(session);
  for (const theme of ["light", "dark"]) {
    await page.emulateMedia({ colorScheme: theme });
    await fresh(page);
    await assertAccessible(page, `/designer empty (${theme})`);
    await loadTemplate(page, "one-way-dr");
    await page.click(".designer-run button.primary");
    await page.waitForSelector(".run-summary", { timeout: 60_000 });
    await page.focus("g.dz-hop");
    await assertAccessible(page, `/designer with a run (${theme})`);
  }
  assertClean(page);
});

test("a copier's preset link opens the designer on that preset's hop, also on reload", async () => {
  const page = await openPage(session);
  await fresh(page);
  await visit(page, session, "/copiers");
  const link = page.locator("section#rabbitmq-federation a[href='/designer/preset/rabbitmq-federation-max-hops']");
  await link.click();
  await page.waitForFunction(() => document.querySelectorAll("g.dz-site").length === 3);
  assert.equal(new URL(page.url()).pathname, "/designer/preset/rabbitmq-federation-max-hops");
  // The selected hop's options are open, naming the preset, what it sets and its card.
  const options = page.locator(".panel-row.is-selected details.hop-options[open]");
  await options.waitFor();
  assert.equal(await options.locator("select").first().inputValue(), "rabbitmq-federation-max-hops");
  assert.match(await options.locator(".preset-note").textContent(), /stamp = hop-budget 1/);
  assert.equal(await options.locator(".preset-note a").getAttribute("href"), "/cards/echo-loop");
  assert.match(await page.textContent(".designer-notice"), /preset “RabbitMQ exchange federation, max-hops 1”/);
  // Reloading the link shows the same design, hop and line (as the page's HTML does), asking nothing.
  await page.reload();
  await page.waitForSelector(".panel-row.is-selected details.hop-options[open]");
  assert.equal(await page.locator(".designer-offer").count(), 0);
  assert.equal(await sites(page), 3);
  assert.match(await page.textContent("#app .designer-notice"), /preset “RabbitMQ exchange federation, max-hops 1”/);
  assertClean(page);
});

test("a preset's open hop form fits a phone, its long sources and words wrapped", async () => {
  const page = await openPage(session, { viewport: { width: 390, height: 844 } });
  await fresh(page);
  await visit(page, session, "/designer/preset/jetstream-source");
  await page.locator(".panel-row.is-selected details.hop-options[open] .loop-prevention").waitFor();
  assert.match(await page.textContent(".loop-prevention"), /Nats-Stream-Source/);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 1, `no sideways scrolling (${overflow}px)`);
  assertClean(page);
});

test("a preset link asks before replacing a design, and an unknown preset changes nothing", async () => {
  const page = await openPage(session);
  await fresh(page);
  await loadTemplate(page, "fan-in");
  await visit(page, session, "/designer/preset/no-such-preset");
  await page.waitForSelector("g.dz-site");
  assert.match(await page.textContent(".designer-notice"), /no-such-preset.*does not have.*Your design is as it was/s);
  assert.equal(await sites(page), 4, "the fan-in design is still there");

  // The older form of the link, `?preset=`, still works.
  await visit(page, session, "/designer?preset=mm2-identity");
  await page.waitForSelector(".designer-offer");
  assert.equal(await sites(page), 4, "nothing replaced before the choice");
  await page.click("text=Keep my design");
  assert.equal(await page.locator(".designer-offer").count(), 0);
  assert.equal(await sites(page), 4);

  await page.reload();
  await page.click("text=Open the preset design");
  await page.waitForFunction(() => document.querySelectorAll("g.dz-site").length === 2);
  // Identity names both ways: the model's echo-loop finding shows.
  await page.waitForSelector(".lint-item[data-code=echo-loop]");
  assert.match(await page.textContent(".designer-notice"), /Undo .* brings back the design you had/);
  await page.keyboard.press("Control+Z");
  await page.waitForFunction(() => document.querySelectorAll("g.dz-site").length === 4);
  assertClean(page);
});

test("two fingers pinch the canvas to zoom on a phone", async () => {
  const page = await openPage(session, { viewport: { width: 390, height: 844 } });
  await fresh(page);
  await loadTemplate(page, "fan-in");
  await page.locator("svg.canvas-svg").scrollIntoViewIfNeeded();
  const box = await page.locator("svg.canvas-svg").boundingBox();
  const width = async () => Number((await page.getAttribute("svg.canvas-svg", "viewBox")).split(" ")[2]);
  const start = await width();
  // Real touch input through the browser (pointer events with two pointer ids).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setTouchEmulationEnabled", { enabled: true, maxTouchPoints: 2 });
  const y = box.y + box.height - 30;
  const cx = box.x + box.width / 2;
  const touch = (type, spread) =>
    cdp.send("Input.dispatchTouchEvent", {
      type,
      touchPoints: type === "touchEnd" ? [] : [{ x: cx - spread, y, id: 1 }, { x: cx + spread, y, id: 2 }],
    });
  await touch("touchStart", 30);
  for (const spread of [45, 60, 75, 90]) await touch("touchMove", spread);
  await touch("touchEnd", 0);
  const zoomedIn = await width();
  assert.ok(zoomedIn < start * 0.5, `spreading two fingers zooms in (${start} -> ${zoomedIn})`);
  await touch("touchStart", 90);
  for (const spread of [70, 50, 30]) await touch("touchMove", spread);
  await touch("touchEnd", 0);
  assert.ok((await width()) > zoomedIn * 2, "pinching them together zooms out");
  assertClean(page);
});

test("a run's animated view plays and seeks on the lab's stage", async () => {
  const page = await openPage(session);
  await fresh(page);
  await loadTemplate(page, "one-way-dr");
  await page.click(".designer-run button.primary");
  await page.waitForSelector(".run-summary", { timeout: 60_000 });
  await page.click("text=Show it on the lab’s stage");
  const stage = ".designer-watch svg.stage";
  await page.waitForSelector(`${stage}[data-ready=true]`, { timeout: 90_000 });
  await page.waitForSelector(".designer-watch [data-measure]");
  const state = () =>
    page.$eval(".designer-watch", (w) => ({
      now: Number(w.querySelector("svg.stage").dataset.now),
      recs: w.querySelectorAll("rect.rec").length,
      measures: [...w.querySelectorAll("[data-measure]")].map((m) => `${m.dataset.measure}=${m.dataset.value}`).join(),
    }));
  const before = await state();
  await page.click(".designer-watch .lab-play");
  await page.waitForFunction((t) => Number(document.querySelector(".designer-watch svg.stage").dataset.now) > t + 1500, before.now, { timeout: 30_000 });
  await page.click(".designer-watch .lab-play");
  await page.waitForSelector(".designer-watch .lab-play:has-text('Play')");
  // Its Play button is readable: it was white on white, which axe leaves "incomplete"
  // (the pointer moved off it first: hovered, it had the accent).
  await page.mouse.move(0, 0);
  const contrast = await page.$eval(".designer-watch .lab-play", (button) => {
    const style = getComputedStyle(button);
    const luminance = (css) => {
      const [r, g, b] = css.match(/\d+(\.\d+)?/g).slice(0, 3).map(Number).map((v) => {
        const c = v / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const [a, b] = [luminance(style.color), luminance(style.backgroundColor)].sort((x, y) => y - x);
    return (a + 0.05) / (b + 0.05);
  });
  assert.ok(contrast >= 4.5, `the Play button's text against its background: ${contrast.toFixed(2)}:1`);
  // Seek past the site loss at 30 s: records are on the stage and the measures moved.
  await page.$eval(".designer-watch .lab-scrub input", (el) => {
    el.value = "35000";
    el.dispatchEvent(new Event("input", { bubbles: true }));
  });
  await page.waitForFunction(() => Number(document.querySelector(".designer-watch svg.stage").dataset.now) === 35000, null, { timeout: 90_000 });
  await page.waitForSelector(`${stage}[data-ready=true]`, { timeout: 90_000 });
  const after = await state();
  assert.ok(after.recs > 0, "records on the stage");
  assert.notEqual(after.measures, before.measures, "the measures changed");
  assert.match(await page.textContent(".designer-watch .narration"), /primary/, "the narration tells of the loss");
  // One run view on the page: no element id repeats.
  const repeated = await page.evaluate(() => {
    const seen = new Map();
    for (const el of document.querySelectorAll("[id]")) seen.set(el.id, (seen.get(el.id) || 0) + 1);
    return [...seen].filter(([, n]) => n > 1).map(([id]) => id);
  });
  assert.deepEqual(repeated, [], "no element id repeats");
  assertClean(page);
});
