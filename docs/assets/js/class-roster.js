// The class table's data (issue #22): one class's results for one assignment, kept in the
// teacher's browser (localStorage, one key per assignment), with the totals, the hardest
// puzzles, the CSV export and the class file (export/import). Pure: no DOM; the storage is passed
// in. The page is class-table/; result codes are read by assignment-code.js.
import { t } from "./i18n.js";
import { AssignmentError, CodeError, checkAssignment, decodeResult, tidyName } from "./assignment-code.js";

export const PREFIX = "petteia-class."; // + assignment id
export const FILE_KIND = "petteia-class";
/** The pupil's name stored for a code without one (data, the same in every language). */
const NO_NAME = "(no name)";
/** The words of a result in the table and in the CSV (never a colour alone). Each count of the
 *  table ("First try", "Later try", "Missed") counts exactly the cells with its own word. */
export const WORDS = { first: t("✓ first try"), solved: t("✓ later try"), missed: t("✗ missed"), untried: t("– not tried") };
export const CSV_WORDS = { first: t("first try"), solved: t("later try"), missed: t("missed"), untried: t("not tried") };
/** A class file larger than this is refused before it is read (a class of 1,000 pupils and 24
 *  puzzles is about 0.5 MB). */
export const MAX_FILE_BYTES = 2_000_000;
export const MAX_ROWS = 2000;

/** A class: {assignment: {name, ids, id}, rows: [{pupil, results, code, added}]}. */
export function emptyClass(assignment) {
  return { assignment: checkAssignment(assignment), rows: [] };
}

/**
 * Add a pasted or scanned code to `cls` (changed in place only if the code is good). Returns
 * {row, replaced, same}: `same` when the table already holds this very code (nothing changes),
 * `replaced` when a row of the same pupil name had another code (the newer one replaces it).
 * Throws CodeError (assignment-code.js) for a mistyped code or another assignment's.
 */
export function addCode(cls, text, now = new Date()) {
  const a = cls.assignment;
  const r = decodeResult(text, { expected: a.id, count: a.ids.length });
  const pupil = r.pupil || NO_NAME;
  const same = cls.rows.find((row) => row.code === r.code);
  if (same) return { row: same, replaced: false, same: true };
  const row = { pupil, results: r.results, code: r.code, added: now.toISOString() };
  const at = cls.rows.findIndex((x) => x.pupil.toLowerCase() === pupil.toLowerCase());
  if (at >= 0) cls.rows[at] = row;
  else cls.rows.push(row);
  return { row, replaced: at >= 0, same: false };
}

/** Remove the row with `code`. */
export function removeRow(cls, code) {
  cls.rows = cls.rows.filter((r) => r.code !== code);
}

/** Per pupil: {first, later, solved, missed, untried} counts. `first`, `later` (solved after a wrong
 *  move or a hint), `missed` and `untried` (left when the pupil pressed "Finish now") add up to the
 *  puzzles; `solved` is every solve (first + later). */
export function rowTotals(row) {
  return totals(row.results);
}

function totals(results) {
  const first = results.filter((r) => r === "first").length;
  const solved = results.filter((r) => r === "first" || r === "solved").length;
  const untried = results.filter((r) => r === "untried").length;
  return { first, later: solved - first, solved, missed: results.length - solved - untried, untried };
}

/** Per puzzle (in the assignment's order): {id, first, later, solved, missed}, counted as rowTotals does. */
export function puzzleTotals(cls) {
  return cls.assignment.ids.map((id, i) => {
    return { id, index: i, ...totals(cls.rows.map((r) => r.results[i])) };
  });
}

/** The puzzles the class found hardest, hardest first: most misses, then fewest first tries;
 *  only puzzles someone missed or solved after a wrong try. At most `limit`. */
export function hardest(cls, limit = 3) {
  return puzzleTotals(cls)
    .filter((p) => p.missed > 0 || p.solved > p.first)
    .sort((a, b) => b.missed - a.missed || a.first - b.first || a.index - b.index)
    .slice(0, limit);
}

