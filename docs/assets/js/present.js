// Present mode: one board (with its caption, its controls and its line of moves) shown alone, as
// large as the screen allows, in the projector palette of the play page's classroom mode (board.css:
// `.petteia-projector`), for the back of a classroom in a bright room.
//
// A Presenter belongs to one element (a page's figure, or the trainer's board with its puzzle) and
// owns its "Present" button. Entering adds `is-presenting` and `petteia-projector` to the element
// (a fixed layer over the page, site.css) and asks for full screen when the entry was a click; an
// address that asks for it (#present=<figure id>, present.js's presentTarget) opens the layer
// without full screen, as browsers allow full screen only after a click or a key: the hint line
// says "F: full screen". Keys while presenting: ArrowRight or Space play the next move of the line,
// ArrowLeft takes it back, Home and End go to its start and end (only for a board with a line: on
// other boards the arrows keep moving the board's keyboard cursor), F full screen, Escape leaves
// (also when the browser's own Escape ends full screen), Tab goes round the shown element's own
// controls (screen-mode.js). Leaving puts the focus back on the button, and takes "#present=…" out
// of the address (a reload then shows the page, not present mode; issue #34, 17).
// The same address followed on the page that is open (a "hashchange") presents too.
import { el } from "./dom.js";
import { t } from "./i18n.js";
import { ScreenMode } from "./screen-mode.js";

const ON = "is-presenting";
const PALETTE = "petteia-projector";
const PAGE = "petteia-presenting"; // on <html>: the page under the layer does not scroll
const FLAG = "present=";
const FIELDS = ["input", "select", "textarea", "[contenteditable]"].join(); // keys typed there are the field's
const PRESSABLE = ["button", "a", "summary"].join(); // Space presses them

/** The figure id an address asks to present ("#present=<id>"), or null. */
export function presentTarget(hash) {
  const h = (hash || "").replace(/^#/, "");
  return h.startsWith(FLAG) ? decodeURIComponent(h.slice(FLAG.length)) : null;
}

/** The address of a page's board opened in present mode (for links in lesson plans). */
export function presentHash(id) {
  return `#${FLAG}${encodeURIComponent(id)}`;
}

let active = null; // the one Presenter on screen
const presenters = new Set(); // those of the page on screen

// A change of the address on the same page: "#present=<id>" presents that board; another address
// (a link followed on the page) returns to the page.
window.addEventListener("hashchange", () => {
  const id = presentTarget(location.hash);
  if (!id) return active?.leave({ refocus: false });
  [...presenters].find((p) => p.target.id === id)?.enter();
});

/** What the callers' ``label`` may be, named here so that Babel puts them in the catalog. */
const LABELS = [t("this board"), t("the puzzle")];

/** A caller's ``label`` (English: "this board", "the puzzle") in the page's language. */
function presented(label) {
  return t(label) || LABELS[0];
}

export class Presenter {
  /**
   * @param {HTMLElement} target  the element shown alone
   * @param {object} opts
   *   steps: null, or { next(), back(), start(), end() } (a line's steps: the same calls as its buttons)
   *   focus: () => the element that gets the keyboard while presenting (the board)
   *   say: (text) => void, tells screen readers what happened
   *   label: what the button's title says is presented (t("this board"))
   */
  constructor(target, { steps = null, focus = null, say = null, label = t("this board") } = {}) {
    this.target = target;
    this.steps = steps;
    this.focusTarget = focus;
    this.say = say ?? (() => {});
    // Escape, full screen, and Tab kept inside the element while it is shown (screen-mode.js).
    this.mode = new ScreenMode(() => this.leave(), () => this.target);
    this.title = t("Show {what} alone, large and high-contrast, for a projector (Escape leaves)", { what: presented(label) });
    this.button = el("button", { type: "button", class: "petteia-btn petteia-present", "aria-pressed": "false",
      title: this.title }, t("Present"));
    this.button.addEventListener("click", () => (this.on ? this.leave() : this.enter({ fullscreen: true })));
    const keys = this.steps ? t("→ or Space: next move · ←: back · Home/End: start/end of the line · ") : "";
    this.hint = el("p", { class: "petteia-present-hint", "aria-hidden": "true" }, `${keys}${t("F: full screen · Esc: leave")}`);
    presenters.add(this);
    document.addEventListener("keydown", this.onStepKey, true); // before the board's cursor
  }

  /** Whether the element is shown alone now. */
  get on() {
    return this.mode.on;
  }

  /** Show the element alone; `fullscreen` only from a click or a key (browsers refuse it otherwise). */
  async enter({ fullscreen = false } = {}) {
    if (this.on) return;
    if (active && active !== this) active.leave({ refocus: false });
    active = this;
    this.mode.start();
    this.scrollY = window.scrollY;
    this.target.classList.add(ON, PALETTE);
    this.target.append(this.hint);
    document.documentElement.classList.add(PAGE);
    this.button.setAttribute("aria-pressed", "true");
    this.button.textContent = t("Leave");
    this.button.title = t("Leave present mode (Escape)");
    if (fullscreen) await this.mode.requestFullscreen();
    this.say(this.steps ? t("Present mode. Right arrow or Space plays the next move of the line, left arrow takes it back. Escape leaves.")
      : t("Present mode. Escape leaves."));
    (this.focusTarget?.() ?? this.button).focus({ preventScroll: true });
  }

  /** Back to the page, with the element where it was and the focus on the Present button. */
  leave({ refocus = true } = {}) {
    if (!this.on) return;
    this.mode.stop();
    if (active === this) active = null;
    this.target.classList.remove(ON, PALETTE);
    this.hint.remove();
    document.documentElement.classList.remove(PAGE);
    this.button.setAttribute("aria-pressed", "false");
    this.button.textContent = t("Present");
    this.button.title = this.title;
    if (!refocus) return; // the page is left, or the address asked for another
    if (presentTarget(location.hash)) history.replaceState(history.state, "", location.pathname + location.search);
    this.target.scrollIntoView({ block: "nearest" });
    this.button.focus({ preventScroll: true });
  }

  dispose() {
    this.leave({ refocus: false });
    presenters.delete(this);
    document.removeEventListener("keydown", this.onStepKey, true);
    this.mode.dispose();
  }

  // The line's keys, taken before the board's keyboard cursor sees them.
  onStepKey = (e) => {
    if (!this.on || e.altKey || e.ctrlKey || e.metaKey) return;
    const into = e.target;
    if (into?.closest?.(FIELDS)) return;
    if ((e.key === "f" || e.key === "F") && !e.shiftKey) {
      e.preventDefault();
      this.mode.requestFullscreen();
      return;
    }
    if (!this.steps) return;
    const step = { ArrowRight: "next", " ": "next", ArrowLeft: "back", Home: "start", End: "end" }[e.key];
    if (!step || (e.key === " " && into?.closest?.(PRESSABLE))) return; // Space presses a focused button
    e.preventDefault();
    e.stopPropagation();
    this.steps[step]();
  };
}
