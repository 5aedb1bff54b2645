// Each page ships its own style sheet in its chunk (src/page_styles.rs): a deep link gets the
// page's sheet and no other page's, a sheet is added once however often its page shows, pages
// visited in turn keep their styling, and one page's rules do not leak into another.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startSession, openPage, visit, assertClean } from "../lib/browser.mjs";
import { computedStyle } from "../lib/routes.mjs";

let session;
before(async () => (session = await startSession({ serviceWorkers: "block" })));
after(async () => session?.close());

/** The ids of the page sheets in <head>, in document (cascade) order. */
const pageSheets = (page) => page.$$eval("head style[id^='style-']", (sheets) => sheets.map((s) => s.id));

/** Whether any rule of the linked first-download sheet has `selector` in it. */
const shellSheetHas = (page, selector) =>
  page.evaluate(
    (text) =>
      [...document.styleSheets]
        .filter((sheet) => sheet.href)
        .some((sheet) => [...sheet.cssRules].some((rule) => rule.cssText.includes(text))),
    selector,
  );

test("a card by deep link is styled by its own sheet alone, in light and dark", async () => {
  const page = await openPage(session);
  await page.emulateMedia({ colorScheme: "light" });
  await visit(page, session, "/cards/copy-lag");
  await page.waitForSelector("[role=tablist]");
  // The reveals' recorder follows the page in a chunk of its own, with its own sheet.
  await page.waitForSelector(".recorder__button");
  assert.deepEqual(await pageSheets(page), ["style-card", "style-recorder"], "only the card's and its recorder's sheets");
  assert.equal(await shellSheetHas(page, ".tabs__list"), false, "the card's rules are not in the first download");
  assert.equal(await computedStyle(page, ".tabs__list", "display"), "flex");
  assert.equal(await computedStyle(page, ".reveal", "background-color"), "rgb(255, 255, 255)", "light surface");
  // Dark mode: the card's sheet reads the theme's tokens.
  await page.click(".theme-toggle");
  await page.waitForFunction(() => document.documentElement.dataset.theme === "dark");
  assert.equal(await computedStyle(page, ".reveal", "background-color"), "rgb(17, 26, 46)", "dark surface");
  assertClean(page);
  await page.close();
});

test("pages visited in turn keep their styling, and each sheet is added once", async () => {
  const page = await openPage(session);
  await visit(page, session, "/cards/copy-lag");
  await page.waitForSelector("[role=tablist]");
  await page.waitForSelector(".recorder__button");
  // To the lab by the card's own link, then back and forth by history.
  await page.click("a[href^='/lab/']");
  await page.waitForSelector("svg.stage[data-ready=true]");
  assert.equal(await computedStyle(page, ".lab-grid", "display"), "grid", "the lab is styled");
  assert.equal(await computedStyle(page, ".lab-controls", "position"), "sticky");
  await page.goBack();
  await page.waitForSelector("[role=tablist]");
  assert.equal(await computedStyle(page, ".tabs__list", "display"), "flex", "the card is still styled");
  await page.goForward();
  await page.waitForSelector("svg.stage[data-ready=true]");
  assert.equal(await computedStyle(page, ".lab-grid", "display"), "grid", "the lab is still styled");
  assert.deepEqual(
    await pageSheets(page),
    ["style-card", "style-lab", "style-recorder"],
    "each sheet once, in cascade order",
  );
  assertClean(page);
  await page.close();
});

test("the designer's field and checkbox rules stay in the designer", async () => {
  const page = await openPage(session);
  await visit(page, session, "/designer");
  await page.waitForSelector(".designer-work");
  await page.click("nav.site-nav >> text=Cards");
  await page.waitForSelector("main h1:has-text('Cross-Cluster Continuity')");
  assert.deepEqual(await pageSheets(page), ["style-card-list", "style-designer"]);
  // The card list's filter fields stack label over input, as components.css says; the
  // designer's inline fields (smaller text) must not reach them.
  assert.equal(await computedStyle(page, ".filters .field", "display"), "flex");
  assert.equal(await computedStyle(page, ".filters .field", "font-size"), "14.4px");
  assertClean(page);
  await page.close();
});

test("a lesson gets the course's sheet and its run view's, in cascade order", async () => {
  const page = await openPage(session);
  await visit(page, session, "/course/why-the-copy-is-behind");
  await page.waitForSelector("svg.stage[data-ready=true]");
  assert.equal(await computedStyle(page, ".lesson-grid", "display"), "grid");
  assert.equal(await computedStyle(page, ".lab-stage", "border-top-style"), "solid");
  // The run view mounts after the lesson, yet its sheet goes first: the course's rules about
  // the run (`.lesson-run .lab-grid`) keep winning as they did in one bundled sheet.
  assert.deepEqual(await pageSheets(page), ["style-lab", "style-course"]);
  assertClean(page);
  await page.close();
});
