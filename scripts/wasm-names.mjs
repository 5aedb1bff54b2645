// Where a wasm's bytes go, by function name: the biggest functions of each file, and their
// code summed by crate and by module. Reads the names section, so point it at the
// unoptimised pieces the build leaves in target/wasm-split/ (wasm-opt strips the names).
//
// Usage: node scripts/wasm-names.mjs [--top N] [--depth D] [--grep TEXT] file.wasm...
//        node scripts/wasm-names.mjs [...] --page card_chunk <wasm-split output dir>
//   --page P    every piece page P loads (the pieces wasm-split-cli wrote, before
//               scripts/merge-chunks.mjs joins them), each shrunk by `wasm-opt -Oz -g`
//               (names kept) first, counted together as one
//   --top N     the N biggest functions and groups of each file (default 25)
//   --depth D   group by the first D segments of the path: 1 = crate, 2 = module (default 2)
//   --grep TEXT only functions whose name contains TEXT
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  if (at < 0) return fallback;
  const [, value] = args.splice(at, 2);
  return value;
};
const top = Number(option("--top", 25));
const depth = Number(option("--depth", 2));
const grep = option("--grep", null);
const page = option("--page", null);

function reader(bytes) {
  let at = 0;
  const r = {
    get at() {
      return at;
    },
    set at(v) {
      at = v;
    },
    byte: () => bytes[at++],
    u32() {
      let result = 0;
      let shift = 0;
      for (;;) {
        const b = bytes[at++];
        result += (b & 0x7f) * 2 ** shift;
        if (!(b & 0x80)) return result;
        shift += 7;
      }
    },
    name() {
      const len = r.u32();
      const text = new TextDecoder().decode(bytes.subarray(at, at + len));
      at += len;
      return text;
    },
  };
  return r;
}

/** Function body sizes by index, the names section's names, the data section's size. */
function parse(bytes) {
  const r = reader(bytes);
  r.at = 8;
  let imported = 0;
  const bodies = [];
  const names = new Map();
  let data = 0;
  while (r.at < bytes.length) {
    const id = r.byte();
    const size = r.u32();
    const end = r.at + size;
    if (id === 2) {
      for (let n = r.u32(); n > 0; n--) {
        r.name();
        r.name();
        const kind = r.byte();
        if (kind === 0) {
          r.u32();
          imported++;
        } else if (kind === 1) {
          r.byte();
          const flags = r.u32();
          r.u32();
          if (flags & 1) r.u32();
        } else if (kind === 2) {
          const flags = r.u32();
          r.u32();
          if (flags & 1) r.u32();
        } else if (kind === 3) {
          r.byte();
          r.byte();
        } else {
          r.u32();
          r.u32();
        }
      }
    } else if (id === 10) {
      for (let n = r.u32(); n > 0; n--) {
        const len = r.u32();
        bodies.push(len);
        r.at += len;
      }
    } else if (id === 11) {
      data = size;
    } else if (id === 0 && r.name() === "name") {
      while (r.at < end) {
        const sub = r.byte();
        const len = r.u32();
        const subEnd = r.at + len;
        if (sub === 1) {
          for (let n = r.u32(); n > 0; n--) {
            const index = r.u32();
            names.set(index, r.name());
          }
        }
        r.at = subEnd;
      }
    }
    r.at = end;
  }
  return { functions: bodies.map((size, i) => ({ size, name: names.get(i + imported) ?? `func${i + imported}` })), data };
}

/** Rust's legacy mangling (`_ZN3foo3bar17h0123456789abcdefE`) to `foo::bar`. */
function demangle(name) {
  if (!name.startsWith("_ZN")) return name;
  const parts = [];
  let at = 3;
  while (at < name.length && name[at] !== "E") {
    const digits = /^\d+/.exec(name.slice(at))[0];
    at += digits.length;
    parts.push(name.slice(at, at + Number(digits)));
    at += Number(digits);
  }
  if (/^h[0-9a-f]{16}$/.test(parts.at(-1) ?? "")) parts.pop();
  const unescape = (s) =>
    s
      .replace(/^_\$/, "$")
      .replace(/\$LT\$/g, "<")
      .replace(/\$GT\$/g, ">")
      .replace(/\$u20\$/g, " ")
      .replace(/\$RF\$/g, "&")
      .replace(/\$BP\$/g, "*")
      .replace(/\$C\$/g, ",")
      .replace(/\$u7b\$/g, "{")
      .replace(/\$u7d\$/g, "}")
      .replace(/\$u5b\$/g, "[")
      .replace(/\$u5d\$/g, "]")
      .replace(/\$u27\$/g, "'")
      .replace(/\$u3b\$/g, ";")
      .replace(/\$u2b\$/g, "+")
      .replace(/\$u22\$/g, '"')
      .replace(/\.\./g, "::");
  return parts.map(unescape).join("::");
}

