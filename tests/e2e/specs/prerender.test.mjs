// Every page is written as HTML at build time (scripts/prerender.mjs): its text paints
// before any script runs, it reads with scripts off, and the app, once it has drawn the same
// page, takes over without moving anything or losing the reader's focus.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { startSession, openPage, assertClean } from "../lib/browser.mjs";
import { DIST } from "../lib/server.mjs";

// What each page says, read with scripts off (the heading, and a phrase of its content).
const PAGES = [
  { path: "/", heading: "See what happens between two clusters.", text: "26 interview questions" },
  { path: "/cards", heading: "Cross-Cluster Continuity", text: "Why does a cross-cluster copy of a stream always trail the cluster it copies from?" },
  { path: "/cards/copy-lag", heading: "Why does a cross-cluster copy of a stream always trail the cluster it copies from?", text: "copy lag" },
  { path: "/copiers", heading: "Real copiers compared", text: "MirrorMaker 2" },
  { path: "/course", heading: "The course", text: "Why the copy is always behind" },
  { path: "/course/why-the-copy-is-behind", heading: "Why the copy is always behind", text: "A copier is just another client" },
  { path: "/lab", heading: "The copier lab", text: "echo" },
  { path: "/practice", heading: "Practice for the interview", text: "" },
  { path: "/designer", heading: "Topology designer", text: "" },
  // A preset's page has its design, its selected hop and what the preset sets.
  { path: "/designer/preset/mm2-default", heading: "Topology designer", text: "Sets: kind = translate" },
];

test("the build writes each page's HTML where a host serves the route", () => {
  for (const { path } of PAGES) {
    const file = join(DIST, path, "index.html");
    assert.ok(existsSync(file), `dist${path}/index.html`);
    const html = readFileSync(file, "utf8");
    assert.match(html, new RegExp(`<div id="prerendered" class="prerendered" data-route="${path.replace(/\//g, "\\/")}">`), `${path}'s page`);
    assert.match(html, /<main id="main"/, `${path}'s page has the app's <main>`);
  }
  const card = readFileSync(join(DIST, "cards/copy-lag/index.html"), "utf8");
  assert.match(card, /<title>[^<]*Why does a cross-cluster copy[^<]*· Hoplab<\/title>/, "the card's own title");
  assert.match(card, /<style id="style-card">/, "the card page's own style sheet comes with it");
});

let offline;
let online;
before(async () => {
  offline = await startSession({ javaScript: false });
  // Without a service worker every load reaches the server and gets the route's HTML.
  online = await startSession({ serviceWorkers: "block" });
});
after(async () => {
  await offline?.close();
  await online?.close();
});

test("with scripts off every page reads, and its links lead to the other pages", async () => {
  const page = await offline.context.newPage();
  for (const { path, heading, text } of PAGES) {
    const response = await page.goto(offline.url + path);
    assert.equal(response.status(), 200, path);
    assert.equal((await page.textContent("main h1")).trim(), heading, `${path}'s heading`);
    if (text) assert.ok((await page.textContent("main")).includes(text), `${path} says "${text}"`);
  }
  await page.goto(`${offline.url}/cards`);
  await page.click("main a[href='/cards/copy-lag']");
  await page.waitForURL(/\/cards\/copy-lag$/);
  assert.equal((await page.textContent("main h1")).trim(), PAGES[2].heading, "a card list link opens the card");
  await page.close();
});

/** The chunks and data a page's HTML preloads (scripts/prerender.mjs). */
function preloads(path) {
  const html = readFileSync(join(DIST, path, "index.html"), "utf8");
  return [...html.matchAll(/<link rel="(?:preload|modulepreload)" href="([^"]+)"[^>]*data-drawn-with/g)].map((match) => match[1]);
}

test("a page's HTML preloads the chunks and data it draws with, and the app uses each preload", async () => {
  // (That the list is whole, every file the first draw waited for, is the phone bench's to
  // show: without it those downloads wait for the shell.)
  const card = preloads("/cards/copy-lag");
  assert.ok(card.some((href) => href.endsWith(".wasm")), "the card page preloads its chunk of wasm");
  assert.ok(card.some((href) => /^\/data\/card-pages\/copy-lag-/.test(href)), "and its card's data");
  assert.ok(!preloads("/cards").some((href) => href.includes("search-index")), "the card list's full text for its search follows its draw");
  assert.deepEqual(preloads("/"), [], "the home page (also every unknown path's page) preloads nothing of its own");
  for (const { path } of PAGES) {
    const page = await openPage(online);
    const requested = [];
    page.on("request", (request) => requested.push(new URL(request.url()).pathname));
    // What the app's code asks for (its chunks and its data come by fetch()).
    await page.addInitScript(() => {
      const fetchFirst = window.fetch;
      window.__askedFor = [];
      window.fetch = function (resource, ...rest) {
        window.__askedFor.push(new URL(String(resource?.url ?? resource), location.href).pathname);
        return fetchFirst.call(this, resource, ...rest);
      };
    });
    await page.goto(online.url + path);
    await page.waitForSelector("main h1");
    const askedFor = await page.evaluate(() => window.__askedFor);
    // Each preload is a file the app asked for, and got from the preload: on the network
    // once, by the link (a preload its request did not match would be fetched again).
    for (const href of preloads(path)) {
      assert.ok(askedFor.includes(href), `${path}: the app asked for ${href}`);
      assert.equal(requested.filter((p) => p === href).length, 1, `${path} asked the host once for ${href}`);
    }
    assertClean(page);
    await page.close();
  }
});

