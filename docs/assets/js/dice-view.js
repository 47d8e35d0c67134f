// Two dice on screen (Kubeia, Duodecim scripta): the roll of the side to move as die faces, a short
// roll of random faces when it changes, and the roll in words for screen readers. The play page's
// game column and the puzzle trainer show the roll the same way.
import { t } from "./i18n.js";
import { el, reducedMotion } from "./dom.js";
import { SIDES } from "../vendor/words.mjs";

const FACES = ["", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];

export class DiceView {
  /** @param {string} cls the box's class (play-dice, trainer-dice) */
  constructor(cls = "play-dice") {
    this.node = el("div", { class: cls, hidden: true, "aria-label": t("Dice") });
    this.key = null;
  }

  /** Show `dice` ([a, b], or null: none) thrown by `turn`; `key` tells a new roll from the same one. */
  show(dice, turn, key) {
    this.node.hidden = !dice;
    if (!dice) {
      this.key = null;
      return;
    }
    if (key === this.key) return;
    this.key = key;
    const faces = (a, b, text) => this.node.replaceChildren(
      el("span", { class: "play-die", "aria-hidden": "true" }, FACES[a]),
      el("span", { class: "play-die", "aria-hidden": "true" }, FACES[b]),
      el("span", { class: "play-dice-text" }, text),
    );
    const rolled = t("{side} rolled {a} and {b}", { side: SIDES[turn], a: dice[0], b: dice[1] });
    this.node.setAttribute("aria-label", t("Dice: {a} and {b}", { a: dice[0], b: dice[1] }));
    if (reducedMotion()) return faces(dice[0], dice[1], rolled);
    let n = 0;
    this.node.classList.add("is-rolling");
    const face = () => 1 + Math.floor(Math.random() * 6);
    const spin = () => {
      if (this.key !== key) return; // a newer roll (or game) took over
      if (++n < 6) {
        faces(face(), face(), t("Rolling…"));
        setTimeout(spin, 60);
      } else {
        this.node.classList.remove("is-rolling");
        faces(dice[0], dice[1], rolled);
      }
    };
    spin();
  }

  /** Forget the roll shown: the next one is drawn afresh. */
  reset() {
    this.key = null;
  }
}
