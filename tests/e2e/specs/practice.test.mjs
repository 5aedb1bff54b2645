// Practice mode as a learner uses it: a session by keyboard, the red-flag quiz, the level
// path, the progress file out and back in, and a corrupt store.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { startSession, openPage, visit, assertClean, assertAccessible, readData } from "../lib/browser.mjs";

let session;
before(async () => (session = await startSession()));
after(async () => session?.close());

/** A page on a fresh store, or on `stored` (the text under "hoplab.progress"). */
async function freshPage(stored, options) {
  const page = await openPage(session, options);
  await visit(page, session, "/");
  await page.evaluate((text) => {
    localStorage.clear();
    if (text !== undefined) localStorage.setItem("hoplab.progress", text);
  }, stored);
  return page;
}

const storedProgress = (page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem("hoplab.progress") ?? "null"));

async function openPractice(page) {
  await visit(page, session, "/practice");
  await page.waitForSelector("[data-testid=today]");
}

/** Reveals with Space and grades with a digit, checking each step. */
async function answerByKeyboard(page, digit) {
  await page.waitForFunction(() => document.activeElement?.id === "practice-question");
  assert.equal(await page.locator(".practice-answers").count(), 0, "answers hidden at first");
  await page.keyboard.press("Space");
  await page.waitForSelector(".practice-answers");
  assert.equal(await page.locator(".grade").count(), 4);
  const question = await page.textContent("#practice-question");
  await page.keyboard.press(digit);
  return question;
}

test("a full session by keyboard: Space reveals, 1-4 grade, and the schedule is kept", async () => {
  const page = await freshPage();
  await openPractice(page);
  assert.match(await page.textContent("[data-testid=today]"), /0 cards due for review and 5 cards new for today/);
  await page.fill("#new-per-day", "3");
  await page.keyboard.press("Tab");
  await page.waitForFunction(() => /3 cards new/.test(document.querySelector("[data-testid=today]").textContent));

  await page.focus("text=Start the session");
  await page.keyboard.press("Enter");
  await page.waitForSelector("#practice-question");
  // The clock runs, and P pauses it.
  await page.waitForFunction(() => /Short answer: 1[0-9] s left/.test(document.querySelector("[data-testid=timer]").textContent));
  await page.keyboard.press("p");
  await page.waitForFunction(() => /paused/.test(document.querySelector("[data-testid=timer]").textContent));
  await page.keyboard.press("s");
  await page.waitForFunction(() => /Now the full answer: 50 s left \(paused\)/.test(document.querySelector("[data-testid=timer]").textContent));

  const first = await answerByKeyboard(page, "3");
  await page.waitForFunction((q) => document.querySelector("#practice-question")?.textContent !== q, first);
  assert.match(await page.textContent("[data-testid=announcer]"), /Graded good: this card comes back in 3 days/);
  const second = await answerByKeyboard(page, "1");
  await page.waitForFunction((q) => document.querySelector("#practice-question")?.textContent !== q, second);
  assert.match(await page.textContent("[data-testid=announcer]"), /Graded again: this card comes back in 1 day/);
  await answerByKeyboard(page, "4");
  // The card graded "again" is due in a day, as announced: the session does not ask it again.
  await page.waitForSelector("#session-done");
  assert.match(await page.textContent(".practice-done"), /3 cards practised: 1 again, 0 hard, 1 good, 1 easy/);

  const progress = await storedProgress(page);
  assert.equal(progress.version, 2);
  assert.equal(Object.keys(progress.reviews).length, 3);
  assert.deepEqual(
    Object.values(progress.reviews).map((r) => r.last_grade).sort(),
    ["again", "easy", "good"],
  );
  assert.equal(progress.new_today.count, 3);
  await page.click("text=Back to practice");
  await page.waitForFunction(() => /Nothing to practise now: the next card is due in/.test(document.querySelector("[data-testid=today]").textContent));
  assertClean(page);
});

test("the red-flag quiz explains every answer and links to its card", async () => {
  const page = await freshPage();
  await visit(page, session, "/practice/quiz");
  await page.waitForSelector(".quiz-item");
  const items = page.locator(".quiz-item");
  assert.equal(await items.count(), 8);
  for (let i = 0; i < 8; i++) {
    await items.nth(i).locator("text=Costs the question").click();
  }
  await page.waitForFunction(() => document.querySelectorAll(".quiz-verdict").length === 8);
  assert.equal(await page.textContent("[data-testid=quiz-score]"), "Done: 4 of 8 right.");
  const whys = await page.locator(".quiz-verdict").allTextContents();
  assert.ok(whys.every((w) => /red flag on|Safe: the card expects/.test(w)), whys.join("\n"));
  await page.emulateMedia({ colorScheme: "dark" });
  await assertAccessible(page, "/practice/quiz answered (dark)");
  await page.emulateMedia({ colorScheme: "light" });
  await assertAccessible(page, "/practice/quiz answered (light)");
  const link = items.nth(0).locator(".quiz-item__card a");
  const href = await link.getAttribute("href");
  await link.click();
  await page.waitForSelector("[role=tablist]");
  assert.equal(new URL(page.url()).pathname, href);
  assertClean(page);
});

