"""The status line under every board comes from Python (petteia_core.web.words.status_sentence):
the front end shows ``state["status"]`` as it is and builds no sentence of its own."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from petteia_core import web

JS = Path(__file__).resolve().parent.parent / "docs" / "assets" / "js"


def call(op, **args):
    return json.loads(web.call(json.dumps({"op": op, "args": args})))


def test_a_custodian_board_says_whose_turn_the_dice_and_the_last_move():
    s = call("open", board_id="st-k", ruleset="kubeia")
    d = s["dice"]
    assert s["status"] == f"White to move. Dice: {d[0]}–{d[1]}."
    s = call("play", board_id="st-k", frm=s["moves"][0]["from"], to=s["moves"][0]["to"])
    assert s["status"].endswith(f"Last move {s['last_move']['text']}.")
    call("close", board_id="st-k")


def test_a_game_against_the_computer_says_who_is_who():
    s = call("open", board_id="st-c", kind="game", ruleset="classic", computer="b")
    assert s["status"] == "White to move (you)."
    s = call("play", board_id="st-c", frm=s["moves"][0]["from"], to=s["moves"][0]["to"])
    assert s["status"].startswith("Black to move (the computer).")
    s = call("resign", board_id="st-c", side="w")
    assert s["status"].startswith(f"Game over. {s['result']['text']}")
    call("close", board_id="st-c")


def test_a_duodecim_turn_says_its_steps_so_far_and_the_last_turn():
    s = call("open", board_id="st-d", kind="game", ruleset="duodecim")
    assert s["status"].startswith(f"White to move. Dice: {s['dice'][0]}–{s['dice'][1]}.")
    st = s["steps"][0]
    s = call("step", board_id="st-d", frm=st["from"], to=st["to"], die=st["die"])
    if s["ply"] == 0:
        assert f"Steps so far: {' '.join(s['prefix'])}." in s["status"]
    while s["ply"] == 0:
        if s["void"] or not s["steps"]:
            s = call("commit", board_id="st-d")
        else:
            st = s["steps"][0]
            s = call("step", board_id="st-d", frm=st["from"], to=st["to"], die=st["die"])
    assert s["status"].endswith(f"Last turn: White {s['last_move']['text']}.")
    call("close", board_id="st-d")


def test_a_page_puzzle_puts_its_words_first():
    s = call("open", board_id="st-p", ruleset="classic", solution="Α1-Α3")
    assert s["puzzle"] and s["status"].startswith(s["puzzle"]["text"])
    call("close", board_id="st-p")


def test_the_front_end_builds_no_status_sentence():
    if not JS.is_dir():
        pytest.skip("the front end's files are not here (the core tests' run inside Pyodide)")
    assert list(JS.glob("*.js"))
    for path in JS.glob("*.js"):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"to move\b[^\"'`]*[.]`|`[^`]*\} to move\.", text), f"{path.name} builds a status sentence"
        assert "Last move " not in text and "Last turn: " not in text, path.name


def test_every_duodecim_step_is_said_in_words_with_what_follows():
    s = call("open", board_id="st-s", kind="game", ruleset="duodecim", seed=3)
    for _ in range(12):
        side, ply = s["turn"], s["ply"]
        if s["void"]:
            s = call("commit", board_id="st-s")
            assert s["said"].startswith(f"{'White' if side == 'w' else 'Black'} cannot move with")
        else:
            st = s["steps"][0]
            s = call("step", board_id="st-s", frm=st["from"], to=st["to"], die=st["die"])
            assert s["said"].startswith("White" if side == "w" else "Black")
            assert f"with the {st['die']}" in s["said"]
            assert ("hitting" in s["said"]) == st["hit"]
        if s["result"]:
            break
        if s["ply"] > ply:
            assert f"rolls {s['dice'][0]} and {s['dice'][1]}." in s["said"]
        else:
            assert s["said"].endswith("choice.") or s["said"].endswith("choices.")
    call("close", board_id="st-s")