/** The group a function counts in: the first `depth` segments of its own path (for a trait
 * method `<Type as Trait>::f`, the type's path). */
function groupOf(name) {
  // `<T as tachys::view::Render>::build`: a generic's method counts in the trait's module.
  const generic = /^<[A-Z]\w* as ([^>]+)>/.exec(name);
  if (generic) name = generic[1];
  let path = name.replace(/^<+/, "").replace(/^(?:&|\*const |\*mut |dyn )+/, "");
  path = path.replace(/^\(|^\[/, "");
  const segments = [];
  let rest = path;
  while (segments.length < depth) {
    const m = /^([A-Za-z_][\w]*)(::)?/.exec(rest);
    if (!m) break;
    segments.push(m[1]);
    if (!m[2]) break;
    rest = rest.slice(m[0].length);
  }
  return segments.join("::") || name.slice(0, 30);
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

/** The pieces page `name` loads, from the comments wasm-split-cli writes in its loader. */
function piecesOf(dir, name) {
  const js = readFileSync(join(dir, "__wasm_split.js"), "utf8");
  const files = [];
  for (const [, pages, file] of js.matchAll(/\/\* ([^*]+) \*\/\nconst __chunk_\d+ = makeLoad\(\(\) => \{\n\s*const src = fetch\(new URL\("\.\/([^"]+)"/g)) {
    if (pages.split(", ").includes(name)) files.push(file);
  }
  files.push(`split_${name}.wasm`);
  return files.map((file) => join(dir, file));
}

const FEATURES = ["--enable-mutable-globals", "--enable-nontrapping-float-to-int", "--enable-bulk-memory",
  "--enable-bulk-memory-opt", "--enable-sign-ext", "--enable-reference-types", "--enable-multivalue"];

/** The file shrunk as the build does, names kept (cached beside it as .opt-g). */
function optimised(file) {
  const out = `${file}.opt-g`;
  if (!existsSync(out)) {
    execFileSync("wasm-opt", ["-Oz", "-g", ...FEATURES, file, "-o", out], { stdio: ["ignore", "ignore", "ignore"] });
  }
  return out;
}

function report(label, parsed) {
  const shown = parsed.functions.map((f) => ({ ...f, name: demangle(f.name) })).filter((f) => !grep || f.name.includes(grep));
  const code = shown.reduce((s, f) => s + f.size, 0);
  console.log(`${label}: ${shown.length} functions, code ${kb(code)}, data ${kb(parsed.data)}`);
  const groups = new Map();
  for (const f of shown) {
    const g = groupOf(f.name);
    const entry = groups.get(g) ?? { size: 0, count: 0 };
    entry.size += f.size;
    entry.count++;
    groups.set(g, entry);
  }
  console.log("  by group:");
  for (const [g, { size, count }] of [...groups].sort((a, b) => b[1].size - a[1].size).slice(0, top)) {
    console.log(`  ${kb(size).padStart(10)} ${String(count).padStart(5)} fn  ${g}`);
  }
  console.log("  biggest functions:");
  for (const f of shown.sort((a, b) => b.size - a.size).slice(0, top)) {
    console.log(`  ${kb(f.size).padStart(10)}  ${f.name.slice(0, 160)}`);
  }
}

if (page) {
  const all = { functions: [], data: 0 };
  for (const file of piecesOf(args[0], page)) {
    const parsed = parse(readFileSync(optimised(file)));
    all.functions.push(...parsed.functions);
    all.data += parsed.data;
  }
  report(`${page} (its own piece and every piece it loads, after wasm-opt -Oz)`, all);
} else {
  for (const file of args) report(file, parse(readFileSync(file)));
}
