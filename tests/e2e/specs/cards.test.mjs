// The question cards as a learner uses them.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startSession, openPage, visit, assertClean, assertAccessible, readData } from "../lib/browser.mjs";

let session;
let slugs;
before(async () => {
  session = await startSession();
  const index = await readData(session, "index.json");
  slugs = index.sections.flatMap((s) => s.cards.map((c) => c.slug));
});
after(async () => session?.close());

const LEVELS = ["Junior", "Middle", "Senior", "Principal"];

async function openCard(page, slug) {
  await visit(page, session, `/cards/${slug}`);
  await page.waitForSelector("[role=tablist]");
}

async function visiblePanel(page) {
  return page.evaluate(() => {
    const shown = [...document.querySelectorAll("[role=tabpanel]")].filter((p) => !p.hidden);
    return shown.length === 1 ? shown[0].id : `${shown.length} panels visible`;
  });
}

test("the list shows all 26 cards by section, and filters and search narrow it", async () => {
  const page = await openPage(session);
  await visit(page, session, "/cards");
  await page.waitForSelector(".card-row");
  assert.equal(slugs.length, 26);
  assert.equal(await page.locator(".card-row:visible").count(), 26);
  assert.equal(await page.locator(".card-section h2").count(), 4);
  // The list says how many questions it holds (it once said twenty-one beside 26 cards),
  // and so does the home page's way in to it (written in the shell: a card added is a
  // number to change there).
  assert.match(await page.textContent(".page-header .lede"), new RegExp(`^${slugs.length} interview questions `));

  await page.selectOption("#filter-level", "principal");
  const principal = await page.locator(".card-row:visible").count();
  assert.ok(principal >= 1 && principal < 26, `${principal} principal cards`);
  await page.selectOption("#filter-level", "");

  // The cards' whole text arrives after the list shows; until then a search looks at questions.
  await page.waitForSelector("#card-search[data-full-text=true]");
  await page.fill("#card-search", "echo");
  await page.waitForFunction(() => document.querySelectorAll(".card-row:not(.hidden)").length < 26);
  const texts = await page.locator(".card-row:visible .card-row__question").allTextContents();
  assert.ok(texts.some((t) => /same name|circulat|forever|two sites/i.test(t)), texts.join(" | "));
  await page.fill("#card-search", "zzzz-nothing-matches");
  await page.waitForFunction(() => document.querySelectorAll(".card-row:not(.hidden)").length === 0);
  assert.match(await page.textContent(".filter-count"), /^0 of 26/);
  await visit(page, session, "/");
  assert.equal((await page.textContent("main a[href='/cards'] .entry-point__title")).trim(), `${slugs.length} interview questions`);
  assertClean(page);
});

test("every card opens with every part, and every depth tab works by mouse and keyboard", async () => {
  const page = await openPage(session);
  for (const slug of slugs) {
    await openCard(page, slug);
    for (const part of [".card__outline li", ".reveal", ".prose.explanation h2", ".follow-up", ".card__red-flags li", ".card__analogy", "a.show-me"]) {
      assert.ok((await page.locator(part).count()) > 0, `${slug} has ${part}`);
    }
    // Mouse: each tab shows its own, different panel.
    const seen = new Set();
    for (const level of LEVELS) {
      await page.click(`[role=tab]:has-text("${level}")`);
      assert.equal(await visiblePanel(page), `depth-panel-${level.toLowerCase()}`, `${slug} ${level}`);
      seen.add(await page.textContent(`#depth-panel-${level.toLowerCase()}`));
    }
    assert.equal(seen.size, 4, `${slug}: the four tabs say different things`);
    // Keyboard: from the focused tab, arrows move and wrap, Home and End jump.
    await page.focus("[role=tab][aria-selected=true]");
    await page.keyboard.press("Home");
    assert.equal(await visiblePanel(page), "depth-panel-junior");
    await page.keyboard.press("ArrowRight");
    assert.equal(await visiblePanel(page), "depth-panel-middle");
    assert.equal(await page.evaluate(() => document.activeElement.id), "depth-tab-middle", "focus follows");
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    assert.equal(await visiblePanel(page), "depth-panel-principal", "wraps backwards");
  }
  assertClean(page);
});

