"""The play page's game_* operations of the worker's JSON facade (petteia_core.web: game sessions)."""

from __future__ import annotations

import json

import pytest

from petteia_core import web


# Every test starts with no board open, so one test never reads a board another left behind.
pytestmark = pytest.mark.usefixtures("fresh_sessions")


def call(op, **args):
    return json.loads(web.call(json.dumps({"op": op, "args": args})))


@pytest.mark.parametrize("ruleset", ["classic", "vagi", "poleis", "tournament", "kubeia", "duodecim"])
def test_open_every_ruleset_and_the_computer_answers(ruleset, bid):
    s = call("open", kind="game", board_id=bid, ruleset=ruleset)
    assert s["ok"] and s["ruleset"] == ruleset and s["ply"] == 0 and s["moves_list"] == []
    assert s["kind"] == ("duodecim" if ruleset == "duodecim" else "custodian")
    assert s["record"].startswith(f'[Ruleset "{ruleset}"]')
    s = call("think", board_id=bid, level=1, seed=3)
    assert s["ok"] and s["ply"] == 1 and s["moves_list"][0]["w"]["ply"] == 1
    assert s["thought"]["nodes"] > 0 and s["thought"]["depth"] >= 1  # it searched
    if ruleset in ("kubeia", "duodecim"):
        assert s["dice"] and len(s["dice"]) == 2
    call("close", board_id=bid)


def test_poleis_black_places_first_and_the_record_says_so(bid):
    s = call("open", kind="game", board_id=bid, ruleset="poleis", first="b")
    assert s["turn"] == "b"
    assert '[Position "8/8/8/8/8/8/8/8 b"]' in s["record"]
    s = call("load", board_id=bid + "-2", record=s["record"])
    assert s["ok"] and s["turn"] == "b"


def test_move_list_pairs_record_round_trip_and_look_back(bid):
    call("open", kind="game", board_id=bid, ruleset="classic")
    call("play", board_id=bid, notation="Α1-Α2")
    s = call("play", board_id=bid, notation="Α8-Α7")
    s = call("play", board_id=bid, notation="Β1-Β2")
    assert [(r["number"], r["w"]["text"], r["b"] and r["b"]["text"]) for r in s["moves_list"]] == [
        (1, "Α1-Α2", "Α8-Α7"), (2, "Β1-Β2", None)]
    again = call("load", board_id=bid + "-2", record=s["record"])
    assert again["position"] == s["position"] and again["record"] == s["record"]
    at = call("at", board_id=bid, ply=1)
    assert at["ok"] and "<svg" in at["svg"] and "Α1-Α2" in at["description"]
    assert call("view", board_id=bid)["ply"] == 3  # looking back changes nothing
    assert call("at", board_id=bid, ply=9)["ok"] is False


def test_a_bad_record_is_refused_and_the_game_is_kept(bid):
    s = call("open", kind="game", board_id=bid, ruleset="classic")
    call("play", board_id=bid, notation="Α1-Α2")
    for bad in ["", "hello", '[Ruleset "chess"]', '[Ruleset "classic"]\n1) Α1-Α9']:
        reply = call("load", board_id=bid, record=bad)
        assert reply["ok"] is False and reply["error"]
    assert call("view", board_id=bid)["ply"] == 1
    assert s["ok"]


def test_resign_draw_offer_and_agreement_in_plain_words(bid):
    call("open", kind="game", board_id=bid, ruleset="classic")
    s = call("resign", board_id=bid, side="w")
    assert s["result"]["score"] == "0-1" and s["result"]["text"] == "Black wins: White resigned (0-1)."
    s = call("undo", board_id=bid)
    assert s["result"] is None
    s = call("offer_draw", board_id=bid, level=1, side="w")
    assert s["draw"]["accepted"] is True  # the start is level
    assert s["result"]["reason"] == "agreement" and "agreed" in s["result"]["text"]
    call("undo", board_id=bid)
    # A lost position for the computer (Black): it accepts; a won one: it declines.
    call("load", board_id=bid, record='[Ruleset "classic"]\n[Position "6pp/8/8/8/8/8/8/PPPPPPPP w"]')
    assert call("offer_draw", board_id=bid, side="w")["draw"]["accepted"] is True
    call("load", board_id=bid, record='[Ruleset "classic"]\n[Position "pppppppp/8/8/8/8/8/8/6PP w"]')
    s = call("offer_draw", board_id=bid, side="w")
    assert s["draw"]["accepted"] is False and s["result"] is None
    s = call("agree_draw", board_id=bid)
    assert s["result"]["score"] == "½-½"


