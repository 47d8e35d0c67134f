// Service worker: keeps the site usable with no network.
//
// site_scripts/hooks.py fills VERSION (a hash of every file of the built site), PRECACHE (the
// site's files with their sizes and SHA-256: the same list as site/offline-manifest.json) and
// INSTALL (the offline page and the files it needs) at build time. One cache per release,
// "petteia-<VERSION>"; a new release is a new sw.js, whose activation deletes the older caches.
//
// What goes into the cache:
// * at install, the offline page (offline.html, shown for a page that is not stored when there
//   is no network) and its styles and scripts: a few files the page has just loaded anyway;
// * what a visitor uses: pages and files fetched through this worker, and, once it is active,
//   the files the page loaded before it took control (the page sends their list, "keep");
// * everything, when the visitor presses "Make available offline": docs/assets/js/offline.js
//   downloads every file of offline-manifest.json into this same cache and shows the progress.
//
// Only this release's files, and only intact: a file is stored, and a stored file is served, only
// when its size and SHA-256 are the build's. A damaged stored file (a page stored in its place, a
// truncated download) is deleted and downloaded again; with no network, the answer says so
// (header X-Petteia-Problem, which the Python worker shows, naming the file). A copy this worker
// checked is stored with the SHA-256 it matched (header X-Petteia-Checked) and is then served as it
// is stored, streamed, without reading it whole and hashing it again on every request: for the
// runtime's 9.6 MB .wasm that took ~100 ms before its first byte went out (a trace of a later
// visit), and the worker's compiler could not start meanwhile. A copy without the mark (stored by
// offline.js, or by an older release of this worker) is checked whenever it is used, as before.
//
// Pages: network first (fresh when online, the stored copy offline, else the offline page).
// Everything else: cache first. The manifest is always asked for fresh, and the site archive
// (petteia-site.zip, a download) is never cached.
//
// Cross-origin isolation: a static host cannot send headers of our choosing, but this worker can
// add them to what it answers. Every answer gets COOP same-origin, COEP require-corp and CORP
// same-origin, so a page it controls (from the second visit on) is cross-origin isolated and may
// share a SharedArrayBuffer with the Python worker: "Move now" then stops the computer's search
// through a shared flag in every engine (worker.js). The site loads nothing from other origins,
// so require-corp blocks nothing; COOP only cuts a link's window off from the page that opened it.
const VERSION = "__PETTEIA_VERSION__";
const PRECACHE = [/* __PETTEIA_PRECACHE__ */];
const INSTALL = [/* __PETTEIA_INSTALL__ */];
const PREFIX = "petteia-";
const CACHE = PREFIX + VERSION;
const scope = new URL(self.registration.scope);
const KNOWN = new Map(PRECACHE.map((f) => [new URL(f.url, scope).href, f])); // address -> {url, bytes, sha256}
const NEVER = new Set(["petteia-site.zip"].map((u) => new URL(u, scope).pathname));
const FRESH = new Set(["offline-manifest.json"].map((u) => new URL(u, scope).pathname));
const OFFLINE_PAGE = new URL("offline.html", scope);
const DAMAGED_OFFLINE =
  "stored in this browser is damaged, and there is no network to download it again: connect to the internet, then reload the page";

self.addEventListener("install", (event) => {
  event.waitUntil(storeOfflinePage().finally(() => self.skipWaiting()));
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

// ---------------------------------------------------------------- intact files
/** The build's entry for a request or address (query and hash ignored), or undefined. */
function entryFor(input) {
  const url = new URL(input instanceof Request ? input.url : input, scope);
  url.search = "";
  url.hash = "";
  return KNOWN.get(url.href);
}

async function sha256(data) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", data));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The header of a stored copy that this worker checked: the SHA-256 it matched. */
const CHECKED = "X-Petteia-Checked";

/**
 * ``response`` rebuilt from its body if that body is ``entry``'s file (size, SHA-256), else null;
 * rebuilt with the CHECKED mark.
 */
async function intact(response, entry) {
  const data = await response.arrayBuffer();
  if (data.byteLength !== entry.bytes || (await sha256(data)) !== entry.sha256) return null;
  const headers = withIsolation(response.headers);
  headers.set(CHECKED, entry.sha256);
  return new Response(data, { status: response.status, statusText: response.statusText, headers });
}

/** Store a network answer under ``key`` if it is this release's file, intact (and so marked). */
async function store(cache, key, response) {
  const entry = entryFor(key);
  if (!entry || !response.ok || response.type !== "basic") return;
  const good = await intact(response, entry);
  if (good) await cache.put(key, good);
}

/**
 * The stored copy of ``request``: {response} when it is intact, {damaged: true} when a copy was
 * stored but was damaged (it is deleted), {} when none is stored. A copy marked as checked is
 * served as it is stored; an unmarked one is read and checked first.
 */
async function stored(cache, request) {
  const cached = await cache.match(request, { ignoreSearch: true });
  if (!cached) return {};
  const entry = entryFor(request);
  if (!entry) return { response: cached }; // not a file of the build: nothing to check it against
  if (cached.headers.get(CHECKED) === entry.sha256) return { response: cached };
  const good = await intact(cached, entry);
  if (good) return { response: good };
  for (const key of await cache.keys(request, { ignoreSearch: true })) await cache.delete(key);
  return { damaged: true };
}

// ---------------------------------------------------------------- the offline page
async function storeOfflinePage() {
  const cache = await caches.open(CACHE);
  for (const path of INSTALL) {
    const url = new URL(path, scope);
    try {
      if (!(await stored(cache, url)).response) await store(cache, url, await fetch(url, { cache: "no-cache" }));
    } catch {
      /* no network now: the next install (or a visit) stores it */
    }
  }
}

/** The site's own "You are offline" page (a plain one if even that is not stored). */
async function offlinePage(cache) {
  const page = (await stored(cache, OFFLINE_PAGE)).response;
  const headers = { "Content-Type": "text/html; charset=utf-8" };
  if (page) return new Response(await page.blob(), { status: 503, statusText: "Offline", headers });
  const text = "<!doctype html><meta charset=utf-8><title>You are offline</title><h1>You are offline</h1>" +
    "<p>This page is not stored in this browser, and there is no network. Reload it when the connection is back. " +
    "To have the whole site offline, connect once and press <em>Make available offline</em> at the foot of any page.</p>";
  return new Response(text, { status: 503, statusText: "Offline", headers });
}

// ---------------------------------------------------------------- messages from the pages
// {type: "keep", urls: [...], runtime: bool}: cache those of this release's files that are not
// cached yet; with `runtime`, also every file under assets/ (the scripts, the Python worker and
// what it imports, Python, its library, the wheel: the worker's own downloads are not in `urls`).
self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type !== "keep" || !Array.isArray(data.urls)) return;
  const urls = [...data.urls];
  if (data.runtime) urls.push(...PRECACHE.map((f) => f.url).filter((u) => u.startsWith("assets/")));
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      for (const raw of urls) {
        const url = new URL(raw, scope);
        url.search = "";
        url.hash = "";
        if (!entryFor(url) || (await stored(cache, url)).response) continue;
        try {
          await store(cache, url, await fetch(url, { cache: "no-cache" }));
        } catch {
          /* offline now: the file is kept the next time it is fetched */
        }
      }
    })(),
  );
});

