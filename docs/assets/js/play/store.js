// What the play page keeps in the browser, and what it accepts from outside: the saved game and
// its settings (localStorage), a friend's link, an imported record's settings. Every value from
// outside is checked; a bad setting is replaced and said, never trusted; what a friend's link adds
// to the reader's game must be the friend's (friendsAddition).
import { t } from "../i18n.js";
import { RULESETS, SIDES as SIDE } from "../../vendor/words.mjs"; // generated from petteia_core/web/words.py

export const STORE = "petteia-play-v1";
export const PREVIOUS = "petteia-play-v1-previous"; // the reader's own game, kept while a friend's link is open

/** The stored text under `key`, or null (nothing stored, or storage blocked). */
export function readKey(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null; // storage blocked: nothing was saved
  }
}

/** Store `value` as JSON under `key`: null when it is stored, else why not (for the reader). A
 * failed write removes the key, so an older game never comes back as if it were this one. */
export function writeKey(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
    return null;
  } catch (err) {
    removeKey(key);
    return err?.name === "QuotaExceededError" ? t("this browser's storage is full") : t("this browser does not allow it");
  }
}

export function removeKey(key) {
  try {
    localStorage.removeItem(key);
  } catch {
    /* storage blocked: there is nothing to remove */
  }
}

/** Cut a long text from outside (a record, an error quoting it) to a length a page can show. */
export function shorten(text, max = 200) {
  const t = String(text ?? "");
  return t.length > max ? `${t.slice(0, max)}…` : t;
}

// opponent: "computer", "human" (two players on this device) or "friend" (by link: the reader
// plays `side` only, from the move `since` of the game on).
export const DEFAULTS = { ruleset: "classic", side: "w", level: 1, opponent: "computer", first: "w", hints: false, since: 0 };

/** Game settings from outside (a link, storage): each checked, a bad one replaced by `base`'s and
 * said. Returns {opts, mended: [sentences]}. */
export function checkOptions(raw, base = DEFAULTS) {
  const opts = { ...DEFAULTS, ...base };
  const mended = [];
  const bad = (name, value, used) =>
    mended.push(t("Its {setting} ({value}) was not valid, so {used} is used.", { setting: name, value: shorten(JSON.stringify(value), 40), used }));
  if (raw.ruleset !== undefined) {
    if (RULESETS[raw.ruleset]) opts.ruleset = raw.ruleset;
    else bad(t("game"), raw.ruleset, RULESETS[opts.ruleset]);
  }
  if (raw.level !== undefined) {
    const level = Number(raw.level);
    if (Number.isInteger(level) && level >= 1 && level <= 5) opts.level = level;
    else bad(t("level"), raw.level, t("level {n}", { n: opts.level }));
  }
  for (const [name, key, allowed, words] of [
    [t("side"), "side", ["w", "b"], SIDE],
    [t("opponent"), "opponent", ["computer", "human", "friend"],
      { computer: t("the computer"), human: t("two players"), friend: t("a friend by link") }],
    [t("first player"), "first", ["w", "b"], SIDE],
  ]) {
    if (raw[key] === undefined) continue;
    if (allowed.includes(raw[key])) opts[key] = raw[key];
    else bad(name, raw[key], words[opts[key]]);
  }
  if (raw.hints !== undefined) {
    // "Show a good move" (levels 1–3): a boolean in storage, "1"/"0" in a link.
    if ([true, false, "1", "0"].includes(raw.hints)) opts.hints = raw.hints === true || raw.hints === "1";
    else bad(t("hint setting"), raw.hints, opts.hints ? t("hints on") : t("hints off"));
  }
  if (raw.since !== undefined) {
    // A friend's game (by link): the move the reader's part of it starts from (Undo stops there).
    const since = Number(raw.since);
    if (Number.isInteger(since) && since >= 0) opts.since = since;
    else bad(t("first move"), raw.since, t("the start"));
  }
  return { opts, mended };
}

/** A saved game read from storage: null when it is not a game at all, otherwise its checked
 * settings and record, and the sentences saying what was mended. */
export function checkSaved(text) {
  let v;
  try {
    v = JSON.parse(text);
  } catch {
    return null;
  }
  if (!v || typeof v !== "object" || typeof v.record !== "string" || !v.record.trim()) return null;
  const { opts, mended } = checkOptions(v);
  const clock = v.clock == null ? null : checkClock(v.clock);
  if (v.clock != null && !clock) mended.push(t("Its clock was not valid, so it has no clock."));
  const dice = v.dice == null ? null : checkDice(v.dice);
  if (v.dice != null && !dice) mended.push(t("Its roll was not valid, so the dice were thrown again."));
  return { opts: { ...opts, record: v.record, clock, dice }, mended };
}

