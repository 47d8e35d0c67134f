// An assignment in the trainer (#assign=…, ctrl.js owns one AssignFlow): the start form, the
// assignment's puzzles in order, and the finish screen with the result code. The pupil's way
// through it is assignment.js's AssignmentRun; what each puzzle counts as is the worker's
// (petteia_core/web/attempt.py). No DOM: view-assign.js draws `screen`.
import { t, tn } from "../i18n.js";
import { currentPuzzleId } from "../puzzle-ids.js";
import { AssignmentError, decodeAssignment } from "../assignment-code.js";
import { AssignmentRun } from "./assignment.js";

export class AssignFlow {
  constructor(ctrl) {
    this.ctrl = ctrl;
    this.run = null; // the AssignmentRun under way, or null
    this.index = 0; // the index in the assignment of the puzzle on screen
    this.screen = null; // "start" | "progress" | "finish" while an assignment is open
    this.nextLabel = t("Next puzzle"); // what "Next puzzle" says (the last one: the result code)
    this.nextShown = true; // "Next puzzle" is offered (not until an assignment's puzzle has its result)
    this.changed = 0; // counts new screens (the view draws a form or finish screen once each)
  }

  /** Open the assignment in the address: its start form, the puzzle the pupil is at, or its finish
   *  screen. A link that cannot be read, or that names puzzles this site lacks, gets a word and
   *  the ordinary trainer. */
  async open(text) {
    const ctrl = this.ctrl;
    let a;
    try {
      a = decodeAssignment(text);
    } catch (err) {
      if (!(err instanceof AssignmentError)) throw err;
      this.leave();
      ctrl.note("address", t("This assignment link could not be read: {error}. Ask your teacher for the link again; meanwhile, here is a puzzle to practise.", { error: err.message }));
      return ctrl.next(false, { landing: true });
    }
    const check = await ctrl.api.call("puzzle_unknown", { ids: a.ids }); // the worker clips what it echoes
    if (check.ok && check.unknown.length) {
      this.leave();
      ctrl.note("address", tn("This assignment names a puzzle this site does not have ({ids}). Ask your teacher for a new link; meanwhile, here is a puzzle to practise.",
        "This assignment names puzzles this site does not have ({ids}). Ask your teacher for a new link; meanwhile, here is a puzzle to practise.",
        check.unknown.length, { ids: check.text }));
      return ctrl.next(false, { landing: true });
    }
    ctrl.note("address", null);
    if (ctrl.mode) ctrl.modes.end("stopped");
    if (this.run?.assignment.id !== a.id) this.run = new AssignmentRun(a);
    return this.show();
  }

  /** Back to the ordinary trainer (the reader followed another puzzle address). */
  leave() {
    this.run = null;
    this.screen = null;
    this.nextShown = true;
    this.nextLabel = t("Next puzzle");
    this.ctrl.redraw();
  }

  /** Show where the pupil is: the start form, the next puzzle, or the finish screen. */
  async show() {
    const { run, ctrl } = this;
    this.changed += 1;
    if (!run.started || run.done) {
      ctrl.beginSession(); // no puzzle on screen: a late reply of the last one changes nothing
      ctrl.current = null;
      this.screen = run.started ? "finish" : "start";
      return ctrl.redraw();
    }
    this.screen = "progress";
    this.index = run.index;
    this.nextShown = false; // until this puzzle has its result
    this.nextLabel = t("Next puzzle");
    ctrl.redraw();
    // A puzzle of the assignment missed before is no first try now (the worker counts it so).
    await ctrl.open(currentPuzzleId(run.assignment.ids[run.index]), { tried: run.failed[run.index] });
  }

  start(name) {
    if (!this.run.start(name)) this.ctrl.note("save", t("This browser does not keep data for this page: finish the assignment before you leave it."));
    this.show();
  }

  /** "Finish now": the puzzles left count as not tried, and the finish screen gives the code. */
  finishNow() {
    if (!this.run?.started || this.run.done) return;
    this.run.finishNow();
    this.show();
  }

  restart() {
    this.run.clear();
    this.show();
  }

  /** What happened on the board in the assignment's puzzle on screen, as the worker counts it:
   *  "failed" (no first try any more), or its outcome "first", "solved" or "missed" (then "Next
   *  puzzle" is offered). */
  mark(what) {
    const { run, ctrl } = this;
    if (!run || !ctrl.session?.puzzle || ctrl.current?.id !== currentPuzzleId(run.assignment.ids[this.index])) return;
    if (what === "failed") return run.markFailed(this.index);
    const result = run.finish(this.index, what);
    const last = run.index === run.total;
    this.nextLabel = last ? t("See my result code") : t("Next puzzle");
    this.nextShown = true;
    const words = {
      first: () => t("Solved at the first try!"),
      solved: () => t("Solved."),
      missed: () => t("Missed: this puzzle counts as not solved."),
    }[result]();
    ctrl.ui.announce(last ? `${words} ${t("That was the last puzzle.")}` : words);
    ctrl.redraw();
  }

  next() {
    this.nextLabel = t("Next puzzle");
    return this.show();
  }
}
