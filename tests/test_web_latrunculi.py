"""Ludus latrunculorum through the worker's JSON facade (RULES.md §9): every reconstruction opens as
a game and the computer answers; each kind of move (placement, the dux's placement, step, slide,
the dux's jump, a jump chain, binding, removal, Bell's extra move) comes to the page with what it
needs to be clicked; each end comes with its reason in words; a record reloads."""

from __future__ import annotations

import json

import pytest

from petteia_core import web
from petteia_core.options import LATRUNCULI as PRESETS

from test_web_contract import LAT_MOVE, MOVE, state_shape

pytestmark = pytest.mark.usefixtures("fresh_sessions")


def call(op, **args):
    return json.loads(web.call(json.dumps({"op": op, "args": args})))


def lat_shape(state):
    """The state is a custodian state, its moves latrunculi moves, its board's extra a LATRUNCULI."""
    state_shape(state, "custodian", {"thought": dict} if "thought" in state else None)
    assert all(set(m) == set(MOVE) | set(LAT_MOVE) for m in state["moves"])
    assert state["latrunculi"] is not None


def opened(bid, ruleset, position=None, **args):
    s = call("open", kind="game", board_id=bid, ruleset=ruleset, position=position, **args)
    assert s["ok"], s
    lat_shape(s)
    return s


def the_move(state, text):
    """The move of ``state`` written ``text``."""
    found = [m for m in state["moves"] if m["text"] == text]
    assert len(found) == 1, (text, [m["text"] for m in state["moves"]])
    return found[0]


def click(bid, state, text):
    """Play the move ``text`` as the page sends it: by its squares, a chain by its notation."""
    m = the_move(state, text)
    if m["path"]:
        s = call("play", board_id=bid, notation=m["text"])
    else:
        s = call("play", board_id=bid, frm=m["from"], to=m["to"])
    assert s["ok"], s
    lat_shape(s)
    return s


@pytest.mark.parametrize("ruleset", list(PRESETS))
def test_every_reconstruction_opens_and_the_computer_answers(ruleset, bid):
    s = opened(bid, ruleset)
    assert s["ruleset"] == ruleset and s["record"].startswith(f'[Ruleset "{ruleset}"]')
    assert (s["width"], s["height"]) == (PRESETS[ruleset].width, PRESETS[ruleset].height)
    s = call("think", board_id=bid, level=1, seed=3)
    assert s["ok"] and s["ply"] == 1 and s["thought"]["nodes"] > 0
    lat_shape(s)
    # A record reloads into the same position (the play page's reload).
    again = call("load", board_id=bid + "-2", record=s["record"])
    assert again["ok"] and again["position"] == s["position"] and again["moves_list"] == s["moves_list"]


def test_the_names_of_the_reconstructions_are_in_the_front_ends_words():
    from petteia_core.web.words import front_end

    names = front_end()["RULESETS"]
    for ruleset in PRESETS:
        assert names[ruleset].startswith("Latrunculi: ")
    from petteia_core.web import puzzle_list

    listed = puzzle_list()  # the trainer's Game filter offers every reconstruction, by the same name
    assert {r["id"]: r["name"] for r in listed["rulesets"] if r["id"] in PRESETS} == {r: names[r] for r in PRESETS}
    assert not any(r.startswith("latrunculi") for r in listed["opening"])  # the trainer opens on petteia


def test_bell_placement_two_a_turn_then_the_dux_in_one_half_move(bid):
    s = opened(bid, "latrunculi-bell")
    lat = s["latrunculi"]
    assert lat["placing"] and lat["hand"] == [17, 17] and "Place a piece" in s["status"]
    assert all(m["from"] is None and not m["removal"] for m in s["moves"]) and len(s["moves"]) == 64
    s = click(bid, s, "@Α1")
    assert s["turn"] == "w" and s["latrunculi"]["hand"] == [16, 17]  # the second of the pair
    s = click(bid, s, "@Β1")
    assert s["turn"] == "b"
    assert s["moves_list"] == [{"number": 1, "w": {"ply": 2, "text": "@Α1 @Β1"}, "b": None}]
    # Just before the duces: the sentence asks for the dux.
    s = opened(bid, "latrunculi-bell", "8/8/8/8/8/8/8/8 w hand=1,1")
    assert "Place the dux" in s["status"]
    s = click(bid, s, "@Δ4")
    assert s["latrunculi"]["dux"] == [27] and s["turn"] == "b"


def test_piso_places_one_a_turn_and_steps(bid):
    s = opened(bid, "latrunculi-piso", "8/8/8/8/8/8/8/8 w hand=2,2")
    for text in ("@Α1", "@Θ8", "@Ε5"):
        s = click(bid, s, text)
        assert s["latrunculi"]["placing"] and "Place a piece" in s["status"]
    assert s["turn"] == "b"
    s = click(bid, s, "@Θ7")
    assert not s["latrunculi"]["placing"] and s["latrunculi"]["text"] == ""
    assert sorted(m["text"] for m in s["moves"] if m["from"] == 0) == ["Α1-Α2", "Α1-Β1"]  # steps only


def test_kowalski_slides_and_the_immune_dux(bid):
    s = opened(bid, "latrunculi-kowalski")
    assert s["latrunculi"]["dux"] == [18, 77]  # Η2 and Ζ7 on 12×8
    slides = [m for m in s["moves"] if m["from"] == 18]
    assert any(m["to"] == 18 + 12 * 5 for m in slides)  # the dux slides up the file
    assert "dux" in s["description"]


