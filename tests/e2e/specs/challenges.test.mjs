// Design challenges as a candidate meets them: the list, a brief in the designer with its
// givens locked, hops added with the designer's own form, a grade that misses with its
// card, the fix, a pass, and the status kept after a reload; a bad challenge id; the
// command line's verdict on the page's seeds, figure for figure.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startSession, openPage, visit, assertClean, assertAccessible } from "../lib/browser.mjs";

let session;
before(async () => (session = await startSession()));
after(async () => session?.close());

async function addHop(page, from, to, name) {
  await page.selectOption("#dz-new-hop-from", { index: from });
  await page.selectOption("#dz-new-hop-to", { index: to });
  await page.fill("#dz-new-hop", name);
  await page.click("form.add-form:has(#dz-new-hop) button[type=submit]");
  await page.locator(`#dz-hop-list > li:has-text("${name}")`).first().waitFor();
}

async function setStamp(page, hop, stamp) {
  const row = page.locator(`#dz-hop-list > li:has-text("${hop}")`).first();
  const details = row.locator("details.hop-options");
  if (!(await details.getAttribute("open"))) await row.locator("summary").click();
  await row.locator("label:has-text('origin stamp') select").selectOption(stamp);
}

async function grade(page) {
  await page.click("text=Grade my design");
  await page.waitForSelector(".challenge-verdict");
  return page.locator(".challenge-verdict").innerText();
}

test("a brief in the designer: hops added, a miss with its card, the fix, a pass kept after a reload", async () => {
  const page = await openPage(session);
  await visit(page, session, "/challenges");
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  assert.ok((await page.locator(".challenge-list > li").count()) >= 8);
  const entry = page.locator('.challenge-list li[data-challenge="active-active-orders"]');
  assert.equal(await entry.locator(".challenge-status").innerText(), "not tried");
  await entry.locator("a").first().click();
  await page.waitForSelector(".challenge-brief h1");
  assert.equal(await page.textContent("main h1"), "Orders written in two regions, billed in both");
  assert.equal(await page.locator("g.dz-site").count(), 2, "the givens are loaded");
  // The brief's id is not a preset's: the page opens with no error on its notice line.
  assert.equal(await page.locator(".designer-notice .notice--error").count(), 0, await page.locator(".designer-notice").innerText());

  // A given stays: removing a writer the brief names is refused with a message.
  await page.click("button[aria-label='Remove writer w-east']");
  assert.match(await page.locator(".designer-notice").innerText(), /given by the brief/);

  // Copy both ways with the designer's own form: no stamp yet, so the orders echo.
  await addHop(page, 0, 1, "e2w");
  await addHop(page, 1, 0, "w2e");
  assert.match(await grade(page), /^Not yet/);
  const echo = page.locator('.challenge-results tr[data-requirement="no-echo"]');
  assert.match(await echo.getAttribute("class"), /is-miss/);
  assert.equal(await echo.locator("a").getAttribute("href"), "/cards/echo-loop");
  await assertAccessible(page, "a challenge with a grade");

  // The fix: a marker on every copy, and copies never forwarded.
  await setStamp(page, "e2w", "marker");
  await setStamp(page, "w2e", "marker");
  assert.match(await grade(page), /^Passed/);

  // Reloaded: the design is still there, and the list says it was passed.
  await page.reload();
  await page.waitForSelector(".challenge-brief h1");
  assert.equal(await page.locator("g.dz-hop").count(), 2);
  await visit(page, session, "/challenges");
  assert.equal(await page.locator('.challenge-list li[data-challenge="active-active-orders"] .challenge-status').innerText(), "passed");
  assertClean(page);
  await page.close();
});

test("a challenge that does not exist says so, and the reference design can be loaded on giving up", async () => {
  const page = await openPage(session);
  await visit(page, session, "/challenges/no-such-brief");
  await page.waitForSelector("main [role=alert]");
  assert.match(await page.locator("main [role=alert]").innerText(), /no design challenge called “no-such-brief”/);
  await visit(page, session, "/challenges/ring-of-three");
  await page.waitForSelector(".challenge-brief h1");
  await page.click("text=Show a design that passes");
  await page.click("text=Load it into the designer");
  await page.waitForFunction(() => document.querySelectorAll("g.dz-hop").length === 3);
  assert.match(await grade(page), /^Passed/);
  // The page names the command that repeats its verdict: run it on the same design and
  // seeds, and every requirement's worst figure is the page's.
  const command = await page.locator(".challenge-seeds code").innerText();
  const seeds = command.match(/--on-seeds ([\d,]+)/)[1];
  const brief = JSON.parse(readFileSync(new URL("../../../content/challenges/ring-of-three.json", import.meta.url)));
  const design = join(mkdtempSync(join(tmpdir(), "hoplab-grade-")), "ring.json");
  writeFileSync(design, JSON.stringify({ version: 1, name: "ring", topology: brief.reference }));
  const cli = JSON.parse(
    execFileSync("cargo", ["run", "-q", "--locked", "-p", "hoplab-cli", "--", "grade", "ring-of-three", design, "--on-seeds", seeds, "--json"], { encoding: "utf8" }),
  );
  assert.equal(cli.passed, true);
  for (const r of cli.requirements) {
    const cell = await page.locator(`.challenge-results tr[data-requirement="${r.id}"] td[data-label="Worst seed"]`).innerText();
    const shown = Number(cell.split(" ")[0].replace(/,/g, ""));
    assert.ok(Math.abs(shown - r.measured) < 1e-6, `${r.id}: page ${cell}, command line ${r.measured}`);
  }
  assertClean(page);
  await page.close();
});
