import { startSession, openPage, visit } from "../lib/browser.mjs";
const session = await startSession();
for (const id of ["two-site-interleaving", "echo-loop", "failback"]) {
  const page = await openPage(session);
  await visit(page, session, `/lab/${id}`);
  await page.waitForSelector("svg.stage[data-ready=true][data-engine=ready]", { timeout: 90000 });
  await page.evaluate(() => { window.__f = []; let last = performance.now(); const f = (t) => { window.__f.push(t - last); last = t; if (window.__f.length < 400) requestAnimationFrame(f); }; requestAnimationFrame(f); });
  const t0 = Date.now();
  await page.click(".lab-play");
  await page.waitForFunction(() => Number(document.querySelector("svg.stage").dataset.now) > 1500, null, { timeout: 60000 });
  const f = await page.$$(".lab-fault"); if (f.length) await f[0].click();
  await page.waitForFunction(() => Number(document.querySelector("svg.stage").dataset.now) > 3000, null, { timeout: 60000 });
  const frames = await page.evaluate(() => window.__f);
  frames.sort((a, b) => a - b);
  console.log(id, "wall", Date.now() - t0, "frames", frames.length, "median", frames[frames.length >> 1].toFixed(1), "p90", frames[Math.floor(frames.length * 0.9)].toFixed(1), "max", frames.at(-1).toFixed(1));
  await page.close();
}
await session.close();
