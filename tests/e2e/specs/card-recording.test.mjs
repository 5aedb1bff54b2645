// Answering a card aloud on the record: the card page's timed reveal records with
// Chromium's fake microphone while the clock runs, the reveal stops the take, which plays
// back beside the answer and, kept, is listed on /practice with the card. The recorder is
// not in the card's first download: it arrives in a chunk of its own after the card shows.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startSession, openPage, visit, assertClean } from "../lib/browser.mjs";
import { FAKE_MICROPHONE, durationOf } from "../lib/media.mjs";

let session;
before(async () => (session = await startSession({ args: FAKE_MICROPHONE })));
after(async () => session?.close());

const SHOTS = process.env.CARD_RECORDING_SHOTS;
const basics = "#basics-heading";
const reveal = `.reveal:has(${basics})`;
const line = () => `${reveal} [data-testid=recorder-basics]`;

test("a card's 20-second reveal records, plays back, records again, keeps, and /practice lists it", async () => {
  const page = await openPage(session);
  await visit(page, session, "/");
  await page.evaluate(
    () =>
      new Promise((done) => {
        localStorage.clear();
        const request = indexedDB.deleteDatabase("hoplab-recordings");
        request.onsuccess = request.onerror = request.onblocked = () => done();
      }),
  );
  await visit(page, session, "/cards/copy-lag");
  await page.waitForSelector(`${reveal} .recorder__button`, { timeout: 30000 });
  assert.equal(await page.textContent(`${reveal} .recorder__button`), "Record your 20-second answer");
  const question = (await page.textContent("#card-question")).trim();

  // The clock runs; the learner records over it.
  await page.click(`${reveal} button:has-text("Start 20-second countdown")`);
  await page.click(`${reveal} .recorder__button`);
  await page.waitForFunction((sel) => /the microphone is on/.test(document.querySelector(sel)?.textContent), line());
  assert.match(await page.textContent(`${reveal} .countdown`), /s left/);
  for (const width of SHOTS ? [1280, 390] : []) {
    await page.setViewportSize({ width, height: 900 });
    await page.locator(reveal).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/card-recording-${width}.png` });
  }
  await page.waitForTimeout(1500);
  // Revealing stops the take; it plays beside the answer.
  await page.click(`${reveal} button:has-text("Reveal answer")`);
  await page.waitForSelector(`${reveal} audio`);
  assert.ok(await page.isVisible(`${reveal} .reveal__answer`));
  assert.match(await page.getAttribute(`${reveal} audio`, "src"), /^blob:/);
  const duration = await durationOf(page, `${reveal} audio`);
  assert.ok(duration > 0, `the take lasts ${duration} s`);

  // Record again, then keep the new take.
  await page.click(`${reveal} .recorder__button:has-text("again")`);
  await page.waitForFunction((sel) => /the microphone is on/.test(document.querySelector(sel)?.textContent), line());
  await page.waitForTimeout(1200);
  await page.click(`${reveal} .recorder__button`);
  await page.waitForSelector(`${reveal} audio`);
  await page.click(`${reveal} button:has-text("Keep it")`);
  await page.waitForFunction((sel) => /Kept in this browser/.test(document.querySelector(sel)?.textContent), line());

  await visit(page, session, "/practice");
  await page.waitForSelector("[data-testid=recordings] li");
  const listed = await page.textContent("[data-testid=recordings]");
  assert.ok(listed.includes(question), `the list names the card: ${listed}`);
  assert.match(listed, /20-second answer · .*20\d\d/);
  assert.equal(await page.locator("[data-testid=recordings] li").count(), 1);
  assert.ok((await durationOf(page, "[data-testid=recordings] audio")) > 0, "the kept take plays");
  assertClean(page);
});
