// The reader's letters for the board's columns: the site's Greek (Α1, Δ4) or Latin by position, as
// in chess (a1, d4). Pupils who write squares on paper, and keyboards without Greek, ask for the
// Latin ones (issue #34, item 18). A button in the header switches; the choice is remembered.
//
// Only what the reader sees changes: the engine, the saved games, the friend links and the records
// keep the Greek names (petteia_core reads both, so a move typed as d1-d4 is played as Δ1-Δ4).
// With Latin letters on, every square name in the page's text and in the labels it reads aloud
// (a Greek capital Α–Μ followed by a row number) and every column letter under a board is written
// in Latin, as the page is drawn and as it changes (a MutationObserver: moves, captions, the
// move list, the review). Switched back, each text takes its Greek again.
import { t } from "./i18n.js";

const KEY = "petteia-square-letters";
const GREEK = "ΑΒΓΔΕΖΗΘΙΚΛΜ";
const LATIN = "abcdefghijkl";
/** A column letter starting a square name: a Greek capital Α–Μ, not inside a Greek word, before a digit. */
const SQUARE = /(?<![\u0370-\u03ff\u1f00-\u1fff])[\u0391-\u039c](?=\d)/g;
/** The one Greek capital of a column letter under a board (spaces around it allowed). */
const COLUMN = /(?<=^\s*)[\u0391-\u039c](?=\s*$)/;
const toLatin = (letter) => LATIN[GREEK.indexOf(letter)];
/** The attributes that carry words a reader sees or hears. */
const ATTRIBUTES = ["aria-label", "aria-description", "aria-valuetext", "title", "placeholder", "alt"];
/** Never rewritten: what the reader types or copies as a record, code, and this module's own button. */
const KEEP = ["textarea", "input", "script", "style", "[data-square-letters-keep]", ".square-letters-keep"].join(", ");

let latin = false;
let observer = null;
let button = null;
/** What was rewritten, to put back: [Text node, its Greek, its Latin] or [Element, attribute, Greek, Latin]. */
let rewritten = [];

/** The stored choice ("latin" or "greek"); Greek when nothing is stored or storage is refused. */
export function storedLetters() {
  try {
    return localStorage.getItem(KEY) === "latin" ? "latin" : "greek";
  } catch {
    return "greek";
  }
}

/** ``text`` with its square names in Latin letters (Δ4 → d4, Γ8-Γ3xΒ3 → c8-c3xb3). */
export function latinSquares(text) {
  return text.replace(SQUARE, toLatin);
}

/** A column letter under a board (a <text class="coord col"> holding one Greek capital). */
function isColumnLabel(node) {
  return node.parentElement?.matches?.("text.coord.col") ?? false;
}

function rewriteText(node) {
  const greek = node.data;
  const wanted = isColumnLabel(node) ? greek.replace(COLUMN, toLatin) : latinSquares(greek);
  if (wanted === greek) return;
  node.data = wanted;
  rewritten.push([node, greek, wanted]);
}

function rewriteAttributes(element) {
  for (const name of ATTRIBUTES) {
    const greek = element.getAttribute(name);
    if (!greek) continue;
    const wanted = latinSquares(greek);
    if (wanted === greek) continue;
    element.setAttribute(name, wanted);
    rewritten.push([element, name, greek, wanted]);
  }
}

/** Rewrite ``root`` and everything under it (not what KEEP protects). */
function rewrite(root) {
  if (root.nodeType === Node.TEXT_NODE) {
    if (!root.parentElement?.closest(KEEP)) rewriteText(root);
    return;
  }
  if (root.nodeType !== Node.ELEMENT_NODE || root.closest(KEEP)) return;
  rewriteAttributes(root);
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
    acceptNode: (node) =>
      node.nodeType === Node.ELEMENT_NODE && node.matches(KEEP) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT,
  });
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeType === Node.TEXT_NODE) rewriteText(node);
    else rewriteAttributes(node);
  }
  // Forget what has left the page (instant navigation, a redrawn board).
  if (rewritten.length > 4000) rewritten = rewritten.filter(([node]) => node.isConnected);
}

function onMutations(records) {
  for (const record of records) {
    if (record.type === "childList") record.addedNodes.forEach(rewrite);
    else if (record.type === "characterData") rewrite(record.target);
    else if (record.type === "attributes" && !record.target.closest(KEEP)) rewriteAttributes(record.target);
  }
}

/** Put every rewritten text and label that is still as this module left it back in Greek. */
function restoreGreek() {
  for (const entry of rewritten) {
    if (entry.length === 3) {
      const [node, greek, wanted] = entry;
      if (node.data === wanted) node.data = greek;
    } else {
      const [element, name, greek, wanted] = entry;
      if (element.getAttribute(name) === wanted) element.setAttribute(name, greek);
    }
  }
  rewritten = [];
}

/** Use Latin (``on``) or Greek letters from now on, on this page and, remembered, on every next one. */
export function useLatin(on) {
  latin = on;
  document.documentElement.dataset.squareLetters = on ? "latin" : "greek";
  if (on && !observer) {
    observer = new MutationObserver(onMutations);
    observer.observe(document.body, {
      subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ATTRIBUTES,
    });
    rewrite(document.body);
  } else if (!on && observer) {
    observer.disconnect();
    observer = null;
    restoreGreek();
  }
  showChoice();
}

function showChoice() {
  if (!button) return;
  button.textContent = latin ? "d4" : "Δ4";
  button.setAttribute("aria-pressed", String(latin));
}

function remember(letters) {
  try {
    localStorage.setItem(KEY, letters);
  } catch {
    /* not remembered: this page still switches */
  }
}

/** The header's button (once: instant navigation keeps the header), and the stored choice applied. */
export function mountSquareLetters() {
  const palette = document.querySelector("form[data-petteia-palette]");
  if (palette && !button) {
    button = document.createElement("button");
    button.type = "button";
    button.className = "md-header__button petteia-square-letters";
    button.dataset.squareLettersKeep = "";
    const label = t("Latin letters for the squares (d4 for Δ4)");
    button.setAttribute("aria-label", label);
    button.title = label;
    button.addEventListener("click", () => {
      remember(latin ? "greek" : "latin");
      useLatin(!latin);
    });
    palette.before(button);
  }
  if (storedLetters() === "latin" && !latin) useLatin(true);
  else showChoice();
}
