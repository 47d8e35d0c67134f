// The spoken line of a board: a visually hidden element that screen readers read whenever its
// text changes (the board shows the same on screen).
import { el } from "./dom.js";

export class Announcer {
  constructor() {
    this.node = el("p", { class: "petteia-sr-only", "aria-live": "polite", "aria-atomic": "true" });
  }

  /** Say `text` (cleared first, so the same sentence twice is still read). */
  say(text) {
    this.node.textContent = "";
    requestAnimationFrame(() => (this.node.textContent = text));
  }
}
