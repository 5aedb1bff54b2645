// Trunk's pre-build hook (Trunk.toml): the first download's style sheet, what every page
// shares (tokens and themes, the shell, the parts several pages use), as one file in cascade
// order; comments and indentation are left out (a fifth of the bytes). Each page's own sheet
// ships inside that page's wasm chunk instead (src/page_styles.rs, build.rs).
// Usage: node scripts/bundle-styles.mjs   (writes target/site-styles/hoplab.css)
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
// Later sheets may override earlier ones: this order is the cascade.
const SHEETS = ["base", "layout", "components"];

const light = (css) =>
  css
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .join("\n");
const bundle = SHEETS.map((name) => `/* ${name}.css */\n${light(readFileSync(join(ROOT, "styles", `${name}.css`), "utf8"))}`).join("\n");
const out = join(ROOT, "target", "site-styles");
mkdirSync(out, { recursive: true });
writeFileSync(join(out, "hoplab.css"), `${bundle}\n`);