test("answers stay hidden until revealed, and follow-ups expand", async () => {
  const page = await openPage(session);
  await openCard(page, "position-map");
  assert.equal(await page.locator(".reveal__answer").count(), 0);
  await page.click("button:has-text('Start 20-second countdown')");
  await page.waitForFunction(() => /s left/.test(document.querySelector(".countdown").textContent));
  const reveals = page.locator("button:has-text('Reveal answer')");
  await reveals.first().click();
  await page.waitForSelector(".reveal__answer");
  assert.equal(await page.locator(".reveal__answer").count(), 1);
  await page.locator("button:has-text('Reveal answer')").first().click();
  await page.waitForFunction(() => document.querySelectorAll(".reveal__answer").length === 2);

  const first = page.locator("details.follow-up").first();
  assert.equal(await first.evaluate((d) => d.open), false);
  await first.locator("summary").click();
  assert.equal(await first.evaluate((d) => d.open), true);
  assert.ok((await first.locator(".prose").innerText()).length > 40, "the answer is shown");
  await first.locator("summary").focus();
  await page.keyboard.press("Enter");
  assert.equal(await first.evaluate((d) => d.open), false, "Enter closes it again");
  assertClean(page);
});

test("show me opens the card's scenario in the lab, within the page", async () => {
  const page = await openPage(session);
  await openCard(page, "echo-loop");
  // The card's links are plain markup: the router must follow them inside the page, not
  // load the site again.
  await page.evaluate(() => (window.__samePage = true));
  await page.click("a.show-me");
  await page.waitForURL(/\/lab\/echo-loop/);
  await page.waitForSelector("main h1");
  assert.equal(await page.evaluate(() => window.__samePage), true, "the router followed the link");
  assertClean(page);
});

test("when the cards' full text does not load, the list says so and its search still finds questions", async () => {
  // Its own session with no service worker: the shared one's worker would answer from its
  // copy of the build, past the broken route.
  const direct = await startSession({ serviceWorkers: "block" });
  try {
    for (const broken of [(route) => route.abort(), (route) => route.fulfill({ status: 200, contentType: "application/json", body: "{not json" })]) {
      const page = await openPage(direct);
      await page.route(/\/data\/search-index/, broken);
      await visit(page, direct, "/cards");
      await page.waitForSelector("text=The cards' full text did not load");
      // Words of the first card's question ("...always trail the cluster it copies from?").
      await page.fill("#card-search", "always trail");
      await page.waitForFunction(() => document.querySelectorAll(".card-row:not(.hidden)").length === 1);
      assert.match(await page.textContent(".card-row:not(.hidden) .card-row__question"), /always trail/);
      assert.match(await page.textContent(".filter-count"), /^1 of 26/);
      // The aborted request is the browser's own console line; nothing else may be logged.
      assert.deepEqual(page.problems.filter((p) => !/Failed to load resource/.test(p)), []);
      await page.close();
    }
  } finally {
    await direct.close();
  }
});

test("progress marks persist, show in the list, and corrupt storage gets a message", async () => {
  const page = await openPage(session);
  await openCard(page, "copy-lag");
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.waitForSelector("[role=tablist]");
  await page.click(".marks button:has-text('Shaky')");
  assert.equal(await page.getAttribute(".marks button:has-text('Shaky')", "aria-pressed"), "true");
  await visit(page, session, "/cards");
  await page.waitForSelector(".badge--shaky");
  assert.match(await page.textContent(".progress-summary"), /1 of 26/);
  await page.selectOption("#filter-show", "shaky");
  assert.equal(await page.locator(".card-row:visible").count(), 1);

  await page.evaluate(() => localStorage.setItem("hoplab.progress", "{broken"));
  await page.reload();
  await page.waitForSelector(".card-row");
  assert.match(await page.textContent(".notice"), /could not be read/);
  assert.equal(await page.evaluate(() => localStorage.getItem("hoplab.progress.unreadable")), "{broken");
  assert.match(await page.textContent(".progress-summary"), /0 of 26/);
  assertClean(page);
});

test("an unknown card says so and links back", async () => {
  const page = await openPage(session);
  await visit(page, session, "/cards/no-such-card");
  assert.equal(await page.textContent("main h1"), "No such card");
  assertClean(page);
});

test("card pages pass axe, light and dark, desktop and phone", async () => {
  const page = await openPage(session);
  for (const [theme, width] of [["light", 1280], ["dark", 390]]) {
    await page.emulateMedia({ colorScheme: theme });
    await page.setViewportSize({ width, height: 900 });
    for (const slug of ["copy-lag", "reader-resume", "echo-loop"]) {
      await openCard(page, slug);
      await page.locator("button:has-text('Reveal answer')").first().click();
      await page.locator("details.follow-up summary").first().click();
      await assertAccessible(page, `/cards/${slug} (${theme}, ${width}px)`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `${slug} at ${width}px overflows sideways by ${overflow}px`);
    }
  }
  assertClean(page);
});
