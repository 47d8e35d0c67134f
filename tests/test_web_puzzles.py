"""The puzzle trainer's facade (petteia_core.web.puzzle): listing, serving and checking puzzles."""

from __future__ import annotations

import json

import pytest

from petteia_core import web
from petteia_core.web import puzzle as catalogue
from petteia_core.errors import PetteiaError
from petteia_core.puzzles import load_puzzles


# Every test starts with no board open, so one test never reads a board another left behind.
pytestmark = pytest.mark.usefixtures("fresh_sessions")


def call(op, **args):
    return json.loads(web.call(json.dumps({"op": op, "args": args})))


def test_list_filters_by_game_theme_and_difficulty():
    everything = call("puzzle_list")
    assert everything["ok"] and len(everything["puzzles"]) == everything["total"] == len(load_puzzles())
    classic = web.puzzle_list(ruleset="classic")["puzzles"]
    assert classic and all(p["ruleset"] == "classic" for p in classic)
    hard = web.puzzle_list(ruleset="classic", difficulty="2")["puzzles"]
    assert hard and all(p["difficulty"] == 2 for p in hard)
    sieges = web.puzzle_list(theme="hit")["puzzles"]
    assert sieges and all("hit" in p["themes"] for p in sieges)
    assert {"id": "single capture", "name": "single capture"} in everything["themes"]


def test_unknown_or_bad_ids_get_a_clear_message(bid):
    reply = call("open", kind="puzzle", board_id=bid, puzzle_id="tournament-999")
    assert reply == {"ok": False, "error": "there is no puzzle 'tournament-999' in the collection"}
    with pytest.raises(PetteiaError, match="no puzzle id"):
        catalogue.get_puzzle("  ")


def test_daily_is_deterministic_and_a_board_puzzle():
    a, b = catalogue.daily_id("2025-03-14"), catalogue.daily_id("2025-03-14")
    assert a == b and not a.startswith("duodecim")
    assert len({catalogue.daily_id(f"2025-01-{d:02d}") for d in range(1, 29)}) > 10
    with pytest.raises(PetteiaError):
        catalogue.daily_id("yesterday")


def test_solve_a_one_move_puzzle(bid):
    state = web.open(bid, "classic-001", kind="puzzle")
    assert state["trainer"]["status"] == "todo" and state["flipped"]  # Black to move: Black at the bottom
    state = web.play(bid, notation="Η3-Η6xΗ7")
    assert state["trainer"]["status"] == "solved" and state["moves"] == []


def test_wrong_move_is_refuted_and_taken_back(bid):
    web.open(bid, "classic-035", kind="puzzle")  # win in 2
    before = web.view(bid)["position"]
    state = web.play(bid, notation="Δ1-Α1")
    t = state["trainer"]
    assert t["status"] == "wrong" and t["refutation"]["text"] == "Ε6-Ζ6"
    assert "the reply Ε6-Ζ6 holds" in t["text"] and state["ply"] == 2
    with pytest.raises(PetteiaError):
        web.play(bid, notation="Ζ8-Ζ6")
    state = web.retry(bid)
    assert state["position"] == before and state["trainer"]["status"] == "todo"


def test_capture_goal_explains_a_wrong_move(bid):
    web.open(bid, "classic-001", kind="puzzle")
    t = web.play(bid, notation="Η3-Η5")["trainer"]
    assert t["text"] == "Η3-Η5 captures nothing: the goal is to capture 1 piece."


def test_a_two_move_line_plays_the_defence_and_accepts_alternatives(bid):
    web.open(bid, "classic-035", kind="puzzle")
    t = web.play(bid, notation="Ζ8-Ζ6")["trainer"]
    assert t["status"] == "right" and "The reply: Ε6-Ε5" in t["text"] and t["ply"] == 2
    assert web.play(bid, notation="Ε8-Ε6xΕ5")["trainer"]["status"] == "solved"  # a stored alternative


