// Unit tests of what a friend's link may add to the reader's game (store.js: friendsAddition,
// resultNoLinkCarries), on move lists shaped as the worker's states (petteia_core/web/reply/
// pairs()), run by Node's test runner (tests/test_js_in_node.py).
import { test } from "node:test";
import assert from "node:assert/strict";
import { friendsAddition, plies, resultNoLinkCarries } from "../../docs/assets/js/play/store.js";

/** A worker state of a game whose plies are `moves` ("w:Α1-Α4", …; a side may move twice, as in a
 * Kubeia double), with `result`. */
function game(moves, result = null) {
  const rows = [];
  let number = 1;
  moves.forEach((m, k) => {
    const [side, text] = m.split(":");
    const last = rows.at(-1);
    if (!last || last[side] || (side === "w" && last.b)) rows.push({ number: last && side === "w" ? ++number : number, w: null, b: null });
    rows.at(-1)[side] = { ply: k + 1, text };
  });
  return { moves_list: rows, result };
}
const win = (winner, reason) => ({ score: winner === "w" ? "1-0" : "0-1", reason, winner });
const MINE = game(["w:Α1-Α4"]);

test("the plies of a move list, with their sides and move numbers", () => {
  assert.deepEqual(plies(game(["w:Α1-Α4", "b:Α8-Α5", "w:Β1-Β4"]).moves_list).map((p) => [p.side, p.number, p.text]),
    [["w", 1, "Α1-Α4"], ["b", 1, "Α8-Α5"], ["w", 2, "Β1-Β4"]]);
});

test("the friend's moves, a double of theirs, their resignation and an end on the board are theirs to send", () => {
  assert.equal(friendsAddition(MINE, game(["w:Α1-Α4", "b:Α8-Α5"]), "w"), null);
  assert.equal(friendsAddition(MINE, game(["w:Α1-Α4", "b:11 Α8-Α7", "b:52 Α7-Α5"]), "w"), null);
  assert.equal(friendsAddition(MINE, game(["w:Α1-Α4"]), "w"), null); // the reader's own link, reopened
  assert.equal(friendsAddition(MINE, game(["w:Α1-Α4", "b:Α8-Α5"], win("w", "resignation")), "w"), null);
  assert.equal(friendsAddition(MINE, game(["w:Α1-Α4", "b:Α8-Α5"], win("b", "siege")), "w"), null);
  assert.equal(friendsAddition(game(["w:Α1-Α4", "b:Α8-Α5"]), game(["w:Α1-Α4", "b:Α8-Α5"], win("b", "resignation")), "b"), null);
});

test("a move of the reader's side is refused, with its number and words", () => {
  const why = friendsAddition(MINE, game(["w:Α1-Α4", "b:Α8-Α5", "w:Β1-Β4", "b:Β8-Β5"]), "w");
  assert.match(why, /adds a move of your side \(White: move 2, Β1-Β4\)/);
  assert.match(friendsAddition(game(["w:Α1-Α4", "b:Α8-Α5"]), game(["w:Α1-Α4", "b:Α8-Α5", "w:Β1-Β4", "b:Β8-Β5"]), "b"),
    /your side \(Black: move 2, Β8-Β5\)/);
});

test("the reader's resignation, a time loss and an agreed draw are refused", () => {
  assert.match(friendsAddition(MINE, game(["w:Α1-Α4", "b:Α8-Α5"], win("b", "resignation")), "w"), /you \(White\) resigned/);
  assert.match(friendsAddition(MINE, game(["w:Α1-Α4"], win("b", "resignation")), "w"), /you \(White\) resigned/);
  assert.match(friendsAddition(MINE, game(["w:Α1-Α4", "b:Α8-Α5"], win("b", "time")), "w"), /White's time ran out.*no clock/);
  assert.match(friendsAddition(MINE, game(["w:Α1-Α4", "b:Α8-Α5"], win("w", "time")), "w"), /Black's time ran out/);
  const draw = { score: "½-½", reason: "agreement", winner: null };
  assert.match(friendsAddition(MINE, game(["w:Α1-Α4", "b:Α8-Α5"], draw), "w"), /agreed to a draw/);
  // Whoever reads it: a link never carries a time loss or an agreed draw.
  assert.match(resultNoLinkCarries(win("b", "time")), /no clock/);
  assert.match(resultNoLinkCarries(draw), /no draw offers/);
  assert.equal(resultNoLinkCarries(win("b", "resignation")), null);
  assert.equal(resultNoLinkCarries(null), null);
});

test("a link whose moves are not the reader's game's is refused", () => {
  assert.match(friendsAddition(MINE, game(["w:Α1-Α3", "b:Α8-Α5"]), "w"), /not those of your game/);
  assert.match(friendsAddition(game(["w:Α1-Α4", "b:Α8-Α5"]), game(["w:Α1-Α4"]), "b"), /not those of your game/);
});
