import { startSession, openPage } from "./lib/browser.mjs";
const session = await startSession();
const page = await openPage(session, { viewport: { width: 390, height: 900 } });
await page.goto(session.url + "/designer");
await page.waitForSelector(".designer-canvas svg");
await page.selectOption("#dz-template", "one-way-dr");
await page.click("text=Load template");
await page.addStyleTag({content: process.argv[2]});
await page.focus("g.dz-hop");
await page.keyboard.press("Enter");
const r2 = () => page.evaluate(() => [...document.querySelectorAll('.designer *')].filter(n => n.scrollWidth > n.clientWidth + 1 && !/hidden/.test(n.className) && getComputedStyle(n).overflowX !== 'auto').slice(0,10).map(n => `${n.tagName}.${n.className} ${n.scrollWidth}>${n.clientWidth}`));
console.log(await r2()); console.log(await page.evaluate(() => { const l = document.querySelector("details[open]")?.closest("li"); if (!l) return "none"; return [...l.querySelectorAll("*")].filter(n => n.getBoundingClientRect().right > 376).slice(0,8).map(n => `${n.tagName}.${n.className} r=${n.getBoundingClientRect().right|0} w=${n.getBoundingClientRect().width|0}`); }));
const g = page.locator('details[open] .hop-grid').first(); 
if (await g.count()) { await g.scrollIntoViewIfNeeded(); await g.screenshot({path: '/tmp/shots/hopgrid.png'}); }
await page.click(".designer-run button.primary");
await page.waitForSelector(".run-summary", { timeout: 60_000 });
console.log(await r2()); console.log(await page.evaluate(() => { const l = document.querySelector("details[open]")?.closest("li"); if (!l) return "none"; return [...l.querySelectorAll("*")].filter(n => n.getBoundingClientRect().right > 376).slice(0,8).map(n => `${n.tagName}.${n.className} r=${n.getBoundingClientRect().right|0} w=${n.getBoundingClientRect().width|0}`); }));
const rb = page.locator('.runbook');
console.log('runbook', await rb.count());
if (await rb.count()) { await rb.scrollIntoViewIfNeeded(); await rb.screenshot({path: '/tmp/shots/runbook.png'}); }
await session.close();
