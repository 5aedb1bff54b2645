import { startSession, openPage, visit } from "../lib/browser.mjs";
const session = await startSession();
for (const [w, h, tag] of [[1280, 900, "desk"], [390, 844, "phone"]]) {
  const page = await openPage(session);
  await page.setViewportSize({ width: w, height: h });
  await visit(page, session, "/drills/failover-drill");
  await page.evaluate(() => localStorage.clear());
  await page.waitForSelector("text=Start the game day");
  await page.screenshot({ path: `/tmp/shots/gd-ready-${tag}.png`, fullPage: true });
  await page.click("text=Start the game day");
  await page.selectOption(".gd-controls select", "20");
  await page.waitForSelector(".gd-move button:not([disabled])", { timeout: 60000 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `/tmp/shots/gd-fault-${tag}.png`, fullPage: true });
  await page.selectOption(".gd-controls select", "1");
  await page.click("text=Read payments-dr’s lag");
  await page.click("text=Promote mirror payments-dr");
  await page.click("text=Move writer w to standby");
  await page.selectOption(".gd-move select", "end");
  await page.click("text=Move reader group settle to standby");
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/shots/gd-moves-${tag}.png`, fullPage: true });
  await page.click("text=Finish and debrief");
  await page.waitForSelector(".gd-debrief", { timeout: 60000 });
  await page.screenshot({ path: `/tmp/shots/gd-debrief-${tag}.png`, fullPage: true });
  console.log(tag, page.url(), page.problems);
  await page.close();
}
await session.close();
