// Unit tests of class-roster.js (the class table's data), run by Node's test runner.
import { test } from "node:test";
import assert from "node:assert/strict";
import { assignmentId, encodeResult } from "../../docs/assets/js/assignment-code.js";
import {
  PREFIX, addCode, emptyClass, exportClass, hardest, loadClass, puzzleTotals, readClass, rowTotals, saveClass,
  sortRows, storedClasses, toCsv,
} from "../../docs/assets/js/class-roster.js";

const A = { name: "Class 7b", ids: ["classic-001", "classic-002", "vagi-003", "kubeia-004"] };
const code = (pupil, results, a = A) => encodeResult({ assignment: assignmentId(a), pupil, results });

function memoryStorage() {
  const m = new Map();
  return {
    getItem: (k) => (m.has(k) ? m.get(k) : null), setItem: (k, v) => m.set(k, String(v)),
    key: (i) => [...m.keys()][i] ?? null, get length() { return m.size; }, map: m,
  };
}

test("codes become rows; the same code twice changes nothing; a pupil's newer code replaces the row", () => {
  const cls = emptyClass(A);
  addCode(cls, code("Ana", ["first", "solved", "missed", "first"]));
  addCode(cls, code("Ben", ["missed", "missed", "solved", "first"]));
  assert.equal(addCode(cls, code("Ana", ["first", "solved", "missed", "first"]).toLowerCase()).same, true);
  assert.equal(cls.rows.length, 2);
  const r = addCode(cls, code("ana", ["first", "first", "first", "first"]));
  assert.equal(r.replaced, true);
  assert.deepEqual(cls.rows.map((x) => x.pupil), ["ana", "Ben"]);
  assert.deepEqual(rowTotals(cls.rows[1]), { first: 1, later: 1, solved: 2, missed: 2, untried: 0 });
});

test("a pupil who pressed Finish now: the puzzles left count as not tried, never as missed or solved", () => {
  const cls = emptyClass(A);
  addCode(cls, code("Ana", ["first", "missed", "untried", "untried"]));
  assert.deepEqual(rowTotals(cls.rows[0]), { first: 1, later: 0, solved: 1, missed: 1, untried: 2 });
  assert.deepEqual(puzzleTotals(cls).map((p) => [p.missed, p.untried]), [[0, 0], [1, 0], [0, 1], [0, 1]]);
  assert.deepEqual(hardest(cls).map((p) => p.id), ["classic-002"]);
  const csv = toCsv(cls).split("\r\n");
  assert.equal(csv[1], `Ana,first try,missed,not tried,not tried,1,0,1,2,${cls.rows[0].code}`);
});

test("refused codes leave the class as it was", () => {
  const cls = emptyClass(A);
  addCode(cls, code("Ana", ["first", "solved", "missed", "first"]));
  const before = JSON.stringify(cls);
  const other = code("Eve", ["first", "first", "first", "first"], { ...A, name: "Class 7c" });
  assert.throws(() => addCode(cls, other), (e) => e.kind === "other");
  const good = code("Eve", ["first", "first", "first", "first"]);
  assert.throws(() => addCode(cls, good.slice(0, 5) + (good[5] === "A" ? "B" : "A") + good.slice(6)), (e) => e.kind === "typo");
  assert.equal(JSON.stringify(cls), before);
});

