// Puzzle ids that were renamed (DESIGN.md: an id is a key in readers' progress, assignment codes and
// lesson links, so a renamed puzzle keeps its old id as an alias). The same table is in
// petteia_core/puzzles/__init__.py (ALIASES), which the worker uses to open a puzzle by an old id;
// tests/test_puzzles.py checks that the two agree.
export const PUZZLE_ALIASES = Object.freeze({
  "tournament-seed-000": "tournament-000",
});

/** The current id of puzzle `id` (itself unless it is an old, renamed id). */
export function currentPuzzleId(id) {
  return Object.prototype.hasOwnProperty.call(PUZZLE_ALIASES, id) ? PUZZLE_ALIASES[id] : id;
}
