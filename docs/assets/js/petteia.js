// Entry point, loaded on every page (mkdocs.yml: extra_javascript, type: module).
//
// It only looks for live boards; the loader, the board code and the Python worker are fetched
// when a page has one. mkdocs-material's `document$` observable emits after the first load and
// after every instant-navigation page swap, while this module (and the worker it starts) lives
// on across those swaps.
import { repairTheme } from "./a11y.js";
import { mountOffline, registerServiceWorkerSoon } from "./offline.js";
import { moduleFailure, plainWords } from "./module-check.js";
import { mountPalette } from "./palette.js";
import { mountLanguageChoice } from "./language-choice.js";

// Every live board, Duodecim scripta included, is a FenceBoard (fence-board.js).
const LIVE = ["explore", "puzzle", "play"].map((m) => `figure.petteia-board[data-mode="${m}"]`).join(", ");
let loader = null;
// The address's hash as loaded (a shared game on the play page), read before the theme's anchor
// tracking can rewrite it.
let startHash = location.hash;
// The same for instant navigation: the theme may rewrite the hash (anchor tracking) before the new
// page is mounted, so remember the hash of the link that was followed, with its page.
let linkHash = { path: "", hash: "" };
document.addEventListener(
  "click",
  (event) => {
    const a = event.target.closest?.("a[href]");
    if (!a) return;
    const url = new URL(a.href, location.href);
    if (url.origin === location.origin) linkHash = { path: url.pathname, hash: url.hash };
  },
  true,
);

/** The hash this page was opened with (page load or followed link), used once. */
function openingHash() {
  const hash = startHash || (linkHash.path === location.pathname ? linkHash.hash : "") || location.hash;
  startHash = "";
  linkHash = { path: "", hash: "" };
  return hash;
}
let play = null; // play/main.js, once a page with the "Play against the computer" area was shown
let trainer = null; // trainer/main.js, once the puzzle trainer page was shown
// The teachers' tools (issue #22) and the rules workshop: a page with the element `id` gets the module's mount(root, hash);
// every other page its unmount(). None waits for Python to mount (the workshop connects to it itself).
const TOOLS = [
  { id: "petteia-assignments", path: "./assignment-builder/main.js", module: null },
  { id: "petteia-class-table", path: "./class-table/main.js", module: null },
  { id: "petteia-offline-check", path: "./offline-check.js", module: null }, // teachers/check: what is stored
  { id: "petteia-stored-pages", path: "./offline-stored.js", module: null }, // offline.html: links to what is
  { id: "petteia-workshop", path: "./workshop/main.js", module: null }, // the rules workshop (issue #15)
];

// A page's modules are small: one that has not arrived after this long is named (its import graph
// is walked again, each file given a few seconds), though the page still takes it if it comes later.
const MODULE_WAIT_MS = () => Number(window.__petteiaModuleWaitMs) || 8000;

// The page's catalog of words (i18n.js's wordsReady) is loaded first, and every module of this
// folder that speaks after it, so that their words are in the page's language from the start:
// null once it is in, or the error that kept it out (named by importModule). After MODULE_WAIT_MS
// the page goes on without waiting (it speaks English until the catalog comes). Not a static
// import: this module must run (and name a missing file) even where the catalog will not load.
const i18nURL = new URL("./i18n.js", import.meta.url);
const wordsLoaded = Promise.race([
  import("./i18n.js").then((m) => m.wordsReady).then(() => null, (err) => err ?? new Error("i18n.js")),
  new Promise((resolve) => setTimeout(() => resolve(null), MODULE_WAIT_MS())),
]);

// "A new version of this site is ready", when a new release takes over. Loaded on its own: it speaks
// through the catalog.
wordsLoaded.then(() => import("./update-notice.js")).then((m) => m.watchForUpdates(), () => {});

let shown = 0; // pages shown so far: a page set-up still waiting for a module gives way to a newer one

