// Every route of the site, with what shows once its page has rendered: the deep-link,
// reload and offline walks share this list.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import assert from "node:assert/strict";

export const ROUTES = [
  { path: "/", heading: "See what happens between two clusters.", content: "main a[href='/cards']" },
  { path: "/cards", heading: "Cross-Cluster Continuity", content: "main a[href='/cards/copy-lag']" },
  { path: "/cards/copy-lag", content: "[role=tablist]" },
  { path: "/lab", heading: "The copier lab", content: "main a[href='/lab/echo-loop']" },
  { path: "/lab/echo-loop", content: "svg.stage[data-ready=true]" },
  { path: "/designer", heading: "Topology designer", content: "main h1" },
  { path: "/no/such/page", heading: "This page does not exist", content: "main h1" },
];

/** Waits for the page at `route` to show its content, and checks its heading. */
export async function assertRendered(page, route) {
  await page.waitForSelector(route.content, { timeout: 90000 });
  const heading = (await page.textContent("main h1")).trim();
  if (route.heading) assert.equal(heading, route.heading, `heading on ${route.path}`);
  else assert.ok(heading.length > 0 && heading !== "This page does not exist", `a heading on ${route.path}: ${heading}`);
}

/**
 * The first segment of every route declared in src/app.rs (`path!("/cards/:slug")` gives
 * "cards"), so a page added later is checked without touching the tests.
 */
export function routeSegments() {
  const app = readFileSync(fileURLToPath(new URL("../../../src/app.rs", import.meta.url)), "utf8");
  const segments = [...app.matchAll(/path!\("\/([^"/]*)/g)].map((m) => m[1]).filter(Boolean);
  return [...new Set(segments)];
}