test("the level path shows what the target level must say, and progress per level", async () => {
  const page = await freshPage();
  await visit(page, session, "/practice/levels");
  await page.waitForSelector(".path-card");
  assert.equal(await page.locator(".path-card").count(), 26);
  assert.equal(await page.locator(".level-bar").count(), 4);
  assert.match(await page.textContent("#path-cards-heading"), /What the middle level must be able to say/);
  const deck = await readData(session, "practice.json");
  const principalText = deck.cards[0].depth.principal.replace(/<[^>]+>/g, "").slice(0, 40);
  await page.selectOption("#path-level", "principal");
  await page.waitForFunction(() => /principal level must/.test(document.querySelector("#path-cards-heading").textContent));
  assert.ok((await page.textContent(".path-card__depth")).includes(principalText));
  assert.equal((await storedProgress(page)).settings.target_level, "principal");
  assertClean(page);
});

test("progress exports to a file and imports back; a bad file changes nothing", async () => {
  // Today's marks from the card pages are carried into practice.
  const page = await freshPage(JSON.stringify({ version: 1, cards: { "copy-lag": "confident", "echo-loop": "shaky" } }));
  await openPractice(page);
  assert.match(await page.textContent("main"), /Your card marks now feed practice mode/);
  assert.match(await page.textContent("[data-testid=today]"), /^1 card due for review/);

  const [download] = await Promise.all([page.waitForEvent("download"), page.click("text=Export progress")]);
  assert.equal(download.suggestedFilename(), "hoplab-progress.json");
  const exported = await readFile(await download.path(), "utf8");
  assert.deepEqual(Object.keys(JSON.parse(exported).reviews).sort(), ["copy-lag", "echo-loop"]);

  // A fresh browser, then the file back in.
  await page.evaluate(() => localStorage.clear());
  await openPractice(page);
  assert.match(await page.textContent("[data-testid=today]"), /^0 cards due/);
  await page.setInputFiles("#progress-import", { name: "hoplab-progress.json", mimeType: "application/json", buffer: Buffer.from(exported) });
  await page.waitForSelector(".practice-file__result");
  assert.match(await page.textContent(".practice-file__result"), /Imported practice on 2 cards and 2 marks/);
  assert.match(await page.textContent("[data-testid=today]"), /^1 card due for review/);
  const before = await storedProgress(page);

  for (const [name, body, reason] of [
    ["notes.txt", "shopping list", /not JSON/],
    ["other.json", JSON.stringify({ version: 9 }), /format 9/],
    ["empty.json", "", /empty/],
  ]) {
    await page.setInputFiles("#progress-import", { name, mimeType: "application/json", buffer: Buffer.from(body) });
    await page.waitForFunction(
      (source) => new RegExp(source).test(document.querySelector(".practice-file [role=alert]")?.textContent ?? ""),
      reason.source,
    );
    const alert = await page.textContent(".practice-file [role=alert]");
    assert.match(alert, reason, name);
    assert.match(alert, /Your progress is unchanged/);
    assert.deepEqual(await storedProgress(page), before, `${name} changed nothing`);
  }
  // Keyboard users reach the import control.
  await page.focus("#progress-import");
  assert.equal(await page.evaluate(() => document.activeElement.id), "progress-import");
  assertClean(page);
});

test("a corrupt store is kept aside with a message, and can be downloaded", async () => {
  const page = await freshPage("{this is not progress");
  await openPractice(page);
  const notice = await page.textContent("main");
  assert.match(notice, /Your saved progress could not be read/);
  assert.match(notice, /kept under hoplab\.progress\.unreadable/i);
  assert.equal(await page.evaluate(() => localStorage.getItem("hoplab.progress.unreadable")), "{this is not progress");
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("text=Download the kept data")]);
  assert.equal(await readFile(await download.path(), "utf8"), "{this is not progress");
  // The card pages still work and say the same.
  await visit(page, session, "/cards/copy-lag");
  await page.waitForSelector("[role=tablist]");
  assert.match(await page.textContent("main"), /could not be read/);
  assertClean(page);
});

test("practice pages pass axe in light and dark, and fit a phone", async () => {
  for (const theme of ["light", "dark"]) {
    const page = await freshPage(undefined, { viewport: { width: 390, height: 800 } });
    await page.emulateMedia({ colorScheme: theme });
    for (const path of ["/practice", "/practice/quiz", "/practice/levels"]) {
      await visit(page, session, path);
      await page.waitForSelector(path === "/practice" ? "[data-testid=today]" : path.endsWith("quiz") ? ".quiz-item" : ".path-card");
      await assertAccessible(page, `${path} (${theme})`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `${path} is ${overflow}px wider than a 390px phone`);
    }
    // Mid-session, answers revealed.
    await visit(page, session, "/practice");
    await page.click("text=Start the session");
    await page.waitForFunction(() => document.activeElement?.id === "practice-question");
    await page.keyboard.press("Space");
    await page.waitForSelector(".practice-answers");
    await assertAccessible(page, `/practice session (${theme})`);
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), "the session fits");
    assertClean(page);
    await page.close();
  }
});
