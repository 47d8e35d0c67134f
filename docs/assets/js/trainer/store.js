// The puzzle trainer's progress in localStorage (ctrl.js keeps it): read entry by entry (the good
// kept, the bad dropped and counted), written with a check (a failure comes back as a reason the
// page tells the reader), and merged with what another tab of the page wrote (mergeProgress: a
// solve is never lost). Also the progress file (export/import) and the reader's Glicko-2 rating.
//
// Stored under "petteia-trainer" as version 2:
//   {v: 2,
//    results: {<puzzle id>: "solved" | "failed"}   the latest attempt at each puzzle
//    first:   {<puzzle id>: "solved" | "failed"}   the first attempt (the dashboard's "first time")
//    tries:   {<puzzle id>: n}                     attempts made
//    streak, best                                   solves in a row on the trainer, and the longest
//    rating:  {rating, rd, vol}                     the reader's Glicko-2 rating (glicko2.js)
//    history: [[time ms, puzzle id, 1 | 0, rating after or null], ...]  the last HISTORY attempts
//    modes:   {streak: best score, timed: best score}}
// Version 1 ({v: 1, results, streak, best}, and the same without v) is read and turned into
// version 2: results stay, and count as first attempts; the rating starts afresh.
import { t, tn } from "../i18n.js";
import { DEFAULT, update } from "../glicko2.js";
import { currentPuzzleId } from "../puzzle-ids.js";

export const STORE = "petteia-trainer";
const UNREADABLE = `${STORE}.unreadable`; // an unreadable copy is kept here, not thrown away
const RESULTS = new Set(["solved", "failed"]);
const PUZZLE_ID = /^[a-z][a-z0-9-]{0,63}$/;
export const HISTORY = 1000; // attempts kept (the rating chart and "seen lately")
export const PUZZLE_RD = 60; // the deviation of a puzzle's rating in the reader's updates
export const REPEAT_DAYS = 7; // a puzzle tried again counts for the rating only after this many days
export const FILE_FORMAT = "petteia-trainer-progress";
export const FILE_VERSION = 2;
export const MAX_FILE_BYTES = 1_000_000;
// Bounds a real progress can reach; a number outside them is not from the trainer.
const RATING = [100, 3500];
const RD = [0, 350];
const VOL = [0, 1];
const MODE_NAMES = ["streak", "timed"];

export const empty = () => ({
  v: 2, results: {}, first: {}, tries: {}, streak: 0, best: 0,
  rating: { ...DEFAULT }, history: [], modes: { streak: 0, timed: 0 },
});
const isCount = (n) => Number.isInteger(n) && n >= 0;
const isObject = (x) => Boolean(x) && typeof x === "object" && !Array.isArray(x);
const within = (x, [lo, hi]) => typeof x === "number" && Number.isFinite(x) && x >= lo && x <= hi;

/** The stored progress: {data, notice}; `notice` is one sentence for the reader, or null. */
export function loadProgress(storage = window.localStorage) {
  let raw = null;
  try {
    raw = storage.getItem(STORE);
  } catch {
    return { data: empty(), notice: t("Progress cannot be saved in this browser (it does not allow the site to store data); solving still works.") };
  }
  if (raw === null) return { data: empty(), notice: null };
  let stored;
  try {
    stored = JSON.parse(raw);
  } catch {
    stored = null;
  }
  if (!isObject(stored)) {
    keepAside(storage, raw);
    return { data: empty(), notice: t("Your saved puzzle progress could not be read, so it was ignored and starts afresh.") };
  }
  const { data, dropped } = validate(stored);
  const notice = dropped
    ? tn("{n} entry of your saved puzzle progress could not be read and was left out; the rest is kept.",
      "{n} entries of your saved puzzle progress could not be read and were left out; the rest is kept.", dropped)
    : null;
  return { data, notice };
}

