// The app shell as a person meets it: every route, links, reloads, theme, keyboard.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startSession, openPage, visit, assertClean, assertAccessible } from "../lib/browser.mjs";

const ROUTES = [
  ["/", "See what happens between two clusters."],
  ["/cards", "Cross-Cluster Continuity"],
  ["/cards/copy-lag", null],
  ["/copiers", "Real copiers compared"],
  ["/lab", "The copier lab"],
  ["/lab/echo-loop", null],
  ["/designer", "Topology designer"],
  ["/no/such/page", "This page does not exist"],
];

let session;
before(async () => (session = await startSession()));
after(async () => session?.close());

test("every route renders on a direct load, with no console errors", async () => {
  const page = await openPage(session);
  for (const [path, heading] of ROUTES) {
    await visit(page, session, path);
    const h1 = (await page.textContent("main h1")).trim();
    if (heading) assert.equal(h1, heading, `heading on ${path}`);
    else assert.ok(h1.length > 0, `a heading on ${path}`);
    assert.match(await page.title(), /Hoplab$/, `title on ${path}`);
  }
  assertClean(page);
});

test("every route passes axe in light and dark", async () => {
  const page = await openPage(session);
  for (const theme of ["light", "dark"]) {
    await page.emulateMedia({ colorScheme: theme });
    for (const [path] of ROUTES) {
      await visit(page, session, path);
      // Card and lab pages load their data after the heading: wait for the real content.
      if (path.startsWith("/cards/")) await page.waitForSelector("[role=tablist]");
      await assertAccessible(page, `${path} (${theme})`);
    }
  }
  assertClean(page);
});

test("navigating by clicking changes the page without a reload, and back works", async () => {
  const page = await openPage(session);
  await visit(page, session, "/");
  await page.evaluate(() => (window.__sameDocument = true));
  await page.click("nav[aria-label=Main] >> text=Cards");
  await page.waitForSelector("main h1:has-text('Cross-Cluster Continuity')");
  assert.equal(new URL(page.url()).pathname, "/cards");
  assert.equal(await page.getAttribute("nav[aria-label=Main] a[href='/cards']", "aria-current"), "page");
  await page.click("text=Why does a cross-cluster copy");
  await page.waitForSelector("[role=tablist]");
  assert.equal(new URL(page.url()).pathname, "/cards/copy-lag");
  await page.goBack();
  await page.waitForSelector("main h1:has-text('Cross-Cluster Continuity')");
  assert.equal(await page.evaluate(() => window.__sameDocument), true, "no full reload happened");
  assertClean(page);
});

test("a deep link survives a reload", async () => {
  const page = await openPage(session);
  await visit(page, session, "/cards/echo-loop");
  await page.waitForSelector("[role=tablist]");
  const before = await page.textContent("main h1");
  await page.reload();
  await page.waitForSelector("[role=tablist]");
  assert.equal(await page.textContent("main h1"), before);
  assertClean(page);
});

test("the theme follows the system, toggles, and is remembered", async () => {
  const page = await openPage(session);
  await page.emulateMedia({ colorScheme: "dark" });
  await page.evaluate(() => localStorage.clear()).catch(() => {});
  await visit(page, session, "/");
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.waitForSelector("main h1");
  const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
  assert.equal(await theme(), "dark", "follows the system at first");
  await page.click("button.theme-toggle");
  assert.equal(await theme(), "light");
  await page.reload();
  await page.waitForSelector("main h1");
  assert.equal(await theme(), "light", "the choice outlives a reload");
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  assert.equal(background, "rgb(248, 250, 252)");
  assertClean(page);
});

test("the keyboard reaches the skip link, the navigation and the pages", async () => {
  const page = await openPage(session);
  await visit(page, session, "/");
  await page.keyboard.press("Tab");
  assert.equal(await page.evaluate(() => document.activeElement.textContent), "Skip to content");
  await page.keyboard.press("Tab"); // brand
  await page.keyboard.press("Tab"); // Cards
  assert.equal(await page.evaluate(() => document.activeElement.textContent), "Cards");
  await page.keyboard.press("Enter");
  await page.waitForSelector("main h1:has-text('Cross-Cluster Continuity')");
  assert.equal(new URL(page.url()).pathname, "/cards");
  assertClean(page);
});

test("an unknown address gets a useful not-found page", async () => {
  const page = await openPage(session);
  await visit(page, session, "/nowhere");
  assert.equal(await page.textContent("main h1"), "This page does not exist");
  assert.match(await page.textContent("main"), /\/nowhere/);
  await page.click("main >> text=The question cards");
  await page.waitForSelector("main h1:has-text('Cross-Cluster Continuity')");
  assertClean(page);
});