/** Holds the shell's wasm until `release()`: until then the page is the prerendered HTML. */
async function holdTheApp(page) {
  let release;
  const released = new Promise((resolve) => (release = resolve));
  await page.route(/\/pkg\/hoplab-site_bg-[0-9a-f]+\.wasm$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test("the app takes over the card page without moving it, and keeps the focused link focused", async () => {
  const page = await openPage(online, { waitForApp: false });
  const release = await holdTheApp(page);
  await page.goto(`${online.url}/cards/copy-lag`, { waitUntil: "domcontentloaded" });
  await page.waitForSelector("#prerendered main h1");
  assert.equal(await page.getAttribute("#app", "data-pending"), "", "the app waits hidden");
  await page.evaluate(() => {
    window.__shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__shifts += entry.value;
    }).observe({ type: "layout-shift", buffered: true });
  });
  const before = await page.$eval("main h1", (h1) => JSON.stringify(h1.getBoundingClientRect()));
  // A reader tabs into the page before the app is there: past the skip link, to the brand.
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  const focused = await page.evaluate(() => ({
    inPage: document.getElementById("prerendered").contains(document.activeElement),
    href: document.activeElement.getAttribute("href"),
  }));
  assert.deepEqual(focused, { inPage: true, href: "/" }, "the header's home link has the focus");
  release();
  await page.waitForSelector("#prerendered", { state: "detached", timeout: 90000 });
  assert.equal(await page.getAttribute("#app", "data-pending"), null, "the app shows");
  const after = await page.$eval("main h1", (h1) => JSON.stringify(h1.getBoundingClientRect()));
  assert.equal(after, before, "the heading did not move");
  // The card's progress parts follow the page and still push its sections down (0.014
  // here, as before pages were prerendered): what the swap itself must not add is a shift.
  assert.ok((await page.evaluate(() => window.__shifts)) < 0.02, "the swap shifted nothing more");
  const now = await page.evaluate(() => ({
    inApp: document.getElementById("app").contains(document.activeElement),
    href: document.activeElement.getAttribute("href"),
  }));
  assert.deepEqual(now, { inApp: true, href: "/" }, "the same link, now the app's, keeps the focus");
  assert.equal(await page.locator("main h1").count(), 1, "one page on screen");
  assertClean(page);
  await page.close();
});

test("a path with no page of its own never shows another page's HTML", async () => {
  const page = await openPage(online, { waitForApp: false });
  const release = await holdTheApp(page);
  await page.goto(`${online.url}/no/such/page`, { waitUntil: "domcontentloaded" });
  assert.equal(await page.locator("#prerendered").count(), 0, "index.html's home page was put away");
  assert.equal(await page.locator("text=See what happens between two clusters.").count(), 0);
  release();
  await page.waitForSelector("main h1:text('This page does not exist')");
  assertClean(page);
  await page.close();
});

test("a preset's page opens at its hop, with the fields as the app fills them, and stays there", async () => {
  const page = await openPage(online, { waitForApp: false, viewport: { width: 412, height: 823 } });
  const release = await holdTheApp(page);
  await page.goto(`${online.url}/designer/preset/mm2-default`, { waitUntil: "domcontentloaded" });
  await page.waitForSelector("#prerendered main h1");
  const row = "li.panel-row[data-scroll-into-view]";
  const before = await page.$eval(`#prerendered ${row}`, (li) => ({
    top: Math.round(li.getBoundingClientRect().top),
    y: Math.round(scrollY),
    preset: li.querySelector("select").value,
    name: li.querySelector("input[type=text]").value,
    open: li.querySelector("details.hop-options").open,
  }));
  assert.ok(before.y > 0, "the page is scrolled down to the hop before any script of the app");
  assert.ok(before.top >= 0 && before.top < 200, `the hop's row is at the top of the screen (${before.top} px)`);
  assert.deepEqual(
    { preset: before.preset, name: before.name, open: before.open },
    { preset: "mm2-default", name: "primary-to-standby", open: true },
    "the HTML shows the preset chosen, the hop's name and its options open",
  );
  release();
  await page.waitForSelector("#prerendered", { state: "detached", timeout: 90000 });
  const after = await page.$eval(`#app ${row}`, (li) => ({ top: Math.round(li.getBoundingClientRect().top), y: Math.round(scrollY) }));
  assert.deepEqual(after, { top: before.top, y: before.y }, "the app's row is where the page's was");
  assertClean(page);
  await page.close();
});
