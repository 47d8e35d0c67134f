// The class table's controller (docs/teachers/class-table.md, issue #22; the play page's shape,
// play/ctrl.js): the class on screen, its sort, the messages, and the actions on them; no DOM.
// The views (view-*.js) draw from it at every `ui.redraw()`. The classes are kept in this browser
// per assignment by class-roster.js; the address, storage and files are store.js's.
import { t, tn } from "../i18n.js";
import { AssignmentError, CodeError, decodeAssignment, encodeAssignment } from "../assignment-code.js";
import {
  MAX_FILE_BYTES, addCode, exportClass, loadClass, mergeClass, readClass, removeRow, saveClass, sortRows, storedClasses,
  tooLarge, toCsv,
} from "../class-roster.js";
import { codeFromScan, readHash, storage } from "./store.js";

export class ClassCtrl {
  /** @param {object} ui  redraw(); download(name, text, type); setHash(hash) */
  constructor(ui) {
    this.ui = ui;
    this.cls = null; // the class on screen (class-roster.js)
    this.sort = { key: "pupil", dir: 1 };
    this.note = ""; // above the page: a link that cannot be read, storage that failed
    this.lines = []; // what adding codes said: [kind, text] a line
    this.refused = null; // the codes refused, left in the box to be corrected (null: leave the box alone)
    this.fileMsg = { text: "", kind: "info" };
    this.pupilsBase = null; // on 127.0.0.1: the address the pupils' devices reach (serve.py's)
    this.version = 0; // counts changes of the class (the table is drawn again)
  }

  redraw() {
    this.ui.redraw();
  }

  /** The classes kept in this browser. */
  kept() {
    return storedClasses(storage());
  }

  /** Open the class the address names (adding the pupil's code it carries), or the one kept last. */
  start(hash) {
    const want = readHash(hash);
    if (want.assign) {
      let a;
      try {
        a = decodeAssignment(want.assign);
      } catch (err) {
        if (!(err instanceof AssignmentError)) throw err;
        this.note = t("This assignment link could not be read: {why}. Open the class table from the link the Assignments page made.", { why: err.message });
      }
      if (a) {
        this.open(a);
        if (want.code) {
          this.addCodes(codeFromScan(`#code=${want.code}`));
          // The address keeps the assignment only: a reload must not look like a new scan.
          this.ui.setHash(`#assign=${encodeAssignment(a)}`);
        }
        return;
      }
    }
    const kept = this.kept();
    if (kept.length) this.open(kept[0], { keepNote: Boolean(want.assign) });
    else if (!want.assign) this.note = t("No class yet in this browser. Make an assignment on the Assignments page and press “Open its class table”, or load a class file.");
    this.redraw();
  }

  /** Show the class of assignment `a` (kept in this browser, or a new empty one). */
  open(a, { keepNote = false } = {}) {
    const { cls, problem } = loadClass(a, storage());
    this.cls = cls;
    this.version++;
    if (problem) this.note = t("The results kept for this assignment could not be read ({problem}); the table starts empty, and the old data stays until you add a code.", { problem });
    else if (!keepNote) this.note = "";
    if (!problem && !cls.rows.length) this.save(); // the class is listed from now on
    this.redraw();
  }

  openStored(id) {
    const a = this.kept().find((c) => c.id === id);
    if (a) this.open(a);
  }

  save() {
    const why = saveClass(this.cls, storage());
    if (why) this.note = t("The table could not be kept in this browser ({why}): save the class to a file before you leave.", { why });
  }

  /** The address the pupils open: this page's, or the pupils' one when on a loopback address. */
  pupilsLink(onOtherBase) {
    const here = new URL(`../../puzzles/#assign=${encodeAssignment(this.cls.assignment)}`, location.href).href;
    return this.pupilsBase ? onOtherBase(here, this.pupilsBase) : here;
  }

  setPupilsBase(base) {
    this.pupilsBase = base;
    if (base && this.cls) this.redraw();
  }

