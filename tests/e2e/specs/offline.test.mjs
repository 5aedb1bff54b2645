// Offline use: after one visit the service worker (public/sw.js) holds the whole build, so
// every route works with the server gone; and a new build takes over cleanly, with a notice.
import { test } from "node:test";
import assert from "node:assert/strict";
import { cp, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startSession, openPage, visit, assertClean, assertAccessible } from "../lib/browser.mjs";
import { DIST, serveDist } from "../lib/server.mjs";
import { ROUTES, assertRendered } from "../lib/routes.mjs";

/** Waits until the service worker has stored the build and controls the page. */
async function installed(page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60000 });
}

const buildOf = (page) => page.getAttribute("meta[name=hoplab-build]", "content");

test("after one visit, every route loads and reloads with the network gone", async () => {
  const session = await startSession();
  try {
    const page = await openPage(session);
    await visit(page, session, "/");
    await installed(page);
    // Gone twice over: the server stops and the browser is offline.
    await session.server.close();
    await session.context.setOffline(true);
    for (const route of ROUTES) {
      await page.goto(session.url + route.path);
      await assertRendered(page, route);
      await page.reload();
      await assertRendered(page, route);
    }
    // Following links works too (the pages' code and data come from the cache).
    await page.goto(session.url + "/");
    await page.click("nav.site-nav >> text=Cards");
    await page.waitForSelector("main h1:has-text('Cross-Cluster Continuity')");
    await page.click("text=Why does a cross-cluster copy");
    await page.waitForSelector("[role=tablist]");
    assertClean(page);
  } finally {
    await session.close();
  }
});

/** A copy of the build, served on its own, that the test can "deploy" a new version into. */
async function copyOfBuild() {
  const root = await mkdtemp(join(tmpdir(), "hoplab-deploy-"));
  await cp(DIST, root, { recursive: true });
  return root;
}

/** A new deploy, as far as a browser can tell: index.html and sw.js name a new build. */
async function deployNewBuild(root, from, to) {
  for (const file of ["index.html", "sw.js"]) {
    const path = join(root, file);
    const text = await readFile(path, "utf8");
    assert.ok(text.includes(from), `${file} names build ${from}`);
    await writeFile(path, text.replaceAll(from, to));
  }
}

test("a new build takes over on the next load, and the open page says Hoplab was updated", async () => {
  const root = await copyOfBuild();
  const session = await startSession({ server: await serveDist(root) });
  try {
    const page = await openPage(session);
    await visit(page, session, "/cards");
    await installed(page);
    const first = await buildOf(page);
    assert.match(first, /^[0-9a-f]{16}$/);
    assert.equal(await page.textContent("#update-notice"), "", "no notice on a first visit");

    const next = "e2e0000000000001";
    await deployNewBuild(root, first, next);
    // The reload still shows the old build (from the cache) while the new one installs; once
    // it takes over, the page says so.
    await page.reload();
    await page.waitForSelector("main h1:has-text('Cross-Cluster Continuity')");
    const notice = page.locator("#update-notice[role=status]");
    await notice.locator("text=Hoplab was updated").waitFor({ timeout: 60000 });
    assert.equal(await buildOf(page), first, "the open page keeps its build");
    // Light and dark (the theme toggle's way: the page chose its theme when it loaded).
    for (const theme of ["light", "dark"]) {
      await page.evaluate((t) => (document.documentElement.dataset.theme = t), theme);
      await assertAccessible(page, `/cards with the update notice (${theme})`);
      await page.screenshot({ path: join(tmpdir(), `hoplab-update-notice-${theme}.png`) });
    }

    // "Later" puts it away; "Reload" loads the new build.
    await notice.locator("button:has-text('Later')").click();
    assert.equal(await page.textContent("#update-notice"), "");
    await page.reload();
    await page.waitForSelector("main h1:has-text('Cross-Cluster Continuity')");
    assert.equal(await buildOf(page), next, "the next load is the new build");
    assert.equal(await page.textContent("#update-notice"), "", "the new build starts without a notice");
    const caches = await page.evaluate(() => caches.keys());
    assert.ok(caches.includes(`hoplab-${next}`), `the new build is stored: ${caches}`);
    assertClean(page);
  } finally {
    await session.close();
  }
});

test("the update notice is usable by keyboard at phone width", async () => {
  const root = await copyOfBuild();
  const session = await startSession({ server: await serveDist(root) });
  try {
    const page = await openPage(session, { viewport: { width: 390, height: 800 } });
    await visit(page, session, "/lab");
    await installed(page);
    await deployNewBuild(root, await buildOf(page), "e2e0000000000002");
    await page.reload();
    await page.locator("#update-notice >> text=Hoplab was updated").waitFor({ timeout: 60000 });
    await page.screenshot({ path: join(tmpdir(), "hoplab-update-notice-390.png") });
    const box = await page.locator("#update-notice").boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= 390, `the notice fits the screen: ${JSON.stringify(box)}`);
    await page.focus("#update-notice button:has-text('Reload')");
    await Promise.all([page.waitForEvent("load"), page.keyboard.press("Enter")]);
    await page.waitForSelector("main h1:has-text('The copier lab')");
    assert.equal(await buildOf(page), "e2e0000000000002");
    assertClean(page);
  } finally {
    await session.close();
  }
});