async function onPage() {
  const page = ++shown;
  const stale = () => page !== shown; // the reader followed a link while this page was being set up
  const hash = openingHash();
  repairTheme(); // names and keyboard access the theme's markup lacks
  mountOffline(); // the "Make available offline" button: in the footer, and where a page asks for it
  const figures = [...document.querySelectorAll(LIVE)];
  const playRoot = document.getElementById("petteia-play");
  const trainerRoot = document.getElementById("petteia-trainer");
  if (figures.length || playRoot || trainerRoot) startPythonEarly();
  try {
    if (figures.length || loader) {
      loader ??= await importModule("./loader.js");
      if (stale()) return;
      loader.mountPage(figures, hash); // also forgets the boards of the page we just left
    }
    if (playRoot) {
      play ??= await importModule("./play/main.js");
      if (stale()) return;
      play.mountPlay(playRoot, hash);
    } else {
      play?.unmountPlay();
    }
    if (trainerRoot) {
      trainer ??= await importModule("./trainer/main.js");
      if (stale()) return;
      trainer.mountTrainer(trainerRoot, hash);
    } else {
      trainer?.unmountTrainer();
    }
    for (const tool of TOOLS) {
      const root = document.getElementById(tool.id);
      if (root) {
        tool.module ??= await importModule(tool.path);
        if (stale()) return;
        tool.module.mount(root, hash);
      } else {
        tool.module?.unmount();
      }
    }
  } catch (err) {
    const tools = TOOLS.map((t) => document.getElementById(t.id));
    if (!stale()) showLoadFailure(err.message, figures, [playRoot, trainerRoot, ...tools]);
  }
  if (!figures.length) registerServiceWorkerSoon();
}

/** Start the Python worker while the boards' modules are still arriving: worker-client.js's
 * imports are few, the loader's many, and Python's load is the longest wait of a page. The boards
 * connect to the same worker (getClient starts one only); its failure is reported to them. */
function startPythonEarly() {
  wordsLoaded.then(() => import("./worker-client.js")).then((m) => m.getClient().catch(() => {}), () => {});
}


/** import() of one of this folder's modules; a failure, or a module still not there after
 * MODULE_WAIT_MS, names the file that failed (or hangs), and what to do. A module that arrives
 * late sets the page up then, if the reader is still on it. */
async function importModule(path) {
  const url = new URL(path, import.meta.url);
  const wordsFailed = await wordsLoaded;
  if (wordsFailed) throw new Error(await moduleFailure(i18nURL, wordsFailed, plainWords));
  const loading = import(path);
  let timer = 0;
  const late = new Promise((resolve) => (timer = setTimeout(() => resolve(LATE), MODULE_WAIT_MS())));
  let module;
  try {
    module = await Promise.race([loading, late]);
  } catch (err) {
    throw new Error(await moduleFailure(url, err, await pageWords()));
  } finally {
    clearTimeout(timer);
  }
  if (module !== LATE) return module;
  const page = shown;
  loading.then(() => page === shown && onPage(), () => {});
  throw new Error(await moduleFailure(url, null, await pageWords()));
}
const LATE = Symbol("late");

/** The page's t() (i18n.js and its catalog), or English words if that is what failed to load. */
async function pageWords() {
  try {
    const words = await import("./i18n.js");
    await words.wordsReady;
    return words.t;
  } catch {
    return plainWords;
  }
}

/** Tell the reader, on every board and in the play page or trainer, that this page's code did not load. */
async function showLoadFailure(message, figures, roots) {
  const t = await pageWords();
  const note = (cls, text) => {
    const p = document.createElement("p");
    p.className = cls;
    p.dataset.kind = "error";
    p.setAttribute("role", "alert");
    p.textContent = text;
    return p;
  };
  for (const figure of figures) {
    if (figure.classList.contains("is-error")) continue;
    figure.classList.add("is-error");
    figure.insertBefore(
      note("petteia-status",
        t("This board could not be made interactive: {message}. The diagram above still shows the position.", { message })),
      figure.querySelector("figcaption"));
  }
  for (const root of roots) {
    const cls = { "petteia-play": "play-status", "petteia-trainer": "trainer-status" }[root?.id] ?? "tool-status";
    if (root) root.replaceChildren(note(cls, t("This page could not start: {message}.", { message })));
  }
}

// The squares' letters (Greek or Latin): loaded on its own, as it speaks through the catalog.
wordsLoaded.then(() => import("./square-letters.js")).then((m) => m.mountSquareLetters(), () => {});
mountLanguageChoice(); // the language selector loads the chosen page in full; the choice is remembered
mountPalette(); // the header's light/dark toggle, at once: it is on screen before the page is loaded

if (window.document$ && typeof window.document$.subscribe === "function") {
  window.document$.subscribe(() => onPage());
} else {
  onPage();
}
