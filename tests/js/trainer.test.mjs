// Unit tests of the trainer's pure modules (glicko2.js, trainer/store.js, trainer/modes.js),
// run by Node's test runner: `node --test tests/js/` (tests/test_js_in_node.py runs them in pytest).
import { test } from "node:test";
import assert from "node:assert/strict";
import { update, DEFAULT, expectedScore } from "../../docs/assets/js/glicko2.js";
import {
  validate, empty, recordAttempt, exportProgress, importProgress, checksum, countsForRating, seenLately,
  loadProgress, STORE, REPEAT_DAYS,
} from "../../docs/assets/js/trainer/store.js";
import { pickNear, StreakMode, TimedMode, TIMED_SECONDS, MISS_PENALTY } from "../../docs/assets/js/trainer/modes.js";
import { PUZZLE_ALIASES, currentPuzzleId } from "../../docs/assets/js/puzzle-ids.js";

const close = (a, b, eps) => assert.ok(Math.abs(a - b) <= eps, `${a} is not within ${eps} of ${b}`);

test("Glicko-2: the paper's worked example", () => {
  const r = update({ rating: 1500, rd: 200, vol: 0.06 }, [
    { rating: 1400, rd: 30, score: 1 }, { rating: 1550, rd: 100, score: 0 }, { rating: 1700, rd: 300, score: 0 },
  ]);
  close(r.rating, 1464.06, 0.01);
  close(r.rd, 151.52, 0.01);
  close(r.vol, 0.05999, 0.00001);
});

test("Glicko-2: a win raises, a loss lowers, no games widens the deviation", () => {
  const win = update(DEFAULT, [{ rating: 1500, rd: 60, score: 1 }]);
  const loss = update(DEFAULT, [{ rating: 1500, rd: 60, score: 0 }]);
  assert.ok(win.rating > 1500 && loss.rating < 1500);
  close(win.rating - 1500, 1500 - loss.rating, 1e-9);
  assert.ok(win.rd < 350);
  assert.ok(update({ rating: 1500, rd: 50, vol: 0.06 }, []).rd > 50);
  close(expectedScore(1500, 1500), 0.5, 1e-12);
});

function memoryStorage(init = {}) {
  const m = new Map(Object.entries(init));
  return { getItem: (k) => (m.has(k) ? m.get(k) : null), setItem: (k, v) => m.set(k, String(v)), map: m };
}

test("version 1 progress is migrated: results kept as first attempts, rating fresh", () => {
  const v1 = { v: 1, results: { "classic-001": "solved", "vagi-002": "failed" }, streak: 1, best: 4 };
  const { data, notice } = loadProgress(memoryStorage({ [STORE]: JSON.stringify(v1) }));
  assert.equal(notice, null);
  assert.equal(data.v, 2);
  assert.deepEqual(data.results, v1.results);
  assert.deepEqual(data.first, v1.results);
  assert.deepEqual(data.tries, { "classic-001": 1, "vagi-002": 1 });
  assert.equal(data.streak, 1);
  assert.equal(data.best, 4);
  assert.deepEqual(data.rating, DEFAULT);
  // The oldest form had no version field at all.
  const v0 = validate({ results: { "classic-003": "solved" }, streak: 2 }).data;
  assert.deepEqual(v0.first, { "classic-003": "solved" });
  assert.equal(v0.best, 2);
});

test("a renamed puzzle's old id resolves, and stored progress under it moves to the new id", () => {
  assert.equal(currentPuzzleId("tournament-seed-000"), "tournament-000");
  assert.equal(currentPuzzleId("classic-001"), "classic-001");
  assert.equal(currentPuzzleId("toString"), "toString"); // no inherited keys
  assert.ok(Object.isFrozen(PUZZLE_ALIASES));
  const stored = {
    v: 2, results: { "tournament-seed-000": "solved", "classic-001": "failed" },
    first: { "tournament-seed-000": "failed", "classic-001": "failed" },
    tries: { "tournament-seed-000": 3, "classic-001": 1 },
    streak: 1, best: 2, rating: { rating: 1520, rd: 200, vol: 0.06 },
    history: [[1700000000000, "tournament-seed-000", 1, 1520]], modes: { streak: 0, timed: 0 },
  };
  const { data, dropped } = validate(stored);
  assert.equal(dropped, 0);
  assert.deepEqual(data.results, { "tournament-000": "solved", "classic-001": "failed" });
  assert.deepEqual(data.first, { "tournament-000": "failed", "classic-001": "failed" });
  assert.deepEqual(data.tries, { "tournament-000": 3, "classic-001": 1 });
  assert.deepEqual(data.history, [[1700000000000, "tournament-000", 1, 1520]]);
  // an entry already under the new id wins over the old one
  const both = validate({ v: 2, results: { "tournament-000": "failed", "tournament-seed-000": "solved" } }).data;
  assert.deepEqual(both.results, { "tournament-000": "failed" });
  // an exported file from before the rename imports the same way
  const back = importProgress(exportProgress(stored));
  assert.deepEqual(back.results, data.results);
});

