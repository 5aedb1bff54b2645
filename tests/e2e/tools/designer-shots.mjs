// Screenshots of /designer with a template loaded and run, light and dark, 1280 and 390 px.
// Usage: node tools/designer-shots.mjs [template] (after a build); files go to ./screenshots/.
import { mkdir } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { startSession, openPage } from "../lib/browser.mjs";

const OUT = fileURLToPath(new URL("../../../screenshots/", import.meta.url));
const template = process.argv[2] || "one-way-dr";
await mkdir(OUT, { recursive: true });
const session = await startSession();
try {
  for (const theme of ["light", "dark"]) {
    for (const [name, width] of [["desktop", 1280], ["phone", 390]]) {
      const page = await openPage(session, { viewport: { width, height: 900 } });
      await page.emulateMedia({ colorScheme: theme });
      await page.goto(session.url + "/designer");
      await page.waitForSelector(".designer-canvas svg");
      await page.selectOption("#dz-template", template);
      await page.click("text=Load template");
      await page.click(".designer-run button.primary");
      await page.waitForSelector(".run-summary", { timeout: 60_000 });
      await page.focus("g.dz-hop");
      await page.evaluate(() => window.scrollTo(0, 0));
      for (const [part, full] of [["top", false], ["full", true]]) {
        const file = `${OUT}designer-${template}-${name}-${theme}-${part}.png`;
        await page.screenshot({ path: file, fullPage: full });
        console.log(file);
      }
      if (page.problems.length) console.error(page.problems.join("\n"));
      await page.close();
    }
  }
} finally {
  await session.close();
}
