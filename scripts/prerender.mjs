// Trunk's last post-build hook (Trunk.toml): writes every page of the site as HTML with its
// content, so its text paints before any script runs, and reads (and is found by search
// engines) with scripts off.
//
// The pages are the app's own first draw: the finished build is served on a loopback port,
// headless Chromium opens each route, and index.html's take-over script hands over the
// page's DOM the moment the app has drawn it (the same test that later decides when the app
// replaces this HTML, so the two are the same markup and the swap does not move anything).
// With it go the title, and the page's own style sheet (src/page_styles.rs adds it to <head>;
// the app finds it there and does not add it again). And what the page fetched to draw (its
// chunks of wasm, its data) becomes preload links, so those downloads start with the shell's.
//
// Routes: the site's fixed pages, and every card, lesson, lab scenario and designer preset
// the pages link to
// (found by following links, so a page added to the content is written too).
// Each lands in <dist>/<route>/index.html (`/` in index.html itself), which a host serves
// for the route (deploy/nginx.conf: `try_files $uri $uri/index.html /index.html`).
//
// Usage: node scripts/prerender.mjs [dist-dir]   (default: $TRUNK_STAGING_DIR)
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createRequire } from "node:module";
import { serveDist } from "../tests/e2e/lib/server.mjs";
import { CHROMIUM_ARGS } from "../tests/e2e/lib/browser.mjs";

const { chromium } = createRequire(new URL("../tests/e2e/package.json", import.meta.url))("playwright-core");

const root = process.argv[2] ?? process.env.TRUNK_STAGING_DIR;
if (!root) {
  console.error("usage: prerender.mjs <dist-dir> (Trunk sets TRUNK_STAGING_DIR)");
  process.exit(2);
}

/** Pages every build has; the rest are found by following their links. */
const FIXED = ["/", "/cards", "/copiers", "/course", "/lab", "/practice", "/practice/quiz", "/practice/levels", "/resume", "/challenges", "/drills", "/designer"];
/** Links followed to find more pages: one card, lesson, scenario or preset each. */
const FOLLOWED = /^\/(cards\/|course\/|lab\/|designer\/preset\/|challenges\/|drills\/)[a-z0-9-]+$/;
/** Pages at once (the machine that builds may have two cores). */
const TABS = 2;
/** A page that has not drawn by then has a bug worth stopping the build for. */
const DRAW_TIMEOUT_MS = 60000;

// index.html as finish-build.mjs left it (a second run puts away what the first added).
const template = withoutPrerender(readFileSync(join(root, "index.html"), "utf8"));
if (!template.includes('<div id="app" class="app-root"></div>')) {
  console.error("prerender: index.html has no <div id=\"app\" class=\"app-root\"></div> to put the pages beside");
  process.exit(1);
}

const server = await serveDist(root);
const profile = await mkdtemp(join(tmpdir(), "hoplab-prerender-"));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: "/usr/bin/chromium",
  headless: true,
  args: CHROMIUM_ARGS,
  viewport: { width: 1280, height: 900 },
  // Each page from the server, as a first visit sees it.
  serviceWorkers: "block",
});
// The hand-over: index.html's take-over script calls this at the app's first draw.
await context.addInitScript(() => {
  // What a page asks for at low priority follows its draw (src/fetch.rs): not preloaded.
  const afterDraw = new Set();
  const fetchFirst = window.fetch;
  window.fetch = function (resource, init) {
    if (init?.priority === "low") afterDraw.add(new URL(String(resource?.url ?? resource), location.href).pathname);
    return fetchFirst.apply(this, arguments);
  };
  window.__hoplabRecordFirstDraw = (app) => {
    // A field's value, a box's tick and a list's choice are properties the app set, which
    // innerHTML leaves out: written as attributes, the HTML shows what the app will.
    for (const field of app.querySelectorAll("input, textarea, select")) {
      if (field.type === "checkbox" || field.type === "radio") field.toggleAttribute("checked", field.checked);
      else if (field.tagName === "SELECT") for (const option of field.options) option.toggleAttribute("selected", option.selected);
      else if (field.tagName === "TEXTAREA") field.textContent = field.value;
      else if (field.type !== "file") field.setAttribute("value", field.value);
    }
    for (const details of app.querySelectorAll("details")) details.toggleAttribute("open", details.open);
    window.__hoplabFirstDraw = {
      // What the page fetched to draw (all finished by now: an entry is added at its end).
      fetched: performance
        .getEntriesByType("resource")
        .map((entry) => new URL(entry.name, location.href))
        .filter((url) => url.origin === location.origin && !afterDraw.has(url.pathname))
        .map((url) => url.pathname),
      html: app.innerHTML,
      title: document.title,
      styles: [...document.head.querySelectorAll("style[id^='style-']")].map((style) => style.outerHTML),
    };
  };
});

