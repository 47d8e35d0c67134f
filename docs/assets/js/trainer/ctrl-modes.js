// The trainer's runs (ctrl.js owns one): Streak (puzzles of rising rating until the first miss)
// and Timed (as many as possible before the clock reaches zero), from the filters' choice. The
// choice of puzzles is modes.js's; this module starts a run, hears each result, keeps the run's
// best score and says how the run ended. No DOM: view-choose.js draws the run's bar from `text`.
//
// Two different counts are named apart everywhere: a *Streak run* is this mode's score (its best in
// progress.modes.streak), the *solves in a row* are the trainer's (progress.streak and .best).
import { t, tn } from "../i18n.js";
import { StreakMode, TimedMode, TIMED_SECONDS } from "./modes.js";
import { seenLately } from "./store.js";

const MODE_PAUSE_MS = 900; // in a run, the pause between a solved puzzle and the next
// The timed mode's length; a test may shorten it (window.__petteiaTrainerTimedSeconds).
export const TIMED = () => window.__petteiaTrainerTimedSeconds ?? TIMED_SECONDS;

/** "2:05" for a time in milliseconds (rounded up to the second). */
export const clockText = (ms) => {
  const s = Math.ceil(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
};

export class ModeRunner {
  constructor(ctrl) {
    this.ctrl = ctrl;
    this.mode = null; // the StreakMode or TimedMode under way, or null
    this.timer = null;
    this.locked = false; // the board is locked because a timed run is over
    this.text = ""; // the run's bar: its score and clock, or how it ended
    this.result = null; // {kind, why, score} of the run that ended, until another puzzle is chosen
  }

  start(kind) {
    const ctrl = this.ctrl;
    if (this.mode) this.end("stopped");
    const pool = ctrl.filtered();
    if (!pool.length) {
      ctrl.setStatus(t("No puzzle matches these filters: choose others to start a run."), "error");
      return;
    }
    const rating = ctrl.progress.rating.rating;
    // A puzzle tried lately (solved minutes ago, say) comes back only when no other is left.
    const lately = seenLately(ctrl.progress);
    this.mode = kind === "streak" ? new StreakMode(pool, rating, { lately })
      : new TimedMode(pool, rating, { seconds: TIMED(), lately });
    this.result = null;
    if (kind === "timed") this.timer = setInterval(() => this.tick(), 200);
    this.render();
    ctrl.redraw();
    this.next();
  }

  /** The bar: the run's score, and the clock in the timed mode. */
  render() {
    const m = this.mode;
    if (!m) return;
    const best = this.ctrl.progress.modes[m.kind];
    this.text = m.kind === "streak"
      ? t("Streak run: {score} solved in a row (best Streak run {best}). One miss ends it.", { score: m.score, best })
      : t("Timed run: {clock} left · {score} solved (best Timed run {best}). A miss costs 10 seconds.",
        { clock: clockText(m.left()), score: m.score, best });
  }

  tick() {
    const m = this.mode;
    if (!m || m.kind !== "timed") return;
    if (m.over) return this.end("time");
    this.render();
    this.ctrl.redraw();
  }

  async next() {
    const m = this.mode;
    if (!m) return;
    const p = m.next();
    if (!p) return this.end(m.kind === "streak" ? "done" : "time");
    await this.ctrl.open(p.id);
  }

  /** The result of the puzzle on screen (`session`), recorded by the controller. */
  heard(session, ok) {
    const m = this.mode;
    if (!m) return;
    m.result(ok);
    this.render();
    if (m.over) return this.end(m.kind === "streak" ? (m.reason || "miss") : "time");
    this.ctrl.ui.announce(m.kind === "streak" ? t("Streak run: {n} solved.", { n: m.score }) : t("Timed run: {n} solved.", { n: m.score }));
    // Solved, or a miss in the timed mode: the next puzzle after a short pause.
    setTimeout(() => {
      if (this.mode === m && !m.over && this.ctrl.session === session) this.next();
    }, ok ? MODE_PAUSE_MS : MODE_PAUSE_MS * 2);
  }

  /** The run is over: its score kept if it is the best, and said. */
  end(why) {
    const m = this.mode;
    const ctrl = this.ctrl;
    if (!m) return;
    this.mode = null;
    clearInterval(this.timer);
    this.timer = null;
    const before = ctrl.progress.modes[m.kind];
    const best = Math.max(before, m.score);
    const record = m.score > before;
    ctrl.progress.modes[m.kind] = best;
    ctrl.save();
    const n = m.score;
    const streak = m.kind === "streak";
    const tail = record
      ? (streak ? t("A new best Streak run!") : t("A new best Timed run!"))
      : (streak ? t("Your best Streak run: {best}.", { best }) : t("Your best Timed run: {best}.", { best }));
    const text = {
      miss: () => tn("Streak over: you solved {n} puzzle in a row before the miss.", "Streak over: you solved {n} puzzles in a row before the miss.", n),
      done: () => tn("Streak complete: you solved all {n} puzzle that match the filters.", "Streak complete: you solved all {n} puzzles that match the filters.", n),
      time: () => tn("Time is up! You solved {n} puzzle in the timed run.", "Time is up! You solved {n} puzzles in the timed run.", n),
      stopped: () => tn("Run stopped: {n} puzzle solved.", "Run stopped: {n} puzzles solved.", n),
    }[why]() + (why === "stopped" ? "" : ` ${tail}`);
    this.text = text;
    ctrl.ui.announce(text);
    this.result = { kind: m.kind, why, score: m.score };
    if (why === "time" && !this.locked && ctrl.session?.puzzle) {
      this.locked = true; // the clock is at zero: no more moves on this puzzle
      ctrl.board.lock();
      ctrl.beginSession(); // and a late reply of the old one changes nothing
      ctrl.setStatus(`${text} ${t("Press “Next puzzle” or start another run.")}`, "info");
    }
    ctrl.redraw();
  }

  /** A puzzle opens: the board locked at the end of a timed run takes moves again. */
  unlockBoard() {
    if (!this.locked) return;
    this.locked = false;
    this.ctrl.board.unlock();
  }

  dispose() {
    clearInterval(this.timer);
  }
}
