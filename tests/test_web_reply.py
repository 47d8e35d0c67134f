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