const problems = [];
const drawn = new Map(); // route -> first draw
const queue = [...FIXED];
const seen = new Set(queue);

async function draw(page, route) {
  const errors = [];
  const onError = (message) => message.type() === "error" && errors.push(message.text());
  page.on("console", onError);
  try {
    await page.goto(server.url + route);
    await page.waitForFunction(() => window.__hoplabFirstDraw, null, { timeout: DRAW_TIMEOUT_MS });
    const first = await page.evaluate(() => window.__hoplabFirstDraw);
    const links = await page.evaluate(() => [...document.querySelectorAll("#app a[href^='/']")].map((a) => a.getAttribute("href")));
    if (errors.length) problems.push(`${route}: ${errors.join("; ")}`);
    return { first, links };
  } finally {
    page.off("console", onError);
  }
}

try {
  const tabs = await Promise.all(Array.from({ length: TABS }, () => context.newPage()));
  await Promise.all(
    tabs.map(async (tab) => {
      for (let route = queue.shift(); route; route = queue.shift()) {
        const { first, links } = await draw(tab, route);
        drawn.set(route, first);
        for (const href of links) {
          const path = href.split(/[?#]/)[0];
          if (FOLLOWED.test(path) && !seen.has(path)) {
            seen.add(path);
            queue.push(path);
          }
        }
      }
    }),
  );
} catch (error) {
  problems.push(String(error));
} finally {
  await context.close();
  await server.close();
  await rm(profile, { recursive: true, force: true });
}
if (problems.length) {
  console.error(`prerender: a page did not draw cleanly:\n${problems.join("\n")}`);
  process.exit(1);
}

function withoutPrerender(html) {
  const start = html.indexOf('<div id="prerendered"');
  const app = html.indexOf('<div id="app" class="app-root">');
  if (start >= 0 && app > start) html = html.slice(0, start) + html.slice(app);
  return html
    .replace(/<style id="style-[^"]*">[\s\S]*?<\/style>/g, "")
    .replace(/\n *<link [^>]*data-drawn-with[^>]*\/>/g, "")
    .replace('<link rel="expect" href="#taken-over" blocking="render" />', "");
}

const escapeText = (text) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escapeAttribute = (text) => escapeText(text).replace(/"/g, "&quot;");

/** Where the page's own downloads are named: beside the shell's wasm, after it. */
const SHELL_WASM = /<link rel="preload" href="\/pkg\/[^"]+\.wasm"[^>]*\/>/;
if (!SHELL_WASM.test(template)) {
  console.error("prerender: index.html does not preload the shell's wasm");
  process.exit(1);
}

/**
 * Links that start the page's own chunks and data with the shell, instead of after it: the
 * app asks for them only once the shell has loaded and the route has drawn, which on a slow
 * phone is several round trips later (issue 25). The requests match the app's own (fetch()
 * of the same URL, same-origin credentials), so the browser hands it the preloaded response.
 */
function preloadLinks(fetched) {
  const own = [...new Set(fetched)].filter((path) => /^\/(pkg|data)\//.test(path) && !template.includes(`"${path}"`));
  return own
    .map((path) => {
      const href = escapeAttribute(path);
      if (path.endsWith(".js")) return `<link rel="modulepreload" href="${href}" data-drawn-with />`;
      const type = path.endsWith(".wasm") ? ' type="application/wasm"' : path.endsWith(".json") ? ' type="application/json"' : "";
      return `<link rel="preload" href="${href}" as="fetch"${type} crossorigin="anonymous" data-drawn-with />`;
    })
    .map((link) => `\n    ${link}`)
    .join("");
}

/** The page's HTML: index.html with the first draw beside #app, its title and its sheets. */
function pageHtml(route, { fetched, html, title, styles }) {
  // A page that opens scrolled to an element (index.html's take-over script scrolls there)
  // is not painted before the parser is past that script (at #taken-over): a script waits
  // for the style sheets, and the page must not paint at the top meanwhile.
  const scrolled = html.includes("data-scroll-into-view")
    ? '<link rel="expect" href="#taken-over" blocking="render" />'
    : "";
  // Replacer functions: a `$` in a page's text is text, not a replacement pattern.
  return template
    .replace(SHELL_WASM, (shell) => shell + preloadLinks(fetched))
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(title)}</title>`)
    .replace("</head>", () => `${styles.join("")}${scrolled}\n</head>`)
    .replace(
      '<div id="app" class="app-root"></div>',
      () =>
        `<div id="prerendered" class="prerendered" data-route="${escapeAttribute(route)}">${html}</div>\n<div id="app" class="app-root"></div>`,
    );
}

for (const [route, first] of [...drawn].sort(([a], [b]) => a.localeCompare(b))) {
  const dir = route === "/" ? root : join(root, route);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "index.html"), pageHtml(route, first));
}
console.log(`prerender: ${drawn.size} pages written as HTML`);
