"""The one reply builder (petteia_core.web.reply): live boards drawn as the rules have them, and
queries that leave the game as it was (no roll, no move)."""

from __future__ import annotations

import pytest

from petteia_core import web
from petteia_core.duodecim import DuodecimGame
from petteia_core.game import Game
from petteia_core.web.custodian import CustodianSession
from petteia_core.web.duodecim import DuodecimSession

pytestmark = pytest.mark.usefixtures("fresh_sessions")

# Tournament Petteia with only Peltasts left (and the game over by rout): the rules say "army",
# the pieces alone look like Classic Petteia's pessoi.
PELTASTS = "12/12/12/12/12/12/1p1P8/P11 w"
PELTASTS_PLAYING = "12/12/12/12/12/b11/1p1P8/P11 w"


def test_a_live_tournament_board_draws_its_peltasts_as_the_rules_say():
    state = web.open("army", "tournament", position=PELTASTS)
    assert "Π" in state["svg"]  # the Peltast's letter, as a build-time board draws it
    assert "Peltast" in state["description"]
    at = web.at("army", 0)
    assert "Π" in at["svg"] and "Peltast" in at["description"]
    classic = web.open("classic", "classic", position="8/8/8/8/8/1pP5/8/P7 w")
    assert "Π" not in classic["svg"]


def _snapshot(game):
    pos = game.position
    return pos.to_string(), getattr(pos, "dice", None), len(game.history), game.can_redo, game.rng.getstate()


QUERIES = [("view", {}), ("moves", {}), ("at", {"ply": 0}), ("flip", {}), ("flip", {"flipped": False})]


@pytest.mark.parametrize("op,args", QUERIES)
def test_a_query_never_rolls_the_dice_of_a_kubeia_game(op, args):
    import random

    game = Game("kubeia", rng=random.Random(7))
    assert game.needs_roll
    web.sessions.put(CustodianSession("kub", "kubeia", game, computer="b", brief=False))
    before = _snapshot(game)
    reply = web.run(op, {"board_id": "kub", **args})
    assert _snapshot(game) == before
    assert game.needs_roll, f"{op} rolled the dice"
    if isinstance(reply, dict) and "dice" in reply:
        assert reply["dice"] is None


@pytest.mark.parametrize("op,args", QUERIES)
def test_a_query_never_rolls_the_dice_of_a_duodecim_game(op, args):
    import random

    game = DuodecimGame(rng=random.Random(7))
    assert game.needs_roll
    web.sessions.put(DuodecimSession("duo", game))
    before = _snapshot(game)
    web.run(op, {"board_id": "duo", **args})
    assert _snapshot(game) == before


def test_the_verbs_that_change_a_game_roll_for_the_next_turn():
    state = web.open("k", "kubeia", kind="game", seed=3)
    assert state["dice"] is not None and state["moves"]
    m = state["moves"][0]
    after = web.play("k", m["from"], m["to"])
    assert after["dice"] is not None and after["moves"]
    game = web.sessions.get("k").game
    for _ in range(3):  # views change nothing
        assert web.view("k") == after
    assert not game.needs_roll
    undone = web.undo("k")
    assert undone["dice"] is not None and undone["ply"] == 0
    assert web.view("k")["dice"] == undone["dice"]


def test_view_answers_the_same_state_twice_for_every_kind():
    web.open("d", "duodecim", kind="game", seed=1)
    web.open("p", kind="puzzle", puzzle_id="classic-035")
    web.open("c", "classic", kind="game", seed=1)
    for board in ("d", "p", "c"):
        assert web.view(board) == web.view(board)


# --------------------------------------------------------------- why a piece may not move (#34, 3)
def test_a_compulsory_capture_says_which_pieces_may_move():
    # Tournament rules, Black to move: only the Peltast on Κ7 can capture, so nothing else may move.
    state = web.open("forced", "tournament", position="7phhhH/9b2/7h2PP/5H4Pp/12/6B5/12/12 b")
    assert state["moves"] and all(m["captures"] for m in state["moves"])
    held = state["restricted"]
    assert held is not None and held["text"] == (
        "A capture is compulsory: only Κ7 can move, and it must capture."), held
    assert held["from"] == sorted({m["from"] for m in state["moves"]})


def test_nothing_is_restricted_where_every_piece_may_move():
    assert web.open("free", "classic")["restricted"] is None
    # Classic has no compulsory capture: a capture on offer holds nothing back.
    assert web.open("free2", "classic", position="8/8/3P4/3p4/4P3/8/8/7p w")["restricted"] is None


def test_a_kubeia_roll_says_why_a_piece_cannot_move():
    position = "hhhh2hhhhhh/3ph1hppp2/p1p3b5/1P1P7p/H1P2B6/1P5PP1P1/2P1P1P1P1P1/1HHHHHHHHHHH w dice=42"
    state = web.open("roll", "kubeia", position=position)
    held = state["restricted"]
    assert held["text"] == "With 4 and 2 this piece cannot move: the roll decides how far a piece goes."
    assert held["from"] == sorted({m["from"] for m in state["moves"]})
    assert 2 not in held["from"]  # the Hoplite on Γ1 has no move with this roll


def test_a_puzzle_made_by_the_computer_says_so_in_plain_words():
    # #34 (20): the trainer showed pupils "Source: generated from self-play seed 2024 (playout 2, ply 6)".
    import json

    from petteia_core.puzzles import load_puzzles
    from petteia_core.web.ops import call

    def opened(puzzle_id: str) -> dict:
        return json.loads(call(json.dumps({"op": "open", "args": {"kind": "puzzle", "board_id": puzzle_id,
                                                                   "puzzle_id": puzzle_id}})))

    made = next(p for p in load_puzzles() if p.source.startswith("generated from self-play"))
    assert opened(made.id)["trainer"]["source"] == "Made by the computer from its own games, and checked by its solver."
    cited = next(p for p in load_puzzles() if not p.source.startswith(("generated", "composed")))
    assert opened(cited.id)["trainer"]["source"] == cited.source
