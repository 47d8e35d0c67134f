// "Let the computer play it": how many games, Play and Cancel, the progress, what the run is (its
// level, move cap, seed and the command line that plays the same games) and the figures so far.
import { t } from "../i18n.js";
import { el } from "../dom.js";
import { labelled } from "./view-play.js";
import { statsTable } from "./view-stats.js";
import { DEFAULT_GAMES, MAX_GAMES, MIN_GAMES } from "./selfplay.js";

export class SelfPlayView {
  /** @param ctrl the workshop's controller (its `selfplay` run) */
  constructor(ctrl) {
    this.ctrl = ctrl;
    const run = ctrl.selfplay;
    this.node = el("section", { class: "workshop-selfplay", "aria-label": t("Self-play") });
    this.node.append(el("h2", {}, t("Let the computer play it")));
    const row = el("div", { class: "workshop-controls" });
    this.games = el("input", { type: "number", id: "workshop-games", min: MIN_GAMES, max: MAX_GAMES, step: 1, value: DEFAULT_GAMES });
    this.bRun = el("button", { type: "button", class: "md-button md-button--primary workshop-run", disabled: true }, t("Play the games"));
    this.bRun.addEventListener("click", () => run.run(Math.round(Number(this.games.value))));
    this.bCancel = el("button", { type: "button", class: "md-button workshop-cancel", disabled: true }, t("Cancel"));
    this.bCancel.addEventListener("click", () => run.cancel());
    row.append(labelled(this.games, t("Games ({min}–{max})", { min: MIN_GAMES, max: MAX_GAMES })), this.bRun, this.bCancel);
    this.progress = el("progress", { class: "workshop-progress", max: DEFAULT_GAMES, value: 0, "aria-label": t("Games played") });
    this.text = el("p", { class: "workshop-progress-text", "aria-live": "polite" });
    this.note = el("p", { class: "workshop-run-note" });
    this.stats = el("div", { class: "workshop-stats" });
    this.node.append(row, this.progress, this.text, this.note, this.stats);
    this.drawn = { played: null, started: null };
  }

  update() {
    const run = this.ctrl.selfplay;
    this.bRun.disabled = !this.ctrl.rules || run.running;
    this.bCancel.disabled = !run.running;
    this.text.textContent = run.text;
    if (run.started !== this.drawn.started) {
      this.drawn.started = run.started;
      const s = run.started;
      this.note.replaceChildren(t("{rules}: the computer plays both sides at level {level}, the weakest, so that a game takes a moment; a game still going after {cap} single moves is stopped and counted as unfinished (seed {seed}). The same games with the site's Python package: ",
        { rules: s.title, level: s.level, cap: s.cap, seed: s.seed }), el("code", { class: "workshop-command" }, s.command));
    }
    if (run.played && run.played !== this.drawn.played) {
      this.drawn.played = run.played;
      this.progress.max = run.played.games;
      this.progress.value = run.played.played;
      this.stats.replaceChildren(statsTable(run.played.summary));
    }
  }
}
