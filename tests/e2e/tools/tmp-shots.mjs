import { mkdir } from "node:fs/promises";
import { startSession, openPage } from "../lib/browser.mjs";
const OUT = "/tmp/shots/";
await mkdir(OUT, { recursive: true });
const session = await startSession();
try {
  for (const [name, width, theme] of [["desktop", 1280, "light"], ["phone", 390, "dark"]]) {
    const page = await openPage(session, { viewport: { width, height: 900 } });
    await page.emulateMedia({ colorScheme: theme });
    await page.goto(session.url + "/designer/preset/jetstream-source");
    await page.waitForSelector(".designer-lint .lint-item");
    const codes = await page.locator(".designer-lint .lint-item").evaluateAll((els) => els.map((e) => e.dataset.code));
    console.log(name, codes.join(","));
    await page.locator(".designer-lint").scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${OUT}lint-${name}.png` });
    const form = page.locator(".loop-prevention").first();
    if (await form.count()) { await form.scrollIntoViewIfNeeded(); console.log(await form.innerText()); await page.screenshot({ path: `${OUT}form-${name}.png` }); }
    if (page.problems.length) console.error(page.problems.join("\n"));
    await page.close();
  }
} finally { await session.close(); }
