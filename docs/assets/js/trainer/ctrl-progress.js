// The trainer's progress as the controller (ctrl.js) keeps it: loaded once, one attempt recorded
// at a time, saved merged with what another tab of the page stored (and merged again at every
// storage event of that tab), and the progress file written and read. The format and its checks
// are store.js's. No DOM: the views draw `data` and `fileMsg`.
import { t, tn } from "../i18n.js";
import {
  exportProgress, importProgress, loadProgress, mergeProgress, readOther, recordAttempt, saveMerged, STORE,
} from "./store.js";

export class ProgressKeeper {
  constructor(ctrl) {
    this.ctrl = ctrl;
    const { data, notice } = loadProgress();
    this.data = data;
    this.notice = notice; // a sentence about what was stored, or null
    this.lastChange = 0; // the rating's change at the last recorded attempt
    this.fileMsg = null; // {text, kind}: what the last progress file did
  }

  /** One attempt at `puzzle` (its summary), as the worker counted it; saved at once. */
  record(puzzle, ok, rated) {
    const rating = typeof puzzle.rating === "number" ? puzzle.rating : null;
    this.lastChange = recordAttempt(this.data, { id: puzzle.id, ok, puzzleRating: rating, rated });
    this.save();
  }

  /** Save the progress, merged with what another tab stored meanwhile (`replace`: as it is, a
   *  file loaded); a failure is told in the note (and withdrawn once a save works again). */
  save({ replace = false } = {}) {
    const { data, why } = saveMerged(this.data, { replace });
    this.data = data;
    this.ctrl.note("save", why && t("Your progress could not be saved: {why}. Solving still works, and this visit's results are counted until you leave the page.", { why }));
  }

  /** Another tab of the page stored its progress (the browser's storage event): its attempts join
   *  this tab's, so neither tab's next save loses the other's. */
  onStorage(key, value) {
    if (key !== STORE) return;
    const theirs = readOther(value);
    if (!theirs) return;
    this.data = mergeProgress(this.data, theirs);
    this.ctrl.redraw();
  }

  // ------------------------------------------------------------ the progress file
  exportText() {
    return exportProgress(this.data);
  }

  exported() {
    this.fileMsg = { text: t("Your progress was saved to a file. Load it on another device with “Load progress from a file”."), kind: "info" };
    this.ctrl.redraw();
  }

  /** A progress file's text: it replaces the progress when it is whole, else nothing changes. */
  importText(text) {
    const { ctrl } = this;
    let data;
    try {
      data = importProgress(text);
    } catch (err) {
      this.fileMsg = { text: t("{error} Your progress was not changed.", { error: err.message }), kind: "error" };
      return ctrl.redraw();
    }
    if (ctrl.mode) ctrl.modes.end("stopped");
    try {
      const before = window.localStorage.getItem(STORE);
      if (before !== null) window.localStorage.setItem(`${STORE}.before-import`, before);
    } catch {
      /* the save below tells the reader if storage does not work */
    }
    this.data = data;
    this.lastChange = 0;
    this.save({ replace: true });
    const tried = Object.keys(data.tries).length;
    this.fileMsg = {
      text: tn("Progress loaded: {n} puzzle tried, rating {rating}.", "Progress loaded: {n} puzzles tried, rating {rating}.",
        tried, { rating: Math.round(data.rating.rating) }),
      kind: "solved",
    };
    ctrl.redraw();
  }
}
