// Size benchmark: what the first load of a page transfers (wasm, JS, CSS, content),
// raw and as brotli (quality 11, what a compressing host would send).
// Usage: node bench/size.mjs [path]   (after `trunk build --release --offline`)
import { brotliCompressSync, constants } from "node:zlib";
import { extname } from "node:path";
import { startSession, openPage } from "../lib/browser.mjs";

const path = process.argv[2] ?? "/";
const BUDGET_BROTLI = 150 * 1024;

const kind = (url) => {
  const ext = extname(new URL(url).pathname);
  return { ".wasm": "wasm", ".js": "js", ".css": "css", ".json": "content", ".svg": "content" }[ext] ?? "html";
};

const session = await startSession();
const rows = [];
try {
  const page = await openPage(session);
  page.on("response", async (response) => {
    const body = await response.body().catch(() => null);
    if (!body) return;
    const brotli = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    rows.push({ url: new URL(response.url()).pathname, kind: kind(response.url()), raw: body.length, brotli });
  });
  await page.goto(session.url + path);
  await page.waitForSelector("main h1");
  await page.waitForLoadState("networkidle");
} finally {
  await session.close();
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(`first load of ${path}`);
for (const row of rows.sort((a, b) => b.brotli - a.brotli)) {
  console.log(`  ${row.kind.padEnd(8)} ${kb(row.raw).padStart(10)} raw ${kb(row.brotli).padStart(10)} brotli  ${row.url}`);
}
const totals = {};
for (const row of rows) {
  totals[row.kind] ??= { raw: 0, brotli: 0 };
  totals[row.kind].raw += row.raw;
  totals[row.kind].brotli += row.brotli;
}
const raw = rows.reduce((s, r) => s + r.raw, 0);
const brotli = rows.reduce((s, r) => s + r.brotli, 0);
for (const [k, t] of Object.entries(totals)) console.log(`  total ${k.padEnd(8)} ${kb(t.raw)} raw, ${kb(t.brotli)} brotli`);
// The budget is for the first page load, `/`: the shell alone. A deep link into the cards or
// the lab also downloads that page's chunks, reported for information.
const verdict =
  path === "/"
    ? `budget ${kb(BUDGET_BROTLI)} brotli: ${brotli <= BUDGET_BROTLI ? "within" : "OVER"}`
    : `a deep link: the shell plus this page's chunks; the budget is for /`;
console.log(`size: ${kb(raw)} raw, ${kb(brotli)} brotli (${verdict})`);
