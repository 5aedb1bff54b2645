import { startSession, openPage } from "./lib/browser.mjs";
const session = await startSession();
const page = await openPage(session, { viewport: { width: 1280, height: 900 } });
await page.goto(session.url + "/designer");
await page.waitForSelector(".designer-canvas svg");
const opts = await page.$$eval("#dz-template option", os => os.map(o => o.value));
console.log(opts);
for (const t of opts.filter(Boolean)) {
  await page.selectOption("#dz-template", t);
  await page.click("text=Load template");
  await page.locator(".designer-canvas").screenshot({path: `/tmp/shots/canvas-${t}.png`});
}
await session.close();