  /** Add every code in `text` (one per line); each gets its own line in the message. */
  addCodes(text) {
    const lines = String(text).split(/[\n,;]+/).map((s) => s.trim()).filter(Boolean);
    const out = [];
    if (!lines.length) out.push(["error", t("There is no code to add: paste or type one.")]);
    const refused = [];
    for (const line of lines) {
      try {
        const { row, replaced, same } = addCode(this.cls, line);
        out.push(same ? ["info", t("{code}: already in the table ({pupil}).", { code: row.code, pupil: row.pupil })]
          : ["ok", replaced ? t("{code}: {pupil} — this newer code replaces their row.", { code: row.code, pupil: row.pupil })
            : t("{code}: {pupil} added.", { code: row.code, pupil: row.pupil })]);
      } catch (err) {
        if (!(err instanceof CodeError)) throw err;
        let why = err.message;
        if (err.kind === "other") {
          const known = this.kept().find((c) => c.id === err.assignment);
          if (known) why = t("{why} It is for “{name}”: choose that class above.", { why, name: known.name });
        }
        out.push(["error", `${line.length > 40 ? `${line.slice(0, 39)}…` : line}: ${why}`]);
        refused.push(line);
      }
    }
    if (out.some(([k]) => k === "ok")) this.save();
    this.version++;
    this.lines = out;
    this.refused = refused.join("\n"); // the refused codes stay, to be corrected
    this.redraw();
  }

  /** A line of the view's camera or its own words, in place of what adding codes said. */
  sayScan(text) {
    this.lines = [["info", text]];
    this.redraw();
  }

  remove(code) {
    removeRow(this.cls, code);
    this.save();
    this.version++;
    this.redraw();
  }

  sortBy(key) {
    const active = this.sort.key === key;
    this.sort = { key, dir: active ? -this.sort.dir : key === "pupil" ? 1 : -1 };
    this.redraw();
  }

  sortedRows() {
    return sortRows(this.cls.rows, this.sort.key, this.sort.dir);
  }

  // ------------------------------------------------------------ files
  exportCsv() {
    if (!this.cls) return;
    // With a byte order mark, spreadsheets read the names' accents as UTF-8.
    this.ui.download(`petteia-class-${this.cls.assignment.id}.csv`, `\ufeff${toCsv(this.cls, this.sortedRows())}`, "text/csv");
  }

  exportFile() {
    if (!this.cls) return;
    this.ui.download(`petteia-class-${this.cls.assignment.id}.json`, exportClass(this.cls), "application/json");
    this.fileSaid(t("The class was saved to a file. Load it here, or on another computer, with “Load a class file”."), "info");
  }

  fileSaid(text, kind) {
    this.fileMsg = { text, kind };
    this.redraw();
  }

  /** A class file chosen by the teacher (a File): its rows join the class kept here. */
  async importFile(file) {
    const refuse = (text) => this.fileSaid(`${text} ${t("Nothing was changed.")}`, "error");
    // A file far larger than any class is refused unread (reading 10 MB would freeze the page).
    if (file.size > MAX_FILE_BYTES) return refuse(tooLarge(file.size));
    let cls;
    try {
      cls = readClass(await file.text());
    } catch (err) {
      return refuse(err.message);
    }
    const here = loadClass(cls.assignment, storage()).cls;
    // Rows of the file are added to the ones kept here; of two results of one pupil, the newer stays.
    const out = mergeClass(here, cls);
    this.cls = here;
    this.version++;
    if (out.added.length || out.replaced.length) this.save();
    const n = cls.rows.length;
    const parts = [tn("Class file loaded: “{name}”, {n} pupil.", "Class file loaded: “{name}”, {n} pupils.", n, { name: cls.assignment.name })];
    const names = (list) => list.length > 6 ? t("{names} and {n} more", { names: list.slice(0, 6).join(", "), n: list.length - 6 }) : list.join(", ");
    if (out.added.length) parts.push(t("Added: {names}.", { names: names(out.added) }));
    if (out.replaced.length) parts.push(t("Replaced by the file's newer result: {names}.", { names: names(out.replaced) }));
    if (out.kept.length) {
      parts.push(t("Kept the result already here, which is newer than the file's: {names}.", { names: names(out.kept.map((k) => k.pupil)) }));
    }
    if (!out.added.length && !out.replaced.length) parts.push(t("The table already had everything in it: nothing changed."));
    this.fileSaid(parts.join(" "), "ok");
  }
}
