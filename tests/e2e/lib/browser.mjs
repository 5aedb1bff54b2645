// Headless Debian Chromium through playwright-core: nothing is downloaded.
import { chromium } from "playwright-core";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createRequire } from "node:module";
import assert from "node:assert/strict";
import { serveDist } from "./server.mjs";

const require = createRequire(import.meta.url);
const AXE_PATH = require.resolve("axe-core/axe.min.js");

export const CHROMIUM_ARGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

/** Starts the server and a browser with a fresh profile. Call `close` when done. */
export async function startSession() {
  const server = await serveDist();
  const userDataDir = await mkdtemp(join(tmpdir(), "hoplab-e2e-"));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 900 },
  });
  return {
    url: server.url,
    context,
    async close() {
      await context.close();
      await server.close();
    },
  };
}

/**
 * A new tab that records every console error or warning and every uncaught exception.
 * `page.problems` lists them; `assertClean(page)` fails the test if there are any.
 */
export async function openPage(session, options = {}) {
  const page = await session.context.newPage();
  if (options.viewport) await page.setViewportSize(options.viewport);
  page.problems = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") {
      page.problems.push(`console.${message.type()}: ${message.text()}`);
    }
  });
  page.on("pageerror", (error) => page.problems.push(`uncaught: ${error.message}`));
  return page;
}

export function assertClean(page) {
  assert.deepEqual(page.problems, [], "the page logged errors or warnings");
}

/** Loads a path and waits until the app has rendered into <main>. */
export async function visit(page, session, path) {
  await page.goto(session.url + path);
  await page.waitForSelector("main h1");
}

/** Runs axe-core on the page and fails on any serious or critical violation. */
export async function assertAccessible(page, label) {
  await page.addScriptTag({ path: AXE_PATH });
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ["violations"] });
    return result.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")})`);
  });
  assert.deepEqual(violations, [], `axe found serious problems on ${label}`);
}