def test_duodecim_step_by_step_unstep_and_commit(bid):
    s = call("load", board_id=bid, record='[Ruleset "duodecim"]\n[Position "12/6/6/6/6 w hand=15,15 dice=63"]')
    assert s["ok"] is False or s["kind"] == "duodecim"
    s = call("open", kind="game", board_id=bid, ruleset="duodecim")
    dice = s["dice"]
    assert s["steps"] and all(st["from"] == "enter" for st in s["steps"])
    st = s["steps"][0]
    s = call("step", board_id=bid, frm=st["from"], to=st["to"], die=st["die"])
    if s["ply"] == 0:
        assert s["prefix"] == [st["text"]] and s["can_undo"]
        s = call("unstep", board_id=bid)
        assert s["prefix"] == [] and s["dice"] == dice
        while s["ply"] == 0:
            st = s["steps"][0]
            s = call("step", board_id=bid, frm=st["from"], to=st["to"], die=st["die"])
    assert s["ply"] == 1 and s["turn"] == "b"
    assert call("step", board_id=bid, frm="A1", to="off")["ok"] is False
    s = call("undo", board_id=bid)
    assert s["ply"] == 0 and s["dice"] == dice
    assert call("offer_draw", board_id=bid)["ok"] is False  # no draws in a race


def test_duodecim_bearing_off_the_last_pieces_wins_and_void_turns_pass(bid):
    s = call("load", board_id=bid, record='[Ruleset "duodecim"]\n[Position "12/6/6/6/5,2w w off=13,13 bar=0,2"]')
    assert s["ok"], s
    while not s["result"]:
        if s["turn"] == "w":
            st = s["steps"][-1]
            s = call("step", board_id=bid, frm=st["from"], to=st["to"], die=st["die"])
        else:
            s = call("think", board_id=bid, level=1) if not s["void"] else call("commit", board_id=bid)
    assert s["result"]["reason"] == "borne off"
    assert s["result"]["text"].endswith("has borne off all fifteen pieces (1-0).") or s["result"]["score"] == "0-1"
    assert s["record"].endswith(s["result"]["score"] + " (borne off)")


def test_unknown_ruleset_and_side_are_clear_errors(bid):
    assert "unknown ruleset" in call("open", kind="game", board_id=bid, ruleset="chess")["error"]
    assert "first must be" in call("open", kind="game", board_id=bid, ruleset="poleis", first="x")["error"]
    assert call("step", board_id=bid + "-2", frm="enter", to="A1")["ok"] is False


def test_duodecim_open_with_the_rolls_and_marks_of_a_page_board(bid):
    """A page's explorable board: the line's rolls come first, its marks stay until the first step."""
    s = call("open", kind="game", board_id=bid, ruleset="duodecim", rolls=["63", "52"], highlights={"a1": "from"})
    assert s["dice"] == [6, 3] and 'class="hl-from" data-point="A1"' in s["svg"]
    s = call("step", board_id=bid, frm="enter", to="A6", die=6)
    assert s["ply"] == 0 and 'class="hl-from"' not in s["svg"]
    s = call("step", board_id=bid, frm="enter", to="A3", die=3)
    assert s["ply"] == 1 and s["turn"] == "b" and s["dice"] == [5, 2]  # the second roll of the line
    assert s["last_turn"] == {
        "side": "w", "dice": [6, 3], "unused": [],
        "steps": [{"from": "enter", "to": "A6", "die": 6, "hit": False, "text": "@A6"},
                  {"from": "enter", "to": "A3", "die": 3, "hit": False, "text": "@A3"}],
    }
    s = call("undo", board_id=bid)
    assert s["ply"] == 0 and s["last_turn"] is None and 'class="hl-from"' in s["svg"]
    call("close", board_id=bid)


def test_duodecim_last_turn_names_the_hit_and_the_lost_die(bid):
    # docs/rules/duodecim.md: two white pieces wait, 63; the 3 re-enters with a hit, the 6 is lost.
    position = "2,1b,2,2b,1,2b,1,2w,1,2w/1,2b,3w,2,2w/3b,2,2w,2/2w,1,2b,3/2,3b,3 w bar=2,0 dice=63"
    s = call("open", kind="game", board_id=bid, ruleset="duodecim", position=position)
    assert [st["text"] for st in s["steps"]] == ["@A3*"]
    s = call("step", board_id=bid, frm="enter", to="A3")
    assert s["ply"] == 1 and s["turn"] == "b" and s["dice"]  # the turn ended itself; Black has rolled
    assert s["last_turn"]["steps"][0]["hit"] is True and s["last_turn"]["unused"] == [6]
    assert s["bar"] == [1, 1]
    call("close", board_id=bid)


