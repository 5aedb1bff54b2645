// The guided course as a newcomer uses it: the lesson list, a lesson stepped through to its
// end beside its live run, the check question, progress kept, and a corrupt store.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startSession, openPage, visit, assertClean, assertAccessible, readData } from "../lib/browser.mjs";

let session;
before(async () => (session = await startSession()));
after(async () => session?.close());

const LESSON = "why-the-copy-is-behind";

/** A page whose course progress is `stored` (the text under "hoplab.course"), or none. */
async function freshPage(stored, options) {
  const page = await openPage(session, options);
  await visit(page, session, "/");
  await page.evaluate((text) => {
    localStorage.removeItem("hoplab.course");
    localStorage.removeItem("hoplab.course.unreadable");
    if (text !== undefined) localStorage.setItem("hoplab.course", text);
  }, stored);
  return page;
}

/** The lab's clock and readiness, as its stage reports them. */
const stageAt = (page, ms) =>
  page.waitForFunction(
    (ms) => {
      const stage = document.querySelector("svg.stage");
      return stage?.dataset.ready === "true" && Number(stage.dataset.now) === ms;
    },
    ms,
    { timeout: 60_000 },
  );

const measure = async (page, id) =>
  Number(await page.getAttribute(`[data-measure="${id}"]`, "data-value"));

test("the course lists its lessons in order, each linked", async () => {
  const page = await freshPage();
  await visit(page, session, "/course");
  const index = await readData(session, "course/index.json");
  await page.waitForSelector(".course-item");
  const titles = await page.locator(".course-item h2").allTextContents();
  assert.deepEqual(titles, index.lessons.map((l) => l.title));
  assert.ok(titles.length >= 6);
  assert.match(await page.textContent(".course-progress"), new RegExp(`0 of ${titles.length} lessons done`));
  assertClean(page);
});

test("a lesson to its end: each step moves the lab, shows its effect, and the answer is checked", async () => {
  const page = await freshPage();
  const lesson = await readData(session, `course/${LESSON}.json`);
  await visit(page, session, "/course");
  await page.click(`text=${lesson.title}`);
  await page.waitForSelector("svg.stage");
  const steps = page.locator(".lesson-step");
  assert.equal(await steps.count(), lesson.steps.length);
  const lag = [];
  for (const [i, step] of lesson.steps.entries()) {
    const item = steps.nth(i);
    assert.equal(await item.locator(".lesson-step__see").count(), 0, `step ${i + 1} says nothing yet`);
    await item.locator("button").click();
    await item.locator(".lesson-step__see").waitFor({ timeout: 60_000 });
    await stageAt(page, step.play_to_ms ?? step.at_ms);
    assert.match(await item.locator(".lesson-step__see").textContent(), /You should see:/);
    assert.ok((await item.locator(".lesson-step__see").textContent()).includes(step.see));
    lag.push(await measure(page, "lag:a-to-b"));
  }
  // What the steps say happens, happens on the page: stalling grows the lag, resuming drains it.
  const stall = lesson.steps.findIndex((s) => s.press === "stall");
  const resume = lesson.steps.findIndex((s) => s.press === "resume");
  assert.ok(lag[stall] > lag[stall - 1], `lag grew during the stall: ${lag}`);
  assert.ok(lag[resume] < lag[stall], `lag fell after resuming: ${lag}`);

  // A wrong answer explains itself and does not pass the lesson; the right one does.
  const wrong = lesson.check.choices.findIndex((c) => !c.correct);
  const right = lesson.check.choices.findIndex((c) => c.correct);
  await page.check(`#check-${LESSON}-${wrong}`);
  await page.click("text=Check my answer");
  await page.waitForSelector(".check-verdict");
  assert.match(await page.textContent(".check-verdict"), /Not quite/);
  assert.equal(await page.locator(".lesson-passed").count(), 0);
  await page.check(`#check-${LESSON}-${right}`);
  await page.click("text=Check my answer");
  await page.waitForSelector(".lesson-passed");
  assert.match(await page.textContent(".check-verdict"), /Right/);

  // Progress is kept: the lesson shows as done on the list, also after a reload.
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("hoplab.course")));
  assert.equal(stored.version, 1);
  assert.deepEqual(stored.lessons[LESSON].steps_done, lesson.steps.map((_, i) => i));
  await visit(page, session, "/course");
  await page.waitForSelector(`.course-item[data-state=done]`);
  await page.reload();
  await page.waitForSelector(`.course-item[data-state=done]`);
  assertClean(page);
});

