// Service worker: keeps the site usable with no network.
//
// site_scripts/build/hooks.py fills VERSION (a hash of every file of the built site), PRECACHE (the
// site's files with their sizes and SHA-256: the same list as site/offline-manifest.json) and
// INSTALL (the offline page and the files it needs) at build time. One cache per release,
// "petteia-<VERSION>"; a new release is a new sw.js, which takes over at once and deletes an older
// release's cache once no open page runs that release. A page and its files come from one release:
// see "a page and its files: one release" below.
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
// Another language's offline page ("it/offline.html": site_scripts/build/offline_page.py), by the
// folder of the addresses it stands in for ("it/").
const OFFLINE_PAGES = INSTALL.filter((p) => /^[a-z]{2}\/offline\.html$/.test(p))
  .map((p) => ({ folder: new URL(p.slice(0, 3), scope).pathname, url: new URL(p, scope) }));
/** The other language whose folder holds ``request``'s address ({folder, url}: its offline page), or undefined. */
const languageOf = (request) => OFFLINE_PAGES.find((p) => new URL(request.url).pathname.startsWith(p.folder));
const DAMAGED_OFFLINE =
  "stored in this browser is damaged, and there is no network to download it again: connect to the internet, then reload the page";

// The first worker takes over at once. A new release's waits until the reader accepts it: the page's
// notice (update-notice.js) sends {type: "skip-waiting"} and reloads when this one has taken over.
// Taking over at once, it took over tabs in the middle of their load (the Python worker's
// downloads then in the old worker's hands), and about one reload in ten never finished.
self.addEventListener("install", (event) => {
  event.waitUntil(storeOfflinePage().finally(() => self.registration.active || self.skipWaiting()));
});

// A new release takes over when the reader accepts it (skipWaiting, claim), but the caches of older releases are kept
// while a page of theirs is open (prune): such a page's files still come from its own release's
// cache, never from this one's, and the page is told that a new version is ready (update-notice.js).
self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      await self.clients.claim();
      await prune();
      for (const client of await self.clients.matchAll({ type: "window" })) client.postMessage({ type: "release", version: VERSION, activated: true });
    })(),
  );
})

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
  // The exact address first: a match that ignores the query reads every stored entry's address
  // (Chromium), which made each of a page's many module files wait on a warm visit.
  const cached = (await cache.match(request)) ?? (await cache.match(request, { ignoreSearch: true }));
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

/** The site's own "You are offline" page in the language of the address asked for (a plain one if
 * even that is not stored). */
async function offlinePage(cache, asked) {
  const own = languageOf(asked)?.url ?? OFFLINE_PAGE;
  const page = (await stored(cache, own)).response || (await stored(cache, OFFLINE_PAGE)).response;
  const headers = { "Content-Type": "text/html; charset=utf-8" };
  if (page) return new Response(await page.blob(), { status: 503, statusText: "Offline", headers });
  const text = "<!doctype html><meta charset=utf-8><title>You are offline</title><h1>You are offline</h1>" +
    "<p>This page is not stored in this browser, and there is no network. Reload it when the connection is back. " +
    "To have the whole site offline, connect once and press <em>Make available offline</em> at the foot of any page.</p>";
  return new Response(text, { status: 503, statusText: "Offline", headers });
}

/**
 * A page the network does not have (404), at an address in another language's folder ("it/"): that
 * language's "not found" page (site_scripts/build/not_found_page.py) in place of the server's,
 * which most hosts take from the site's one 404.html, the English one, at every address.
 */
async function notFoundPage(cache, request, response) {
  const folder = languageOf(request)?.folder;
  if (response.status !== 404 || !folder) return response;
  const url = new URL(folder + "404.html", scope);
  let page = (await stored(cache, url)).response;
  if (!page) {
    try {
      const fetched = await fetch(url);
      if (fetched.ok) page = fetched;
    } catch {
      /* the server's own answer will do */
    }
  }
  if (!page) return response;
  const headers = { "Content-Type": "text/html; charset=utf-8" };
  return new Response(await page.blob(), { status: 404, statusText: "Not Found", headers });
}

