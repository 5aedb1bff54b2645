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

/**
 * Starts the server and a browser with a fresh profile. Call `close` when done.
 * Options: `server` (something with { url, close }, such as nginx; default: the build served
 * by lib/server.mjs) and `serviceWorkers` ("allow", the default, or "block": for tests that
 * must see every request reach the server, since a service worker answers from its cache),
 * `args` (more Chromium switches, such as its fake microphone's) and `javaScript` (false: the
 * site as a reader with scripts off sees it, its prerendered pages alone).
 */
export async function startSession({ server, serviceWorkers = "allow", args = [], javaScript = true } = {}) {
  server ??= await serveDist();
  const userDataDir = await mkdtemp(join(tmpdir(), "hoplab-e2e-"));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: [...CHROMIUM_ARGS, ...args],
    viewport: { width: 1280, height: 900 },
    serviceWorkers,
    javaScriptEnabled: javaScript,
  });
  return {
    url: server.url,
    server,
    context,
    async close() {
      await context.close();
      await server.close();
    },
  };
}

/**
 * The build's data files (the cards' JSON) by their plain names ("index.json",
 * "cards/copy-lag.json") mapped to their URLs: the build hashes the names and lists them in
 * index.html.
 */
export async function dataFiles(session) {
  const html = await (await fetch(`${session.url}/`)).text();
  const list = html.match(/<script type="application\/json" id="hoplab-data">(.*?)<\/script>/s);
  assert.ok(list, "index.html lists the data files");
  const names = JSON.parse(list[1]);
  return Object.fromEntries(Object.entries(names).map(([name, hashed]) => [name, `/data/${hashed}`]));
}

/** Fetches and parses one of the build's data files by its plain name. */
export async function readData(session, name) {
  const url = (await dataFiles(session))[name];
  assert.ok(url, `the build has data/${name}`);
  const response = await fetch(session.url + url);
  assert.equal(response.status, 200, `data/${name}`);
  return response.json();
}

/**
 * A new tab that records every console error or warning and every uncaught exception.
 * `page.problems` lists them; `assertClean(page)` fails the test if there are any.
 */
export async function openPage(session, options = {}) {
  const page = await session.context.newPage();
  if (options.viewport) await page.setViewportSize(options.viewport);
  if (options.waitForApp !== false) waitForAppAfterLoads(page);
  page.problems = [];
  page.on("console", (message) => {
    // A session with service workers blocked (startSession) makes Playwright say so.
    if (message.text() === "Service Worker registration blocked by Playwright") return;
    if (message.type() === "error" || message.type() === "warning") {
      page.problems.push(`console.${message.type()}: ${message.text()}`);
    }
  });
  page.on("pageerror", (error) => page.problems.push(`uncaught: ${error.message}`));
  return page;
}

/**
 * Every page load first paints the build's prerendered HTML (scripts/prerender.mjs), which
 * the app replaces once it has drawn the page: a load is done when the app has taken over,
 * so what a test clicks is the app's. (A test of the prerendered page itself opens its page
 * with `waitForApp: false`.)
 */
function waitForAppAfterLoads(page) {
  for (const name of ["goto", "reload"]) {
    const load = page[name].bind(page);
    page[name] = async (...args) => {
      const response = await load(...args);
      await page.waitForFunction(() => !document.getElementById("prerendered"), null, { timeout: 90000 });
      return response;
    };
  }
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