/** Keep the good parts of a stored object (version 1 or 2): {data, dropped} (the parts left out). */
export function validate(stored) {
  const data = empty();
  let dropped = 0;
  const results = stored.results;
  if (isObject(results)) {
    for (const [id, result] of Object.entries(results)) {
      if (PUZZLE_ID.test(id) && RESULTS.has(result)) keep(data.results, id, result);
      else dropped += 1;
    }
  } else if (results !== undefined) {
    dropped += 1;
  }
  if (isCount(stored.streak)) data.streak = stored.streak;
  else if (stored.streak !== undefined) dropped += 1;
  data.best = Math.max(data.streak, isCount(stored.best) ? stored.best : 0);
  if (stored.v !== 2) {
    // Version 1 knew only the latest result of each puzzle: the best guess at the first one.
    data.first = { ...data.results };
    for (const id of Object.keys(data.results)) data.tries[id] = 1;
    return { data, dropped };
  }
  for (const key of ["first", "tries"]) {
    const m = stored[key];
    if (!isObject(m)) {
      if (m !== undefined) dropped += 1;
      continue;
    }
    for (const [id, x] of Object.entries(m)) {
      const ok = PUZZLE_ID.test(id) && (key === "first" ? RESULTS.has(x) : isCount(x) && x > 0);
      if (ok) keep(data[key], id, x);
      else dropped += 1;
    }
  }
  const r = stored.rating;
  if (isObject(r) && within(r.rating, RATING) && within(r.rd, RD) && within(r.vol, VOL)) {
    data.rating = { rating: r.rating, rd: r.rd, vol: r.vol };
  } else if (r !== undefined) {
    dropped += 1;
  }
  if (Array.isArray(stored.history)) {
    for (const h of stored.history.slice(-HISTORY)) {
      if (isAttempt(h)) data.history.push([h[0], currentPuzzleId(h[1]), h[2], h[3]]);
      else dropped += 1;
    }
  } else if (stored.history !== undefined) {
    dropped += 1;
  }
  if (isObject(stored.modes)) {
    for (const m of MODE_NAMES) {
      if (isCount(stored.modes[m])) data.modes[m] = stored.modes[m];
      else if (stored.modes[m] !== undefined) dropped += 1;
    }
  } else if (stored.modes !== undefined) {
    dropped += 1;
  }
  return { data, dropped };
}

/** Store `value` under the puzzle's current id (a renamed puzzle's old entry moves to its new id;
 *  an entry already under the new id wins). */
function keep(map, id, value) {
  const key = currentPuzzleId(id);
  if (key === id || !(key in map)) map[key] = value;
}

function isAttempt(h) {
  return Array.isArray(h) && h.length === 4 && Number.isInteger(h[0]) && h[0] > 0 && PUZZLE_ID.test(h[1])
    && (h[2] === 0 || h[2] === 1) && (h[3] === null || within(h[3], RATING));
}

/** Write the progress: null when it was saved, else why not (words for the reader). */
export function saveProgress(data, storage = window.localStorage) {
  try {
    storage.setItem(STORE, JSON.stringify(data));
    return null;
  } catch (err) {
    return isQuota(err) ? t("the browser's storage for this site is full")
      : t("this browser does not allow the site to store data");
  }
}

/** Write the progress merged with the copy stored now (another tab's attempts kept): {data, why},
 *  `data` what was written (or meant to be), `why` null when saved, else why not. `replace`: write
 *  `data` as it is (a progress file loaded in its place). */
export function saveMerged(data, { replace = false, storage = window.localStorage } = {}) {
  let stored = null;
  if (!replace) {
    try {
      stored = readOther(storage.getItem(STORE));
    } catch {
      stored = null;
    }
  }
  const merged = stored ? mergeProgress(data, stored) : data;
  return { data: merged, why: saveProgress(merged, storage) };
}

function isQuota(err) {
  return err?.name === "QuotaExceededError" || err?.name === "NS_ERROR_DOM_QUOTA_REACHED" || err?.code === 22;
}

