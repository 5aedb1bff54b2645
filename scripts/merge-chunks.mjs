// Merges wasm-split's many small chunks into fewer files (scripts/build-wasm.sh runs it).
//
// wasm-split-cli puts the code shared by each exact set of lazy pages in a chunk of its own:
// with eleven pages that is some two hundred chunks, most under 1 KB, and a deep link to a
// card fetched over a hundred of them. Each file costs its own wasm header, imports and
// compression start, so together they weighed a third more than their code. This step joins
// chunks (and a page's own module) whenever the bytes saved for the pages that need both
// outweigh what pages needing only one of them would download in addition.
//
// Why joining is safe: every module wasm-split writes imports the same memory, function
// table and stack global, puts its functions into the table at fixed slots and its data at
// fixed addresses, exports nothing, and runs nothing when instantiated. A joined module
// does exactly what its parts did, once; a page loads every file holding any of its code.
//
// Usage: node scripts/merge-chunks.mjs <dir>   (wasm-split's output: __wasm_split.js,
// chunk_N.wasm, split_<page>.wasm; rewritten in place)
import { brotliCompressSync, constants } from "node:zlib";
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const dir = process.argv[2];
if (!dir) {
  console.error("usage: merge-chunks.mjs <wasm-split output dir>");
  process.exit(2);
}

// What a file costs beyond its code, in bytes: its wasm header, the three imports and the
// section headers, brotli starting without context, the request and response headers. Set
// higher than those alone: a joined file also compresses better than its parts apart.
const FILE_OVERHEAD = 2000;
// The pages with a size budget (scripts/bench.sh size) count fully; the others count a
// little: they download somewhat more so the budgeted deep links download less. Tried on
// the build (overhead 400 to 2500, weight 1/3 to 0.03): this pair gave the smallest card,
// card list and lab pages (the designer pays some 4 % more). The card page, nearest its
// budget, counts three times (measured: card 177.5 -> 173.5 KB, list +1.4, lab +0.9; at ten
// times, card 170.6 but lab +8 and the copiers page +17).
const BUDGETED = new Set(["card_chunk", "card_list_chunk", "lab_chunk"]);
const WEIGHTS = { card_chunk: 3 };
const weight = (page) => WEIGHTS[page] ?? (BUDGETED.has(page) ? 1 : 0.05);
// What the features the chunks use (their target_features section) are called in binaryen.
const FEATURES = [
  "--enable-mutable-globals",
  "--enable-nontrapping-float-to-int",
  "--enable-bulk-memory",
  "--enable-bulk-memory-opt",
  "--enable-sign-ext",
  "--enable-reference-types",
  "--enable-multivalue",
  "--enable-call-indirect-overlong",
];

const jsPath = join(dir, "__wasm_split.js");
const js = readFileSync(jsPath, "utf8");

