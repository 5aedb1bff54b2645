// Screenshots of a practice session with its answers shown, light and dark, 1280 and 390 px,
// into ./screenshots/ (after a build): node tools/practice-shots.mjs
import { mkdir } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { startSession, openPage } from "../lib/browser.mjs";

const OUT = fileURLToPath(new URL("../../../screenshots/", import.meta.url));
await mkdir(OUT, { recursive: true });
const session = await startSession();
try {
  for (const theme of ["light", "dark"]) {
    for (const [name, width] of Object.entries({ desktop: 1280, phone: 390 })) {
      const page = await openPage(session, { viewport: { width, height: 900 } });
      await page.emulateMedia({ colorScheme: theme });
      await page.goto(`${session.url}/practice`);
      await page.evaluate(() => localStorage.clear());
      await page.reload();
      await page.click("text=Start the session");
      await page.waitForFunction(() => document.activeElement?.id === "practice-question");
      await page.screenshot({ path: `${OUT}practice-session-question-${name}-${theme}.png` });
      await page.keyboard.press("Space");
      await page.waitForSelector(".practice-answers");
      await page.click(".practice-follow-up summary");
      const file = `${OUT}practice-session-revealed-${name}-${theme}.png`;
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
      if (page.problems.length) console.error(page.problems.join("\n"));
      await page.close();
    }
  }
} finally {
  await session.close();
}