function keepAside(storage, raw) {
  try {
    if (storage.getItem(UNREADABLE) === null) storage.setItem(UNREADABLE, raw);
  } catch {
    /* nowhere to keep it: the note already says the progress starts afresh */
  }
}

// ---------------------------------------------------------------- two tabs
/** The stored progress as another tab wrote it (`raw`, the storage event's new value), checked as
 *  a load is: null when it cannot be read. */
export function readOther(raw) {
  if (typeof raw !== "string") return null;
  try {
    const stored = JSON.parse(raw);
    return isObject(stored) ? validate(stored).data : null;
  } catch {
    return null;
  }
}

const attemptKey = (h) => `${h[0]}|${h[1]}|${h[2]}`;
const lastTime = (data) => (data.history.length ? data.history[data.history.length - 1][0] : 0);
const lastRatedTime = (data) => data.history.findLast((h) => h[3] !== null)?.[0] ?? 0;

/**
 * One progress out of two copies (this tab's and another's, both checked): every attempt of
 * either is kept (a solve is never lost), each puzzle's latest result and first result come from
 * the attempts together, the rating and the run of solves are the copy's with the newest attempt,
 * and the bests are the higher of the two. Merging a copy with itself changes nothing.
 */
export function mergeProgress(mine, theirs) {
  const out = empty();
  const seen = new Map();
  for (const h of [...mine.history, ...theirs.history]) seen.set(attemptKey(h), h);
  out.history = [...seen.values()].sort((a, b) => a[0] - b[0]).slice(-HISTORY);
  for (const id of new Set([...Object.keys(mine.results), ...Object.keys(theirs.results)])) {
    const a = mine.results[id], b = theirs.results[id];
    out.results[id] = a && b && a !== b ? "solved" : a || b; // refined from the attempts below
  }
  for (const id of new Set([...Object.keys(mine.first), ...Object.keys(theirs.first)])) {
    out.first[id] = mine.first[id] ?? theirs.first[id];
  }
  const counted = {};
  for (const h of out.history) counted[h[1]] = (counted[h[1]] || 0) + 1;
  for (const id of new Set([...Object.keys(mine.tries), ...Object.keys(theirs.tries), ...Object.keys(counted)])) {
    out.tries[id] = Math.max(mine.tries[id] || 0, theirs.tries[id] || 0, counted[id] || 0);
  }
  const firstSeen = new Set();
  for (const [, id, ok] of out.history) {
    const result = ok ? "solved" : "failed";
    out.results[id] = result; // the latest attempt wins
    if (!firstSeen.has(id)) {
      firstSeen.add(id);
      if (!(id in mine.first && id in theirs.first)) out.first[id] ??= result;
    }
  }
  const newer = lastTime(theirs) > lastTime(mine) ? theirs : mine;
  out.streak = newer.streak;
  out.best = Math.max(mine.best, theirs.best, out.streak);
  out.rating = { ...(lastRatedTime(theirs) > lastRatedTime(mine) ? theirs : mine).rating };
  for (const m of MODE_NAMES) out.modes[m] = Math.max(mine.modes[m], theirs.modes[m]);
  return out;
}

// ---------------------------------------------------------------- one attempt
/** Whether an attempt at `id` now (`time`, ms) changes the rating: the first attempt at a puzzle,
 *  or one at least REPEAT_DAYS after the previous attempt at it (a puzzle seen lately is remembered,
 *  not solved). */
export function countsForRating(data, id, time) {
  for (let i = data.history.length - 1; i >= 0; i--) {
    if (data.history[i][1] === id) return time - data.history[i][0] >= REPEAT_DAYS * 86_400_000;
  }
  return !(id in data.tries);
}

/**
 * Record one attempt (in place): `ok` solved at the first try, else missed. `puzzleRating`: the
 * puzzle's rating (null: unrated, the rating does not move); `rated`: false keeps the rating as it is
 * (a solve helped by a hint). Returns the rating change (0 when it did not move).
 */