/** Rows sorted by `key` ("pupil", "first", "later", "solved", "missed", or a puzzle index as a number), `dir` 1 or -1. */
export function sortRows(rows, key, dir = 1) {
  const rank = { first: 2, solved: 1, missed: 0, untried: -1 };
  const value = (row) => {
    if (key === "pupil") return row.pupil.toLowerCase();
    if (typeof key === "number") return rank[row.results[key]] ?? -1;
    return rowTotals(row)[key];
  };
  return [...rows].sort((a, b) => {
    const x = value(a), y = value(b);
    const c = x < y ? -1 : x > y ? 1 : 0;
    return c * dir || a.pupil.localeCompare(b.pupil);
  });
}

/**
 * One CSV cell, safe in a spreadsheet whatever its separator. A spreadsheet reads a cell that
 * starts with = + - @ (or a tab or a carriage return before one) as a formula. The file's
 * separator is the comma, but a spreadsheet set up for a semicolon (Italian, German, French Excel)
 * splits at every ";" and does not see our quotes, so a piece of text after a "," or a ";" can
 * start a cell too: each such start gets an apostrophe (before any spaces or quotes), which
 * spreadsheets show as text. Line
 * breaks become spaces (a name never has one); cells with , ; " or spaces at an end are quoted.
 */
export function csvCell(text) {
  const s = String(text).replace(/[\r\n]+/g, " ");
  const safe = s.replace(/(^|[,;])(?=[\s\x22]*[=+\-@\t])/g, "$1'");
  return /[\x22,;\t]|^\s|\s$/.test(safe) ? `"${safe.replace(/\x22/g, '""')}"` : safe;
}

