// Offline use: registers the service worker (sw.js at the site root, so its scope is the whole
// site) and runs the "Make available offline" button.
//
// * registerServiceWorkerSoon(): registration waits until the page has settled (its boards are
//   live, or a few seconds passed) so it never competes with the page's own downloads; once the
//   worker is active the page sends it the list of files it has already loaded ("keep").
// * mountOffline(): fills every [data-petteia-offline] element of the page, and a small copy in
//   the footer, with the button, a progress bar and a status line. The button downloads every
//   file of offline-manifest.json (written at build time by site_scripts/build/offline_build.py) into
//   the service worker's cache for this release, "petteia-<version>", four at a time, and shows
//   "n of N files, x of y MB", then a clear done or failed message. Each stored file is checked
//   against the manifest (size and SHA-256, as sw.js does): a damaged copy is downloaded again,
//   and the done message names what was repaired.
//
// Its words come from the page's catalog (i18n.js), loaded on the side: this module is part of every
// page's entry (petteia.js), and a page without boards need not wait for the catalog to start. The
// widgets are drawn once the words are there (English if the catalog cannot be loaded).
import { onClassroomServer } from "./site-address.js";
import { fill } from "./fill.js";

let t = (text, vars) => fill(text, vars);
let tn = (one, many, n, vars) => fill(n === 1 ? one : many, { n, ...vars });
const wordsLoaded = import("./i18n.js").then(async (m) => {
  await m.wordsReady;
  ({ t, tn } = m);
}).catch(() => {});

const root = new URL("../../", import.meta.url); // assets/js/ -> the site root
const CONCURRENCY = 4;
const STORE = "petteia-offline-v1";
let registration = null;
let requested = false;

const supported = () => "serviceWorker" in navigator && "caches" in window && window.isSecureContext;
const mb = (bytes) => (bytes / 1e6).toFixed(1);

function register() {
  registration ??= navigator.serviceWorker.register(new URL("sw.js", root), { scope: root.pathname })
    .catch((err) => {
      registration = null; // a failed registration (offline, say) is tried again later
      throw err;
    });
  return registration;
}

/** Register the worker after ``delay`` ms; ``runtime``: this page runs Python, keep the runtime too. */
export function registerServiceWorkerSoon(delay = 2000, { runtime = false } = {}) {
  if (requested || !("serviceWorker" in navigator) || window.__petteiaNoServiceWorker) return;
  requested = true;
  setTimeout(async () => {
    try {
      await register();
      const reg = await navigator.serviceWorker.ready;
      // The files the page loaded before the worker controlled it (the Python worker's own
      // downloads are not in this list: `runtime` asks for the whole runtime folder instead).
      const urls = [location.href, ...performance.getEntriesByType("resource").map((e) => e.name)];
      reg.active?.postMessage({ type: "keep", runtime, urls: urls.filter((u) => u.startsWith(root.origin)) });
    } catch (err) {
      console.warn("Petteia: no offline copy (service worker not registered):", err);
      // Offline before the worker was registered: try again when the network is back.
      requested = false;
      window.addEventListener("online", () => registerServiceWorkerSoon(delay, { runtime }), { once: true });
    }
  }, delay);
}

// ---------------------------------------------------------------- the download
const job = { state: "idle", done: 0, total: 0, bytes: 0, totalBytes: 0, message: "", listeners: new Set() };

function emit(patch) {
  Object.assign(job, patch);
  for (const fn of job.listeners) fn(job);
}

async function readManifest() {
  const response = await fetch(new URL("offline-manifest.json", root), { cache: "no-store" });
  if (!response.ok) throw new Error(t("the list of files could not be read (HTTP {status})", { status: response.status }));
  const manifest = await response.json();
  if (!manifest || !Array.isArray(manifest.files) || !manifest.version) throw new Error(t("the list of files is malformed"));
  return manifest;
}

/** Cached paths of this release (without their query strings). */
async function cachedPaths(cache) {
  return new Set((await cache.keys()).map((r) => new URL(r.url).pathname));
}

const pathOf = (url) => new URL(url, root).pathname;
const nameOf = (file) => (file.url === "./" ? t("the home page") : file.url);

async function sha256(data) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", data));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Whether ``response``'s body is the manifest's ``file``: its size and SHA-256 (as sw.js checks). */
async function intact(response, file) {
  const data = await response.clone().arrayBuffer();
  return data.byteLength === file.bytes && (await sha256(data)) === file.sha256;
}