def test_duodecim_open_options_are_checked(bid):
    position = "1,2w,2b,3w,2,3w,1,2w,2w,2b,2w/6/6/6/6 w hand=1,11 dice=65"
    assert "not the position's roll" in call("open", kind="game", board_id=bid, ruleset="duodecim", position=position,
                                             rolls=["52"])["error"]
    assert "not a roll" in call("open", kind="game", board_id=bid, ruleset="duodecim", rolls=["70"])["error"]
    assert "rolls must be a list" in call("open", kind="game", board_id=bid, ruleset="duodecim", rolls="63")["error"]
    assert "not a Duodecim point" in call("open", kind="game", board_id=bid, ruleset="duodecim",
                                          highlights={"F1": "mark"})["error"]
    assert "unknown highlight" in call("open", kind="game", board_id=bid, ruleset="duodecim",
                                       highlights={"A1": "glow"})["error"]
    assert "Duodecim scripta games only" in call("open", kind="game", board_id=bid + "-2", ruleset="classic", rolls=["63"])["error"]


def test_duodecim_level_5_stops_when_asked():
    # Duodecim's level 5 polls the stop check while it weighs the opponent's rolls.
    from petteia_core.ai import choose_move
    from petteia_core.duodecim import DuodecimPosition

    pos = DuodecimPosition.start().with_dice((5, 2))
    res = choose_move(pos, 5, seed=0, should_stop=lambda: True)
    assert res.stopped and res.move in pos.legal_turns()
    assert not choose_move(pos, 5, seed=0).stopped


@pytest.mark.parametrize("ruleset", ["classic", "tournament", "kubeia"])
def test_move_now_stops_the_search_and_plays_the_best_move_so_far(ruleset, bid):
    # The page's "Move now": the installed stop check turns True while level 5 thinks; the search
    # ends at once (far below its huge budget) and a legal move is still played.
    polls = []

    def check():
        polls.append(1)
        return len(polls) >= 3

    s = call("open", kind="game", board_id=bid, ruleset=ruleset)
    web.set_stop_check(check)
    try:
        s = call("think", board_id=bid, level=5, seed=2, node_limit=50_000_000)
    finally:
        web.set_stop_check(None)
    assert s["ok"] and s["moves_list"], s
    assert s["thought"]["stopped"] is True and len(polls) == 3 and s["thought"]["nodes"] < 50_000
    # Without a stop check the same search is not stopped.
    s = call("open", kind="game", board_id=bid, ruleset="classic")
    s = call("think", board_id=bid, level=3, seed=2)
    assert s["thought"]["stopped"] is False
    call("close", board_id=bid)


# ------------------------------------------------------------------ games against the computer
ALL = ["classic", "vagi", "poleis", "tournament", "kubeia", "duodecim"]


def readers_move(board_id, s):
    """One legal move of the side to move, as the page sends it (a whole turn in Duodecim)."""
    if s["kind"] == "duodecim":
        while s["ply"] == s.get("_start", s["ply"]) and not s["result"]:
            start = s["ply"]
            if s["void"]:
                return call("commit", board_id=board_id)
            st = s["steps"][0]
            s = call("step", board_id=board_id, frm=st["from"], to=st["to"], die=st["die"])
            assert s["ok"], s
            if s["ply"] != start:
                return s
            s["_start"] = start
        return s
    m = s["moves"][0]
    return call("play", board_id=board_id, frm=m["from"], to=m["to"])


@pytest.mark.parametrize("ruleset", ALL)
def test_the_computers_side_refuses_the_readers_input(ruleset, bid):
    s = call("open", kind="game", board_id=bid, ruleset=ruleset, computer="w", seed=4)
    assert s["computer"] == "w" and s["turn"] == "w"
    if ruleset == "duodecim":
        st = s["steps"][0] if s["steps"] else None
        r = call("step", board_id=bid, frm=st["from"], to=st["to"]) if st else call("commit", board_id=bid)
    else:
        m = s["moves"][0]
        r = call("play", board_id=bid, frm=m["from"], to=m["to"])
    assert not r["ok"] and "computer's turn" in r["error"]
    assert call("view", board_id=bid)["ply"] == 0
    s = call("think", board_id=bid, level=1, seed=1)
    assert s["ok"] and s["ply"] >= 1
    if s["turn"] == "b":
        r = call("think", board_id=bid, level=1, seed=1)
        assert not r["ok"] and "your turn" in r["error"]
    call("close", board_id=bid)


