// Design challenges graded in headless Chromium: each shipped brief's reference design
// loaded on its page, then "Grade my design" timed from the click until the verdict shows
// (five seeds, one per slice), beside a plain run of the same design in the same page
// (the designer's Run until its summary shows). Target: within 2 s for every brief.
//
// Usage (after `trunk build --release --offline`): cd tests/e2e && node bench/grade.mjs
import { readdir } from "node:fs/promises";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { startSession, openPage, visit } from "../lib/browser.mjs";

const DIR = fileURLToPath(new URL("../../../content/challenges/", import.meta.url));
// The design challenges: a drill is played on its own page, not graded in the designer.
const files = (await readdir(DIR)).filter((f) => f.endsWith(".json"));
const ids = files
  .filter((f) => !JSON.parse(readFileSync(DIR + f, "utf8")).drill)
  .map((f) => f.slice(0, -5))
  .sort();

/** Milliseconds from a click on `button` until a new `done` is in the page (best of three):
 * the last one is marked first, and the page draws a fresh one for each result. */
async function timed(page, button, done) {
  let best = Infinity;
  for (let i = 0; i < 3; i++) {
    await page.evaluate((sel) => document.querySelectorAll(sel).forEach((el) => el.setAttribute("data-old", "")), done);
    const t0 = Date.now();
    await page.click(button);
    await page.waitForSelector(`${done}:not([data-old])`, { timeout: 60_000 });
    best = Math.min(best, Date.now() - t0);
  }
  return best;
}

const session = await startSession();
try {
  for (const id of ids) {
    const page = await openPage(session);
    await visit(page, session, `/challenges/${id}`);
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await page.waitForSelector(".challenge-brief h1");
    await page.click("text=Show a design that passes");
    await page.click("text=Load it into the designer");
    const grade = await timed(page, "text=Grade my design", ".challenge-verdict");
    const run = await timed(page, ".designer-run button.primary", ".run-summary");
    console.log(`grade ${id.padEnd(22)} ${(grade / 1000).toFixed(2)} s in Chromium (target < 2 s); one plain run ${(run / 1000).toFixed(2)} s; ratio ${(grade / run).toFixed(1)}x`);
    await page.close();
  }
} finally {
  await session.close();
}
