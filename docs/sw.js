// Service worker: keeps the site usable with no network.
//
// site_scripts/hooks.py fills VERSION (a hash of every file of the built site) and PRECACHE (the
// site's files; the same list, with sizes, is site/offline-manifest.json) at build time. One cache
// per release, "petteia-<VERSION>"; a new release is a new sw.js, whose activation deletes the
// older caches.
//
// What goes into the cache:
// * what a visitor uses: pages and files fetched through this worker, and, once it is active,
//   the files the page loaded before it took control (the page sends their list, "keep");
// * everything, when the visitor presses "Make available offline": docs/assets/js/offline.js
//   downloads every file of offline-manifest.json into this same cache and shows the progress.
// Install itself downloads nothing, so a visitor who never asks does not pay for the whole site.
//
// Pages: network first (fresh when online, the cached copy offline). Everything else: cache first
// (the cache holds exactly this release's files). The manifest is always asked for fresh, and the
// site archive (petteia-site.zip, a download) is never cached.
const VERSION = "__PETTEIA_VERSION__";
const PRECACHE = [/* __PETTEIA_PRECACHE__ */];
const PREFIX = "petteia-";
const CACHE = PREFIX + VERSION;
const scope = new URL(self.registration.scope);
const KNOWN = new Set(PRECACHE.map((u) => new URL(u, scope).href));
const NEVER = new Set(["petteia-site.zip"].map((u) => new URL(u, scope).pathname));
const FRESH = new Set(["offline-manifest.json"].map((u) => new URL(u, scope).pathname));

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

// {type: "keep", urls: [...], runtime: bool}: cache those of this release's files that are not
// cached yet; with `runtime`, also every file under assets/ (the scripts, the Python worker and
// what it imports, Python, its library, the wheel: the worker's own downloads are not in `urls`).
self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type !== "keep" || !Array.isArray(data.urls)) return;
  const urls = [...data.urls];
  if (data.runtime) urls.push(...PRECACHE.filter((u) => u.startsWith("assets/")));
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      for (const raw of urls) {
        const url = new URL(raw, scope);
        url.search = "";
        url.hash = "";
        if (!KNOWN.has(url.href) || (await cache.match(url, { ignoreSearch: true }))) continue;
        try {
          const response = await fetch(url, { cache: "no-cache" });
          if (response.ok) await cache.put(url, response);
        } catch {
          /* offline now: the file is kept the next time it is fetched */
        }
      }
    })(),
  );
});

const isPage = (url) => url.pathname.endsWith("/") || url.pathname.endsWith(".html");

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== scope.origin || NEVER.has(url.pathname)) return;
  if (FRESH.has(url.pathname)) return event.respondWith(networkFirst(request, false));
  event.respondWith(request.mode === "navigate" || isPage(url) ? networkFirst(request, true) : cacheFirst(request));
});

async function networkFirst(request, page) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch (err) {
    const cached = (await cache.match(request, { ignoreSearch: true })) || (page && (await cache.match(new URL("404.html", scope))));
    if (cached) return cached;
    throw err;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  // Versioned URLs (the wheel's ?v=hash) are stored without their query: one release, one file.
  const cached = await cache.match(request, { ignoreSearch: true });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type === "basic") cache.put(request, response.clone());
  return response;
}