def test_hints_come_in_two_steps(bid):
    web.open(bid, "classic-001", kind="puzzle")
    first, second = web.hint(bid), web.hint(bid)
    assert first["step"] == 1 and first["from"] is not None and first["to"] is None
    assert second["step"] == 2 and second["to"] is not None and second["from"] == first["from"]


def test_show_solution_steps_through_the_line(bid):
    web.open(bid, "classic-035", kind="puzzle")
    states = [web.solution(bid) for _ in range(3)]
    assert [s["ply"] for s in states] == [1, 2, 3]
    assert states[-1]["trainer"]["status"] == "solved"
    assert web.reset(bid)["ply"] == 0


def test_every_puzzle_opens_and_its_solution_solves_it():
    for p in load_puzzles():
        if p.ruleset == "duodecim":
            assert web.puzzle_turn(p.id, p.solution[0])["correct"], p.id
            continue
        web.open("all", p.id, kind="puzzle")
        for i in range(0, len(p.solution), 2):
            state = web.play("all", notation=p.solution[i])
        assert state["trainer"]["status"] == "solved", p.id


def _legal_turns(puzzle_id):
    """Every legal turn of a Duodecim puzzle's roll, written."""
    from petteia_core.duodecim.notation import normalize_dice

    p = catalogue.get_puzzle(puzzle_id)
    dice = normalize_dice(p.roll)
    rolled = p.start().with_dice(dice)
    return [rolled.turn_text(t, dice) for t in rolled.legal_turns()]


def test_duodecim_puzzles_are_played_one_die_at_a_time_and_check_a_whole_turn():
    state = call("open", kind="puzzle", board_id="d", puzzle_id="duodecim-001")
    assert state["kind"] == "duodecim" and "<svg" in state["svg"] and state["trainer"]["roll"] == "32"
    assert "turns" not in state and "solution" not in state["trainer"]  # nothing gives the answer away
    assert {st["text"] for st in state["steps"]} >= {"@A2", "@A3"}
    assert "32 @A2 A6-A9*" in _legal_turns("duodecim-001")
    assert web.puzzle_turn("duodecim-001", "@A2 A6-A9*")["correct"]  # the roll may be left out
    wrong = next(t for t in _legal_turns("duodecim-001") if not web.puzzle_turn("duodecim-001", t)["correct"])
    assert "fails: it hits no blot" in web.puzzle_turn("duodecim-001", wrong)["text"]
    with pytest.raises(PetteiaError, match="cannot be played"):  # not a turn: an error, not an answer
        web.puzzle_turn("duodecim-001", "Z9-Z1")


@pytest.mark.no_pyodide  # site_scripts is build-time code, not in the wheel
def test_sheet_markdown_has_boards_and_an_answer_key():
    from site_scripts.build.puzzle_pages import sheet_markdown, sheet_puzzles

    text = sheet_markdown()
    assert text.count("```petteia") == len(sheet_puzzles()) >= 20
    assert "## Answers" in text and text.index("## Answers") > text.rindex("```petteia")
    # Like the worksheets: a Print button (hidden on paper) and the note on turned boards.
    assert 'class="md-button print-button"' in text and "Black plays up the page" in text
    assert text.count("flip: yes") == sum(
        1 for p in sheet_puzzles() if p.ruleset != "duodecim" and p.position.split()[1:2] == ["b"]
    )


# ------------------------------------------------------------------ issue 20: what readers meet
def test_a_huge_or_odd_puzzle_id_is_not_echoed_whole():
    reply = call("open", kind="puzzle", board_id="t", puzzle_id="x" * 100_000)
    assert not reply["ok"] and "no puzzle" in reply["error"] and len(reply["error"]) < 120
    assert "…" in reply["error"]


