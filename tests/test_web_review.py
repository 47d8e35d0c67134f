"""The play page's review ops: ``review`` (one move judged, with its picture) and ``branch`` ("Try
again from here": a new game cut before a move)."""

from __future__ import annotations

import json

import pytest
from test_analyse import BLUNDER, DUODECIM, KUBEIA

from petteia_core import web
from petteia_core.board import parse_square

pytestmark = pytest.mark.usefixtures("fresh_sessions")


def call(op, **args):
    return json.loads(web.call(json.dumps({"op": op, "args": args})))


def sq(name):
    return parse_square(name, 8, 8)


def test_review_marks_the_blunder_and_draws_the_better_move():
    call("load", board_id="g", record=BLUNDER)
    r = call("review", board_id="g", ply=2)
    assert r["ok"] and (r["move"], r["mark"], r["symbol"], r["better"]) == ("Β1-Β3", "blunder", "??", True)
    assert r["pair"] == [sq("Β1"), sq("Β3")] and r["best_pair"] != r["pair"] and r["plies"] == 3
    bf, bt = r["best_pair"]
    assert f'class="arrow" data-from="{bf}" data-to="{bt}"' in r["svg"]
    assert f'class="hl-from" data-sq="{sq("Β1")}"' in r["svg"]  # the move played, tinted
    assert "blunder" in r["text"] and r["best"] in r["text"]
    # Why (issue #34): the answer that punishes it, and what it takes.
    assert r["text"].endswith("Why: Black answers Γ8-Γ3xΒ3, which captures 1 piece."), r["text"]
    assert (r["reply"], r["reply_captures"]) == ("Γ8-Γ3xΒ3", 1)
    # The picture is the position before the move: Β1 still holds White's piece.
    assert f'data-sq="{sq("Β1")}" data-piece="P"' in r["svg"]
    good = call("review", board_id="g", ply=0)
    assert good["mark"] == "good" and not good["better"] and 'class="arrow"' not in good["svg"]


def test_review_refuses_a_move_the_game_does_not_have():
    call("load", board_id="g", record=BLUNDER)
    for ply in (3, -1, "x"):
        r = call("review", board_id="g", ply=ply)
        assert r["ok"] is False and r["error"]
    call("open", board_id="page", ruleset="classic", line=["Α1-Α2"])
    assert call("review", board_id="page", ply=0)["ok"] is False  # a page's line: no review


def test_try_again_from_here_cuts_the_game_and_the_computer_answers():
    call("load", board_id="g", record=BLUNDER)
    s = call("branch", board_id="g", new_id="g2", ply=2, computer="b")
    assert s["ok"] and s["board_id"] == "g2" and s["ply"] == 2 and s["turn"] == "w" and s["computer"] == "b"
    assert [row["w"]["text"] for row in s["moves_list"]] == ["Α1-Α2"] and not s["can_redo"]
    assert call("view", board_id="g")["ply"] == 3  # the reviewed game is unchanged
    # The same blunder again: the computer (level 3) takes the piece at once.
    call("play", board_id="g2", notation="Β1-Β3")
    t = call("think", board_id="g2", level=3, seed=1)
    assert t["last_move"]["text"] == "Γ8-Γ3xΒ3"
    assert call("branch", board_id="g", new_id="g", ply=1)["ok"] is False
    assert call("branch", board_id="g", new_id="g3", ply=9)["ok"] is False


def test_kubeia_try_again_keeps_the_roll_thrown():
    call("load", board_id="k", record=KUBEIA)
    r = call("review", board_id="k", ply=10)
    assert r["move"] == "51 Η7-Η6" and r["mark"] == "blunder" and r["best"].startswith("51 ")
    s = call("branch", board_id="k", new_id="k2", ply=10, computer="w")
    assert s["dice"] == [5, 1] and s["turn"] == "b" and s["ply"] == 10


def test_duodecim_review_and_try_again():
    call("load", board_id="d", record=DUODECIM)
    r = call("review", board_id="d", ply=11)
    assert r["mark"] in ("mistake", "blunder") and r["pair"] is None and r["better"]
    assert 'class="hl-to"' in r["svg"] or "hl-to" in r["svg"]
    s = call("branch", board_id="d", new_id="d2", ply=11, computer="w")
    assert s["ok"] and s["ply"] == 11 and s["dice"] == [6, 4] and s["turn"] == "b"
