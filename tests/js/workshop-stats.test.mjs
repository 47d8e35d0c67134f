// Unit tests of workshop/view-stats.js (the workshop's self-play figures), run by Node's test
// runner (tests/test_js_in_node.py): every figure comes with a plain sentence of what it means.
import { test } from "node:test";
import assert from "node:assert/strict";
import { statRows } from "../../docs/assets/js/workshop/view-stats.js";

const rate = (r, low, high) => ({ rate: r, low, high });
const SUMMARY = {
  games: 40, first_player_wins: 22, second_player_wins: 14, draws: 4, unfinished: 3,
  reasons: { siege: 20, "one piece": 13, "move cap": 3 },
  first_player_win_rate: rate(0.55, 0.4, 0.69), second_player_win_rate: rate(0.35, 0.22, 0.5),
  draw_rate: rate(0.1, 0.04, 0.23), completion: rate(0.925, 0.8, 0.97),
  length: { median: 70, q1: 54.75, q3: 154, min: 31, max: 200 },
  branching_factor: 23.4, captures_per_game: { mean: 9.25 }, lead_changes_per_game: { mean: 1.5 },
  decisiveness: { rate: 0.8, low: 0.6, high: 0.9, games: 30 },
};

test("every figure of a run has a plain sentence", () => {
  const rows = Object.fromEntries(statRows(SUMMARY).map(([key, , value, plain]) => [key, { value, plain }]));
  assert.equal(rows.length.value, "70 (54.75–154)");
  assert.equal(rows.length.plain, "Half the games lasted between 54.75 and 154 single moves, a typical one 70; the shortest 31, the longest 200.");
  assert.equal(rows.decisive.plain, "In 30 games one side had more pieces after move 20; that side went on to win 80 % of the time.");
  assert.equal(rows.first.plain, "The side that moves first won 22 of the games (55 %).");
  assert.equal(rows.ended.plain, "37 games ended by a rule of the game; 3 were still going at the move cap and were stopped.");
  for (const [key, { plain }] of Object.entries(rows)) assert.ok(plain.endsWith("."), `${key}: ${plain}`);
});

test("before any game, no sentence claims a figure", () => {
  const empty = { ...SUMMARY, games: 0, decisiveness: { ...SUMMARY.decisiveness, games: 0 } };
  const rows = statRows(empty);
  assert.equal(rows[0][3], "The computer played 0 games against itself.");
  assert.deepEqual(rows.slice(1).map((r) => r[3]), rows.slice(1).map(() => ""));
});