def test_a_turn_that_cannot_be_played_is_an_error_not_a_wrong_answer():
    for typed in ["Z9-Z1", "", "   ", "@A2 A6-A8"]:
        reply = call("puzzle_turn", puzzle_id="duodecim-001", turn=typed)
        assert reply["ok"] is False and "correct" not in reply, typed
    assert "is not a step" in call("puzzle_turn", puzzle_id="duodecim-001", turn="Z9-Z1")["error"]
    assert "Write the turn" in call("puzzle_turn", puzzle_id="duodecim-001", turn="")["error"]
    huge = call("puzzle_turn", puzzle_id="duodecim-001", turn="A6-A9" * 20_000)
    assert not huge["ok"] and len(huge["error"]) < 160
    # A legal turn that misses the goal is still a wrong answer.
    wrong = next(t for t in _legal_turns("duodecim-001") if not web.puzzle_turn("duodecim-001", t)["correct"])
    assert call("puzzle_turn", puzzle_id="duodecim-001", turn=wrong)["correct"] is False
    # The page sends its session's board id with every request; a Duodecim check does not need it.
    assert call("puzzle_turn", puzzle_id="duodecim-001", turn="@A2 A6-A9*", board_id="trainer-3")["correct"]


def test_only_the_readers_own_moves_solve():
    t = web.open("r", "classic-035", kind="puzzle")["trainer"]
    assert t["solved_by"] is None
    web.play("r", notation="Ζ8-Ζ6")
    assert web.play("r", notation="Γ6-Ε6xΕ5")["trainer"]["solved_by"] == "reader"
    web.open("s", "classic-035", kind="puzzle")
    states = [web.solution("s") for _ in range(3)]
    assert states[-1]["trainer"]["status"] == "solved" and states[-1]["trainer"]["solved_by"] == "solution"


def test_no_move_is_taken_while_the_solution_is_shown():
    web.open("s", "classic-035", kind="puzzle")
    web.reset("s")
    state = web.solution("s")
    assert state["trainer"]["status"] == "shown" and state["moves"] == [] and not state["trainer"]["your_turn"]
    with pytest.raises(PetteiaError, match="solution"):
        web.play("s", notation="Ε6-Ε5")
    with pytest.raises(PetteiaError):
        web.hint("s")


def test_each_puzzle_session_has_its_own_board():
    """The trainer opens every puzzle under a new id: closing the old one leaves the new one alone."""
    web.open("trainer-1", "classic-035", kind="puzzle")
    web.open("trainer-2", "classic-001", kind="puzzle")
    assert call("close", board_id="trainer-1")["ok"]
    assert call("solution", board_id="trainer-1")["ok"] is False  # a late step of the old puzzle
    state = web.play("trainer-2", notation="Η3-Η6xΗ7")
    assert state["trainer"]["id"] == "classic-001" and state["trainer"]["solved_by"] == "reader"


@pytest.mark.parametrize("puzzle_id", ["classic-c007", "classic-c011"])
def test_a_wrong_move_in_a_siege_puzzle_says_what_it_allows(puzzle_id):
    """#34 (friction): a siege puzzle's wrong move was answered generically; the answer says how many
    of the opponent's pieces can still move, and the reply that keeps a way out (played on the board)."""
    from petteia_core.custodian import Position
    from petteia_core.puzzles import load_puzzles
    from petteia_core.puzzles.solver import CustodianSolver
    from petteia_core.web.puzzle_words import refute

    p = next(x for x in load_puzzles("classic") if x.id == puzzle_id)
    pos = Position.from_string(p.ruleset, p.position)
    for move in pos.legal_moves():
        if move.text(pos.width) in p.solution[:1]:
            continue
        child = pos.play(move)
        if child.result is not None:
            continue
        text, reply = refute(p, pos, move, p.goal.n)
        movers = {frm for frm, _to in CustodianSolver(pos, p.goal).pairs(child)}
        side = "White" if child.turn in ("w", 0) or str(child.turn).lower().startswith("w") else "Black"
        assert f"can still move {len(movers)} piece" in text, text
        assert reply is not None and reply.text(pos.width) in text and side in text, text
