// The build on an ordinary static host: Debian's nginx with the server block the README
// shows (deploy/nginx.conf, `try_files $uri $uri/index.html /index.html`). Every route must
// load by a shared link and by a reload. A route's folder in dist/ holds the route's
// prerendered page (scripts/prerender.mjs): a folder without one would make nginx answer
// the route with a redirect or a 403 (a bare `cards/` folder once did).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { request } from "node:http";
import { extname, join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
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

/** Every file under `dir` (the whole build by default), by its path. */
const walkDist = (dir = DIST) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walkDist(join(dir, e.name)) : [join(dir, e.name)]));

test("every file inside pkg/ and data/ has a hash in its name, and index.html names those", () => {
  // A compressed twin (scripts/compress.mjs) keeps its file's name and adds .br or .gz.
  const hashed = /-[0-9a-f]{16}\.[a-z]+(\.br|\.gz)?$/;
  for (const folder of ["pkg", "data"]) {
    const files = walkDist(join(DIST, folder));
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

test("every page, script, sheet and wasm of the build has a brotli and a gzip twin that decode to it", () => {
  const twins = { ".br": brotliDecompressSync, ".gz": gunzipSync };
  const files = walkDist();
  const names = new Set(files);
  let checked = 0;
  for (const file of files) {
    const decode = twins[extname(file)];
    if (decode) {
      const plain = file.slice(0, -3);
      assert.ok(names.has(plain), `${file} is the twin of a file of the build`);
      const body = readFileSync(file);
      assert.ok(body.length < statSync(plain).size, `${file} is smaller than its file`);
      assert.ok(decode(body).equals(readFileSync(plain)), `${file} decodes to ${plain}`);
      checked += 1;
    } else if (/\.(html|js|css|json|wasm)$/.test(file) && statSync(file).size > 1024) {
      for (const ext of Object.keys(twins)) assert.ok(names.has(file + ext), `${file} has a ${ext} twin`);
    }
  }
  assert.ok(checked > 100, `twins checked: ${checked}`);
});

/** GET with exactly this Accept-Encoding (fetch would add its own and decode): status, headers, raw body. */
function rawGet(url, acceptEncoding) {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding ? { "accept-encoding": acceptEncoding } : {};
    request(url, { headers }, (response) => {
      const chunks = [];
      response.on("data", (chunk) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }));
    })
      .on("error", reject)
      .end();
  });
}

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

test("nginx sends a file's brotli twin to a browser that takes brotli, gzip to one that takes gzip, and the file to one that takes neither", async () => {
  const html = readFileSync(join(DIST, "index.html"), "utf8");
  const wasm = html.match(/module_or_path: "(\/pkg\/[^"]+\.wasm)"/)[1];
  const sheet = html.match(/href="(\/pkg\/[^"]+\.css)"/)[1];
  const files = [
    { url: wasm, file: wasm, type: /^application\/wasm$/ },
    { url: sheet, file: sheet, type: /^text\/css/ },
    // A route's prerendered page, found by try_files: its own twin, not index.html's.
    { url: "/cards/copy-lag", file: "/cards/copy-lag/index.html", type: /^text\/html/ },
  ];
  for (const { url, file, type } of files) {
    const plain = readFileSync(join(DIST, file));
    for (const [accepted, encoding, twin] of [["br, gzip", "br", ".br"], ["gzip, deflate", "gzip", ".gz"], [null, undefined, ""]]) {
      const got = await rawGet(session.url + url, accepted);
      assert.equal(got.status, 200, `GET ${url} (${accepted})`);
      assert.match(got.headers["content-type"], type, `${url}'s type (${accepted})`);
      assert.equal(got.headers["content-encoding"], encoding, `${url}'s encoding when the browser takes ${accepted}`);
      assert.ok(got.body.equals(readFileSync(join(DIST, file + twin))), `${url} (${accepted}) is ${file}${twin} as the build wrote it`);
      if (encoding) assert.match(got.headers.vary ?? "", /Accept-Encoding/i, `${url} varies by encoding`);
    }
    assert.ok(brotliDecompressSync(readFileSync(join(DIST, file + ".br"))).equals(plain));
  }
  // And the browser itself asks for brotli and gets it.
  const page = await openPage(session);
  const response = await page.goto(`${session.url}/cards/copy-lag`);
  assert.equal(response.headers()["content-encoding"], "br", "Chromium is sent the page's brotli twin");
  await page.close();
});

test("the README shows the nginx server block the test serves with", () => {
  const readme = readFileSync(new URL("../../../README.md", import.meta.url), "utf8");
  const shown = readme.match(/```nginx\n([\s\S]*?)```/)?.[1];
  assert.ok(shown, "README.md has an nginx block");
  assert.equal(shown.trim(), readFileSync(new URL("../../../deploy/nginx.conf", import.meta.url), "utf8").trim());
});
