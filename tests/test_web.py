"""petteia_core.web: the JSON facade the browser's worker calls (also runs inside Pyodide)."""

import json

import pytest

from petteia_core import web
from petteia_core.errors import PetteiaError

# White Α1 and Γ3, Black Β3 (and two more so the game goes on): Α1-Α3 captures Β3.
CAPTURE = "6pp/8/8/8/8/1pP5/8/P7 w"


# Every test starts with no board open, so one test never reads a board another left behind.
pytestmark = pytest.mark.usefixtures("fresh_sessions")


def call(op, **args):
    return json.loads(web.call(json.dumps({"op": op, "args": args})))


def test_open_start_position_classic():
    s = web.open("t-classic", "classic")
    assert s["ok"] and s["ruleset"] == "classic"
    assert (s["width"], s["height"], s["turn"]) == (8, 8, "w")
    assert s["svg"].startswith("<svg") and 'data-sq="0"' in s["svg"]
    assert s["last_move"] is None and s["result"] is None
    assert not s["can_undo"] and not s["can_redo"]
    assert s["description"].startswith("White to move.")
    assert len(s["moves"]) > 0
    assert all(set(m) == {"from", "to", "captures", "text"} for m in s["moves"])
    json.dumps(s)  # JSON-able


def test_open_tournament_is_twelve_wide():
    s = web.open("t-tour", "tournament")
    assert (s["width"], s["height"]) == (12, 8)
    assert "Basileus" in s["description"]


def test_play_by_squares_captures_and_describes():
    web.open("cap", "classic", CAPTURE)
    s = web.play("cap", 0, 16)  # Α1-Α3
    assert s["last_move"] == {"from": 0, "to": 16, "captures": [17], "text": "Α1-Α3xΒ3"}
    assert s["turn"] == "b"
    assert "Β3" not in s["description"].split("Last move")[0]
    assert "Last move: Α1-Α3, captured Β3." in s["description"]
    assert 'data-sq="17" data-piece' not in s["svg"]
    assert s["can_undo"] and not s["can_redo"]


def test_undo_redo_reset():
    web.open("ur", "classic", CAPTURE)
    web.play("ur", notation="Α1-Α3")
    s = web.undo("ur")
    assert s["position"] == web.open("other", "classic", CAPTURE)["position"]
    assert s["can_redo"] and not s["can_undo"]
    s = web.redo("ur")
    assert s["last_move"]["text"] == "Α1-Α3xΒ3"
    web.play("ur", notation="Η8-Η1")
    s = web.reset("ur")
    assert s["last_move"] is None and not s["can_undo"] and not s["can_redo"]


def test_latin_notation_is_accepted_and_echoed_in_greek():
    web.open("lat", "classic", CAPTURE)
    assert web.play("lat", notation="a1-a3")["last_move"]["text"] == "Α1-Α3xΒ3"


def test_illegal_move_is_an_error_reply_not_an_exception():
    call("open", board_id="bad", ruleset="classic")
    r = call("play", board_id="bad", frm=0, to=27)
    assert r["ok"] is False and "not a legal move" in r["error"]
    assert call("nope")["ok"] is False
    assert call("view", board_id="never-opened")["ok"] is False
    assert call("open", board_id="x", ruleset="chess")["ok"] is False


def test_flip_and_view():
    web.open("fl", "classic")
    assert web.flip("fl")["flipped"] is True
    assert 'data-flipped="1"' in web.view("fl")["svg"]
    assert web.flip("fl", False)["flipped"] is False


def test_moves_and_call_moves():
    web.open("mv", "classic", CAPTURE)
    texts = {m["text"] for m in web.moves("mv")}
    assert "Α1-Α3xΒ3" in texts
    assert {m["text"] for m in call("moves", board_id="mv")["moves"]} == texts


def test_game_over_has_result_and_no_moves():
    # Black has two pieces; capturing one leaves one piece: Black loses.
    web.open("end", "classic", "7p/8/8/8/8/1pP5/8/P7 w")
    s = web.play("end", notation="Α1-Α3")
    assert s["result"] is not None and s["result"]["score"] == "1-0"
    assert s["moves"] == []
    assert s["description"].startswith("Game over: White wins")


def test_placement_ruleset_poleis():
    s = web.open("pol", "poleis")
    assert "In hand: White 16, Black 16." in s["description"]
    assert s["moves"][0]["from"] is None
    s = web.play("pol", None, s["moves"][0]["to"])
    assert s["last_move"]["text"].startswith("@")


def test_kubeia_reports_dice():
    s = web.open("kub", "kubeia")
    assert s["dice"] is not None and len(s["dice"]) == 2
    assert "Dice:" in s["description"]


def test_close_forgets_board():
    web.open("gone", "classic")
    assert web.close("gone")["ok"]
    with pytest.raises(PetteiaError, match="no board 'gone' is open"):
        web.view("gone")


def test_legal_alias_and_duodecim_is_refused_clearly():
    call("open", board_id="al", ruleset="classic")
    assert call("moves", board_id="al")["moves"]
    r = call("open", board_id="dd", ruleset="duodecim")
    assert r["ok"] is False and "Duodecim" in r["error"]


def test_think_plays_a_legal_move_for_the_side_to_move():
    web.open("ai", "classic", CAPTURE)
    s = web.think("ai", level=1)
    assert s["turn"] == "b" and s["last_move"] is not None
    assert s["thought"]["nodes"] > 0 and s["thought"]["depth"] >= 1  # it searched
    s = web.think("ai", level=2)
    assert s["turn"] == "w" and s["ply"] == 2


