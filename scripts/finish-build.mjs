// Trunk's post-build hook (Trunk.toml): makes the build safe to cache and to use offline.
//
//   1. every file under pkg/ (wasm, JS, CSS, icon) and data/ (the cards' JSON) gets a hash of
//      its content in its name (`name-<16 hex>.ext`), and every reference to it (in the JS
//      glue, in index.html) follows, so a host may cache them for a year;
//   2. index.html lists the data files' names (`<script id="hoplab-data">`, read by
//      src/fetch.rs) and names the build (`<meta name="hoplab-build">`);
//   3. sw.js gets the build's name and its whole file list to precache;
//   4. index.html loses its comments and indentation.
//
// Only the files at the top keep their names (index.html, sw.js: a host must not cache them,
// see the README's Deploy; and the icon, which the site's header shows too).
// Usage: node scripts/finish-build.mjs [dist-dir]   (default: $TRUNK_STAGING_DIR)
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { basename, dirname, extname, join, relative } from "node:path";

const HASHED_FOLDERS = ["pkg", "data"];
const TEXT = new Set([".js", ".css"]);

const root = process.argv[2] ?? process.env.TRUNK_STAGING_DIR;
if (!root) {
  console.error("usage: finish-build.mjs <dist-dir> (Trunk sets TRUNK_STAGING_DIR)");
  process.exit(2);
}

const hashOf = (...buffers) => {
  const hash = createHash("sha256");
  for (const buffer of buffers) hash.update(buffer);
  return hash.digest("hex").slice(0, 16);
};
const hashedName = (path, hash) => {
  const ext = extname(path);
  return join(dirname(path), `${basename(path, ext)}-${hash}${ext}`);
};
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function listFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? listFiles(path) : [path];
  });
}

/**
 * Where a file names a sibling, by base name: `from "./__wasm_split.js"`,
 * `new URL("./chunk_5.wasm", …)`. Not an object key (`"./__wasm_split.js": import1`): that is
 * the wasm's import namespace, which keeps its name.
 */
const mention = (name, flags) => new RegExp(`(?<=["'\`/])${escape(name)}(?=["'\`](?!\\s*:)|[?#)])`, flags);
function referencesIn(text, names) {
  return names.filter((name) => mention(name).test(text));
}
function rewrite(text, renames) {
  for (const [from, to] of renames) text = text.replace(mention(from, "g"), to);
  return text;
}

// Each folder is hashed on its own: files refer only to files beside them (the JS glue to
// the wasm chunks, and to each other). A file is named once everything it refers to is; files
// that refer to each other in a ring (hoplab-site.js and __wasm_split.js), with any file still
// waiting on them, share one hash of all their contents.
const renamed = new Map(); // path relative to root -> hashed path relative to root
for (const folder of HASHED_FOLDERS) {
  const files = listFiles(join(root, folder)).map((path) => ({
    path,
    name: basename(path),
    body: readFileSync(path),
    text: TEXT.has(extname(path)),
  }));
  const siblings = files.map((f) => f.name);
  for (const file of files) {
    file.refs = file.text ? referencesIn(file.body.toString("utf8"), siblings).filter((n) => n !== file.name) : [];
  }
  const done = new Map(); // base name -> hashed base name
  const finish = (group) => {
    for (const file of group) {
      if (file.text) file.body = Buffer.from(rewrite(file.body.toString("utf8"), done));
    }
    const hash = hashOf(...group.map((f) => f.body));
    for (const file of group) done.set(file.name, basename(hashedName(file.path, hash)));
    for (const file of group) {
      if (file.text) file.body = Buffer.from(rewrite(file.body.toString("utf8"), done));
      const target = hashedName(file.path, hash);
      writeFileSync(file.path, file.body);
      renameSync(file.path, target);
      renamed.set(relative(root, file.path), relative(root, target));
      file.finished = true;
    }
  };
  let waiting = files;
  while (waiting.length) {
    const ready = waiting.filter((f) => f.refs.every((ref) => done.has(ref)));
    if (ready.length) for (const file of ready) finish([file]);
    else finish(waiting);
    waiting = waiting.filter((f) => !f.finished);
  }
}

// index.html: the hashed names, the data list, the build's name.
const indexPath = join(root, "index.html");
let html = readFileSync(indexPath, "utf8");
// The placeholder that stopped Trunk building a wasm of its own has done its job.
html = html.replace(/\s*<link data-trunk rel="rust"[^>]*>/, "");
for (const [from, to] of renamed) {
  html = html.replace(new RegExp(`(?<=["'])/${escape(from)}(?=["'])`, "g"), `/${to}`);
}
const missing = [...html.matchAll(/["'](\/(?:pkg|data)\/[^"']+)["']/g)]
  .map((m) => m[1])
  .filter((url) => ![...renamed.values()].includes(url.slice(1)));
if (missing.length) {
  console.error(`finish-build: index.html names files the build does not have: ${missing.join(", ")}`);
  process.exit(1);
}
const dataFiles = Object.fromEntries(
  [...renamed]
    .filter(([from]) => from.startsWith("data/"))
    .map(([from, to]) => [from.slice("data/".length), to.slice("data/".length)])
    .sort(),
);
// Offline, the service worker needs every file: the hashed ones, index.html and the few other
// plain files at the top (the icon); not itself.
const plain = readdirSync(root, { withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name !== "sw.js")
  .map((entry) => `/${entry.name}`)
  .sort();
const files = [...plain, ...[...renamed.values()].sort().map((path) => `/${path}`)];
const build = hashOf(html, JSON.stringify(dataFiles), files.join("\n"));
html = html.replace(
  "</head>",
  `  <meta name="hoplab-build" content="${build}" />\n` +
    `    <script type="application/json" id="hoplab-data">${JSON.stringify(dataFiles)}</script>\n  </head>`,
);
// What only a reader of the source needs goes: the comments (HTML ones, and whole-line ones
// in the inline scripts) and the indentation (a fifth of the page's brotli bytes).
html = html
  .replace(/<!--[\s\S]*?-->/g, "")
  .split("\n")
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith("//"))
  .join("\n");
writeFileSync(indexPath, `${html}\n`);

// sw.js: what to precache, and the build's name (a new name makes browsers install it).
const swPath = join(root, "sw.js");
const sw = readFileSync(swPath, "utf8")
  .replace('"__HOPLAB_BUILD__"', JSON.stringify(build))
  .replace("[/* __HOPLAB_FILES__ */]", JSON.stringify(files, null, 2));
if (sw.includes("__HOPLAB_")) {
  console.error("finish-build: sw.js has a placeholder this script does not fill");
  process.exit(1);
}
writeFileSync(swPath, sw);
console.log(`finish-build: build ${build}, ${files.length} files hashed and listed for offline use`);
