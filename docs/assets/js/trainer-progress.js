// The puzzle trainer's progress in localStorage (trainer.js): read entry by entry (the good kept,
// the bad dropped and counted), and written with a check (a failure comes back as a reason the page
// tells the reader). Stored as {v: 1, results: {<puzzle id>: "solved" | "failed"}, streak, best}.

export const STORE = "petteia-trainer";
const UNREADABLE = `${STORE}.unreadable`; // an unreadable copy is kept here, not thrown away
const RESULTS = new Set(["solved", "failed"]);
const PUZZLE_ID = /^[a-z][a-z0-9-]{0,63}$/;

const empty = () => ({ v: 1, results: {}, streak: 0, best: 0 });
const count = (n, one, many) => `${n} ${n === 1 ? one : many}`;
const isCount = (n) => Number.isInteger(n) && n >= 0;

/** The stored progress: {data, notice}; `notice` is one sentence for the reader, or null. */
export function loadProgress(storage = window.localStorage) {
  let raw = null;
  try {
    raw = storage.getItem(STORE);
  } catch {
    return { data: empty(), notice: "Progress cannot be saved in this browser (it does not allow the site to store data); solving still works." };
  }
  if (raw === null) return { data: empty(), notice: null };
  let stored;
  try {
    stored = JSON.parse(raw);
  } catch {
    stored = null;
  }
  if (!stored || typeof stored !== "object" || Array.isArray(stored)) {
    keepAside(storage, raw);
    return { data: empty(), notice: "Your saved puzzle progress could not be read, so it was ignored and starts afresh." };
  }
  const { data, dropped } = validate(stored);
  const notice = dropped
    ? `${count(dropped, "entry", "entries")} of your saved puzzle progress could not be read and ${dropped === 1 ? "was" : "were"} left out; the rest is kept.`
    : null;
  return { data, notice };
}

/** Keep the good parts of a stored object: {data, dropped} (the number of parts left out). */
export function validate(stored) {
  const data = empty();
  let dropped = 0;
  const results = stored.results;
  if (results && typeof results === "object" && !Array.isArray(results)) {
    for (const [id, result] of Object.entries(results)) {
      if (PUZZLE_ID.test(id) && RESULTS.has(result)) data.results[id] = result;
      else dropped += 1;
    }
  } else if (results !== undefined) {
    dropped += 1;
  }
  if (isCount(stored.streak)) data.streak = stored.streak;
  else if (stored.streak !== undefined) dropped += 1;
  data.best = Math.max(data.streak, isCount(stored.best) ? stored.best : 0);
  return { data, dropped };
}

/** Write the progress: null when it was saved, else why not (words for the reader). */
export function saveProgress(data, storage = window.localStorage) {
  try {
    storage.setItem(STORE, JSON.stringify(data));
    return null;
  } catch (err) {
    return isQuota(err) ? "the browser's storage for this site is full"
      : "this browser does not allow the site to store data";
  }
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
