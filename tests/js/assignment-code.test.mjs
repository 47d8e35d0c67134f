// Unit tests of assignment-code.js (assignment links and result codes), run by Node's test runner:
// `node --test tests/js/` (tests/test_js_in_node.py runs them in pytest).
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  AssignmentError, CROCKFORD, CodeError, MAX_PUZZLES, assignmentId, decodeAssignment, decodeResult,
  encodeAssignment, encodeResult, fitBytes, normalizeCode,
} from "../../docs/assets/js/assignment-code.js";
import { currentPuzzleId } from "../../docs/assets/js/puzzle-ids.js";

const A = { name: "Year 8 · captures", ids: ["classic-001", "vagi-c002", "tournament-seed-000", "kubeia-010"] };

test("an assignment link reads back as the same name and puzzles, with a 4-character id", () => {
  const text = encodeAssignment(A);
  assert.match(text, /^[A-Za-z0-9_-]+$/);
  const back = decodeAssignment(text);
  assert.deepEqual(back, { name: A.name, ids: A.ids, id: assignmentId(A) });
  assert.match(back.id, /^[0-9A-HJKMNP-TV-Z]{4}$/);
  assert.notEqual(assignmentId(A), assignmentId({ ...A, name: "Year 8 · captures 2" }));
  assert.notEqual(assignmentId(A), assignmentId({ ...A, ids: [...A.ids].reverse() }));
});

test("a link made before a puzzle was renamed keeps its ids and its assignment id; the trainer resolves the old id", () => {
  // A names tournament-seed-000, renamed tournament-000: the link and the result codes made for it
  // stay valid because the assignment id is computed from the ids the link carries.
  const back = decodeAssignment(encodeAssignment(A));
  assert.deepEqual(back.ids, A.ids);
  assert.equal(back.id, assignmentId(A));
  assert.deepEqual(back.ids.map(currentPuzzleId), ["classic-001", "vagi-c002", "tournament-000", "kubeia-010"]);
});

test("a damaged assignment link says what is wrong", () => {
  const text = encodeAssignment(A);
  for (const bad of ["", "%%%", text.slice(0, 10), "aGVsbG8", encodeAssignment({ name: "x", ids: ["a"] }).replace(/^.../, "Mn")]) {
    assert.throws(() => decodeAssignment(bad), AssignmentError, bad);
  }
  assert.throws(() => encodeAssignment({ name: " ", ids: ["classic-001"] }), /no name/);
  assert.throws(() => encodeAssignment({ name: "x", ids: [] }), /no puzzles/);
  assert.throws(() => encodeAssignment({ name: "x", ids: ["a", "a"] }), /twice/);
  assert.throws(() => encodeAssignment({ name: "x", ids: Array.from({ length: MAX_PUZZLES + 1 }, (_, i) => `p-${i}`) }), /more than/);
});

test("a result code reads back exactly, names included (accents, Greek)", () => {
  const id = assignmentId(A);
  for (const pupil of ["Ana", "", "Zoë Müller", "Αλέξανδρος Π.", "a very long name that does not fit at all"]) {
    for (const results of [["first", "solved", "missed", "first"], ["missed"], Array(MAX_PUZZLES).fill("first")]) {
      const code = encodeResult({ assignment: id, pupil, results });
      assert.match(code, /^([0-9A-HJKMNP-TV-Z]{4}-)*[0-9A-HJKMNP-TV-Z]{1,4}$/);
      const back = decodeResult(code, { expected: id, count: results.length });
      assert.deepEqual(back, { assignment: id, pupil: fitBytes(pupil), results, code });
    }
  }
});

test("a code is read as a person types it: lower case, no hyphens, I/L for 1 and O for 0", () => {
  const id = assignmentId(A);
  const code = encodeResult({ assignment: id, pupil: "Ana", results: ["first", "solved", "solved", "missed"] });
  const typed = code.toLowerCase().replace(/-/g, " ").replace(/1/g, "l").replace(/0/g, "o");
  assert.deepEqual(decodeResult(typed).results, ["first", "solved", "solved", "missed"]);
  assert.equal(normalizeCode(typed), code);
});

