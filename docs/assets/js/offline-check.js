// What this browser has stored for use without a network, compared with the list of the site's
// files (offline-manifest.json, written at build time by site_scripts/build/offline_build.py; the same
// list the service worker, docs/sw.js, keeps in its cache "petteia-<version>").
//
// Two uses, each a page's tool (petteia.js mounts it where its element is):
// * the teachers' check page (docs/teachers/check.md, #petteia-offline-check): on each device it
//   says "Everything for the lessons is stored here", or what is missing and how to fix it;
// * the offline page (site/offline.html, #petteia-stored-pages; offline-stored.js) lists links to
//   the pages that are stored, so a reader offline can go on reading.
import { onClassroomServer } from "./site-address.js";
import { t, tn } from "./i18n.js";

const root = new URL("../../", import.meta.url); // assets/js/ -> the site root
const mb = (bytes) => (bytes / 1e6).toFixed(1);
const isPage = (url) => url === "./" || url.endsWith("/") || url.endsWith(".html");
// The offline pages of every language ("offline.html", "it/offline.html") and the 404 page are not for reading.
const notReading = (rel) => /(^|\/)(404|offline)\.html$/.test(rel);

/** The manifest (from the network, or the copy stored with the offline copy), or null. */
async function readManifest() {
  try {
    const response = await fetch(new URL("offline-manifest.json", root), { cache: "no-store" });
    return response.ok ? await response.json() : null;
  } catch {
    return null;
  }
}

/** The title of a stored page (its <title> without the site's name), or its address. */
async function titleOf(cache, key) {
  try {
    const html = await (await cache.match(key)).text();
    const title = new DOMParser().parseFromString(html.slice(0, 4000), "text/html").title;
    return title.replace(/ - Petteia$/, "") || key;
  } catch {
    return key;
  }
}

/**
 * What is stored: { supported, version, total, totalBytes, missing: [{url, bytes}], missingBytes,
 * pages: [{url, title}] (the stored pages, for reading), missingPages: [url] }. Without a manifest
 * (offline and nothing stored) `version` is null and only the pages found in the site's caches are listed.
 */
export async function storedState() {
  if (!("caches" in window) || !window.isSecureContext) return { supported: false };
  const manifest = await readManifest();
  let names = (await caches.keys()).filter((n) => n.startsWith("petteia-") && n !== "petteia-offline-v1");
  if (manifest?.version) names = names.filter((n) => n === `petteia-${manifest.version}`);
  const have = new Map(); // path -> [cache, request]
  for (const name of names) {
    const cache = await caches.open(name);
    for (const key of await cache.keys()) have.set(new URL(key.url).pathname, [cache, key]);
  }
  const pathOf = (url) => new URL(url, root).pathname;
  const files = manifest?.files ?? [];
  const missing = files.filter((f) => !have.has(pathOf(f.url)));
  const pages = [];
  for (const [path, [cache, key]] of have) {
    const rel = path.slice(root.pathname.length) || "./";
    if (!isPage(rel) || notReading(rel)) continue;
    pages.push({ url: new URL(rel, root).href, rel, title: rel === "./" ? t("Home page") : await titleOf(cache, key) });
  }
  pages.sort((a, b) => (a.rel === "./" ? -1 : b.rel === "./" ? 1 : a.rel.localeCompare(b.rel)));
  return {
    supported: true,
    version: manifest?.version ?? null,
    total: files.length,
    totalBytes: manifest?.bytes ?? 0,
    missing,
    missingBytes: missing.reduce((n, f) => n + f.bytes, 0),
    missingPages: missing.filter((f) => isPage(f.url) && !notReading(f.url)).map((f) => f.url),
    pages,
  };
}

/** A list of links to pages. */
export function pageList(pages) {
  const ul = document.createElement("ul");
  ul.className = "petteia-stored-pages";
  for (const p of pages) {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = p.url;
    a.textContent = p.title;
    li.append(a);
    ul.append(li);
  }
  return ul;
}

// ---------------------------------------------------------------- the check page
let mounted = null;

/** The check page: the verdict for this device, and the list of what is missing. */
export async function mount(rootEl) {
  mounted = rootEl;
  const say = (kind, ...nodes) => {
    if (mounted !== rootEl) return;
    rootEl.dataset.state = kind;
    rootEl.replaceChildren(...nodes);
  };
  const p = (text, cls = "") => Object.assign(document.createElement("p"), { textContent: text, className: cls });
  if (onClassroomServer(location)) {
    // A pupil's device on the classroom server (plain http on the room's network): browsers keep
    // no offline copy from such an address, and none is needed (issue #34, item 15).
    say("classroom", p(t("This device opens the site from the classroom server, {host} (a computer in this room running serve.py). Nothing needs to be stored here: the lessons work on this device as long as that computer and its serve.py stay on, and this device stays on the same network (Wi-Fi).",
      { host: root.host }), "petteia-check-verdict"),
    p(t("Browsers store a site for use without a network only from an https address or from the computer that serves it, so “Make available offline” is not offered here.")));
    for (const fix of document.querySelectorAll(".petteia-offline-fix")) fix.hidden = true; // the button and its words
    return;
  }
  say("checking", p(t("Checking what this browser has stored…")));
  const s = await storedState();
  if (!s.supported) {
    say("unsupported", p(t("This browser cannot keep an offline copy of this site here (it needs HTTPS or a classroom server on this machine). Use the classroom download on the hosting page instead."),
      "petteia-check-verdict"));
    return;
  }
  if (!s.version) {
    say("unknown", p(t("This device cannot tell what is stored: it is offline, and the list of the site's files was never stored here. Connect once and press “Make available offline”."),
      "petteia-check-verdict"));
    return;
  }
  if (!s.missing.length) {
    say("complete", p(t("Everything for the lessons is stored here: all {total} files of the site ({mb} MB), the live boards and the puzzle trainer included. This device works without a network.",
      { total: s.total, mb: mb(s.totalBytes) }), "petteia-check-verdict"));
    return;
  }
  const verdict = t("Not everything is stored here yet: {n} of {total} files ({mb} of {totalMb} MB) are missing. With a network, press “Make available offline” below, then check again.",
    { n: s.missing.length, total: s.total, mb: mb(s.missingBytes), totalMb: mb(s.totalBytes) });
  const nodes = [p(verdict, "petteia-check-verdict")];
  const others = s.missing.length - s.missingPages.length;
  const pages = s.missingPages.length;
  if (s.missing.length === s.total) {
    nodes.push(p(t("Nothing of this version of the site is stored in this browser yet.")));
  } else if (pages && others) {
    nodes.push(p(tn("Not stored: this page and {others} other files (scripts, styles, the Python engine of the live boards).",
      "Not stored: these {n} pages and {others} other files (scripts, styles, the Python engine of the live boards).", pages, { others })));
  } else if (pages) {
    nodes.push(p(tn("Not stored: this page.", "Not stored: these {n} pages.", pages)));
  } else {
    nodes.push(p(tn("Not stored: {n} file (scripts, styles, the Python engine of the live boards); every page is stored.",
      "Not stored: {n} files (scripts, styles, the Python engine of the live boards); every page is stored.", others)));
  }
  if (pages && s.missing.length !== s.total) {
    nodes.push(pageList(s.missingPages.map((rel) => ({ url: new URL(rel, root).href, title: rel === "./" ? t("Home page") : rel }))));
  }
  say("missing", ...nodes);
}

export function unmount() {
  mounted = null;
}