/** A saved game's roll of the side to move (Kubeia, Duodecim scripta): [high, low] of 1–6, or null
 * when it is not a roll. A reload keeps the roll, so it cannot be thrown again by reloading. */
export function checkDice(d) {
  const pip = (n) => Number.isInteger(n) && n >= 1 && n <= 6;
  return Array.isArray(d) && d.length === 2 && d.every(pip) ? [d[0], d[1]] : null;
}

/** A saved game's clock (play-clock.js, snapshot()), checked: the clock, or null when it is not valid. */
export function checkClock(c) {
  const whole = (n, lo, hi) => Number.isInteger(n) && n >= lo && n <= hi;
  const time = (n) => typeof n === "number" && Number.isFinite(n) && n >= 0 && n <= 24 * 3600_000;
  if (!c || typeof c !== "object" || !whole(c.minutes, 1, 180) || !whole(c.increment, 0, 60)) return null;
  if (!c.left || !time(c.left.w) || !time(c.left.b) || typeof c.running !== "boolean") return null;
  return { minutes: c.minutes, increment: c.increment, left: { w: c.left.w, b: c.left.b }, running: c.running };
}


/** Who made each ply of a worker state's move list, and its words: [{side, text, number, ply}], ply 1 first
 * (`number`: the move number the move list shows). */
export function plies(movesList) {
  const out = [];
  for (const row of movesList || []) {
    for (const side of ["w", "b"]) if (row[side]) out.push({ side, text: row[side].text, number: row.number, ply: row[side].ply });
  }
  return out.sort((a, b) => a.ply - b.ply);
}

/** A result a friend's link can never carry, whoever reads it: null when none, else why (a phrase
 * for the reader). A game with a friend by link has no clock and no draw offers (view-game.js). */
export function resultNoLinkCarries(result) {
  if (result?.reason === "time") {
    return t("it says that {side}'s time ran out, but a game with a friend by link has no clock", { side: SIDE[result.winner === "w" ? "b" : "w"] });
  }
  if (result?.reason === "agreement") return t("it says that the players agreed to a draw, but a game by link has no draw offers");
  return null;
}

/**
 * What a friend's link may add to the reader's game: only the friend's moves, after the reader's
 * moves unchanged, and a result the friend can claim (their own resignation, or an end on the
 * board, which the worker found by replaying the moves). Null when the link's game is such a
 * continuation, else why not (a phrase for the reader).
 * @param {object} mine  the worker's state of the reader's game (moves_list)
 * @param {object} game  the worker's state of the link's game (moves_list, result)
 * @param {"w"|"b"} reader  the reader's side in their game
 */
export function friendsAddition(mine, game, reader) {
  const before = plies(mine.moves_list), after = plies(game.moves_list);
  const same = after.length >= before.length && before.every((p, i) => p.side === after[i].side && p.text === after[i].text);
  if (!same) return t("its moves are not those of your game");
  const yours = after.slice(before.length).find((p) => p.side === reader);
  if (yours) {
    return t("it adds a move of your side ({side}: move {n}, {move}), and only your friend's moves can come by link",
      { side: SIDE[reader], n: yours.number, move: yours.text });
  }
  const never = resultNoLinkCarries(game.result);
  if (never) return never;
  if (game.result?.reason === "resignation" && game.result.winner !== reader) {
    return t("it says that you ({side}) resigned, and only you can resign your game", { side: SIDE[reader] });
  }
  return null;
}

/** The play page's storage, as the controller uses it (ctrl.js): the saved game and the reader's
 * own game kept aside while a friend's game is open. */
export const playStore = {
  STORE,
  PREVIOUS,
  read: readKey,
  write: writeKey,
  remove: removeKey,
  checkOptions,
  /** The saved game: its checked settings and record ({...opts, record, mended}), null when none
   * is saved, "bad" when what is stored is not a game. */
  readGame() {
    const raw = readKey(STORE);
    if (raw === null) return null;
    const saved = checkSaved(raw);
    return saved ? { ...saved.opts, mended: saved.mended } : "bad";
  },
  forgetGame() {
    removeKey(STORE);
  },
};
