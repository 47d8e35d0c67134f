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
  assert.deepEqual(rowTotals(cls.rows[1]), { first: 1, solved: 2, missed: 2 });
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
  assert.equal(csv[0], "Pupil,1: classic-001,2: classic-002,3: vagi-003,4: kubeia-004,First try,Solved,Missed,Code");
  assert.equal(csv[1], `Ana,first try,solved,missed,first try,2,3,1,${cls.rows[0].code}`);
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
