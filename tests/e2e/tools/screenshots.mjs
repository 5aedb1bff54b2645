// Takes full-page screenshots of the given routes (or the main ones), light and dark,
// at desktop and phone width, into ./screenshots/ at the repository root.
// Usage: node tools/screenshots.mjs [/path ...]   (after `trunk build --release --offline`)
import { mkdir } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { startSession, openPage } from "../lib/browser.mjs";

const OUT = fileURLToPath(new URL("../../../screenshots/", import.meta.url));
const routes = process.argv.slice(2);
const paths = routes.length ? routes : ["/", "/cards", "/cards/copy-lag", "/lab", "/lab/echo-loop", "/designer", "/nope"];
const WIDTHS = { desktop: 1280, phone: 390 };

await mkdir(OUT, { recursive: true });
const session = await startSession();
try {
  for (const theme of ["light", "dark"]) {
    for (const [name, width] of Object.entries(WIDTHS)) {
      const page = await openPage(session, { viewport: { width, height: 900 } });
      await page.emulateMedia({ colorScheme: theme });
      for (const path of paths) {
        await page.goto(session.url + path);
        await page.waitForSelector("main h1");
        await page.waitForLoadState("networkidle");
        const file = `${OUT}${path.replace(/\W+/g, "_") || "_"}-${name}-${theme}.png`;
        await page.screenshot({ path: file, fullPage: process.env.FULL === "1" });
        console.log(file);
      }
      if (page.problems.length) console.error(page.problems.join("\n"));
      await page.close();
    }
  }
} finally {
  await session.close();
}