@pytest.mark.parametrize("ruleset", ALL)
def test_undo_against_the_computer_takes_back_the_whole_exchange(ruleset, bid):
    s = call("open", kind="game", board_id=bid, ruleset=ruleset, computer="w", seed=9)
    s = call("think", board_id=bid, level=1, seed=2)
    while s["turn"] == "w" and not s["result"]:  # a Kubeia double: the computer moves again
        s = call("think", board_id=bid, level=1, seed=2)
    assert not s["can_undo"], "the reader has no move to take back yet"
    same = call("undo", board_id=bid)
    assert same["ply"] == s["ply"] and same["turn"] == "b"
    s = readers_move(bid, s)
    assert s["ok"]
    mine = s["ply"]
    while s["turn"] == "w" and not s["result"]:
        s = call("think", board_id=bid, level=1, seed=5)
    assert s["can_undo"]
    back = call("undo", board_id=bid)
    assert back["ply"] == mine - 1 and back["turn"] == "b", back["description"]
    again = call("redo", board_id=bid)
    assert again["ply"] == s["ply"] and again["record"] == s["record"]
    assert again["turn"] == "b" or again["result"]
    call("close", board_id=bid)


def test_undo_withdraws_a_resignation_against_the_computer(bid):
    call("open", kind="game", board_id=bid, ruleset="classic", computer="b")
    call("play", board_id=bid, notation="Α1-Α4")
    call("think", board_id=bid, level=1)
    s = call("resign", board_id=bid, side="w")
    assert s["result"] and s["can_undo"]
    s = call("undo", board_id=bid)
    assert not s["result"] and s["ply"] == 2
    call("close", board_id=bid)


@pytest.mark.parametrize("ruleset", ["kubeia", "duodecim"])
def test_seeded_dice_repeat(ruleset, bid):
    a = call("open", kind="game", board_id=bid, ruleset=ruleset, seed=42)
    b = call("open", kind="game", board_id=bid + "-2", ruleset=ruleset, seed=42)
    for _ in range(6):
        assert a["dice"] == b["dice"]
        a = call("think", board_id=bid, level=1, seed=1)
        b = call("think", board_id=bid + "-2", level=1, seed=1)
    assert a["record"] == b["record"]
    for bid in ("d1", "d2"):
        call("close", board_id=bid)


def test_set_computer_makes_two_players_and_bad_sides_are_refused(bid):
    s = call("open", kind="game", board_id=bid, ruleset="classic", computer="b")
    call("play", board_id=bid, notation="Α1-Α4")
    s = call("set_computer", board_id=bid, computer=None)
    assert s["computer"] is None
    s = call("play", board_id=bid, notation="Η8-Η5")  # Black, by hand now
    assert s["ok"] and s["ply"] == 2
    for bad in ("x", 1, "white"):
        r = call("open", kind="game", board_id=bid + "-2", ruleset="classic", computer=bad)
        assert not r["ok"] and "computer must be" in r["error"]
    r = call("open", kind="game", board_id=bid + "-2", ruleset="kubeia", seed="abc")
    assert not r["ok"] and "seed" in r["error"]
    call("close", board_id=bid)


@pytest.mark.parametrize("ruleset", ["kubeia", "duodecim"])
def test_load_keeps_the_roll_already_thrown(ruleset, bid):
    # The play page restarts its worker from the record and the roll the side to move was given:
    # a new roll would let "Move now" (or a reload) change the dice.
    s = call("open", kind="game", board_id=bid, ruleset=ruleset, seed=3)
    record, dice = s["record"], s["dice"]
    for _ in range(5):
        again = call("load", board_id=bid, record=record, dice="".join(map(str, dice)))
        assert again["ok"] and again["dice"] == dice and again["record"] == record
    assert call("load", board_id=bid, record=record, dice=list(reversed(dice)))["dice"] in (dice, list(reversed(dice)))


def test_load_refuses_dice_that_are_not_a_roll_and_keeps_the_game(bid):
    call("open", kind="game", board_id=bid, ruleset="kubeia", seed=3)
    before = call("view", board_id=bid)
    for bad in ["77", "6", [1, 2, 3], {"a": 1}, "ab"]:
        reply = call("load", board_id=bid, record='[Ruleset "kubeia"]', dice=bad)
        assert reply["ok"] is False and "roll" in reply["error"], (bad, reply)
    reply = call("load", board_id=bid, record='[Ruleset "classic"]', dice="63")
    assert reply["ok"] is False and "not played with dice" in reply["error"]
    assert call("view", board_id=bid)["record"] == before["record"]


