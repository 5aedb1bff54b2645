// The designer's "Prove it" panel as a person uses it: prove a template by keyboard, read
// each property's worst figure (the command line's, figure for figure), watch the shortest
// counterexample on the lab's stage from just before it breaks, and stop a long proof.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { startSession, openPage, visit, assertClean } from "../lib/browser.mjs";

let session;
before(async () => (session = await startSession()));
after(async () => session?.close());

async function loadTemplate(page, id, sites) {
  await visit(page, session, "/designer");
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.waitForSelector(".designer-canvas svg");
  await page.selectOption("#dz-template", id);
  await page.click("text=Load template");
  await page.waitForFunction((n) => document.querySelectorAll("g.dz-site").length === n, sites);
}

/** `hoplab prove` on the template file: its JSON answer (it exits 1 when one breaks). */
function cliProve(id, faults) {
  const file = fileURLToPath(new URL(`../../../content/designer-templates/${id}.json`, import.meta.url));
  const run = spawnSync("cargo", ["run", "-q", "--locked", "-p", "hoplab-cli", "--", "prove", file, "--faults", String(faults), "--json"], { encoding: "utf8" });
  assert.ok(run.status === 0 || run.status === 1, run.stderr);
  return JSON.parse(run.stdout);
}

test("a template proved by keyboard gives the command line's figures, and its counterexample plays from just before it breaks", async () => {
  const page = await openPage(session);
  await loadTemplate(page, "one-way-dr", 2);
  await page.focus(".designer-prove button.primary");
  await page.keyboard.press("Enter");
  await page.waitForSelector(".prove-verdict", { timeout: 60_000 });
  assert.match(await page.locator(".prove-verdict").innerText(), /A property breaks/);
  const cli = cliProve("one-way-dr", 1);
  assert.match(await page.locator(".prove-status .row-note").innerText(), new RegExp(`^${cli.schedules_explored} schedules of up to 1 fault`));
  for (const p of cli.properties) {
    const row = page.locator(`.prove-results tr[data-property="${p.id}"]`);
    const worst = Number((await row.locator('td[data-label="Worst"]').innerText()).replace(/,/g, ""));
    assert.ok(Math.abs(worst - p.worst) < 1e-6, `${p.id}: page ${worst}, command line ${p.worst}`);
    const result = await row.locator('td[data-label="Result"]').innerText();
    assert.match(result, p.held ? /^holds/ : /^breaks/, p.id);
  }
  // The acknowledged tail: lost with the primary at the steady state.
  const lost = page.locator('.prove-results tr[data-property="acknowledged-lost"]');
  assert.match(await lost.innerText(), /Shortest: primary lost \(failed over to standby\) at 60\.000 s/);
  await lost.locator("text=Watch it break").focus();
  await page.keyboard.press("Enter");
  // The stage opens 5 s before the fault and has reached that moment.
  await page.waitForSelector('.prove-watch svg.stage[data-ready="true"]', { timeout: 60_000 });
  assert.equal(await page.locator(".prove-watch svg.stage").getAttribute("data-now"), "55000");
  assertClean(page);
  await page.close();
});

test("a long proof shows its progress and stops when asked, keeping nothing", async () => {
  const page = await openPage(session);
  await loadTemplate(page, "ring-of-three", 3);
  await page.selectOption("#dz-prove-faults", "2");
  await page.click(".designer-prove button.primary");
  await page.waitForFunction(() => /Proving… [1-9]\d* of \d+ schedules/.test(document.querySelector(".prove-status")?.innerText ?? ""));
  await page.click(".designer-prove >> text=Stop");
  await page.waitForSelector("text=/Stopped after \\d+ of \\d+ schedules/");
  assert.equal(await page.locator(".prove-results").count(), 0);
  // Stopped means stopped: the count does not move on.
  const said = await page.locator(".prove-status").innerText();
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  assert.equal(await page.locator(".prove-status").innerText(), said);
  assert.equal(await page.locator(".designer-prove button.primary").isEnabled(), true);
  assertClean(page);
  await page.close();
});

test("a design that cannot run is refused in the page, naming why, with no results shown", async () => {
  const page = await openPage(session);
  await visit(page, session, "/designer");
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.waitForSelector(".designer-canvas svg");
  await page.click(".designer-prove button.primary");
  await page.waitForSelector(".prove-status .notice--error");
  assert.match(await page.locator(".prove-status .notice--error").innerText(), /the design does not run: .*site/);
  assert.equal(await page.locator(".prove-results").count(), 0);
  assertClean(page);
  await page.close();
});