// ---------------------------------------------------------------- messages from the pages
// {type: "keep", urls: [...], runtime: bool}: cache those of this release's files that are not
// cached yet; with `runtime`, also every file under assets/ (the scripts, the Python worker and
// what it imports, Python, its library, the wheel: the worker's own downloads are not in `urls`).
// {type: "hand-over"}: the reader accepted a new release (update-notice.js), which takes over only
// once this worker has finished what it is doing (so Chromium does): the keeping stops now.
// {type: "hello", release}: the page says which release it runs (update-notice.js, when a worker
// takes control of it: a page loaded before any worker controlled it was never seen as it came);
// this worker records it and answers {type: "release", version}.
const handOver = new AbortController();
self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "skip-waiting") return self.skipWaiting();
  if (data.type === "hand-over") return handOver.abort();
  if (data.type === "hello" && typeof data.release === "string" && data.release && event.source) {
    event.waitUntil(rememberClient(event.source.id, data.release).then(prune));
    return event.source.postMessage({ type: "release", version: VERSION });
  }
  if (data.type !== "keep" || !Array.isArray(data.urls)) return;
  const urls = [...data.urls];
  if (data.runtime) urls.push(...PRECACHE.map((f) => f.url).filter((u) => u.startsWith("assets/")));
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      for (const raw of urls) {
        if (handOver.signal.aborted) break;
        const url = new URL(raw, scope);
        url.search = "";
        url.hash = "";
        if (!entryFor(url) || (await stored(cache, url)).response) continue;
        try {
          await store(cache, url, await fetch(url, { cache: "no-cache", signal: handOver.signal }));
        } catch {
          /* offline now, or handing over: the file is kept the next time it is fetched */
        }
      }
      await prune(); // the page that asked is known by now: an older release's cache may go
    })(),
  );
});

// ---------------------------------------------------------------- a page and its files: one release
// Every built page names its release (<meta name="petteia-release">, site_scripts/build/release.py). A
// tab is recorded with the release of the page it runs (its client id, kept in CLIENTS so that the
// next worker, or this one restarted, knows it too). A tab of this release gets this release's
// files (cache first); a tab of another release gets its release's stored files while that cache
// is kept, else the network's: never this release's stored ones (issue #34, defect 28).
const CLIENTS = "petteia.clients"; // not "petteia-…": it is no release's cache
const RELEASE_META = /<meta name="petteia-release" content="([^"]+)">/;
const clientReleases = new Map(); // client id -> release
const clientKey = (id) => new URL(`__petteia/client/${encodeURIComponent(id)}`, scope).href;

/** ``response`` (read whole if it is a page) and the release the page names (null if none). */
async function pageRelease(response) {
  const type = response.headers.get("content-type") || "";
  if (!response.ok || response.type === "opaqueredirect" || !type.includes("text/html")) return { page: response, release: null };
  const data = await response.arrayBuffer();
  const found = RELEASE_META.exec(new TextDecoder().decode(data));
  const page = new Response(data, { status: response.status, statusText: response.statusText, headers: response.headers });
  return { page, release: found ? found[1] : null };
}

/** Record that the client ``id`` runs a page of ``release``. */
async function rememberClient(id, release) {
  if (!id || clientReleases.get(id) === release) return;
  clientReleases.set(id, release);
  try {
    await (await caches.open(CLIENTS)).put(clientKey(id), new Response(JSON.stringify({ release, at: Date.now() })));
  } catch {
    /* storage full: this worker still knows it */
  }
}

/** The release of the page the client ``id`` runs (this worker's when not recorded). */
async function releaseOfClient(id) {
  return (id && (await recordedRelease(id))) || VERSION;
}

/** The release recorded for the client ``id``, or null. */
async function recordedRelease(id) {
  if (!clientReleases.has(id)) {
    let release = null;
    try {
      const record = await (await caches.open(CLIENTS)).match(clientKey(id));
      if (record) release = (await record.json()).release || null;
    } catch {
      /* no record */
    }
    if (!clientReleases.has(id) && release) clientReleases.set(id, release);
    return release;
  }
  return clientReleases.get(id);
}

