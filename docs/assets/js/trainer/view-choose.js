// How the reader chooses puzzles and sees their results (functions of the trainer's controller,
// ctrl.js): the filters, "Puzzle of the day" and "Retry failed", the Streak and Timed runs with
// their bar, the rating line, the stats line and the list of puzzles.
import { t, tn } from "../i18n.js";
import { button, el } from "../dom.js";
import { fillPuzzleFilters } from "../puzzle-filters.js";
import { TIMED, clockText } from "./ctrl-modes.js";

export class ChooseView {
  constructor(ctrl) {
    this.ctrl = ctrl;
    const btn = (cls, text, fn) => button(`trainer-${cls}`, text, fn);
    // The reader chose another puzzle: a word about the address that opened this one is over.
    const choose = (fn) => () => {
      ctrl.chose();
      fn();
    };
    this.filters = el("div", { class: "trainer-filters", role: "group", "aria-label": t("Choose puzzles") });
    const select = (name, label) => {
      const wrap = el("label", { class: "trainer-field" }, label);
      const s = el("select", { name, class: `trainer-${name}` });
      wrap.append(s);
      this.filters.append(wrap);
      s.addEventListener("change", () => ctrl.setFilter(name, s.value));
      return s;
    };
    this.fGame = select("game", t("Game"));
    this.fTheme = select("theme", t("Theme"));
    this.fDiff = select("difficulty", t("Difficulty"));
    this.bDaily = btn("daily", t("Puzzle of the day"), choose(() => ctrl.openDaily()));
    this.bRetryList = btn("retry-failed", t("Retry failed"), choose(() => ctrl.next(true)));
    this.filters.append(this.bDaily, this.bRetryList);
    this.modes = el("div", { class: "trainer-modes", role: "group", "aria-label": t("Modes") });
    this.bStreak = btn("streak", t("Streak"), choose(() => ctrl.modes.start("streak")));
    this.bTimed = btn("timed", t("Timed ({clock})", { clock: clockText(TIMED() * 1000) }), choose(() => ctrl.modes.start("timed")));
    this.modes.append(this.bStreak, this.bTimed);
    // Above the board while a run is on (and its result after it): the score, the clock, Stop.
    this.bStop = btn("stop", t("Stop"), () => ctrl.modes.end("stopped"));
    this.modeBox = el("div", { class: "trainer-modebar", hidden: true });
    // Not a live region: the clock changes every second. Scores and the end are spoken.
    this.modeBar = el("p", { class: "trainer-mode" });
    this.modeBox.append(this.modeBar, this.bStop);
    this.ratingLine = el("p", { class: "trainer-rating" });
    this.stats = el("p", { class: "trainer-stats", "aria-live": "polite" });
    this.listBox = el("details", { class: "trainer-list" });
    this.listSummary = el("summary", {}, t("Puzzles"));
    this.list = el("ol", {});
    this.listBox.append(this.listSummary, this.list);
    // A puzzle chosen from the list opens here: the theme's instant navigation would otherwise take
    // the link (a same-page address changes without a "hashchange", and the puzzle would not change).
    this.list.addEventListener("click", (e) => {
      const a = e.target.closest?.("a[href^='#id=']");
      if (!a || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || !ctrl.ready) return;
      e.preventDefault();
      e.stopPropagation();
      ctrl.choose(a.getAttribute("href").slice(4));
    });
    this.filled = null; // the puzzle list the filters were filled from
    this.listKey = "";
    this.statsKey = "";
  }

  update(root) {
    const { ctrl } = this;
    const ready = ctrl.ready;
    if (ctrl.listReply && this.filled !== ctrl.listReply) {
      this.filled = ctrl.listReply;
      fillPuzzleFilters({ game: this.fGame, theme: this.fTheme, difficulty: this.fDiff }, ctrl.listReply, (d) => "★".repeat(d));
    }
    const failed = ctrl.failedCount();
    const running = Boolean(ctrl.mode);
    for (const b of [this.bDaily, this.bStreak, this.bTimed]) b.disabled = !ready;
    this.bRetryList.disabled = !ready || failed === 0 || running;
    this.bRetryList.textContent = t("Retry failed ({n})", { n: failed });
    this.bStop.hidden = !running;
    this.bStreak.hidden = this.bTimed.hidden = running;
    const result = ctrl.modes.result;
    this.modeBox.hidden = !running && !result;
    this.modeBar.textContent = ctrl.modes.text;
    if (running && !this.running) this.modeBox.scrollIntoView({ block: "start" }); // a run starts
    this.running = running;
    if (running) {
      this.modeBar.dataset.score = String(ctrl.mode.score);
      delete this.modeBar.dataset.over;
      root.dataset.mode = ctrl.mode.kind;
    } else {
      if (result) this.modeBar.dataset.over = result.why;
      delete root.dataset.mode;
    }
    this.drawStats();
    this.drawList();
  }

  /** The results line and the rating (drawn again only when they change). */
  drawStats() {
    const { ctrl } = this;
    const p = ctrl.progress;
    const res = Object.values(p.results);
    const solved = res.filter((v) => v === "solved").length;
    const key = `${solved}|${res.length}|${p.streak}|${p.best}|${p.rating.rating}|${ctrl.lastChange}`;
    if (key === this.statsKey) return;
    this.statsKey = key;
    // Not "Streak": that is the name of a run (ctrl-modes.js), with a best of its own.
    this.stats.textContent = t("Solved {solved} · Failed {failed} · Solves in a row: {streak} (longest {best})",
      { solved, failed: res.length - solved, streak: p.streak, best: p.best });
    const r = p.rating;
    this.ratingLine.replaceChildren(t("Your rating:"), " ",
      el("strong", { class: "trainer-rating-value", "data-rating": String(r.rating) }, String(Math.round(r.rating))));
    if (ctrl.lastChange) {
      const d = Math.round(ctrl.lastChange);
      this.ratingLine.append(" ", el("span", { class: `trainer-rating-change ${d >= 0 ? "up" : "down"}` },
        d === 0 ? "(±0)" : `(${d > 0 ? "+" : "−"}${Math.abs(d)})`));
    }
  }

  /** The puzzles of the filters' choice, each marked with the reader's result. */
  drawList() {
    const { ctrl } = this;
    const ps = ctrl.filtered();
    const key = `${ctrl.all.length}|${JSON.stringify(ctrl.filters)}`;
    if (key !== this.listKey) {
      this.listKey = key;
      this.listSummary.textContent = tn("{n} puzzle match", "{n} puzzles match", ps.length);
      this.list.replaceChildren(...ps.map((p) => {
        const li = el("li", { "data-id": p.id });
        li.append(el("a", { href: `#id=${p.id}` }, `${p.id}`), ` — ${p.goal} ${"★".repeat(p.difficulty)}`);
        return li;
      }));
    }
    for (const li of this.list.querySelectorAll("li[data-id]")) {
      li.dataset.result = ctrl.progress.results[li.dataset.id] || "";
    }
  }
}