def test_bell_dux_jump_and_the_extra_move(bid):
    # White dux Δ4 next to a black counter on Δ5: it jumps to Δ6, taking nothing.
    s = opened(bid, "latrunculi-bell", "8/8/8/3p4/3D4/8/8/p6P w")
    s = click(bid, s, "Δ4-Δ6")
    assert s["last_move"]["captures"] == [] and s["turn"] == "b"
    # A capture earns the capturing piece another move: the same side moves again, that piece only.
    s = opened(bid, "latrunculi-bell", "7p/8/8/8/8/8/Pp6/2P4p w")
    s = click(bid, s, "Γ1-Γ2xΒ2")
    lat = s["latrunculi"]
    assert s["turn"] == "w" and lat["again"] == 10 and "Extra move" in s["status"]
    assert {m["from"] for m in s["moves"]} == {10}
    assert s["restricted"]["from"] == [10]  # a click on another piece says why
    s = click(bid, s, "Γ2-Γ3")
    assert s["turn"] == "b" and s["latrunculi"]["again"] is None
    assert s["moves_list"][0]["w"]["text"] == "Γ1-Γ2xΒ2 Γ2-Γ3"  # one half-move, as the record writes it
    assert "Γ1-Γ2xΒ2 Γ2-Γ3" in s["record"]


def test_schaedler_chain_with_its_path_and_the_choice_of_ends(bid):
    s = opened(bid, "latrunculi-schaedler-1994", "8/8/8/8/2p5/1p1p4/1P6/P7 w")
    ends = {m["text"]: m["path"] for m in s["moves"] if m["from"] == 9 and (m["path"] or m["to"] == 25)}
    assert ends == {"Β2-Β4": [], "Β2-Β4-Δ4": [25], "Β2-Β4-Δ4-Δ2": [25, 27]}
    s = click(bid, s, "Β2-Β4-Δ4-Δ2")
    assert s["last_move"]["path"] == [25, 27] and s["last_move"]["to"] == 11
    assert "Β2-Β4-Δ4-Δ2" in s["status"] and "Β2-Β4-Δ4-Δ2" in s["description"]


def test_schaedler_binding_then_a_removal_by_a_click_on_the_bound_piece(bid):
    s = opened(bid, "latrunculi-schaedler-1994", "7p/8/8/8/8/7p/2P5/Pp6 w")
    s = click(bid, s, "Γ2-Γ1*Β1")
    assert s["last_move"]["bound"] == [1] and s["latrunculi"]["bound"] == [1]
    assert "bound Β1" in s["description"]
    s = click(bid, s, "Θ3-Θ4")
    removal = the_move(s, "xΒ1")
    assert removal["removal"] and removal["from"] is None and removal["to"] == 1 and removal["captures"] == [1]
    assert s["latrunculi"]["removals"] == [1] and "remove the bound piece on Β1" in s["status"]
    s = call("play", board_id=bid, frm=None, to=1)  # what the board sends for the click on Β1
    assert s["ok"] and s["last_move"]["removal"] and s["latrunculi"]["bound"] == []
    assert "removed the bound piece on Β1" in s["description"]


@pytest.mark.parametrize("ruleset,position,move,reason,winner,words", [
    ("latrunculi-quintana", "8/8/8/8/8/8/2P5/Pp6 w", "Γ2-Γ1xΒ1", "no pieces", "w", "Black has no pieces left"),
    ("latrunculi-bell", "8/8/8/8/8/8/2P5/Pp6 w", "Γ2-Γ1xΒ1", "no pieces", "w", "Black has no pieces left"),
    ("latrunculi-piso", "7p/8/8/8/8/8/2P5/Pp6 w", "Γ2-Γ1xΒ1", "one piece", "w", "single piece"),
    ("latrunculi-schaedler", "8/8/8/8/8/8/8/PaP4p w", "xΒ1", "one piece", "w", "single piece"),
    ("latrunculi-kowalski", "dP10/12/P11/12/12/12/12/D11 w", "Α6-Α7", "siege", "w", "hemmed in"),
    ("latrunculi-quintana", "7p/8/8/8/8/8/8/P7 w quiet=99", "Α1-Α2", "stalled", None, "equal pieces"),
    ("latrunculi-bell", "7p/8/8/8/8/8/8/P6P w quiet=29", "Α1-Α2", "superiority", "w", "more pieces"),
    ("latrunculi-piso", "pp6/PPP5/8/8/8/8/8/8 w", "Γ7-Γ8", "superiority", "w", "more pieces"),
])
def test_each_end_with_its_reason_in_words(bid, ruleset, position, move, reason, winner, words):
    s = opened(bid, ruleset, position)
    s = click(bid, s, move)
    result = s["result"]
    assert result is not None, s["status"]
    assert (result["reason"], result["winner"]) == (reason, winner)
    assert words in result["text"] and s["moves"] == [] and s["status"].startswith("Game over.")
    assert s["latrunculi"]["text"] == ""  # nothing is owed once the game is over
    brief = call("open", board_id=bid + "-page", ruleset=ruleset, position=position)  # a page's board
    brief = click(bid + "-page", brief, move)
    assert f"({result['reason']})" in brief["result"]["text"]


def test_against_the_computer_undo_takes_back_the_readers_extra_move_too(bid):
    s = opened(bid, "latrunculi-bell", "7p/8/8/8/8/8/Pp6/2P4p w", computer="b")
    s = click(bid, s, "Γ1-Γ2xΒ2")
    s = click(bid, s, "Γ2-Γ3")
    s = call("think", board_id=bid, level=1, seed=1)
    assert s["ok"] and s["turn"] == "w"
    s = call("undo", board_id=bid)
    assert s["ply"] == 0 and s["turn"] == "w"
    s = call("redo", board_id=bid)  # the whole exchange again: the capture, the extra move, the reply
    assert s["ply"] == 3 and s["turn"] == "w"