test("every one-character mistake and every swap of neighbours is refused as a typing mistake", () => {
  const id = assignmentId(A);
  const code = encodeResult({ assignment: id, pupil: "Nikos", results: ["first", "solved", "missed", "first"] }).replace(/-/g, "");
  let tried = 0;
  for (let i = 0; i < code.length; i++) {
    for (const c of CROCKFORD) {
      if (c === code[i]) continue;
      const bad = code.slice(0, i) + c + code.slice(i + 1);
      assert.throws(() => decodeResult(bad, { expected: id }), (e) => e instanceof CodeError && e.kind === "typo", bad);
      tried++;
    }
    if (i + 1 < code.length && code[i] !== code[i + 1]) {
      const swapped = code.slice(0, i) + code[i + 1] + code[i] + code.slice(i + 2);
      assert.throws(() => decodeResult(swapped), (e) => e.kind === "typo", swapped);
    }
  }
  assert.ok(tried > 300);
  for (const bad of [code.slice(0, -1), code.slice(1), `${code}A`, `${code}!`, "HELLO-WORLD", "U"]) {
    assert.throws(() => decodeResult(bad), (e) => e.kind === "typo", bad);
  }
  assert.throws(() => decodeResult("  - "), (e) => e.kind === "empty");
});

test("a good code of another assignment is refused as such, naming its id", () => {
  const other = { name: "Other class", ids: ["classic-001", "classic-002", "classic-003", "classic-004"] };
  const code = encodeResult({ assignment: assignmentId(other), pupil: "Ana", results: ["first", "first", "first", "first"] });
  assert.throws(() => decodeResult(code, { expected: assignmentId(A) }),
    (e) => e.kind === "other" && e.assignment === assignmentId(other) && /another assignment/.test(e.message));
  const short = encodeResult({ assignment: assignmentId(A), pupil: "Ana", results: ["first"] });
  assert.throws(() => decodeResult(short, { expected: assignmentId(A), count: 4 }), (e) => e.kind === "other");
});

// Issue #34, item 23: a link with one letter changed used to decode, often into another assignment.
test("an assignment link has a check: every one-letter change, swap of neighbours or cut is refused", async () => {
  const { DAMAGED_LINK } = await import("../../docs/assets/js/assignment-code.js");
  const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  for (const a of [A, { name: "7b", ids: ["classic-001"] }, { name: "Ζωή's class", ids: ["kubeia-010", "vagi-c002"] }]) {
    const text = encodeAssignment(a);
    assert.deepEqual(decodeAssignment(text).ids, a.ids);
    let tried = 0;
    for (let i = 0; i < text.length; i++) {
      for (const c of B64) {
        if (c === text[i]) continue;
        const bad = text.slice(0, i) + c + text.slice(i + 1);
        assert.throws(() => decodeAssignment(bad), AssignmentError, `${i}: ${bad}`);
        tried++;
      }
      if (i + 1 < text.length && text[i] !== text[i + 1]) {
        assert.throws(() => decodeAssignment(text.slice(0, i) + text[i + 1] + text[i] + text.slice(i + 2)), AssignmentError);
      }
      if (i > 0) assert.throws(() => decodeAssignment(text.slice(0, i)), AssignmentError, `cut at ${i}`);
    }
    assert.throws(() => decodeAssignment(`${text}A`), AssignmentError);
    assert.ok(tried > 1000);
  }
  const bad = encodeAssignment(A).replace(/^(.{12})./, (m, head) => head + (m[12] === "x" ? "y" : "x"));
  assert.throws(() => decodeAssignment(bad), (e) => e.message === DAMAGED_LINK && /changed or cut short/.test(e.message));
});

test("links made before the check (version 1) still open, as the same assignment", () => {
  // encodeAssignment(A) of the site before the check: base64url of "1\n<name>\n<ids>".
  const old = Buffer.from(`1\n${A.name}\n${A.ids.join(",")}`).toString("base64url");
  assert.deepEqual(decodeAssignment(old), { name: A.name, ids: A.ids, id: assignmentId(A) });
  assert.deepEqual(decodeAssignment(encodeAssignment(A)), decodeAssignment(old));
  assert.ok(!encodeAssignment(A).startsWith(old.slice(0, 2)), "new links are version 2");
});

test("a code carries puzzles not tried (\"Finish now\") as the fourth result, and the class table never counts them as solved", async () => {
  const results = ["first", "missed", "untried", "untried"];
  const code = encodeResult({ assignment: assignmentId(A), pupil: "Ana", results });
  assert.deepEqual(decodeResult(code, { expected: assignmentId(A), count: 4 }).results, results);
  const { rowTotals, WORDS, CSV_WORDS } = await import("../../docs/assets/js/class-roster.js");
  assert.deepEqual(rowTotals({ results }), { first: 1, later: 0, solved: 1, missed: 1, untried: 2 });
  assert.equal(WORDS.untried, "– not tried");
  assert.equal(CSV_WORDS.untried, "not tried");
});
