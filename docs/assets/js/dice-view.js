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

  /** Show `dice` ([a, b], or null: none) thrown by `turn`; `key` tells a new roll from the same one;
   * in Kubeia (`ruleset`) also what the roll allows each kind of piece, and a double's extra move. */
  show(dice, turn, key, ruleset = "") {
    this.node.hidden = !dice;
    if (!dice) {
      this.key = null;
      return;
    }
    if (key === this.key) return;
    this.key = key;
    const meaning = ruleset === "kubeia" ? kubeiaMeaning(dice, SIDES[turn]) : "";
    const faces = (a, b, text, meaning = "") => this.node.replaceChildren(
      el("span", { class: "play-die", "aria-hidden": "true" }, FACES[a]),
      el("span", { class: "play-die", "aria-hidden": "true" }, FACES[b]),
      el("span", { class: "play-dice-text" }, text),
      ...(meaning ? [el("span", { class: "play-dice-meaning" }, meaning)] : []),
    );
    const rolled = t("{side} rolled {a} and {b}", { side: SIDES[turn], a: dice[0], b: dice[1] });
    this.node.setAttribute("aria-label", t("Dice: {a} and {b}", { a: dice[0], b: dice[1] }));
    if (reducedMotion()) return faces(dice[0], dice[1], rolled, meaning);
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
        faces(dice[0], dice[1], rolled, meaning);
      }
    };
    spin();
  }

  /** Forget the roll shown: the next one is drawn afresh. */
  reset() {
    this.key = null;
  }
}

/** What a Kubeia roll allows (RULES.md §6): the higher die for Peltasts, the lower for Hoplites, the
 * Basileus the lower or exactly the higher (the move of Hermes); a double is the hand of Zeus. */
export function kubeiaMeaning(dice, side) {
  const [hi, lo] = [Math.max(...dice), Math.min(...dice)];
  if (hi !== lo) {
    return t("Peltasts 1 to {hi} squares, Hoplites 1 to {lo}, the Basileus 1 to {lo} or exactly {hi}.", { hi, lo });
  }
  return [t("Every piece 1 to {n} squares.", { n: hi }), t("A double, the hand of Zeus: {side} moves again after this move.", { side })].join(" ");
}
