// Practising out loud for real: recording an answer with Chromium's fake microphone,
// playing it back, keeping it in IndexedDB and deleting it; a refused permission and a
// browser without a recorder; the outline checklist's suggested grade and the missed points
// first next time; progress files from before the checklist still import.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startSession, openPage, visit, assertClean, assertAccessible } from "../lib/browser.mjs";
import { FAKE_MICROPHONE, durationOf } from "../lib/media.mjs";

let session;
before(async () => (session = await startSession({ args: FAKE_MICROPHONE })));
after(async () => session?.close());

/** A page on a fresh store with no recordings; `init` runs in the page before the app. */
async function freshPage({ init, viewport } = {}) {
  const page = await openPage(session, { viewport });
  if (init) await page.addInitScript(init);
  await visit(page, session, "/");
  await page.evaluate(
    () =>
      new Promise((done) => {
        localStorage.clear();
        const request = indexedDB.deleteDatabase("hoplab-recordings");
        request.onsuccess = request.onerror = request.onblocked = () => done();
      }),
  );
  // Anything but a GET would be the page sending something away.
  page.sent = [];
  page.on("request", (request) => {
    if (request.method() !== "GET") page.sent.push(`${request.method()} ${request.url()}`);
  });
  return page;
}

async function startPractice(page) {
  await visit(page, session, "/practice");
  await page.waitForSelector("[data-testid=today]");
  await page.click("text=Start the session");
  await page.waitForFunction(() => document.activeElement?.id === "practice-question");
}

const recorderLine = (page, part = "answer") => page.textContent(`[data-testid=recorder-${part}]`);

async function record(page, ms = 1500) {
  await page.keyboard.press("r");
  await page.waitForFunction(() => /the microphone is on/.test(document.querySelector("[data-testid=recorder-answer]").textContent));
  await page.waitForTimeout(ms);
  await page.keyboard.press("r");
  await page.waitForSelector(".answer-timer audio");
}

test("R records the answer from the microphone; it plays back, is kept, listed and deleted", async () => {
  const page = await freshPage();
  await startPractice(page);
  assert.equal(await page.textContent(".answer-timer .recorder__button"), "Record your answer (R)");
  await record(page);
  const src = await page.getAttribute(".answer-timer audio", "src");
  assert.match(src, /^blob:/);
  const duration = await durationOf(page, ".answer-timer audio");
  assert.ok(duration > 0, `the take lasts ${duration} s`);
  assert.equal(await page.textContent(".answer-timer .recorder__button"), "Record your answer again (R)");

  // Record again replaces the take; discard drops it; a third take is kept.
  await record(page, 600);
  await page.click(".answer-timer button:has-text(\"Discard\")");
  await page.waitForSelector(".answer-timer audio", { state: "detached" });
  await record(page);
  await page.click(".answer-timer button:has-text(\"Keep it\")");
  await page.waitForFunction(() => /Kept in this browser/.test(document.querySelector("[data-testid=recorder-answer]").textContent));
  const question = await page.textContent("#practice-question");

  await page.click("text=Reveal the answers (Space)");
  await page.waitForSelector("[data-testid=checklist]");
  // The take stays beside the answers.
  assert.ok(await page.isVisible(".answer-timer audio"));
  await page.keyboard.press("3");
  await page.waitForFunction((q) => document.querySelector("#practice-question")?.textContent !== q, question);

  await visit(page, session, "/practice");
  await page.waitForSelector("[data-testid=recordings] li");
  const listed = await page.textContent("[data-testid=recordings]");
  assert.ok(listed.includes(question), `the list names the card: ${listed}`);
  assert.match(listed, /answer · .*20\d\d.* · 0:0[1-3]/);
  assert.ok((await durationOf(page, "[data-testid=recordings] audio")) > 0, "the kept take plays");
  await page.click("[data-testid=recordings] li button");
  await page.waitForSelector("[data-testid=recordings-empty]");
  assert.deepEqual(page.sent, [], "nothing was sent anywhere");
  assertClean(page);
});

