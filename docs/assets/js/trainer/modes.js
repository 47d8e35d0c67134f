// How the trainer chooses puzzles: "Next puzzle" near the reader's rating (pickNear), and the two
// modes, Streak (puzzles of rising rating until the first miss) and Timed (as many as possible in
// three minutes; a miss costs MISS_PENALTY seconds). Pure logic, no DOM: ctrl-modes.js runs them, and
// tests/js/trainer.test.mjs tests them with a clock of its own. A puzzle is {id, rating, ...}.
//
// Test hook: a page may set window.__petteiaTrainerTimedSeconds before the trainer starts to make
// the timed mode shorter (the browser tests use a few seconds); without it the mode lasts 3:00.

export const WINDOW = 150; // "near": within this many points, widened by as much until a puzzle is found
export const TIMED_SECONDS = 180;
export const MISS_PENALTY = 10; // seconds a miss costs in the timed mode
export const STREAK_START = 300; // the streak starts this far below the reader's rating
export const STREAK_STEP = 40; // and each puzzle is at least this much harder than the last
const NO_RATING = 1500; // a puzzle without a rating counts as an average one

const ratingOf = (p) => (typeof p.rating === "number" ? p.rating : NO_RATING);

/**
 * A puzzle of `pool` near `rating`: among those not in `seen` (ids), within ±WINDOW (widened in
 * steps of WINDOW until one is found), preferring those `prefer(p)` accepts; chosen with `rnd`.
 * When every puzzle was seen lately, the choice is made among them all. null for an empty pool.
 */
export function pickNear(pool, rating, seen = new Set(), rnd = Math.random, prefer = () => true) {
  if (!pool.length) return null;
  const fresh = pool.filter((p) => !seen.has(p.id));
  const from = fresh.length ? fresh : pool;
  for (let w = WINDOW; ; w += WINDOW) {
    const near = from.filter((p) => Math.abs(ratingOf(p) - rating) <= w);
    if (near.length) {
      const liked = near.filter(prefer);
      const choice = liked.length ? liked : near;
      return choice[Math.min(choice.length - 1, Math.floor(rnd() * choice.length))];
    }
  }
}

/** Streak: puzzles of rising rating from a little below the reader's, until the first miss. */
export class StreakMode {
  /** `lately`: ids the reader tried lately (store.js seenLately), passed over while others remain. */
  constructor(pool, rating, { lately = new Set() } = {}) {
    this.kind = "streak";
    this.pool = [...pool].sort((a, b) => ratingOf(a) - ratingOf(b) || (a.id < b.id ? -1 : 1));
    this.level = rating - STREAK_START;
    this.used = new Set();
    this.lately = lately;
    this.score = 0;
    this.over = false;
    this.reason = null; // "miss" | "done" once over
    this.current = null;
  }

  /** The next puzzle (null when the streak is over). */
  next() {
    if (this.over) return null;
    const left = this.pool.filter((p) => !this.used.has(p.id));
    if (!left.length) {
      this.over = true;
      this.reason = "done";
      return null;
    }
    const fresh = left.filter((x) => !this.lately.has(x.id));
    const from = fresh.length ? fresh : left;
    const p = from.find((x) => ratingOf(x) >= this.level) || from[from.length - 1];
    this.used.add(p.id);
    this.level = ratingOf(p) + STREAK_STEP;
    this.current = p;
    return p;
  }

  /** The reader's result on the current puzzle. */
  result(ok) {
    if (this.over || !this.current) return;
    this.current = null;
    if (ok) {
      this.score += 1;
    } else {
      this.over = true;
      this.reason = "miss";
    }
  }
}

/** Timed: as many puzzles as possible before the clock reaches zero; a miss costs time. */
export class TimedMode {
  /** `lately`: ids the reader tried lately (store.js seenLately), passed over while others remain. */
  constructor(pool, rating, { seconds = TIMED_SECONDS, clock = () => performance.now(), rnd = Math.random, lately = new Set() } = {}) {
    this.kind = "timed";
    this.pool = pool;
    this.rating = rating;
    this.clock = clock;
    this.rnd = rnd;
    this.deadline = clock() + seconds * 1000;
    this.used = new Set();
    this.lately = lately;
    this.score = 0;
    this.misses = 0;
    this.current = null;
    this.ended = false;
  }

  /** Milliseconds left (0 once the time is up). */
  left() {
    return Math.max(0, this.deadline - this.clock());
  }

  get over() {
    return this.ended || this.left() === 0;
  }

  /** The next puzzle: a little easier than the reader's rating, rising slowly with the score. */
  next() {
    if (this.over) return null;
    const target = this.rating - 200 + 25 * this.score;
    let p = pickNear(this.pool, target, new Set([...this.used, ...this.lately]), this.rnd);
    if (p && this.used.has(p.id)) this.used.clear(); // every puzzle was used: start over
    if (!p) {
      this.ended = true;
      return null;
    }
    this.used.add(p.id);
    this.current = p;
    return p;
  }

  /** The reader's result on the current puzzle (ignored once the time is up). */
  result(ok) {
    if (this.over || !this.current) return;
    this.current = null;
    if (ok) {
      this.score += 1;
    } else {
      this.misses += 1;
      this.deadline -= MISS_PENALTY * 1000;
    }
  }

  stop() {
    this.ended = true;
  }
}