/** The table as CSV (rows in the order given): pupil, one column per puzzle, totals, code. */
export function toCsv(cls, rows = cls.rows) {
  const head = [t("Pupil"), ...cls.assignment.ids.map((id, i) => `${i + 1}: ${id}`), t("First try"), t("Later try"), t("Missed"), t("Not tried"), t("Code")];
  const lines = [head];
  for (const row of rows) {
    const n = rowTotals(row);
    lines.push([row.pupil, ...row.results.map((r) => CSV_WORDS[r]), n.first, n.later, n.missed, n.untried, row.code]);
  }
  return lines.map((l) => l.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

// ------------------------------------------------------------------ storage and the class file
/** The class kept for `assignment` in `storage`, or an empty one. {cls, problem}: `problem` says
 *  why stored data could not be read (it is then left in place, not overwritten until a save). */
export function loadClass(assignment, storage) {
  const a = checkAssignment(assignment);
  let text = null;
  try {
    text = storage.getItem(PREFIX + a.id);
  } catch {
    return { cls: emptyClass(a), problem: t("this browser does not let the page keep data") };
  }
  if (text === null) return { cls: emptyClass(a), problem: null };
  try {
    return { cls: readClass(text, a), problem: null };
  } catch (err) {
    return { cls: emptyClass(a), problem: err.message };
  }
}

/** Save `cls`; returns null, or why it could not be saved. */
export function saveClass(cls, storage) {
  try {
    storage.setItem(PREFIX + cls.assignment.id, exportClass(cls));
    return null;
  } catch (err) {
    return err?.name === "QuotaExceededError" ? t("the browser's storage is full") : t("this browser does not let the page keep data");
  }
}

/** The ids of the assignments kept in `storage`, with their names: [{id, name, ids, rows}]. */
export function storedClasses(storage) {
  const out = [];
  try {
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (!key?.startsWith(PREFIX)) continue;
      try {
        const cls = readClass(storage.getItem(key));
        out.push({ ...cls.assignment, rows: cls.rows.length });
      } catch {
        /* unreadable: not offered */
      }
    }
  } catch {
    /* no storage */
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

/** The class file's text (JSON): the assignment and every row. */
export function exportClass(cls) {
  return JSON.stringify({ kind: FILE_KIND, v: 1, assignment: { name: cls.assignment.name, ids: cls.assignment.ids }, rows: cls.rows }, null, 1);
}

const clip = (text, n = 40) => (text.length > n ? `${text.slice(0, n - 1)}…` : text);

/**
 * Read a class file's text; throws Error with a sentence for the teacher when it is not one,
 * naming the row and what is wrong. Every row's code is read again, so a row changed by hand is
 * refused: its results and its pupil's name must be its code's. With `expected` (an assignment),
 * a file of another assignment is refused. A file over MAX_FILE_BYTES or MAX_ROWS is refused
 * before its rows are read.
 */
export function readClass(text, expected = null) {
  if (typeof text === "string" && text.length > MAX_FILE_BYTES) throw new Error(tooLarge(text.length));
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    throw new Error(t("This file is not a class file (it is not JSON)."));
  }
  if (!data || data.kind !== FILE_KIND || data.v !== 1) throw new Error(t("This file is not a class file of this site."));
  let a;
  try {
    a = checkAssignment(data.assignment ?? {});
  } catch (err) {
    if (err instanceof AssignmentError) throw new Error(t("This class file's assignment is damaged: {why}.", { why: err.message }));
    throw err;
  }
  if (expected && a.id !== checkAssignment(expected).id) {
    throw new Error(t("This class file is for the assignment “{name}” ({id}), not this one.", { name: a.name, id: a.id }));
  }
  if (!Array.isArray(data.rows)) throw new Error(t("This class file has no table of results."));
  if (data.rows.length > MAX_ROWS) throw new Error(t("This class file has {n} rows; a class file holds at most {most} pupils.", { n: data.rows.length, most: MAX_ROWS }));
  const cls = emptyClass(a);
  for (const [i, row] of data.rows.entries()) {
    let r;
    try {
      r = decodeResult(row?.code, { expected: a.id, count: a.ids.length });
    } catch (err) {
      if (err instanceof CodeError) throw new Error(t("Row {n} of this class file has a damaged code.", { n: i + 1 }));
      throw err;
    }
    if (JSON.stringify(r.results) !== JSON.stringify(row.results)) {
      throw new Error(t("Row {n} of this class file was changed by hand (its results are not its code's).", { n: i + 1 }));
    }
    const inCode = r.pupil || NO_NAME;
    const pupil = tidyName(typeof row.pupil === "string" ? row.pupil : "");
    if (pupil !== inCode) {
      throw new Error(inCode === NO_NAME
        ? t("Row {n} of this class file was changed by hand: it says “{pupil}”, but its code is without a name.", { n: i + 1, pupil: clip(pupil) })
        : t("Row {n} of this class file was changed by hand: it says “{pupil}”, but its code is “{name}”'s.", { n: i + 1, pupil: clip(pupil), name: inCode }));
    }
    const added = typeof row.added === "string" && !Number.isNaN(Date.parse(row.added)) ? row.added : "";
    cls.rows.push({ pupil, results: r.results, code: r.code, added });
  }
  return cls;
}

/** Why a file of `bytes` bytes is refused. */
export function tooLarge(bytes) {
  return t("This file is {size} MB: too large for a class file (at most {most} MB, about {rows} pupils).",
    { size: (bytes / 1e6).toFixed(1), most: MAX_FILE_BYTES / 1e6, rows: MAX_ROWS });
}

/**
 * Add the rows of `incoming` (a class read by readClass) to `cls`, in time linear in the rows.
 * A row whose code the table has is left as it is; a pupil the table does not have is added; a
 * pupil it has (the same name, whatever the capitals) keeps the newer of the two results, by the
 * time each was added to a table. Returns {added, replaced, kept, same}: lists of pupils' names
 * (`kept`: [{pupil, here, file}], where the table's result was newer or as new), and a count.
 */
export function mergeClass(cls, incoming) {
  const codes = new Set(cls.rows.map((r) => r.code));
  const byName = new Map(cls.rows.map((r, i) => [r.pupil.toLowerCase(), i]));
  const out = { added: [], replaced: [], kept: [], same: 0 };
  for (const row of incoming.rows) {
    if (codes.has(row.code)) {
      out.same++;
      continue;
    }
    const at = byName.get(row.pupil.toLowerCase());
    const copy = { pupil: row.pupil, results: [...row.results], code: row.code, added: row.added };
    if (at === undefined) {
      byName.set(row.pupil.toLowerCase(), cls.rows.length);
      cls.rows.push(copy);
      out.added.push(row.pupil);
    } else if ((Date.parse(row.added) || 0) > (Date.parse(cls.rows[at].added) || 0)) {
      codes.delete(cls.rows[at].code);
      cls.rows[at] = copy;
      out.replaced.push(row.pupil);
    } else {
      out.kept.push({ pupil: cls.rows[at].pupil, here: cls.rows[at].added, file: row.added });
      continue;
    }
    codes.add(row.code);
  }
  return out;
}
