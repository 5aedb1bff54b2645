// The build on an ordinary static host: Debian's nginx with the server block the README
// shows (deploy/nginx.conf, `try_files $uri $uri/index.html /index.html`). Every route must
// load by a shared link and by a reload. A route's folder in dist/ holds the route's
// prerendered page (scripts/prerender.mjs): a folder without one would make nginx answer
// the route with a redirect or a 403 (a bare `cards/` folder once did).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { startSession, openPage, assertClean, dataFiles } from "../lib/browser.mjs";
import { startNginx } from "../lib/nginx.mjs";
import { DIST } from "../lib/server.mjs";
import { ROUTES, assertRendered, routeSegments } from "../lib/routes.mjs";

test("every folder at the top of dist/ with a route's name holds that route's page", () => {
  const segments = routeSegments();
  for (const known of ["cards", "lab", "designer"]) assert.ok(segments.includes(known), `src/app.rs routes: ${segments}`);
  const entries = readdirSync(DIST);
  assert.ok(entries.includes("index.html"), `dist/ is a build: ${entries}`);
  for (const entry of entries) {
    if (!segments.includes(entry)) continue;
    assert.ok(existsSync(join(DIST, entry, "index.html")), `dist/${entry}/ is the route /${entry}: it must hold its page`);
  }
});

test("every file inside pkg/ and data/ has a hash in its name, and index.html names those", () => {
  const hashed = /-[0-9a-f]{16}\.[a-z]+$/;
  const walk = (dir) =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
  for (const folder of ["pkg", "data"]) {
    const files = walk(join(DIST, folder));
    assert.ok(files.length > 0, `dist/${folder} has files`);
    for (const file of files) assert.match(file, hashed, `${file} has a content hash in its name`);
  }
  const entriesAtTop = readdirSync(DIST);
  const html = readFileSync(join(DIST, "index.html"), "utf8");
  const named = [...html.matchAll(/(?:href|src|from|module_or_path:)\s*=?\s*["'](\/[^"']+)["']/g)].map((m) => m[1]);
  assert.ok(named.some((url) => url.endsWith(".wasm")), `index.html names the wasm: ${named}`);
  for (const url of named) {
    if (/^\/(pkg|data)\//.test(url)) assert.match(url, hashed, `index.html names ${url}`);
    else assert.ok(entriesAtTop.includes(url.slice(1)), `index.html names ${url}, a file at the top of dist/`);
  }
});

let nginx;
let session;
before(async () => {
  nginx = await startNginx();
  // Without a service worker every load below really reaches nginx.
  session = await startSession({ server: nginx, serviceWorkers: "block" });
});
after(async () => session?.close());

test("nginx serves each route by deep link and by reload, and the page renders", async () => {
  const page = await openPage(session);
  for (const route of ROUTES) {
    const response = await page.goto(session.url + route.path);
    assert.equal(response.status(), 200, `GET ${route.path}`);
    assert.equal(response.request().redirectedFrom(), null, `${route.path} is not redirected`);
    await assertRendered(page, route);
    const reloaded = await page.reload();
    assert.equal(reloaded.status(), 200, `reload of ${route.path}`);
    await assertRendered(page, route);
    assert.equal(new URL(page.url()).pathname, route.path);
  }
  assertClean(page);
  assert.doesNotMatch(await nginx.log(), /\[(error|crit|alert|emerg)\]/, "nginx logged no errors");
});

test("nginx sends the wasm as application/wasm, caches hashed files for good and index.html never", async () => {
  const html = await fetch(`${session.url}/cards`);
  assert.equal(html.status, 200);
  assert.match(html.headers.get("content-type"), /^text\/html/);
  assert.equal(html.headers.get("cache-control"), "no-cache");
  const wasm = (await html.text()).match(/module_or_path: "(\/pkg\/[^"]+\.wasm)"/)?.[1];
  assert.ok(wasm, "index.html names the shell's wasm");
  const shell = await fetch(session.url + wasm);
  assert.equal(shell.status, 200);
  assert.equal(shell.headers.get("content-type"), "application/wasm");
  assert.match(shell.headers.get("cache-control"), /max-age=31536000.*immutable/);
  const card = await fetch(session.url + (await dataFiles(session))["cards/copy-lag.json"]);
  assert.equal(card.status, 200);
  assert.match(card.headers.get("content-type"), /^application\/json/);
  assert.match(card.headers.get("cache-control"), /immutable/);
  const sw = await fetch(`${session.url}/sw.js`);
  assert.equal(sw.status, 200);
  assert.match(sw.headers.get("content-type"), /javascript/);
  assert.equal(sw.headers.get("cache-control"), "no-cache");
  // A data file that does not exist is a 404, not the page.
  assert.equal((await fetch(`${session.url}/data/cards/no-such-card-0123456789abcdef.json`)).status, 404);
});

test("the README shows the nginx server block the test serves with", () => {
  const readme = readFileSync(new URL("../../../README.md", import.meta.url), "utf8");
  const shown = readme.match(/```nginx\n([\s\S]*?)```/)?.[1];
  assert.ok(shown, "README.md has an nginx block");
  assert.equal(shown.trim(), readFileSync(new URL("../../../deploy/nginx.conf", import.meta.url), "utf8").trim());
});