/** Check every stored copy of ``file`` (keys with and without a query): delete the damaged ones. */
async function checkStored(cache, file, keysByPath) {
  let good = false;
  let damaged = false;
  for (const key of keysByPath.get(pathOf(file.url)) || []) {
    const copy = await cache.match(key);
    if (copy && (await intact(copy, file))) {
      good = true;
    } else {
      damaged = true;
      await cache.delete(key);
    }
  }
  return { good, damaged };
}

/** Download ``file`` and store it; a failed or damaged download is an error naming it. */
async function download(cache, file) {
  const url = new URL(file.url, root);
  let response;
  try {
    response = await fetch(url, { cache: "no-cache" });
  } catch {
    throw new Error(t("{file} could not be downloaded (no network?)", { file: nameOf(file) }));
  }
  if (!response.ok) throw new Error(t("{file} could not be downloaded (HTTP {status})", { file: nameOf(file), status: response.status }));
  if (!(await intact(response, file))) throw new Error(t("{file} arrived damaged (not the file of this version)", { file: nameOf(file) }));
  await cache.put(url, response);
}

/** The stored keys of ``cache``, grouped by path (a versioned file may be stored with its query). */
async function keysByPath(cache) {
  const map = new Map();
  for (const key of await cache.keys()) {
    const path = new URL(key.url).pathname;
    map.set(path, [...(map.get(path) || []), key]);
  }
  return map;
}

/** Download every file of the manifest into the release's cache, reporting progress; repair damaged copies. */
export async function makeAvailableOffline() {
  if (job.state === "running") return;
  if (!supported()) {
    emit({ state: "failed", message: t("This browser cannot keep an offline copy here (it needs service workers, which need HTTPS or localhost). Download the archive instead.") });
    return;
  }
  emit({ state: "running", done: 0, total: 0, bytes: 0, totalBytes: 0, message: t("Preparing…") });
  try {
    await register();
    await navigator.serviceWorker.ready;
    const manifest = await readManifest();
    const cache = await caches.open(`petteia-${manifest.version}`);
    // The list itself, so that the page can tell what is stored when there is no network.
    await cache.put(new URL("offline-manifest.json", root),
      new Response(JSON.stringify(manifest), { headers: { "Content-Type": "application/json" } }));
    const keys = await keysByPath(cache);
    const files = manifest.files;
    emit({ total: files.length, totalBytes: manifest.bytes });
    let next = 0;
    let done = 0;
    let bytes = 0;
    const repaired = [];
    let stop = false; // one file failed: the others stop too, and say nothing more
    const worker = async () => {
      while (next < files.length && !stop) {
        const file = files[next++];
        const { good, damaged } = await checkStored(cache, file, keys);
        if (!good) {
          await download(cache, file);
          if (damaged) repaired.push(nameOf(file));
        }
        if (stop) return;
        done += 1;
        bytes += file.bytes;
        emit({ done, bytes, message: progressText(done, files.length, bytes, manifest.bytes) });
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, () => worker().catch((err) => {
      stop = true;
      throw err;
    })));
    const now = await cachedPaths(cache);
    const lost = files.filter((f) => !now.has(pathOf(f.url)));
    if (lost.length) {
      throw new Error(tn("{n} file was not kept (is the browser's storage full?)", "{n} files were not kept (is the browser's storage full?)", lost.length));
    }
    try {
      await navigator.storage?.persist?.(); // ask the browser not to evict the copy
      localStorage.setItem(STORE, manifest.version);
    } catch {
      /* private mode: the copy still works, we just cannot remember it */
    }
    const stored = t("Done: all {n} files ({mb} MB) are stored in this browser.", { n: files.length, mb: mb(manifest.bytes) });
    const works = t("The whole site, live boards included, now works without a network.");
    emit({ state: "done", message: `${stored}${repairedText(repaired)} ${works}` });
  } catch (err) {
    emit({ state: "failed", message: t("Failed: {reason}. What was downloaded is kept; press the button again to finish.", { reason: err.message }) });
  }
}

/** " Repaired 2 damaged files: a, b." (or nothing). */
function repairedText(names) {
  if (!names.length) return "";
  const list = names.sort().join(", ");
  return " " + tn("Repaired {n} damaged file: {list}.", "Repaired {n} damaged files: {list}.", names.length, { list });
}