// The loader wasm-split writes: a comment naming the pages that need each chunk, the chunk's
// loader, then one exported loader per page, which first loads the chunks it lists.
const chunkDef =
  /\/\* ([^*]+) \*\/\nconst (__chunk_\d+) = makeLoad\(\(\) => \{\n\s*const src = fetch\(new URL\("\.\/([^"]+)", import\.meta\.url\)\);[\s\S]*?\n, \[\]\);\n/g;
const pageDef =
  /export const __wasm_split_load_(\w+) = wrapAsyncCb\(makeLoad\(\(\) => \{\n\s*const src = fetch\(new URL\("\.\/([^"]+)", import\.meta\.url\)\);[\s\S]*?\n, \[([^\]]*)\]\)\);\n?/g;
const firstDef = js.search(/\/\* [^*]+ \*\/\nconst __chunk_|export const __wasm_split_load_/);
const header = js.slice(0, firstDef);
const units = [];
for (const [, pages, name, file] of js.matchAll(chunkDef)) {
  units.push({ name, file, pages: new Set(pages.split(", ")) });
}
const pages = [];
for (const [, page, file] of js.matchAll(pageDef)) {
  pages.push(page);
  units.push({ name: `split_${page}`, file, pages: new Set([page]) });
}
const rest = js.slice(firstDef).replace(chunkDef, "").replace(pageDef, "");
if (rest.trim() || !pages.length || !header.includes("function makeLoad(")) {
  console.error("merge-chunks: __wasm_split.js is not in the form this script knows (wasm-split-cli 0.2.4)");
  process.exit(1);
}

const brotli = (body) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }).length;
for (const unit of units) unit.cost = Math.max(0, brotli(readFileSync(join(dir, unit.file))) - FILE_OVERHEAD);

// Greedy: join the pair of groups that saves the most (weighted bytes over the pages), until
// no join saves anything.
let groups = units.map((unit) => ({ members: [unit], pages: new Set(unit.pages), cost: unit.cost }));
const gain = (a, b) => {
  let total = 0;
  for (const page of a.pages) total += weight(page) * (b.pages.has(page) ? FILE_OVERHEAD : -b.cost);
  for (const page of b.pages) if (!a.pages.has(page)) total -= weight(page) * a.cost;
  return total;
};
for (;;) {
  let best = null;
  for (let i = 0; i < groups.length; i++) {
    for (let j = i + 1; j < groups.length; j++) {
      const g = gain(groups[i], groups[j]);
      if (g > 0 && (!best || g > best.g)) best = { i, j, g };
    }
  }
  if (!best) break;
  const [a, b] = [groups[best.i], groups[best.j]];
  groups = groups.filter((g) => g !== a && g !== b);
  groups.push({ members: [...a.members, ...b.members], pages: new Set([...a.pages, ...b.pages]), cost: a.cost + b.cost });
}

/** Runs a binaryen tool; its warnings (wasm-split's names subsection it does not know) only
 * show when it fails. */
function run(tool, args) {
  try {
    execFileSync(tool, args, { stdio: ["ignore", "ignore", "pipe"] });
  } catch (error) {
    console.error(`merge-chunks: ${tool} failed:\n${error.stderr}`);
    process.exit(1);
  }
}

// One module per group: binaryen joins them (each part's imports stay apart, so the memory
// import needs multi-memory for a moment), then the parts' identical imports become one.
function joinModules(files, out) {
  const wat = join(dir, "joined.wat");
  const args = files.flatMap((file, i) => [join(dir, file), `part${i}`]);
  run("wasm-merge", [...args, ...FEATURES, "--enable-multimemory", "-S", "-o", wat]);
  let text = readFileSync(wat, "utf8");
  const first = new Map(); // "module field kind" -> the first import's name
  const renames = new Map();
  text = text.replace(/^ \(import "([^"]+)" "([^"]+)" \((\w+) (\$\S+)[^\n]*\n/gm, (line, module, field, kind, name) => {
    const key = `${module} ${field} ${kind}`;
    if (!first.has(key)) {
      first.set(key, name);
      return line;
    }
    renames.set(name, first.get(key));
    return "";
  });
  if (renames.size) {
    const escape = (s) => s.replace(/[$.*+?^{}()|[\]\\]/g, "\\$&");
    const pattern = new RegExp(`(${[...renames.keys()].map(escape).join("|")})(?![\\w$.])`, "g");
    text = text.replace(pattern, (name) => renames.get(name));
  }
  writeFileSync(wat, text);
  run("wasm-opt", [wat, ...FEATURES, "--emit-target-features", "-o", join(dir, out)]);
  rmSync(wat);
}

let loaders = "";
const loaderOf = new Map(); // group -> its loader's name
groups.forEach((group, i) => {
  // A file holding a page's own module keeps that module's name (split_<page>.wasm).
  const own = group.members.find((m) => m.name.startsWith("split_"));
  const file = own ? own.file : `part_${i}.wasm`;
  const files = group.members.map((m) => m.file);
  if (files.length === 1) {
    writeFileSync(join(dir, file), readFileSync(join(dir, files[0])));
  } else {
    joinModules(files, file);
  }
  const loader = `__part_${i}`;
  loaderOf.set(group, loader);
  loaders +=
    `/* ${[...group.pages].sort().join(", ")} */\n` +
    `const ${loader} = makeLoad(() => {\n` +
    `    const src = fetch(new URL("./${file}", import.meta.url));\n` +
    `    src.catch(() => {});\n` +
    `    return async (imports) => (WebAssembly.instantiateStreaming(src, imports));\n` +
    `}\n, []);\n`;
});
const written = new Set(groups.map((g, i) => g.members.find((m) => m.name.startsWith("split_"))?.file ?? `part_${i}.wasm`));
for (const unit of units) if (!written.has(unit.file)) rmSync(join(dir, unit.file));
// A page's loader fetches nothing itself: it waits for every part holding its code.
const nothing = "() => async () => {}";
for (const page of pages) {
  const needed = groups.filter((g) => g.pages.has(page)).map((g) => loaderOf.get(g));
  loaders += `export const __wasm_split_load_${page} = wrapAsyncCb(makeLoad(${nothing}, [${needed.join(", ")}]));\n`;
}
writeFileSync(jsPath, header + loaders);

const filesFor = (page) => groups.filter((g) => g.pages.has(page)).length;
console.log(
  `merge-chunks: ${units.length} modules into ${groups.length} files; ` +
    pages.map((p) => `${p.replace(/_chunk$/, "")} ${filesFor(p)}`).join(", "),
);