def test_page_marks_stay_until_the_first_move():
    s = web.open("marks", "classic", CAPTURE, arrows=[[0, 16]], highlights={"17": "target"}, last=[8, 16])
    assert 'class="arrow' in s["svg"] and "hl-target" in s["svg"] and "last-to" in s["svg"]
    s = web.play("marks", 0, 16)
    assert 'class="arrow' not in s["svg"]
    s = web.undo("marks")
    assert 'class="arrow' in s["svg"]
    assert call("open", board_id="m2", ruleset="classic", highlights={"99": "target"})["ok"] is False


def test_puzzle_checks_the_readers_moves_and_plays_the_replies():
    s = web.open("pz", "classic", CAPTURE, solution="Α1-Α3xΒ3, Η8-Η3, Γ3-Γ8")
    assert s["puzzle"] == {"status": "todo", "text": "Find the best move."}
    s = web.play("pz", 18, 19)  # Γ3-Δ3: legal, but not the answer
    assert s["puzzle"]["status"] == "wrong" and s["ply"] == 0
    s = web.play("pz", 0, 16)  # the answer; Black's reply is played at once
    assert s["puzzle"]["status"] == "right" and s["ply"] == 2 and "Η8-Η3" in s["puzzle"]["text"]
    s = web.play("pz", notation="Γ3-Γ8")
    assert s["puzzle"]["status"] == "solved"
    s = web.undo("pz")
    assert s["puzzle"]["status"] == "todo"
    bad = call("open", board_id="pz2", ruleset="classic", position=CAPTURE, solution="Α1-Α9")
    assert bad["ok"] is False and "solution" in bad["error"]


# The seed's sacrifice combination (docs/rules/tournament.md): Β2-Β6, Η6-Γ6xΒ6 (forced), Λ6-Η6xΗ5.
SACRIFICE = "hh1h1hhh1h1h/1p1p1ppp1pp1/p5p3B1/5PbP4/6H5/12/1P1P4P3/H1H1H1H2H1H w"
SACRIFICE_LINE = ["Β2-Β6", "Η6-Γ6xΒ6", "Λ6-Η6xΗ5"]


def test_line_is_stepped_through_by_redo_and_undo():
    s = web.open("line", "tournament", SACRIFICE, line=SACRIFICE_LINE)
    assert s["ply"] == 0 and s["can_redo"] and not s["can_undo"]
    assert s["line"]["ply"] == 0 and s["line"]["length"] == 3
    assert s["redo_move"]["text"] == "Β2-Β6"
    s = web.redo("line")
    s = web.redo("line")
    assert s["last_move"]["text"] == "Η6-Γ6xΒ6" and s["line"]["ply"] == 2
    assert s["description"].startswith("Line move 2 of 3: Η6-Γ6xΒ6, captures Β6.")
    s = web.redo("line")
    assert s["result"]["text"] == "White wins (rout), 1-0."
    assert not s["can_redo"] and s["redo_move"] is None
    s = web.undo("line")
    assert s["line"]["ply"] == 2 and s["redo_move"]["text"] == "Λ6-Η6xΗ5"


def test_leaving_the_line_and_coming_back():
    s = web.open("line2", "tournament", SACRIFICE, line=SACRIFICE_LINE)
    other = next(m for m in s["moves"] if m["text"] != "Β2-Β6")
    s = web.play("line2", other["from"], other["to"])
    assert s["line"]["ply"] is None and s["line"]["text"].startswith("Off the line")
    assert not s["can_redo"]
    s = web.undo("line2")  # back on the line, the reader's move is ahead in the redo history
    assert s["line"]["ply"] == 0 and s["redo_move"]["text"] == "Β2-Β6"
    assert web.redo("line2")["last_move"]["text"] == "Β2-Β6"  # redo follows the line
    s = web.reset("line2")
    assert s["ply"] == 0 and s["line"]["ply"] == 0 and s["can_redo"]
    s = web.line_goto("line2", 3)
    assert s["ply"] == 3 and s["result"] is not None
    s = web.line_goto("line2", 1)
    assert s["ply"] == 1 and s["redo_move"]["text"] == "Η6-Γ6xΒ6"
    with pytest.raises(PetteiaError, match="no move 4"):
        web.line_goto("line2", 4)


def test_kubeia_line_sets_each_roll():
    s = web.open("kline", "kubeia", None, line=["22 Α2-Α4", "53 Δ2-Δ6", "41 Η6-Η5"])
    assert s["dice"] == [2, 2]
    s = web.redo("kline")
    assert s["dice"] == [5, 3] and s["turn"] == "w"  # the hand of Zeus: White again
    assert s["description"].startswith("Line move 1 of 3: throw 2-2, Α2-Α4.")
    # Playing the line's move by hand keeps the line's next roll.
    nxt = s["redo_move"]
    s = web.play("kline", nxt["from"], nxt["to"])
    assert s["dice"] == [4, 1] and s["line"]["ply"] == 2 and s["turn"] == "b"


def test_bad_lines_are_refused_clearly():
    assert "does not play" in call("open", board_id="bad", ruleset="classic", line=["Α1-Α9"])["error"]
    assert "list of moves" in call("open", board_id="bad", ruleset="classic", line=[3])["error"]
    web.open("noline", "classic")
    assert "no line" in call("line_goto", board_id="noline", ply=0)["error"]
