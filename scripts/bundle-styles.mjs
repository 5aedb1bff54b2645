// Trunk's pre-build hook (Trunk.toml): the first download's style sheet, what every page
// shares (tokens and themes, the shell, the parts several pages use), as one file in cascade
// order, without comments and needless white space (a fifth of the bytes). Each page's own sheet
// ships inside that page's wasm chunk instead (src/page_styles.rs, build.rs).
// Usage: node scripts/bundle-styles.mjs   (writes target/site-styles/hoplab.css)
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
// Later sheets may override earlier ones: this order is the cascade.
const SHEETS = ["base", "layout", "components"];

// Without comments, and with runs of white space made one space, or none beside { } ; ,
// (no sheet has those inside a string); the last ; of a block goes too. (build.rs only strips
// the pages' sheets of comments and indentation: tighter, they moved the chunk joins so the
// card list and practice pages downloaded 1 KB more.)
const light = (css) =>
  css
    .replace(/\/\*[\s\S]*?\*\//g, " ")
    .replace(/\s+/g, " ")
    .replace(/ ?([{};,]) ?/g, "$1")
    .replace(/;}/g, "}")
    .trim();
const bundle = SHEETS.map((name) => `/* ${name}.css */\n${light(readFileSync(join(ROOT, "styles", `${name}.css`), "utf8"))}`).join("\n");
const out = join(ROOT, "target", "site-styles");
mkdirSync(out, { recursive: true });
writeFileSync(join(out, "hoplab.css"), `${bundle}\n`);