export function recordAttempt(data, { id, ok, puzzleRating = null, rated = true, time = Date.now() }) {
  const counts = rated && puzzleRating !== null && countsForRating(data, id, time);
  const before = data.rating.rating;
  if (counts) {
    data.rating = update(data.rating, [{ rating: puzzleRating, rd: PUZZLE_RD, score: ok ? 1 : 0 }]);
  }
  const result = ok ? "solved" : "failed";
  data.results[id] = result;
  if (!(id in data.first)) data.first[id] = result;
  data.tries[id] = (data.tries[id] || 0) + 1;
  data.history.push([Math.round(time), id, ok ? 1 : 0, counts ? round1(data.rating.rating) : null]);
  if (data.history.length > HISTORY) data.history.splice(0, data.history.length - HISTORY);
  if (ok) {
    data.streak += 1;
    data.best = Math.max(data.best, data.streak);
  } else {
    data.streak = 0;
  }
  return data.rating.rating - before;
}

const round1 = (x) => Math.round(x * 10) / 10;

/** The ids of the last `n` puzzles tried (newest last). */
export function seenLately(data, n = 40) {
  return new Set(data.history.slice(-n).map((h) => h[1]));
}

// ---------------------------------------------------------------- the progress file
/** A short check of `text` (FNV-1a, 32 bits, hex): finds a file edited by hand, not an attacker. */
export function checksum(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, "0");
}

/** The progress file's text for `data` (a JSON object with its format, version and check). */
export function exportProgress(data, now = new Date()) {
  const progress = JSON.stringify(data);
  return JSON.stringify({
    format: FILE_FORMAT, version: FILE_VERSION, saved: now.toISOString(),
    check: checksum(progress), progress: JSON.parse(progress),
  }, null, 1);
}

/** The progress in a file's `text`, checked in full; throws an Error whose message tells the reader
 *  what is wrong (nothing is changed by a file that fails). */
export function importProgress(text) {
  if (typeof text !== "string" || !text.trim()) throw new Error(t("The file is empty."));
  if (text.length > MAX_FILE_BYTES) throw new Error(t("The file is too large to be a progress file."));
  let file;
  try {
    file = JSON.parse(text);
  } catch {
    throw new Error(t("This is not a progress file: it cannot be read as one (it is not JSON text)."));
  }
  if (!isObject(file) || file.format !== FILE_FORMAT) {
    throw new Error(t("This is not a progress file of the puzzle trainer."));
  }
  if (file.version !== FILE_VERSION) {
    throw new Error(t("This progress file has version {v}; this trainer reads version {ours}.",
      { v: JSON.stringify(file.version), ours: FILE_VERSION }));
  }
  if (!isObject(file.progress)) throw new Error(t("The file holds no progress."));
  if (file.check !== checksum(JSON.stringify(file.progress))) {
    throw new Error(t("The file was changed after it was saved (its check does not match), so it was not loaded."));
  }
  const stored = { ...file.progress };
  if (stored.v !== 2) throw new Error(t("The progress in the file is not in the trainer's format."));
  const { data, dropped } = validate(stored);
  if (dropped) {
    throw new Error(tn("{n} entry of the file could not be read (a number out of range or a wrong value), so it was not loaded.",
      "{n} entries of the file could not be read (a number out of range or a wrong value), so it was not loaded.", dropped));
  }
  const last = data.history.findLast((h) => h[3] !== null);
  if (last && Math.abs(last[3] - data.rating.rating) > 0.06) {
    throw new Error(t("The rating in the file does not match its history of attempts, so it was not loaded."));
  }
  for (const id of Object.keys(data.results)) {
    if (!(id in data.first) || !(id in data.tries)) {
      throw new Error(t("The file's entries for {id} do not agree with each other, so it was not loaded.", { id }));
    }
  }
  return data;
}