test("an attempt moves the rating once per puzzle, until a week has passed", () => {
  const d = empty();
  const t0 = Date.UTC(2026, 0, 1);
  const up = recordAttempt(d, { id: "classic-001", ok: true, puzzleRating: 1500, time: t0 });
  assert.ok(up > 0);
  assert.deepEqual(d.first, { "classic-001": "solved" });
  const again = recordAttempt(d, { id: "classic-001", ok: false, puzzleRating: 1500, time: t0 + 1000 });
  assert.equal(again, 0);
  assert.equal(d.results["classic-001"], "failed");
  assert.equal(d.first["classic-001"], "solved");
  assert.equal(d.tries["classic-001"], 2);
  assert.equal(d.streak, 0);
  assert.ok(countsForRating(d, "classic-001", t0 + 1000 + REPEAT_DAYS * 86_400_000));
  const down = recordAttempt(d, { id: "classic-002", ok: false, puzzleRating: 1200, time: t0 + 2000 });
  assert.ok(down < 0);
  assert.equal(recordAttempt(d, { id: "classic-003", ok: true, puzzleRating: 1200, rated: false, time: t0 + 3000 }), 0);
  assert.deepEqual([...seenLately(d, 2)].sort(), ["classic-002", "classic-003"]);
  assert.equal(d.history.length, 4);
});

test("export then import gives the same progress", () => {
  const d = empty();
  recordAttempt(d, { id: "classic-001", ok: true, puzzleRating: 1400, time: 1_700_000_000_000 });
  recordAttempt(d, { id: "kubeia-002", ok: false, puzzleRating: 900, time: 1_700_000_100_000 });
  d.modes.timed = 7;
  const text = exportProgress(d, new Date(0));
  assert.deepEqual(importProgress(text), JSON.parse(JSON.stringify(d)));
});

test("a bad progress file is refused with a clear reason", () => {
  const d = empty();
  recordAttempt(d, { id: "classic-001", ok: true, puzzleRating: 1400, time: 1_700_000_000_000 });
  const good = JSON.parse(exportProgress(d));
  const bad = (mutate) => {
    const f = structuredClone(good);
    mutate(f);
    return JSON.stringify(f);
  };
  const resign = (f) => { f.check = checksum(JSON.stringify(f.progress)); };
  const cases = [
    ["", /empty/],
    ["garbage \u0000 not json", /not JSON/],
    [JSON.stringify({ hello: 1 }), /not a progress file/],
    [bad((f) => { f.version = 3; }), /version 3/],
    [bad((f) => { f.progress.rating.rating = 2900; }), /changed after it was saved/],
    [bad((f) => { f.progress.rating.rating = 9999; resign(f); }), /could not be read/],
    [bad((f) => { f.progress.rating.rating += 200; resign(f); }), /does not match its history/],
    [bad((f) => { f.progress.results["classic-009"] = "solved"; resign(f); }), /do not agree/],
    [bad((f) => { f.progress.tries["classic-001"] = -1; resign(f); }), /could not be read/],
  ];
  for (const [text, why] of cases) assert.throws(() => importProgress(text), why, text.slice(0, 60));
});

const pool = [800, 900, 1000, 1100, 1200, 1300, 1500, 1700, 2000].map((r, i) => ({ id: `p-${i}`, rating: r }));

test("next puzzle: near the rating, not seen lately, widening when none is near", () => {
  const rnd = () => 0;
  assert.ok(Math.abs(pickNear(pool, 1150, new Set(), rnd).rating - 1150) <= 150);
  const seen = new Set(pool.filter((p) => Math.abs(p.rating - 1150) <= 150).map((p) => p.id));
  const far = pickNear(pool, 1150, seen, rnd);
  assert.ok(!seen.has(far.id));
  assert.equal(pickNear([], 1500, new Set(), rnd), null);
  // Everything seen lately: the least lately seen is better than nothing.
  assert.ok(pickNear(pool, 1500, new Set(pool.map((p) => p.id)), rnd));
});

test("streak mode: rising difficulty, over at the first miss", () => {
  const m = new StreakMode(pool, 1000);
  const a = m.next();
  m.result(true);
  const b = m.next();
  assert.ok(b.rating >= a.rating && b.id !== a.id);
  m.result(true);
  assert.equal(m.score, 2);
  m.next();
  m.result(false);
  assert.ok(m.over);
  assert.equal(m.score, 2);
  assert.equal(m.next(), null);
});

test("timed mode: three minutes, a miss costs time, over at zero", () => {
  let now = 0;
  const m = new TimedMode(pool, 1200, { seconds: TIMED_SECONDS, clock: () => now });
  assert.equal(TIMED_SECONDS, 180);
  assert.equal(m.left(), 180_000);
  m.next();
  m.result(true);
  m.next();
  m.result(false);
  assert.equal(m.left(), 180_000 - MISS_PENALTY * 1000);
  assert.equal(m.score, 1);
  now = 200_000;
  assert.equal(m.left(), 0);
  assert.ok(m.over);
  m.result(true); // too late: not counted
  assert.equal(m.score, 1);
});

test("a puzzle tried lately comes back in a run only when no other is left (#34 friction)", () => {
  const ten = Array.from({ length: 10 }, (_, i) => ({ id: `p${i}`, rating: 1100 + 10 * i }));
  const lately = new Set(["p0", "p1", "p2", "p3", "p4", "p5", "p6", "p7"]);
  let seed = 0.1;
  const rnd = () => ((seed = (seed * 9301 + 0.49297) % 1));
  const timed = new TimedMode(ten, 1300, { seconds: TIMED_SECONDS, clock: () => 0, rnd, lately });
  const first = [timed.next(), (timed.result(true), timed.next())].map((p) => p.id).sort();
  assert.deepEqual(first, ["p8", "p9"]);
  timed.result(true);
  assert.ok(timed.next(), "then the ones tried lately, rather than nothing");
  const streak = new StreakMode(ten, 1500, { lately });
  const seen = [];
  for (let p = streak.next(); p && seen.length < 4; p = (streak.result(true), streak.next())) seen.push(p.id);
  assert.deepEqual(seen.slice(0, 2).sort(), ["p8", "p9"]);
  assert.equal(seen.length, 4, "the streak goes on with the puzzles tried lately once the others are done");
});