test("two kept takes are deleted all at once, after a confirmation", async () => {
  const page = await freshPage();
  await startPractice(page);
  await record(page, 500);
  await page.click(".answer-timer button:has-text(\"Keep it\")");
  await page.waitForFunction(() => /Kept/.test(document.querySelector("[data-testid=recorder-answer]").textContent));
  // The follow-up's own recorder, on R once the answers show.
  await page.click("text=Reveal the answers (Space)");
  await page.waitForSelector(".practice-follow-up .recorder__button");
  await page.focus("#practice-answers");
  await page.keyboard.press("r");
  await page.waitForFunction(() => /the microphone is on/.test(document.querySelector("[data-testid=recorder-follow-up]").textContent));
  await page.waitForTimeout(500);
  await page.keyboard.press("r");
  await page.waitForSelector(".practice-follow-up audio");
  await page.click(".practice-follow-up >> text=Keep it");
  await page.waitForFunction(() => /Kept/.test(document.querySelector("[data-testid=recorder-follow-up]").textContent));
  await page.keyboard.press("2");

  await visit(page, session, "/practice");
  await page.waitForSelector("[data-testid=recordings] li");
  assert.equal(await page.locator("[data-testid=recordings] li").count(), 2);
  assert.match(await page.textContent("[data-testid=recordings]"), /follow-up answer ·/);
  await page.click("text=Delete all recordings…");
  await page.click("text=Keep them");
  assert.equal(await page.locator("[data-testid=recordings] li").count(), 2);
  await page.click("text=Delete all recordings…");
  await page.click("text=Yes, delete them all");
  await page.waitForSelector("[data-testid=recordings-empty]");
  await visit(page, session, "/practice");
  await page.waitForSelector("[data-testid=recordings-empty]");
  assertClean(page);
});

test("a refused microphone and a browser without a recorder each say so, and practice goes on", async () => {
  const refused = await freshPage({
    init: () => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException("Permission denied", "NotAllowedError"));
    },
  });
  await startPractice(refused);
  await refused.keyboard.press("r");
  await refused.waitForFunction(() => /permission was refused/.test(document.querySelector("[data-testid=recorder-answer]").textContent));
  assert.match(await recorderLine(refused), /Everything else works as before/);
  await refused.keyboard.press("Space");
  await refused.waitForSelector(".practice-answers");
  await refused.keyboard.press("3");
  await refused.waitForFunction(() => /Graded good/.test(document.querySelector("[data-testid=announcer]").textContent));
  assertClean(refused);

  const none = await freshPage({ init: () => delete window.MediaRecorder });
  await startPractice(none);
  assert.match(await recorderLine(none), /This browser cannot record audio here/);
  assert.ok(await none.isDisabled(".answer-timer .recorder__button"));
  await none.keyboard.press("r");
  await none.keyboard.press("Space");
  await none.waitForSelector(".practice-answers");
  assertClean(none);
});

test("ticking the outline changes the suggested grade; missed points come first next time", async () => {
  const page = await freshPage();
  await startPractice(page);
  const question = await page.textContent("#practice-question");
  await page.keyboard.press("Space");
  await page.waitForSelector("[data-testid=checklist]");
  const cues = await page.locator("[data-testid=checklist] input[type=checkbox]").count();
  assert.ok(cues >= 3, `${cues} cues`);
  const suggestion = () => page.textContent("[data-testid=suggestion]");
  assert.match(await suggestion(), /^0 of \d+ points made: that suggests again/);
  // Tab reaches the checkboxes, Space ticks them (and neither reveals nor grades).
  await page.focus("[data-testid=checklist] input >> nth=0");
  await page.keyboard.press("Space");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Space");
  await page.waitForFunction(() => /^2 of/.test(document.querySelector("[data-testid=suggestion]").textContent));
  assert.equal(await page.locator("[data-testid=checklist] input:checked").count(), 2);
  const before = await suggestion();
  for (let i = 2; i < cues; i++) await page.check(`[data-testid=checklist] input >> nth=${i}`);
  await page.waitForFunction((b) => document.querySelector("[data-testid=suggestion]").textContent !== b, before);
  assert.notEqual(await suggestion(), before);
  assert.equal(await page.locator(".grade--suggested").count(), 1);
  // Untick the last: that one is missed.
  await page.uncheck(`[data-testid=checklist] input >> nth=${cues - 1}`);
  const missedLabel = await page.textContent(`[data-testid=checklist] label >> nth=${cues - 1}`);
  await page.keyboard.press("1");
  await page.waitForFunction(() => /Graded again/.test(document.querySelector("[data-testid=announcer]").textContent));
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("hoplab.progress")));
  const slug = Object.keys(stored.missed)[0];
  assert.deepEqual(stored.missed[slug], [cues - 1]);

  // "Again" brings the card back next time, as the page says (a day later), not in this
  // session: move its schedule back a day, as if that day had passed, and start again.
  await page.evaluate((slug) => {
    const progress = JSON.parse(localStorage.getItem("hoplab.progress"));
    const review = progress.reviews[slug];
    const span = review.due - review.last_review;
    review.due -= 2 * span;
    review.last_review -= 2 * span;
    localStorage.setItem("hoplab.progress", JSON.stringify(progress));
  }, slug);
  await startPractice(page);
  assert.equal(await page.textContent("#practice-question"), question, "the card due again comes first");
  assert.match(await page.textContent("[data-testid=missed-before]"), /missed 1 of the outline's points/);
  await page.keyboard.press("Space");
  await page.waitForSelector("[data-testid=checklist]");
  assert.equal(await page.textContent("[data-testid=checklist] label >> nth=0"), `${missedLabel} missed last time`);
  assertClean(page);
});

