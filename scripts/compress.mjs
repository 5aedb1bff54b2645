// Trunk's last post-build hook (Trunk.toml, after prerender.mjs has written the pages):
// writes each file a browser downloads also compressed, beside it, as `<file>.br` (brotli,
// quality 11) and `<file>.gz` (gzip, level 9). A host sends them as they are
// (deploy/nginx.conf: `brotli_static`, `gzip_static`), so a visitor gets the smallest
// encoding without the host compressing anything per request: nginx's own gzip runs at
// level 1, and on the phone profile the difference is most of a second (issue 25).
//
// Only files that shrink get a twin; sw.js's file list names the plain files (a browser
// asks for those; the encoding is the host's business), so this runs after finish-build.mjs.
//
// Usage: node scripts/compress.mjs [dist-dir]   (default: $TRUNK_STAGING_DIR)
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { extname, join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** What compresses: text and wasm (the icon is SVG text). */
const COMPRESSED = new Set([".html", ".js", ".css", ".json", ".wasm", ".svg", ".txt", ".xml", ".webmanifest"]);
const ENCODINGS = [
  { ext: ".br", encode: (body) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }) },
  { ext: ".gz", encode: (body) => gzipSync(body, { level: 9 }) },
];

const root = process.argv[2] ?? process.env.TRUNK_STAGING_DIR;
if (!root) {
  console.error("usage: compress.mjs <dist-dir> (Trunk sets TRUNK_STAGING_DIR)");
  process.exit(2);
}

function listFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? listFiles(path) : [path];
  });
}

let written = 0;
let plainBytes = 0;
let brotliBytes = 0;
for (const path of listFiles(root)) {
  if (!COMPRESSED.has(extname(path))) continue;
  const body = readFileSync(path);
  plainBytes += body.length;
  for (const { ext, encode } of ENCODINGS) {
    const twin = encode(body);
    // A twin no smaller than the file would only cost the host a lookup.
    if (twin.length < body.length) {
      writeFileSync(path + ext, twin);
      written += 1;
      if (ext === ".br") brotliBytes += twin.length;
    } else {
      // A second run over the same folder must not leave a stale twin behind.
      rmSync(path + ext, { force: true });
      if (ext === ".br") brotliBytes += body.length;
    }
  }
}
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(`compress: ${written} compressed twins written (${kb(plainBytes)} of files, ${kb(brotliBytes)} as brotli)`);