// ---------------------------------------------------------------- answering requests
const isPage = (url) => url.pathname.endsWith("/") || url.pathname.endsWith(".html");

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== scope.origin || NEVER.has(url.pathname)) return;
  // A speculative prefetch is the browser's own business: Firefox fetches a page's <link
  // rel="next"> (the theme's next page) as it parses, and again when the link's address is set;
  // answered here, the second cancels the first and Firefox reports an error on the page.
  if (isPrefetch(request, url)) return;
  if (FRESH.has(url.pathname)) return event.respondWith(freshOrStored(request).then(isolated));
  const page = request.mode === "navigate" || isPage(url);
  event.respondWith((page ? networkFirst(event, request) : cacheFirst(event, request)).then(isolated));
});

/**
 * Whether ``request`` is the browser's speculative prefetch, not something a page asked for: marked
 * as one (Sec-Purpose, Purpose, X-Moz), or a page fetched with no destination in no-cors mode
 * (Firefox's <link rel="next">; a page's own fetch() is a cors one, a navigation a "document").
 */
function isPrefetch(request, url) {
  const purpose = `${request.headers.get("Sec-Purpose") || ""} ${request.headers.get("Purpose") || ""} ${request.headers.get("X-Moz") || ""}`;
  if (/\bprefetch\b/i.test(purpose)) return true;
  return request.destination === "" && request.mode === "no-cors" && isPage(url);
}

const ISOLATION = {
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Embedder-Policy": "require-corp",
  "Cross-Origin-Resource-Policy": "same-origin",
};

/**
 * ``response`` with the isolation headers (a redirect is passed on as it is: it has no body); a
 * stored copy that has them already (intact() stores them) is passed on as it is stored, so the
 * browser reads it from the cache itself rather than through a stream of this worker's.
 */
function isolated(response) {
  if (response.type === "opaqueredirect" || response.status === 0) return response;
  if (Object.entries(ISOLATION).every(([name, value]) => response.headers.get(name) === value)) return response;
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers: withIsolation(response.headers) });
}

/** A copy of ``headers`` with the isolation headers set. */
function withIsolation(headers) {
  const copy = new Headers(headers);
  for (const [name, value] of Object.entries(ISOLATION)) copy.set(name, value);
  return copy;
}

async function networkFirst(event, request) {
  const cache = await caches.open(CACHE);
  let response;
  try {
    response = await fetch(request);
  } catch (err) {
    const { response: copy } = await stored(cache, request);
    if (copy) return copy;
    if (request.mode === "navigate" || request.headers.get("accept")?.includes("text/html") || isPage(new URL(request.url))) {
      return offlinePage(cache);
    }
    throw err;
  }
  event.waitUntil(store(cache, request, response.clone()));
  return response;
}

/** The manifest: from the network, or the copy offline.js stored with the offline copy. */
async function freshOrStored(request) {
  try {
    return await fetch(request);
  } catch (err) {
    const copy = await (await caches.open(CACHE)).match(request, { ignoreSearch: true });
    if (copy) return copy;
    throw err;
  }
}

async function cacheFirst(event, request) {
  const cache = await caches.open(CACHE);
  // Versioned URLs (the wheel's ?v=hash) are stored without their query: one release, one file.
  const { response: copy, damaged } = await stored(cache, request);
  if (copy) return copy;
  let response;
  try {
    response = await fetch(request);
  } catch (err) {
    if (!damaged) throw err;
    return new Response(null, { status: 503, statusText: "Damaged offline copy", headers: { "X-Petteia-Problem": DAMAGED_OFFLINE } });
  }
  event.waitUntil(store(cache, request, response.clone()));
  return response;
}