test("a progress file from before the checklist still imports, and one with missed points too", async () => {
  const page = await freshPage();
  await visit(page, session, "/practice");
  await page.waitForSelector("[data-testid=today]");
  const old = JSON.stringify({
    version: 2,
    cards: { "copy-lag": "confident" },
    reviews: {
      "copy-lag": { due: 1700259200000, last_review: 1700000000000, stability: 3.1262, difficulty: 5.314577829570867, reps: 1, lapses: 0, last_grade: "good" },
      "echo-loop": { due: 1700086400000, last_review: 1700000000000, stability: 0.4072, difficulty: 7.2102, reps: 1, lapses: 0, last_grade: "again" },
    },
    settings: { new_per_day: 5, target_level: "senior" },
    new_today: { day: 19675, count: 2 },
  });
  for (const [name, body] of [
    ["old.json", old],
    ["with-missed.json", JSON.stringify({ ...JSON.parse(old), missed: { "echo-loop": [0, 2] } })],
    ["format-1.json", JSON.stringify({ version: 1, cards: { "copy-lag": "studied" } })],
  ]) {
    await page.setInputFiles("#progress-import", { name, mimeType: "application/json", buffer: Buffer.from(body) });
    await page.waitForFunction((name) => document.querySelector(".practice-file__result")?.textContent.includes(name), name);
    assert.match(await page.textContent(".practice-file__result"), /Imported practice on [12] cards?/, name);
  }
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("hoplab.progress")));
  assert.deepEqual(stored.missed, { "echo-loop": [0, 2] });
  assertClean(page);
});

test("the recorder, a take and the checklist pass axe in light and dark, and fit a phone", async () => {
  for (const theme of ["light", "dark"]) {
    for (const width of [1280, 390]) {
      const page = await freshPage({ viewport: { width, height: 900 } });
      await page.emulateMedia({ colorScheme: theme });
      await startPractice(page);
      await record(page, 500);
      await page.click("text=Reveal the answers (Space)");
      await page.waitForSelector("[data-testid=checklist]");
      await page.check("[data-testid=checklist] input >> nth=0");
      await page.click(".practice-follow-up summary");
      await assertAccessible(page, `a session with a take (${theme}, ${width}px)`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `the session is ${overflow}px wider than ${width}px`);
      await page.click(".answer-timer button:has-text(\"Keep it\")");
      await page.waitForFunction(() => /Kept/.test(document.querySelector("[data-testid=recorder-answer]").textContent));
      await visit(page, session, "/practice");
      await page.waitForSelector("[data-testid=recordings] li");
      await assertAccessible(page, `the recordings list (${theme}, ${width}px)`);
      const listOverflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(listOverflow <= 0, `the list is ${listOverflow}px wider than ${width}px`);
      assertClean(page);
      await page.close();
    }
  }
});
