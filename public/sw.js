// Hoplab's service worker: after a first visit the whole build is kept in the browser, so
// every page (cards, lab, and any page added later) works with the network gone.
// scripts/finish-build.mjs fills in BUILD and FILES from the build's own file list; every
// file but index.html has a hash in its name, so a cached copy is never stale.
const BUILD = "__HOPLAB_BUILD__";
const FILES = [/* __HOPLAB_FILES__ */];
const PREFIX = "hoplab-";
const CACHE = PREFIX + BUILD;

// A new build downloads everything first, then takes over at once: the page still open
// shows "Hoplab was updated" and the next load is the new build. Hashed files may come from
// the browser's HTTP cache (the first page just fetched some); index.html from the server.
self.addEventListener("install", (event) => {
  const request = (file) => new Request(file, { cache: file === "/index.html" ? "reload" : "default" });
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(FILES.map(request)))
      .then(() => self.skipWaiting()),
  );
});

// Keeps the previous build's files for one more generation, so a page still showing it can
// load the chunks it has not opened yet; older builds are dropped.
self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const older = (await caches.keys()).filter((name) => name.startsWith(PREFIX) && name !== CACHE);
      await Promise.all(older.slice(0, -1).map((name) => caches.delete(name)));
      await self.clients.claim();
    })(),
  );
});

// Files come from the cache: this build's first, then the previous build's (for a page still
// showing it). Every page of the site is index.html (the router inside it picks the page),
// so a navigation to anything but a file gets the cached index.html.
self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  const page = request.mode === "navigate" && !FILES.includes(url.pathname);
  const key = page ? "/index.html" : request;
  event.respondWith(
    (async () =>
      (await caches.match(key, { cacheName: CACHE })) ??
      (page ? undefined : await caches.match(key)) ??
      fetch(request))(),
  );
});