test("totals per puzzle, the hardest puzzles, sorting and the CSV", () => {
  const cls = emptyClass(A);
  addCode(cls, code("Ana", ["first", "solved", "missed", "first"]));
  addCode(cls, code("Ben", ["first", "missed", "missed", "first"]));
  addCode(cls, code("=Cy, \"the\" best", ["first", "first", "solved", "first"]));
  assert.deepEqual(puzzleTotals(cls).map((p) => [p.first, p.solved, p.missed]), [[3, 3, 0], [1, 2, 1], [0, 1, 2], [3, 3, 0]]);
  assert.deepEqual(hardest(cls).map((p) => p.id), ["vagi-003", "classic-002"]);
  assert.deepEqual(sortRows(cls.rows, "solved", -1).map((r) => r.pupil[0]), ["=", "A", "B"]);
  assert.deepEqual(sortRows(cls.rows, 2, 1).map((r) => r.pupil[0]), ["A", "B", "="]);
  const csv = toCsv(cls).split("\r\n");
  // Issue #34, item 20: each count counts the cells with its own word ("later try": solved after a wrong try).
  assert.equal(csv[0], "Pupil,1: classic-001,2: classic-002,3: vagi-003,4: kubeia-004,First try,Later try,Missed,Not tried,Code");
  assert.equal(csv[1], `Ana,first try,later try,missed,first try,2,1,1,0,${cls.rows[0].code}`);
  assert.ok(csv[3].startsWith(`"'=Cy, ""the"" best",`), csv[3]);
});

test("kept per assignment in storage; the class file reads back, and a file changed by hand is refused", () => {
  const store = memoryStorage();
  const cls = emptyClass(A);
  addCode(cls, code("Ana", ["first", "solved", "missed", "first"]));
  assert.equal(saveClass(cls, store), null);
  assert.ok(store.map.has(PREFIX + assignmentId(A)));
  assert.deepEqual(loadClass(A, store).cls, cls);
  assert.deepEqual(storedClasses(store).map((c) => [c.name, c.rows]), [["Class 7b", 1]]);
  const text = exportClass(cls);
  assert.deepEqual(readClass(text, A), cls);
  const edited = JSON.parse(text);
  edited.rows[0].results[2] = "first";
  assert.throws(() => readClass(JSON.stringify(edited)), /changed by hand/);
  assert.throws(() => readClass("not json"), /not JSON/);
  assert.throws(() => readClass(JSON.stringify({ kind: "other" })), /not a class file/);
  assert.throws(() => readClass(text, { ...A, name: "Class 7c" }), /not this one/);
  store.setItem(PREFIX + assignmentId(A), "{broken");
  const { cls: empty, problem } = loadClass(A, store);
  assert.equal(empty.rows.length, 0);
  assert.match(problem, /not JSON/);
});

/** The cells a spreadsheet sees in `csv` with separator `sep`: a quote opens a quoted cell only at
 *  a cell's start, as Excel and LibreOffice read it. */
function spreadsheetCells(csv, sep) {
  const cells = [];
  for (const line of csv.split("\r\n").filter(Boolean)) {
    let i = 0;
    while (i <= line.length) {
      let value = "";
      if (line[i] === '"') {
        i++;
        while (i < line.length) {
          if (line[i] === '"' && line[i + 1] === '"') { value += '"'; i += 2; } else if (line[i] === '"') { i++; break; } else value += line[i++];
        }
        while (i < line.length && line[i] !== sep) value += line[i++];
      } else {
        while (i < line.length && line[i] !== sep) value += line[i++];
      }
      cells.push(value);
      i++;
    }
  }
  return cells;
}

// Issue #34, item 25: cells were made safe for comma spreadsheets only.
test("the CSV is safe whatever the spreadsheet's separator: no cell starts a formula", () => {
  const cls = emptyClass(A);
  const names = ["=1+1", "+SUM(A1)", "-2+3", "@A1", "\t=1", " =HYPERLINK(\"x\")", "Ana;=1+1", "Ben,=1+1",
    "Cy; +1", "Di;\"=1\"", "Eve;@x", "Zoë; Müller", "Max;-1"];
  for (const [i, n] of names.entries()) cls.rows.push({ pupil: n, results: ["first", "solved", "missed", "first"], code: `C${i}`, added: "" });
  const csv = toCsv(cls);
  for (const sep of [",", ";"]) {
    for (const cell of spreadsheetCells(csv, sep)) {
      assert.doesNotMatch(cell.replace(/^ +/, ""), /^[=+\-@\t\r]/, `separator ${sep}: ${JSON.stringify(cell)}`);
    }
  }
  // Read with commas (RFC 4180), the names are all there, an apostrophe before each formula's start.
  const rows = csv.split("\r\n");
  assert.equal(rows[7], `"Ana;'=1+1",first try,later try,missed,first try,2,1,1,0,C6`);
  assert.equal(rows[12], `"Zoë; Müller",first try,later try,missed,first try,2,1,1,0,C11`);
});

