// Service worker: keeps the site usable with no network once it has been opened.
//
// site_scripts/hooks.py fills VERSION (a hash of every file of the built site) and PRECACHE (the
// site's files) at build time. A new release is a new VERSION, hence a new sw.js: the browser
// installs it, it downloads the new files into a new cache, and on activation deletes the old
// caches. Pages: network first (fresh when online, the cached copy offline). Everything else:
// cache first (the cache holds exactly this release's files).
const VERSION = "__PETTEIA_VERSION__";
const PRECACHE = [/* __PETTEIA_PRECACHE__ */];
const PREFIX = "petteia-";
const CACHE = PREFIX + VERSION;
const scope = new URL(self.registration.scope);

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // "no-cache": revalidate with the server, so an old HTTP-cached file never enters the new
      // release's cache (unchanged files cost a 304).
      await cache.addAll(PRECACHE.map((u) => new Request(new URL(u, scope), { cache: "no-cache" })));
      await self.skipWaiting();
    })(),
  );
});

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

const isPage = (url) => url.pathname.endsWith("/") || url.pathname.endsWith(".html");

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== scope.origin) return;
  event.respondWith(request.mode === "navigate" || isPage(url) ? networkFirst(request) : cacheFirst(request));
});

async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) cache.put(request, response.clone());
    return response;
  } catch (err) {
    const cached = (await cache.match(request, { ignoreSearch: true })) || (await cache.match(new URL("404.html", scope)));
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