def test_show_a_good_move_draws_an_arrow_counts_in_the_record_and_comes_back_with_it(bid):
    s = call("open", kind="game", board_id=bid, ruleset="classic", computer="b")
    assert s["hints"] == 0 and "[Hints" not in s["record"]
    reply = call("suggest", board_id=bid, level=2, seed=1)
    assert reply["ok"], reply
    hint = reply["suggestion"]
    assert {"from": hint["from"], "to": hint["to"]} in [{"from": m["from"], "to": m["to"]} for m in s["moves"]]
    assert reply["hints"] == 1 and '[Hints "1"]' in reply["record"]
    assert 'class="arrow"' in reply["svg"] and 'class="arrow"' not in s["svg"]
    # The arrow goes with the next move; the count stays, and a reload of the record keeps it.
    played = call("play", board_id=bid, frm=hint["from"], to=hint["to"])
    assert 'class="arrow"' not in played["svg"]
    call("think", board_id=bid, level=1, seed=1)
    again = call("suggest", board_id=bid, level=2, seed=1)
    assert again["hints"] == 2
    loaded = call("load", board_id=bid + "-2", record=again["record"], computer="b")
    assert loaded["ok"] and loaded["hints"] == 2 and loaded["record"] == again["record"]


def test_show_a_good_move_is_refused_where_it_makes_no_sense(bid):
    call("open", kind="game", board_id=bid, ruleset="classic", computer="w")  # the computer moves first
    assert "computer's turn" in call("suggest", board_id=bid)["error"]
    call("open", kind="game", board_id=bid + "-d", ruleset="duodecim")
    assert "Duodecim" in call("suggest", board_id=bid + "-d")["error"]
    call("open", kind="game", board_id=bid + "-l", ruleset="classic")
    assert "level" in call("suggest", board_id=bid + "-l", level=9)["error"]
    bad = call("load", board_id=bid + "-x", record='[Ruleset "classic"]\n[Hints "many"]')
    assert bad["ok"] is False and "Hints" in bad["error"]


@pytest.mark.parametrize("ruleset", ["classic", "duodecim"])
def test_loss_on_time_is_a_result_in_the_record_and_loads_back(ruleset, bid):
    s = call("open", kind="game", board_id=bid, ruleset=ruleset, seed=1)
    s = call("think", board_id=bid, level=1, seed=1)
    s = call("lose_on_time", board_id=bid, side="b")
    assert s["ok"] and s["result"]["score"] == "1-0" and s["result"]["reason"] == "time"
    assert s["result"]["text"] == "White wins: Black's time ran out (1-0)."
    assert s["record"].rstrip().endswith("1-0 (time)")
    again = call("load", board_id=bid + "-2", record=s["record"])
    assert again["ok"] and again["result"]["score"] == "1-0" and again["result"]["reason"] == "time"
    assert again["record"] == s["record"]
    # The Italian word of the tournament rules reads too.
    italian = call("load", board_id=bid + "-3", record=s["record"].replace("(time)", "(tempo)"))
    assert italian["ok"] and italian["result"]["reason"] == "time"
    assert call("lose_on_time", board_id=bid, side="w")["ok"] is False  # the game is over
    for other in (bid + "-2", bid + "-3"):
        call("close", board_id=other)


def test_loss_on_time_needs_a_side(bid):
    call("open", kind="game", board_id=bid, ruleset="classic")
    for bad in (None, "", "x", "white", 1):
        reply = call("lose_on_time", board_id=bid, side=bad)
        assert reply["ok"] is False and "side must be 'w' or 'b'" in reply["error"]
    assert call("view", board_id=bid)["result"] is None


def test_undo_withdraws_a_loss_on_time_like_a_resignation(bid):
    call("open", kind="game", board_id=bid, ruleset="classic")
    call("play", board_id=bid, notation="Α1-Α4")
    s = call("lose_on_time", board_id=bid, side="b")
    assert s["result"]["text"] == "White wins: Black's time ran out (1-0)." and s["can_undo"]
    s = call("undo", board_id=bid)
    assert not s["result"] and s["ply"] == 1 and s["turn"] == "b"
    assert not s["record"].rstrip().endswith("(time)")
