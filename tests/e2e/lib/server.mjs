// A static server for the release build in dist/, as a real host serves it: a route gets its
// prerendered page (scripts/prerender.mjs), any other path that is not a file index.html
// (the single-page app's fallback), so deep links reload.
import { createServer } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";

// HOPLAB_DIST lets a second build (another engineer's) be served without touching dist/.
export const DIST = process.env.HOPLAB_DIST
  ? process.env.HOPLAB_DIST.replace(/\/?$/, "/")
  : fileURLToPath(new URL("../../../dist/", import.meta.url));

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".wasm": "application/wasm",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
};

async function fileFor(root, urlPath) {
  const clean = normalize(decodeURIComponent(urlPath)).replace(/^(\.\.[/\\])+/, "");
  const path = join(root, clean);
  if (!path.startsWith(root)) return null;
  try {
    const info = await stat(path);
    return info.isFile() ? path : null;
  } catch {
    return null;
  }
}

/**
 * Starts the server on a free loopback port; resolves to { url, close }. `root` serves
 * another copy of the build (the update test changes its copy).
 */
export async function serveDist(root = DIST) {
  root = root.replace(/\/?$/, "/");
  const server = createServer(async (req, res) => {
    const urlPath = new URL(req.url, "http://localhost").pathname;
    // As deploy/nginx.conf: the file, else the route's prerendered page, else index.html
    // (missing data files are a real 404; everything else is a route of the app).
    let path = (await fileFor(root, urlPath)) ?? (await fileFor(root, join(urlPath, "index.html")));
    if (!path && !extname(urlPath)) path = join(root, "index.html");
    if (!path) {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    const body = await readFile(path);
    res.writeHead(200, { "content-type": TYPES[extname(path)] ?? "application/octet-stream" }).end(body);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    // Drops open keep-alive connections too, so "the network is gone" means gone.
    close: () =>
      new Promise((resolve) => {
        server.close(resolve);
        server.closeAllConnections();
      }),
  };
}