/** A file for a page of the older or newer ``release``: its stored copy while kept, else the network's. */
async function fileOfRelease(request, release) {
  if (await caches.has(PREFIX + release)) {
    const copy = await (await caches.open(PREFIX + release)).match(request, { ignoreSearch: true });
    if (copy) return copy;
  }
  return fetch(request);
}

/**
 * Delete the caches of the releases no open page runs any more, and the records of closed tabs
 * (a record is kept a minute at least: a navigation records its tab before the tab exists).
 *
 * Only when every open client (tab, or worker a tab started) is known: a cache deleted while an
 * answer from it was still being read stalled that answer for good, and with it the page's load
 * (the reload that never finished, about one in ten, during a hand-over: issue #34, defect 28).
 */
async function prune() {
  const open = await self.clients.matchAll({ includeUncontrolled: true, type: "all" });
  const inUse = new Set([CACHE]);
  let unknown = false;
  for (const client of open) {
    const release = await recordedRelease(client.id);
    if (release) inUse.add(PREFIX + release);
    else unknown = true;
  }
  if (!unknown) {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && !inUse.has(name)) await caches.delete(name);
    }
  }
  const ids = new Set(open.map((c) => c.id));
  const records = await caches.open(CLIENTS);
  for (const key of await records.keys()) {
    const id = decodeURIComponent(key.url.slice(key.url.lastIndexOf("/") + 1));
    if (ids.has(id)) continue;
    const record = await records.match(key);
    const at = record ? (await record.json().catch(() => ({}))).at || 0 : 0;
    if (Date.now() - at > 60_000) {
      await records.delete(key);
      clientReleases.delete(id);
    }
  }
}

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
  event.respondWith(answer(event, request, url).then(isolated));
});

/** The answer to ``request``: files of the release of the page that asks, never another's. */
async function answer(event, request, url) {
  if (request.mode === "navigate") return navigation(event, request);
  const release = await releaseOfClient(event.clientId);
  // A worker the page starts (the Python worker) runs the page's release.
  if (event.resultingClientId) await rememberClient(event.resultingClientId, release);
  if (isPage(url)) return pageFetch(event, request, release);
  if (release !== VERSION) return fileOfRelease(request, release);
  return cacheFirst(event, request);
}

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

/**
 * A page the browser navigates to: from the network, else the stored copy, else the offline page.
 * A page of another release than this worker's is passed on, its tab recorded as of that release
 * (so none of its files comes from this worker's cache), and this worker looks for its update.
 */
async function navigation(event, request) {
  const cache = await caches.open(CACHE);
  let response;
  try {
    response = await fetch(request);
  } catch {
    await rememberClient(event.resultingClientId, VERSION);
    const { response: copy } = await stored(cache, request);
    return copy || offlinePage(cache, request);
  }
  response = await notFoundPage(cache, request, response);
  const { page, release } = await pageRelease(response);
  await rememberClient(event.resultingClientId, release || VERSION);
  if (release && release !== VERSION) {
    event.waitUntil(self.registration.update().catch(() => {}));
  } else {
    event.waitUntil(store(cache, request, page.clone()).then(prune));
  }
  return page;
}

/**
 * A page a page fetches (the theme's instant navigation, the offline download): from the network
 * if it is of the asking page's release; of another release, an error (409), on which the theme
 * loads it as a whole new page instead (its scripts then come with it); offline, the stored copy.
 */
async function pageFetch(event, request, release) {
  const own = release === VERSION;
  const cache = own || (await caches.has(PREFIX + release)) ? await caches.open(PREFIX + release) : null;
  let response;
  try {
    response = await fetch(request);
  } catch (err) {
    const { response: copy } = cache ? await stored(cache, request) : {};
    if (copy) return copy;
    if (request.headers.get("accept")?.includes("text/html") || isPage(new URL(request.url))) {
      return offlinePage(await caches.open(CACHE), request);
    }
    throw err;
  }
  const { page, release: its } = await pageRelease(response);
  if (its && its !== release) {
    event.waitUntil(self.registration.update().catch(() => {}));
    return new Response(null, { status: 409, statusText: "Another release of the site" });
  }
  if (own) event.waitUntil(store(cache, request, page.clone()));
  return page;
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
