// Entry point, loaded on every page (mkdocs.yml: extra_javascript, type: module).
//
// It only looks for live boards; the loader, the board code and the Python worker are fetched
// when a page has one. mkdocs-material's `document$` observable emits after the first load and
// after every instant-navigation page swap, while this module (and the worker it starts) lives
// on across those swaps.
import { registerServiceWorkerSoon } from "./offline.js";

// Duodecim scripta (dice, multi-step turns) has no live front end yet: its boards stay static.
const LIVE = ["explore", "puzzle", "play"]
  .map((m) => `figure.petteia-board[data-mode="${m}"]:not([data-ruleset="duodecim"])`)
  .join(", ");
let loader = null;
// The address's hash as loaded (a shared game on the play page), read before the theme's anchor
// tracking can rewrite it.
let startHash = location.hash;
let play = null; // play.js, once a page with the "Play against the computer" area was shown
let trainer = null; // trainer.js, once the puzzle trainer page was shown

async function onPage() {
  const figures = [...document.querySelectorAll(LIVE)];
  if (figures.length || loader) {
    loader ??= await import("./loader.js");
    loader.mountPage(figures); // also forgets the boards of the page we just left
  }
  const playRoot = document.getElementById("petteia-play");
  if (playRoot) {
    play ??= await import("./play.js");
    play.mountPlay(playRoot, startHash || location.hash);
    startHash = "";
  } else {
    play?.unmountPlay();
  }
  const trainerRoot = document.getElementById("petteia-trainer");
  if (trainerRoot) {
    trainer ??= await import("./trainer.js");
    trainer.mountTrainer(trainerRoot, startHash || location.hash);
    startHash = "";
  } else {
    trainer?.unmountTrainer();
  }
  if (!figures.length) registerServiceWorkerSoon();
}

if (window.document$ && typeof window.document$.subscribe === "function") {
  window.document$.subscribe(() => onPage());
} else {
  onPage();
}
