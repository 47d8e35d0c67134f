// The trainer's assignment mode (issue #22): a pupil opens `puzzles/#assign=…` (made on the
// teachers' page "Assignments"), types their name, solves the assignment's puzzles one after the
// other ("Puzzle 2 of 6") in the trainer, and gets a result code and its QR code at the end.
//
// AssignmentRun is the pupil's progress through one assignment, kept in this browser
// (localStorage, one key per assignment) so that a reload neither loses it nor gives a first try
// again. No DOM: view-assign.js draws the start form, the progress line and the finish screen;
// ctrl-assign.js opens the puzzles and tells the run what happened on the board.
import { RESULTS, encodeAssignment, encodeResult, fitBytes, MAX_PUPIL_BYTES } from "../assignment-code.js";

export const RUN_PREFIX = "petteia-assignment."; // + assignment id

/** One pupil's way through one assignment ({name, ids, id} from assignment-code.js). */
export class AssignmentRun {
  constructor(assignment, storage = globalThis.localStorage) {
    this.assignment = assignment;
    this.storage = storage;
    this.fresh();
    this.load();
  }

  fresh() {
    const n = this.assignment.ids.length;
    this.pupil = null; // the pupil's name, once started
    this.results = Array(n).fill(null); // "first" | "solved" | "missed" | "untried" per puzzle, once known
    this.failed = Array(n).fill(false); // a wrong move or a hint in this puzzle: no first try
  }

  get key() {
    return RUN_PREFIX + this.assignment.id;
  }

  load() {
    try {
      const d = JSON.parse(this.storage?.getItem(this.key) ?? "null");
      const n = this.assignment.ids.length;
      if (d && typeof d.pupil === "string" && Array.isArray(d.results) && d.results.length === n
        && Array.isArray(d.failed) && d.failed.length === n) {
        this.pupil = d.pupil;
        this.results = d.results.map((r) => (RESULTS.includes(r) ? r : null));
        this.failed = d.failed.map(Boolean);
      }
    } catch {
      /* nothing kept, or unreadable: a fresh start */
    }
  }

  /** Keep the run; returns false when this browser keeps nothing (the run still works until the page is left). */
  save() {
    try {
      this.storage.setItem(this.key, JSON.stringify({ pupil: this.pupil, results: this.results, failed: this.failed }));
      return true;
    } catch {
      return false;
    }
  }

  get total() {
    return this.assignment.ids.length;
  }

  get started() {
    return this.pupil !== null;
  }

  /** The index of the first puzzle without a result (`total` when every puzzle has one). */
  get index() {
    const i = this.results.indexOf(null);
    return i < 0 ? this.total : i;
  }

  get done() {
    return this.started && this.index === this.total;
  }

  start(pupil) {
    this.fresh();
    this.pupil = fitBytes(pupil, MAX_PUPIL_BYTES);
    return this.save();
  }

  /** A wrong move, or a hint, in puzzle `i`: it can no longer be solved at the first try. */
  markFailed(i) {
    if (this.results[i] !== null || this.failed[i]) return;
    this.failed[i] = true;
    this.save();
  }

  /** Puzzle `i` is over: `outcome` as the worker counts it ("first": solved at the first try,
   *  "solved", or "missed"; petteia_core/web/attempt.py). The first result of a puzzle stands. */
  finish(i, outcome) {
    if (this.results[i] !== null) return this.results[i];
    this.results[i] = outcome;
    this.save();
    return this.results[i];
  }

  /** "Finish now": every puzzle without a result is over. One tried and not solved (a wrong move
   *  or a hint in it) counts as missed, every other one as not tried ("untried"). */
  finishNow() {
    this.results = this.results.map((r, i) => r ?? (this.failed[i] ? "missed" : "untried"));
    this.save();
  }

  /** The result code (assignment-code.js), once every puzzle has a result. */
  code() {
    return encodeResult({ assignment: this.assignment.id, pupil: this.pupil, results: this.results });
  }

  /** The class table's address with this result in it: scanning the QR code with any phone camera
   *  opens the teacher's table with the code ready to add. `base`: the trainer page's address. */
  tableUrl(base) {
    const url = new URL("../teachers/class-table/", base);
    url.hash = `assign=${encodeAssignment(this.assignment)}&code=${this.code().replace(/-/g, "")}`;
    return url.href;
  }

  /** Another pupil on this device: forget this run. */
  clear() {
    this.fresh();
    try {
      this.storage.removeItem(this.key);
    } catch {
      /* nothing kept */
    }
  }
}