test("on a phone, a step's button brings the lab's stage into view to play there", async () => {
  const page = await freshPage(undefined, { viewport: { width: 390, height: 844 } });
  const lesson = await readData(session, `course/${LESSON}.json`);
  await visit(page, session, `/course/${LESSON}`);
  await page.waitForSelector("svg.stage[data-ready=true]", { timeout: 60_000 });
  const inView = () =>
    page.$eval("svg.stage", (stage) => {
      const r = stage.getBoundingClientRect();
      return r.top < window.innerHeight && r.bottom > 0;
    });
  const button = page.locator(".lesson-step button").first();
  await button.scrollIntoViewIfNeeded();
  assert.equal(await inView(), false, "the stage starts out of sight below the text");
  await button.click();
  await page.waitForFunction(() => {
    const r = document.querySelector("svg.stage").getBoundingClientRect();
    return r.top < window.innerHeight && r.bottom > 0;
  });
  await stageAt(page, lesson.steps[0].play_to_ms ?? lesson.steps[0].at_ms);
  assert.equal(await inView(), true);
  assertClean(page);
});

test("steps can be redone in any order and always show the same moment", async () => {
  const page = await freshPage();
  const lesson = await readData(session, `course/${LESSON}.json`);
  await visit(page, session, `/course/${LESSON}`);
  await page.waitForSelector("svg.stage");
  const last = lesson.steps.length - 1;
  const steps = page.locator(".lesson-step");
  await steps.nth(last).locator("button").click();
  await steps.nth(last).locator(".lesson-step__see").waitFor({ timeout: 60_000 });
  await stageAt(page, lesson.steps[last].play_to_ms ?? lesson.steps[last].at_ms);
  const first = await measure(page, "lag:a-to-b");
  await steps.nth(0).locator("button").click();
  await steps.nth(0).locator(".lesson-step__see").waitFor({ timeout: 60_000 });
  await steps.nth(last).locator("button").click();
  await page.waitForFunction(
    (i) => document.querySelectorAll(".lesson-step")[i].classList.contains("lesson-step--active"),
    last,
  );
  await steps.nth(last).locator(".lesson-step__see").waitFor({ timeout: 60_000 });
  await stageAt(page, lesson.steps[last].play_to_ms ?? lesson.steps[last].at_ms);
  assert.equal(await measure(page, "lag:a-to-b"), first, "the same step gives the same figures");
  assertClean(page);
});

test("an unknown lesson gets a message and a way back", async () => {
  const page = await freshPage();
  await visit(page, session, "/course/no-such-lesson");
  assert.equal((await page.textContent("main h1")).trim(), "No such lesson");
  assert.ok(await page.locator("main a[href='/course']").count());
  assertClean(page);
});

test("corrupt stored progress is set aside with a message, never lost", async () => {
  const page = await freshPage("{this is not json");
  await visit(page, session, "/course");
  await page.waitForSelector(".course-item");
  assert.match(await page.textContent("main"), /could not be read/);
  const aside = await page.evaluate(() => localStorage.getItem("hoplab.course.unreadable"));
  assert.equal(aside, "{this is not json");
  assertClean(page);
});

test("the course pages pass axe in light and dark, at desktop and phone width", async () => {
  for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
    for (const theme of ["light", "dark"]) {
      const page = await freshPage(undefined, { viewport });
      await page.evaluate((theme) => localStorage.setItem("hoplab.theme", theme), theme);
      await visit(page, session, "/course");
      await page.waitForSelector(".course-item");
      await assertAccessible(page, `/course ${theme} ${viewport.width}`);
      await visit(page, session, `/course/${LESSON}`);
      await page.waitForSelector("svg.stage[data-ready=true]");
      await assertAccessible(page, `a lesson ${theme} ${viewport.width}`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 1, `no sideways scroll at ${viewport.width} px (${overflow})`);
      assertClean(page);
      await page.close();
    }
  }
});
