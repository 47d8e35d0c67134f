// The trainer's assignment mode (issue #22): a pupil opens `puzzles/#assign=…` (made on the
// teachers' page "Assignments"), types their name, solves the assignment's puzzles one after the
// other ("Puzzle 2 of 6") in the trainer, and gets a result code and its QR code at the end.
//
// AssignmentRun is the pupil's progress through one assignment, kept in this browser
// (localStorage, one key per assignment) so that a reload neither loses it nor gives a first try
// again. AssignmentPanel draws the start form, the progress line and the finish screen. The
// trainer (trainer.js) opens the puzzles and tells the run what happened on the board.
import { encodeAssignment, encodeResult, fitBytes, MAX_PUPIL_BYTES } from "./assignment-code.js";
import { el } from "./dom.js";

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
    this.results = Array(n).fill(null); // "first" | "solved" | "missed" per puzzle, once known
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
        this.results = d.results.map((r) => (["first", "solved", "missed"].includes(r) ? r : null));
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

const WORDS = { first: "✓ solved at the first try", solved: "✓ solved", missed: "✗ missed" };

/** The assignment's part of the trainer page: start form, "Puzzle 2 of 6", finish screen. */
export class AssignmentPanel {
  /** `on`: {start(name), next(), restart(), qr(text, label) -> Promise<Element>} */
  constructor(run, on) {
    this.run = run;
    this.on = on;
    this.node = el("section", { class: "assign-panel", "aria-label": "Assignment" });
  }

  /** The start form: the assignment's name and size, the pupil's name. */
  showStart() {
    const a = this.run.assignment;
    const form = el("form", { class: "assign-start" });
    const input = el("input", {
      id: "assign-pupil", class: "assign-pupil", autocomplete: "name", maxlength: "40",
    });
    const label = el("label", { for: "assign-pupil" }, "Your name (as your teacher should see it):");
    const go = el("button", { type: "submit", class: "md-button md-button--primary assign-go" }, "Start");
    const msg = el("p", { class: "assign-msg", role: "status" });
    form.append(label, input, go, msg);
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      const name = fitBytes(input.value);
      if (!name) {
        msg.textContent = "Type your name first: it goes into your result code.";
        input.focus();
        return;
      }
      this.on.start(name);
    });
    this.node.replaceChildren(
      el("h2", { class: "assign-title" }, `Assignment: ${a.name}`),
      el("p", {}, `${a.ids.length} puzzle${a.ids.length === 1 ? "" : "s"}. Each puzzle counts once: at the first try, ` +
        "solved after a wrong try or a hint, or missed (“Show solution”). At the end you get a code for your teacher."),
      form);
    this.node.hidden = false;
    setTimeout(() => input.focus({ preventScroll: true }), 0);
  }

  /** The line above the board while the pupil solves. */
  showProgress(i) {
    const a = this.run.assignment;
    const line = el("p", { class: "assign-progress" });
    line.append(el("strong", { class: "assign-count" }, `Puzzle ${i + 1} of ${a.ids.length}`),
      ` · ${a.name} · ${this.run.pupil}`);
    this.node.replaceChildren(line);
    this.node.hidden = false;
  }

  /** The finish screen: the results, the code in large letters and its QR code. */
  async showFinish(pageUrl) {
    const run = this.run;
    const code = run.code();
    const list = el("ol", { class: "assign-results" });
    run.results.forEach((r, i) => {
      list.append(el("li", { "data-result": r }, `${run.assignment.ids[i]}: ${WORDS[r]}`));
    });
    const first = run.results.filter((r) => r === "first").length;
    const solved = run.results.filter((r) => r !== "missed").length;
    const codeBox = el("p", { class: "assign-code-line" });
    const big = el("output", { class: "assign-code", "aria-label": `Result code ${code.split("").join(" ")}` });
    code.split("-").forEach((group, i) => {
      if (i) big.append("-", el("wbr")); // a long code breaks between its groups only
      big.append(group);
    });
    codeBox.append("Your result code: ", big);
    const qrBox = el("div", { class: "assign-qr" });
    const again = el("button", { type: "button", class: "md-button assign-restart" }, "Another pupil on this device");
    again.addEventListener("click", () => this.on.restart());
    this.node.replaceChildren(
      el("h2", { class: "assign-title" }, `Finished: ${run.assignment.name}`),
      el("p", { class: "assign-summary" },
        `${run.pupil}: ${solved} of ${run.total} solved, ${first} at the first try.`),
      list, codeBox,
      el("p", {}, "Show this code to your teacher, read it out, or let them scan the QR code."),
      qrBox, again);
    this.node.hidden = false;
    try {
      const qr = await this.on.qr(run.tableUrl(pageUrl), `QR code of your result code ${code}`);
      if (qr) qrBox.append(qr); // null only for a link longer than any QR code holds
    } catch {
      qrBox.append(el("p", {}, "(The QR code could not be drawn: the code above is all your teacher needs.)"));
    }
  }
}
