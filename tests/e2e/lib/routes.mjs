// Every route of the site, with what shows once its page has rendered: the deep-link,
// reload and offline walks share this list.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import assert from "node:assert/strict";

// `styled`: a rule of the page's own style sheet (src/page_styles.rs) that must apply once
// it shows, as [selector, CSS property, computed value]; for the shell's pages, of the first
// download's sheet.
export const ROUTES = [
  { path: "/", heading: "See what happens between two clusters.", content: "main a[href='/cards']", styled: [".entry-points", "display", "grid"] },
  { path: "/cards", heading: "Cross-Cluster Continuity", content: "main a[href='/cards/copy-lag']", styled: [".card-rows", "display", "grid"] },
  { path: "/cards/copy-lag", content: "[role=tablist]", styled: [".tabs__list", "display", "flex"] },
  { path: "/lab", heading: "The copier lab", content: "main a[href='/lab/echo-loop']", styled: [".lab-list", "display", "grid"] },
  { path: "/lab/echo-loop", content: "svg.stage[data-ready=true]", styled: [".lab-grid", "display", "grid"] },
  { path: "/designer", heading: "Topology designer", content: "main h1", styled: [".designer-work", "display", "grid"] },
  { path: "/challenges", heading: "Design challenges", content: ".challenge-list a", styled: [".challenge-list", "display", "grid"] },
  { path: "/drills", heading: "Failover drills", content: ".challenge-list a", styled: [".challenge-list", "display", "grid"] },
  { path: "/resume", heading: "Where will my consumers resume?", content: "label[for=resume-files]", styled: [".resume-drop", "border-top-style", "dashed"] },
  { path: "/no/such/page", heading: "This page does not exist", content: "main h1", styled: [".not-found", "max-width", "704px"] },
];

/** The computed value of `property` on the first element matching `selector`. */
export function computedStyle(page, selector, property) {
  return page.$eval(selector, (element, name) => getComputedStyle(element).getPropertyValue(name), property);
}

/** Waits for the page at `route` to show its content, and checks its heading and styling. */
export async function assertRendered(page, route) {
  await page.waitForSelector(route.content, { timeout: 90000 });
  const heading = (await page.textContent("main h1")).trim();
  if (route.heading) assert.equal(heading, route.heading, `heading on ${route.path}`);
  else assert.ok(heading.length > 0 && heading !== "This page does not exist", `a heading on ${route.path}: ${heading}`);
  const [selector, property, value] = route.styled;
  assert.equal(await computedStyle(page, selector, property), value, `${selector} { ${property} } on ${route.path}`);
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
