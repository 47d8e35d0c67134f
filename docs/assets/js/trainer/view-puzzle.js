// The puzzle on screen (a function of the trainer's controller, ctrl.js): its title, goal and
// roll, the status line, the buttons Try again, Hint, Show solution and Next puzzle, the puzzle's
// facts and its link. (A Duodecim puzzle is played on the board: main.js adds its step buttons.)
import { t } from "../i18n.js";
import { button, el } from "../dom.js";
import { DiceView } from "../dice-view.js";

export class PuzzleView {
  /** @param ctrl the trainer's controller */
  constructor(ctrl) {
    this.ctrl = ctrl;
    const btn = (cls, text, fn) => button(`trainer-${cls}`, text, fn);
    this.title = el("h2", { class: "trainer-title" });
    this.goal = el("p", { class: "trainer-goal" });
    this.meta = el("dl", { class: "trainer-meta" });
    this.status = el("p", { class: "trainer-status", role: "status", "aria-live": "polite" });
    this.dice = new DiceView("play-dice trainer-dice");
    this.actions = el("div", { class: "trainer-actions" });
    this.bHint = btn("hint", t("Hint"), () => ctrl.hint());
    this.bSolution = btn("solution", t("Show solution"), () => ctrl.showSolution());
    this.bTry = btn("try-again", t("Try again"), () => ctrl.retry());
    this.bNext = btn("next", t("Next puzzle"), () => {
      ctrl.chose();
      if (ctrl.assign.run) ctrl.assign.next();
      else ctrl.next();
    });
    this.link = el("a", { class: "trainer-link" }, t("Link to this puzzle"));
    this.actions.append(this.bTry, this.bHint, this.bSolution, this.bNext); // "Next puzzle" beside the puzzle's own buttons
    this.metaKey = "";
  }

  /** Draw from the controller. `figure`: the board's figure. */
  update(figure) {
    const { ctrl } = this;
    const v = ctrl.puzzleView;
    this.status.textContent = ctrl.status.text;
    this.status.dataset.kind = ctrl.status.kind;
    const ready = ctrl.ready;
    this.bHint.disabled = !ready || !ctrl.buttons.hint;
    this.bSolution.disabled = !ready || !ctrl.buttons.solution;
    this.bTry.hidden = !ctrl.buttons.tryAgain;
    this.bNext.disabled = !ready;
    this.bNext.hidden = !ctrl.assign.nextShown;
    this.bNext.textContent = ctrl.assign.nextLabel;
    if (!v) return;
    this.title.textContent = v.title;
    this.goal.textContent = v.goal;
    const p = ctrl.current;
    this.dice.show(v.roll, v.side, v.roll && p ? `${p.id}:${v.roll.join("")}` : null);
    figure.dataset.status = ctrl.boardStatus;
    figure.hidden = Boolean(v.none);
    figure.classList.toggle("duo-live", Boolean(v.duodecim)); // a Duodecim turn: points and tray take clicks
    this.drawMeta(p);
  }

  drawMeta(p) {
    const result = p ? this.ctrl.progress.results[p.id] || "" : "";
    const key = p ? `${p.id}|${result}` : "";
    if (key === this.metaKey) return;
    this.metaKey = key;
    this.meta.replaceChildren();
    if (!p) return;
    this.link.href = `#id=${p.id}`;
    const row = (cls, k, v) => this.meta.append(el("dt", {}, k), el("dd", { class: `trainer-meta-${cls}` }, v));
    row("themes", t("Themes"), p.theme_names.join(", "));
    const outOf = t("({n} of 5)", { n: p.difficulty }); // outside the template: Babel reads no t() with {…} inside one
    row("difficulty", t("Difficulty"), `${"★".repeat(p.difficulty)}${"☆".repeat(5 - p.difficulty)} ${outOf}`);
    if (typeof p.rating === "number") row("rating", t("Rating"), String(p.rating));
    row("source", t("Source"), p.source);
    if (result) row("your-result", t("Your result"), result === "solved" ? t("solved before") : t("failed before"));
  }

}
