"""The play page's game_* operations of the worker's JSON facade (petteia_core.web_play)."""

from __future__ import annotations

import json

import pytest

from petteia_core import web


def call(op, **args):
    return json.loads(web.call(json.dumps({"op": op, "args": args})))


@pytest.mark.parametrize("ruleset", ["classic", "vagi", "poleis", "tournament", "kubeia", "duodecim"])
def test_open_every_ruleset_and_the_computer_answers(ruleset):
    s = call("game_open", board_id="t", ruleset=ruleset)
    assert s["ok"] and s["ruleset"] == ruleset and s["ply"] == 0 and s["moves_list"] == []
    assert s["kind"] == ("duodecim" if ruleset == "duodecim" else "custodian")
    assert s["record"].startswith(f'[Ruleset "{ruleset}"]')
    s = call("game_think", board_id="t", level=1, seed=3)
    assert s["ok"] and s["ply"] == 1 and s["moves_list"][0]["w"]["ply"] == 1
    assert s["thought"]["nodes"] >= 0
    if ruleset in ("kubeia", "duodecim"):
        assert s["dice"] and len(s["dice"]) == 2
    call("game_close", board_id="t")


def test_poleis_black_places_first_and_the_record_says_so():
    s = call("game_open", board_id="t", ruleset="poleis", first="b")
    assert s["turn"] == "b"
    assert '[Position "8/8/8/8/8/8/8/8 b"]' in s["record"]
    s = call("game_load", board_id="t2", record=s["record"])
    assert s["ok"] and s["turn"] == "b"


def test_move_list_pairs_record_round_trip_and_look_back():
    call("game_open", board_id="t", ruleset="classic")
    call("game_play", board_id="t", notation="Α1-Α2")
    s = call("game_play", board_id="t", notation="Α8-Α7")
    s = call("game_play", board_id="t", notation="Β1-Β2")
    assert [(r["number"], r["w"]["text"], r["b"] and r["b"]["text"]) for r in s["moves_list"]] == [
        (1, "Α1-Α2", "Α8-Α7"), (2, "Β1-Β2", None)]
    again = call("game_load", board_id="t3", record=s["record"])
    assert again["position"] == s["position"] and again["record"] == s["record"]
    at = call("game_at", board_id="t", ply=1)
    assert at["ok"] and "<svg" in at["svg"] and "Α1-Α2" in at["description"]
    assert call("game_view", board_id="t")["ply"] == 3  # looking back changes nothing
    assert call("game_at", board_id="t", ply=9)["ok"] is False


def test_a_bad_record_is_refused_and_the_game_is_kept():
    s = call("game_open", board_id="t", ruleset="classic")
    call("game_play", board_id="t", notation="Α1-Α2")
    for bad in ["", "hello", '[Ruleset "chess"]', '[Ruleset "classic"]\n1) Α1-Α9']:
        reply = call("game_load", board_id="t", record=bad)
        assert reply["ok"] is False and reply["error"]
    assert call("game_view", board_id="t")["ply"] == 1
    assert s["ok"]


def test_resign_draw_offer_and_agreement_in_plain_words():
    call("game_open", board_id="t", ruleset="classic")
    s = call("game_resign", board_id="t", side="w")
    assert s["result"]["score"] == "0-1" and s["result"]["text"] == "Black wins: White resigned (0-1)."
    s = call("game_undo", board_id="t")
    assert s["result"] is None
    s = call("game_offer_draw", board_id="t", level=1, side="w")
    assert s["draw"]["accepted"] is True  # the start is level
    assert s["result"]["reason"] == "agreement" and "agreed" in s["result"]["text"]
    call("game_undo", board_id="t")
    # A lost position for the computer (Black): it accepts; a won one: it declines.
    call("game_load", board_id="t", record='[Ruleset "classic"]\n[Position "6pp/8/8/8/8/8/8/PPPPPPPP w"]')
    assert call("game_offer_draw", board_id="t", side="w")["draw"]["accepted"] is True
    call("game_load", board_id="t", record='[Ruleset "classic"]\n[Position "pppppppp/8/8/8/8/8/8/6PP w"]')
    s = call("game_offer_draw", board_id="t", side="w")
    assert s["draw"]["accepted"] is False and s["result"] is None
    s = call("game_agree_draw", board_id="t")
    assert s["result"]["score"] == "½-½"


def test_duodecim_step_by_step_unstep_and_commit():
    s = call("game_load", board_id="d", record='[Ruleset "duodecim"]\n[Position "12/6/6/6/6 w hand=15,15 dice=63"]')
    assert s["ok"] is False or s["kind"] == "duodecim"
    s = call("game_open", board_id="d", ruleset="duodecim")
    dice = s["dice"]
    assert s["steps"] and all(st["from"] == "enter" for st in s["steps"])
    st = s["steps"][0]
    s = call("game_step", board_id="d", frm=st["from"], to=st["to"], die=st["die"])
    if s["ply"] == 0:
        assert s["prefix"] == [st["text"]] and s["can_undo"]
        s = call("game_unstep", board_id="d")
        assert s["prefix"] == [] and s["dice"] == dice
        while s["ply"] == 0:
            st = s["steps"][0]
            s = call("game_step", board_id="d", frm=st["from"], to=st["to"], die=st["die"])
    assert s["ply"] == 1 and s["turn"] == "b"
    assert call("game_step", board_id="d", frm="A1", to="off")["ok"] is False
    s = call("game_undo", board_id="d")
    assert s["ply"] == 0 and s["dice"] == dice
    assert call("game_offer_draw", board_id="d")["ok"] is False  # no draws in a race


def test_duodecim_bearing_off_the_last_pieces_wins_and_void_turns_pass():
    s = call("game_load", board_id="d", record='[Ruleset "duodecim"]\n[Position "12/6/6/6/5,2w w off=13,13 bar=0,2"]')
    assert s["ok"], s
    while not s["result"]:
        if s["turn"] == "w":
            st = s["steps"][-1]
            s = call("game_step", board_id="d", frm=st["from"], to=st["to"], die=st["die"])
        else:
            s = call("game_think", board_id="d", level=1) if not s["void"] else call("game_commit", board_id="d")
    assert s["result"]["reason"] == "borne off"
    assert s["result"]["text"].endswith("has borne off all fifteen pieces (1-0).") or s["result"]["score"] == "0-1"
    assert s["record"].endswith(s["result"]["score"] + " (borne off)")


def test_unknown_ruleset_and_side_are_clear_errors():
    assert "unknown ruleset" in call("game_open", board_id="t", ruleset="chess")["error"]
    assert "first must be" in call("game_open", board_id="t", ruleset="poleis", first="x")["error"]
    assert call("game_step", board_id="nope", frm="enter", to="A1")["ok"] is False