/** What the button will store, and how long it takes ("Stores 111 files, 21.7 MB: …"). */
export function sizeText(manifest) {
  const seconds = (mbits) => (manifest.bytes * 8) / (mbits * 1e6);
  const words = (s) => (s < 90 ? tn("{n} second", "{n} seconds", Math.max(5, Math.round(s / 5) * 5))
    : tn("{n} minute", "{n} minutes", Math.round(s / 60)));
  const what = t("The button stores the whole site in this browser: {files} files, {mb} MB.", { files: manifest.files.length, mb: mb(manifest.bytes) });
  const fast = words(seconds(10));
  const slow = words(seconds(2));
  const takes = t("That takes about {fast} on a school network (10 Mbit/s), {slow} on a slow one (2 Mbit/s).", { fast, slow });
  return `${what} ${takes}`;
}

function progressText(done, total, bytes, totalBytes) {
  return t("Saving for offline use: {done} of {total} files, {mb} of {totalMb} MB.", { done, total, mb: mb(bytes), totalMb: mb(totalBytes) });
}

/** What is stored already (shown when a widget appears): "done", "partial" or "none". */
async function showStored() {
  if (!supported() || job.state === "running") return;
  try {
    const manifest = await readManifest();
    const have = (await caches.has(`petteia-${manifest.version}`))
      ? await cachedPaths(await caches.open(`petteia-${manifest.version}`)) : new Set();
    const n = manifest.files.filter((f) => have.has(pathOf(f.url))).length;
    if (job.state === "running") return;
    if (!n && job.state === "idle") emit({ message: sizeText(manifest) });
    if (n === manifest.files.length) {
      emit({ state: "done", done: n, total: n, bytes: manifest.bytes, totalBytes: manifest.bytes,
        message: t("Available offline: all {n} files ({mb} MB) of this version are stored in this browser.", { n, mb: mb(manifest.bytes) }) });
    } else if (n && job.state === "idle") {
      emit({ message: t("{n} of {total} files (what you have opened so far) are stored in this browser.", { n, total: manifest.files.length }) });
    }
  } catch {
    /* offline without a stored list: say nothing */
  }
}

// ---------------------------------------------------------------- the widgets
function widget(host, compact) {
  host.classList.add("petteia-offline");
  host.classList.toggle("is-compact", compact);
  if (onClassroomServer(location)) {
    // The classroom server over plain http: the button could only fail, and nothing needs storing
    // (issue #34, item 15). The page's own place says so; the footer's stays empty.
    host.dataset.state = "classroom";
    const note = document.createElement("p");
    note.className = "petteia-offline-status";
    note.textContent = compact ? "" : t("Not needed on this device: it uses the classroom server of this room, which must stay on during the lesson.");
    host.replaceChildren(note);
    host.hidden = compact;
    return;
  }
  const button = document.createElement("button");
  button.type = "button";
  button.className = compact ? "petteia-offline-button" : "md-button md-button--primary petteia-offline-button";
  button.textContent = t("Make available offline");
  const progress = document.createElement("progress");
  progress.className = "petteia-offline-progress";
  progress.hidden = true;
  progress.setAttribute("aria-label", t("Offline download"));
  const status = document.createElement("p");
  status.className = "petteia-offline-status";
  if (!compact || !document.querySelector(".md-content [data-petteia-offline]")) {
    status.setAttribute("role", "status"); // one live region per page
    status.setAttribute("aria-live", "polite");
  }
  host.replaceChildren(button, progress, status);
  button.addEventListener("click", () => makeAvailableOffline());
  const render = (j) => {
    if (!host.isConnected) return job.listeners.delete(render);
    button.disabled = j.state === "running";
    button.textContent = j.state === "done" ? t("Check the offline copy again")
      : j.state === "failed" ? t("Try again") : t("Make available offline");
    progress.hidden = !(j.state === "running" && j.total);
    progress.max = j.totalBytes || 1;
    progress.value = j.bytes;
    status.textContent = j.message;
    host.dataset.state = j.state;
  };
  job.listeners.add(render);
  render(job);
}

/** Fill the page's [data-petteia-offline] placeholders and the footer (again after each page swap),
 * once the page's words are loaded. */
export async function mountOffline() {
  await wordsLoaded;
  for (const host of document.querySelectorAll(".md-content [data-petteia-offline]")) {
    if (!host.querySelector(".petteia-offline-button")) widget(host, false);
  }
  const footer = document.querySelector(".md-footer-meta__inner");
  if (footer && !footer.querySelector(".petteia-offline")) {
    const host = document.createElement("div");
    footer.append(host);
    widget(host, true);
  }
  showStored();
}
