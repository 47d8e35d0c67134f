// The class table (docs/teachers/class-table.md, issue #22): the teacher pastes the pupils'
// result codes (or scans their QR codes with the device's camera) and sees one row per pupil,
// the totals and the hardest puzzles; sortable, printable, exported as CSV, and the whole class
// saved to a file and loaded again. Kept in this browser per assignment (class-roster.js).
//
// The page is opened with the assignment in its address (#assign=…, from the builder), or with a
// pupil's result too (#assign=…&code=…, the QR code of the trainer's finish screen); without one
// it offers the classes kept in this browser and the class file.
import { el } from "./dom.js";
import { onOtherBase, pupilsBases } from "./site-address.js";
import { AssignmentError, CodeError, decodeAssignment, encodeAssignment } from "./assignment-code.js";
import {
  MAX_FILE_BYTES, WORDS, addCode, exportClass, hardest, loadClass, mergeClass, puzzleTotals, readClass, removeRow,
  rowTotals, saveClass, sortRows, storedClasses, tooLarge, toCsv,
} from "./class-roster.js";

const storage = () => window.localStorage;

/** {assign, code} from the page's address fragment (either may be ""). Never throws. */
export function readHash(hash) {
  let h = String(hash || "").replace(/^#/, "");
  try {
    h = decodeURIComponent(h);
  } catch {
    /* read as it is */
  }
  const out = { assign: "", code: "" };
  for (const part of h.split("&")) {
    const m = part.match(/^(assign|code)=(.*)$/s);
    if (m) out[m[1]] = m[2];
  }
  return out;
}

/** The code in a scanned text: a raw code, or the `code=` of a finish screen's link. */
export function codeFromScan(text) {
  const m = String(text).match(/[#&]code=([0-9A-Za-z-]+)/);
  return m ? m[1] : String(text).trim();
}

function download(name, text, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = el("a", { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

class ClassTable {
  constructor(root) {
    this.root = root;
    this.cls = null; // the class on screen (class-roster.js)
    this.sort = { key: "pupil", dir: 1 };
    this.scanner = null;
    this.pupilsBase = null; // on 127.0.0.1: the address the pupils' devices reach (serve.py's)
    this.build();
    pupilsBases(location.href, new URL("../../", location.href)).then((b) => {
      this.pupilsBase = b?.lan[0] ?? null;
      if (this.pupilsBase && this.cls) this.render();
    });
  }

  build() {
    const r = this.root;
    r.replaceChildren();
    r.classList.add("class-table");
    this.note = el("p", { class: "class-note", role: "status", hidden: true });
    // Which class: the ones kept in this browser, and the class file.
    const pick = el("div", { class: "class-controls class-pick" });
    const pickLabel = el("label", { for: "class-choose" }, "Class:");
    this.choose = el("select", { id: "class-choose", class: "class-choose" });
    this.choose.addEventListener("change", () => this.openStored(this.choose.value));
    this.fileInput = el("input", { type: "file", accept: ".json,application/json", class: "class-import-file", hidden: true });
    this.fileInput.addEventListener("change", () => this.importFile());
    const bImport = el("button", { type: "button", class: "md-button class-import" }, "Load a class file");
    bImport.addEventListener("click", () => this.fileInput.click());
    pick.append(pickLabel, this.choose, bImport, this.fileInput);
    this.head = el("div", { class: "class-head" });
    // Adding codes.
    const add = el("form", { class: "class-controls class-add" });
    const codeLabel = el("label", { for: "class-codes" }, "Result codes (paste or type one or more, one per line):");
    this.codes = el("textarea", { id: "class-codes", class: "class-codes", rows: "3", autocomplete: "off", spellcheck: "false" });
    const bAdd = el("button", { type: "submit", class: "md-button md-button--primary class-add-button" }, "Add to the table");
    this.bScan = el("button", { type: "button", class: "md-button class-scan" }, "Scan QR codes with the camera");
    this.bScan.addEventListener("click", () => (this.scanner ? this.stopScan() : this.startScan()));
    this.msg = el("div", { class: "class-msg", role: "status", "aria-live": "polite" });
    this.video = el("video", { class: "class-video", hidden: true, muted: true, playsinline: true });
    add.append(codeLabel, this.codes, bAdd, this.bScan, this.msg, this.video);
    add.addEventListener("submit", (e) => {
      e.preventDefault();
      this.addCodes(this.codes.value);
    });
    this.addBox = add;
    this.table = el("div", { class: "class-table-wrap" });
    this.hard = el("div", { class: "class-hardest" });
    const actions = el("div", { class: "class-controls class-actions" });
    const btn = (cls, text, fn) => {
      const b = el("button", { type: "button", class: `md-button ${cls}` }, text);
      b.addEventListener("click", fn);
      actions.append(b);
      return b;
    };
    btn("class-print", "Print the table", () => window.print());
    btn("class-csv", "Export as CSV (spreadsheet)", () => this.exportCsv());
    btn("class-export", "Save the class to a file", () => this.exportFile());
    this.fileMsg = el("p", { class: "class-file-msg", role: "status" });
    this.body = el("div", { class: "class-body", hidden: true });
    this.body.append(this.head, add, this.table, this.hard, actions);
    r.append(this.note, pick, this.fileMsg, this.body);
  }

  mount(hash) {
    const want = readHash(hash);
    if (want.assign) {
      let a;
      try {
        a = decodeAssignment(want.assign);
      } catch (err) {
        if (!(err instanceof AssignmentError)) throw err;
        this.say(`This assignment link could not be read: ${err.message}. Open the class table from the link the Assignments page made.`);
      }
      if (a) {
        this.open(a);
        if (want.code) {
          this.addCodes(codeFromScan(`#code=${want.code}`));
          // The address keeps the assignment only: a reload must not look like a new scan.
          history.replaceState(null, "", `#assign=${encodeAssignment(a)}`);
        }
        return;
      }
    }
    this.renderChoice();
    const kept = storedClasses(storage());
    if (kept.length) this.open(kept[0], { keepNote: Boolean(want.assign) });
    else if (!want.assign) this.say("No class yet in this browser. Make an assignment on the Assignments page and press “Open its class table”, or load a class file.");
  }

  dispose() {
    this.stopScan();
  }

  say(text) {
    this.note.textContent = text;
    this.note.hidden = !text;
  }

  /** Show the class of assignment `a` (kept in this browser, or a new empty one). */
  open(a, { keepNote = false } = {}) {
    const { cls, problem } = loadClass(a, storage());
    this.cls = cls;
    if (problem) this.say(`The results kept for this assignment could not be read (${problem}); the table starts empty, and the old data stays until you add a code.`);
    else if (!keepNote) this.say("");
    if (!problem && !cls.rows.length) this.save(); // the class is listed from now on
    this.renderChoice();
    this.render();
  }

  openStored(id) {
    const a = storedClasses(storage()).find((c) => c.id === id);
    if (a) this.open(a);
  }

  renderChoice() {
    const kept = storedClasses(storage());
    this.choose.replaceChildren(...kept.map((c) => el("option", { value: c.id, selected: c.id === this.cls?.assignment.id },
      `${c.name} (${c.id}, ${c.ids.length} puzzles, ${c.rows} pupil${c.rows === 1 ? "" : "s"})`)));
    if (!kept.length) this.choose.append(el("option", { value: "" }, "no class kept in this browser yet"));
  }

  save() {
    const why = saveClass(this.cls, storage());
    if (why) this.say(`The table could not be kept in this browser (${why}): save the class to a file before you leave.`);
  }

  /** Add every code in `text` (one per line); each gets its own line in the message. */
  addCodes(text) {
    const lines = String(text).split(/[\n,;]+/).map((s) => s.trim()).filter(Boolean);
    const out = [];
    if (!lines.length) out.push(["error", "There is no code to add: paste or type one."]);
    const refused = [];
    for (const line of lines) {
      try {
        const { row, replaced, same } = addCode(this.cls, line);
        out.push(same
          ? ["info", `${row.code}: already in the table (${row.pupil}).`]
          : ["ok", `${row.code}: ${row.pupil} ${replaced ? "— this newer code replaces their row" : "added"}.`]);
      } catch (err) {
        if (!(err instanceof CodeError)) throw err;
        let text = err.message;
        if (err.kind === "other") {
          const known = storedClasses(storage()).find((c) => c.id === err.assignment);
          if (known) text += ` It is for “${known.name}”: choose that class above.`;
        }
        out.push(["error", `${line.length > 40 ? `${line.slice(0, 39)}…` : line}: ${text}`]);
        refused.push(line);
      }
    }
    if (out.some(([k]) => k === "ok")) {
      this.save();
      this.renderChoice(); // its count of pupils
    }
    this.codes.value = refused.join("\n"); // the refused codes stay, to be corrected
    this.msg.replaceChildren(...out.map(([kind, t]) => el("p", { "data-kind": kind }, t)));
    this.render();
  }

  render() {
    const cls = this.cls;
    if (!cls) {
      this.body.hidden = true;
      return;
    }
    this.body.hidden = false;
    const a = cls.assignment;
    const here = new URL(`../../puzzles/#assign=${encodeAssignment(a)}`, location.href).href;
    const trainer = this.pupilsBase ? onOtherBase(here, this.pupilsBase) : here;
    const link = el("a", { href: trainer, target: "_blank", rel: "noopener" }, "the pupils' link");
    const line = el("p", {});
    line.append(`Assignment ${a.id}, ${a.ids.length} puzzles, ${cls.rows.length} pupil${cls.rows.length === 1 ? "" : "s"} so far (`, link, ").");
    this.head.replaceChildren(el("h2", { class: "class-title" }, a.name), line);
    this.renderTable();
    this.renderHardest();
  }

  renderTable() {
    const cls = this.cls;
    const ids = cls.assignment.ids;
    const table = el("table", { class: "class-results" });
    table.append(el("caption", {}, `Results: ${cls.assignment.name}`));
    const head = el("tr", {});
    const th = (key, text, title) => {
      const cell = el("th", { scope: "col", "data-key": String(key) });
      const active = this.sort.key === key;
      if (active) cell.setAttribute("aria-sort", this.sort.dir > 0 ? "ascending" : "descending");
      const b = el("button", { type: "button", class: "class-sort", title: title || `Sort by ${text}` }, text);
      if (active) b.append(el("span", { "aria-hidden": "true" }, this.sort.dir > 0 ? " ▲" : " ▼"));
      b.addEventListener("click", () => {
        this.sort = { key, dir: active ? -this.sort.dir : key === "pupil" ? 1 : -1 };
        this.renderTable();
      });
      cell.append(b);
      head.append(cell);
    };
    th("pupil", "Pupil");
    ids.forEach((id, i) => th(i, `${i + 1}`, `Puzzle ${i + 1}: ${id} (sort by it)`));
    th("first", "First try", "Sort by the puzzles solved at the first try");
    th("later", "Later try", "Sort by the puzzles solved after a wrong move or a hint");
    th("missed", "Missed");
    head.append(el("th", { scope: "col", class: "class-controls" }, ""));
    const thead = el("thead", {});
    thead.append(head);
    const tbody = el("tbody", {});
    for (const row of sortRows(cls.rows, this.sort.key, this.sort.dir)) {
      const tr = el("tr", { "data-code": row.code });
      tr.append(el("th", { scope: "row", class: "class-pupil" }, row.pupil));
      row.results.forEach((r, i) => tr.append(el("td", { "data-result": r, title: `${ids[i]}: ${WORDS[r]}` }, WORDS[r])));
      const t = rowTotals(row);
      tr.append(el("td", { class: "class-total", "data-total": "first" }, String(t.first)),
        el("td", { class: "class-total", "data-total": "later" }, String(t.later)),
        el("td", { class: "class-total", "data-total": "missed" }, String(t.missed)));
      const rm = el("button", { type: "button", class: "class-remove", "aria-label": `Remove ${row.pupil}'s row` }, "Remove");
      rm.addEventListener("click", () => {
        if (!window.confirm(`Remove ${row.pupil}'s row? (Their code adds it again.)`)) return;
        removeRow(cls, row.code);
        this.save();
        this.renderChoice();
        this.render();
      });
      const cell = el("td", { class: "class-controls" });
      cell.append(rm);
      tr.append(cell);
      tbody.append(tr);
    }
    if (!cls.rows.length) {
      const tr = el("tr", {});
      tr.append(el("td", { colspan: String(ids.length + 5) }, "No results yet: add the pupils' codes above."));
      tbody.append(tr);
    }
    const foot = el("tr", { class: "class-totals" });
    foot.append(el("th", { scope: "row" }, "Class"));
    for (const p of puzzleTotals(cls)) {
      foot.append(el("td", { title: p.id, class: "class-puzzle-total" }, `${p.first} first try, ${p.later} later try, ${p.missed} missed`));
    }
    const all = cls.rows.map(rowTotals);
    const sum = (k) => String(all.reduce((s, t) => s + t[k], 0));
    foot.append(el("td", {}, sum("first")), el("td", {}, sum("later")), el("td", {}, sum("missed")), el("td", { class: "class-controls" }));
    const tfoot = el("tfoot", {});
    tfoot.append(foot);
    table.append(thead, tbody, tfoot);
    const key = el("p", { class: "class-key" }, `Puzzles: ${ids.map((id, i) => `${i + 1} = ${id}`).join(", ")}. ` +
      "✓ first try: solved with no wrong move and no hint; ✓ later try: solved after a wrong move or a hint; ✗ missed: the solution was shown. " +
      "Each pupil's three counts add up to the number of puzzles.");
    const wrap = el("div", { class: "class-scroll" });
    wrap.append(table);
    this.table.replaceChildren(wrap, key);
  }

  renderHardest() {
    const hard = hardest(this.cls);
    if (!this.cls.rows.length) return this.hard.replaceChildren();
    const list = el("ol", {});
    for (const p of hard) {
      list.append(el("li", {}, `Puzzle ${p.index + 1} (${p.id}): ${p.missed} missed, ${p.later} solved at a later try, ${p.first} at the first try.`));
    }
    this.hard.replaceChildren(el("h3", {}, "The hardest puzzles"),
      hard.length ? list : el("p", {}, "Every puzzle was solved at the first try by everyone so far."));
  }

  exportCsv() {
    if (!this.cls) return;
    const rows = sortRows(this.cls.rows, this.sort.key, this.sort.dir);
    // With a byte order mark, spreadsheets read the names' accents as UTF-8.
    download(`petteia-class-${this.cls.assignment.id}.csv`, `\ufeff${toCsv(this.cls, rows)}`, "text/csv");
  }

  exportFile() {
    if (!this.cls) return;
    download(`petteia-class-${this.cls.assignment.id}.json`, exportClass(this.cls), "application/json");
    this.fileMsg.textContent = "The class was saved to a file. Load it here, or on another computer, with “Load a class file”.";
  }

  async importFile() {
    const file = this.fileInput.files?.[0];
    this.fileInput.value = "";
    if (!file) return;
    const refuse = (text) => {
      this.fileMsg.textContent = `${text} Nothing was changed.`;
      this.fileMsg.dataset.kind = "error";
    };
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
    if (out.added.length || out.replaced.length) this.save();
    this.renderChoice();
    this.render();
    const n = cls.rows.length;
    const parts = [`Class file loaded: “${cls.assignment.name}”, ${n} pupil${n === 1 ? "" : "s"}.`];
    const names = (list) => list.length > 6 ? `${list.slice(0, 6).join(", ")} and ${list.length - 6} more` : list.join(", ");
    if (out.added.length) parts.push(`Added: ${names(out.added)}.`);
    if (out.replaced.length) parts.push(`Replaced by the file's newer result: ${names(out.replaced)}.`);
    if (out.kept.length) {
      parts.push(`Kept the result already here, which is newer than the file's: ${names(out.kept.map((k) => k.pupil))}.`);
    }
    if (!out.added.length && !out.replaced.length) parts.push("The table already had everything in it: nothing changed.");
    this.fileMsg.textContent = parts.join(" ");
    this.fileMsg.dataset.kind = "ok";
  }

  // ---------------------------------------------------------------- the camera (optional)
  async startScan() {
    let QrScanner;
    try {
      QrScanner = (await import("../vendor/qr-scanner/qr-scanner.min.js")).default;
    } catch {
      return this.scanSay("The QR code reader could not be loaded: type or paste the codes instead.");
    }
    if (!(await QrScanner.hasCamera().catch(() => false))) {
      return this.scanSay("No camera was found on this device: type or paste the codes instead.");
    }
    this.video.hidden = false;
    let last = "";
    const scanner = new QrScanner(this.video, (result) => {
      const text = result?.data ?? String(result);
      if (!text || text === last) return;
      last = text;
      this.addCodes(codeFromScan(text));
    }, { returnDetailedScanResult: true, highlightScanRegion: true });
    this.scanner = scanner;
    try {
      await scanner.start();
      this.bScan.textContent = "Stop the camera";
    } catch (err) {
      this.stopScan();
      this.scanSay(`The camera could not be used (${String(err?.message || err).slice(0, 80)}; perhaps permission was not given): type or paste the codes instead.`);
    }
  }

  stopScan() {
    if (!this.scanner) return;
    this.scanner.stop();
    this.scanner.destroy();
    this.scanner = null;
    this.video.hidden = true;
    this.bScan.textContent = "Scan QR codes with the camera";
  }

  scanSay(text) {
    this.msg.replaceChildren(el("p", { "data-kind": "info" }, text));
  }
}

let page = null;

export function mount(root, hash = location.hash) {
  page?.dispose();
  page = new ClassTable(root);
  window.__petteiaClassTable = page; // for tests and debugging
  page.mount(hash);
}

export function unmount() {
  page?.dispose();
  page = null;
}