// Issue #34, item 24: class files.
test("a class file whose pupil's name was changed by hand is refused, naming the row", () => {
  const cls = emptyClass(A);
  addCode(cls, code("Ana", ["first", "solved", "missed", "first"]));
  addCode(cls, code("Ben", ["first", "first", "first", "first"]));
  const edited = JSON.parse(exportClass(cls));
  edited.rows[1].pupil = "Zed";
  assert.throws(() => readClass(JSON.stringify(edited)), /Row 2 of this class file was changed by hand: it says “Zed”, but its code is “Ben”'s/);
  edited.rows[1].pupil = "Ben";
  assert.deepEqual(readClass(JSON.stringify(edited)), cls);
});

test("loading a file keeps each pupil's newer result, and says which were kept", async () => {
  const { mergeClass } = await import("../../docs/assets/js/class-roster.js");
  const here = emptyClass(A);
  addCode(here, code("Ana", ["first", "first", "first", "first"]), new Date("2026-05-03T10:00:00Z"));
  addCode(here, code("Ben", ["missed", "missed", "missed", "missed"]), new Date("2026-05-01T10:00:00Z"));
  const file = emptyClass(A);
  addCode(file, code("ana", ["missed", "missed", "missed", "missed"]), new Date("2026-05-01T09:00:00Z")); // older
  addCode(file, code("Ben", ["first", "first", "first", "first"]), new Date("2026-05-02T10:00:00Z")); // newer
  addCode(file, code("Cy", ["first", "first", "first", "first"]), new Date("2026-05-02T10:00:00Z"));
  const anaCode = here.rows[0].code;
  const out = mergeClass(here, readClass(exportClass(file)));
  assert.deepEqual(out.added, ["Cy"]);
  assert.deepEqual(out.replaced, ["Ben"]);
  assert.deepEqual(out.kept.map((k) => k.pupil), ["Ana"]);
  assert.equal(here.rows[0].code, anaCode);
  assert.deepEqual(here.rows.map((r) => [r.pupil, rowTotals(r).first]), [["Ana", 4], ["Ben", 4], ["Cy", 4]]);
  const again = mergeClass(here, readClass(exportClass(here))); // the same codes: nothing changes
  assert.deepEqual([again.same, again.added, again.replaced, again.kept], [3, [], [], []]);
});

test("a file too large is refused before it is read; merging many rows takes linear time", async () => {
  const { MAX_FILE_BYTES, MAX_ROWS, mergeClass } = await import("../../docs/assets/js/class-roster.js");
  assert.throws(() => readClass(" ".repeat(MAX_FILE_BYTES + 1)), /too large for a class file/);
  const many = { kind: "petteia-class", v: 1, assignment: A, rows: Array.from({ length: MAX_ROWS + 1 }, () => ({})) };
  assert.throws(() => readClass(JSON.stringify(many)), /at most 2000 pupils/);
  const big = emptyClass(A);
  for (let i = 0; i < MAX_ROWS; i++) big.rows.push({ pupil: `P${i}`, results: ["first", "first", "first", "first"], code: `C${i}`, added: "" });
  const t0 = performance.now();
  const out = mergeClass(emptyClass(A), big);
  const target = emptyClass(A);
  mergeClass(target, big);
  mergeClass(target, big); // every code already there
  assert.equal(out.added.length, MAX_ROWS);
  assert.ok(performance.now() - t0 < 1000);
});
