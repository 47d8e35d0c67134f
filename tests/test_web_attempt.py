"""The rules of a puzzle attempt, decided in Python (petteia_core.web.attempt): what counts as
solved, the first try, hints for every game, and the goals said from the catalog."""

from __future__ import annotations

import pytest

from petteia_core import web
from petteia_core.puzzles import load_puzzles
from petteia_core.web.puzzle import get_puzzle
from petteia_core.web.puzzle_words import goal_sentence

pytestmark = pytest.mark.usefixtures("fresh_sessions")

PUZZLE = "classic-035"
DUO = "duodecim-001"


def _first_move(board: str) -> dict:
    """The solution's first move, as a play request."""
    p = get_puzzle(PUZZLE)
    from petteia_core.game import Game
    from petteia_core.notation import parse_move

    move = parse_move(p.solution[0], Game(p.ruleset, p.position).position)
    return {"frm": move.frm, "to": move.to}


def _wrong_move(state: dict, right: dict) -> dict:
    m = next(m for m in state["moves"] if (m["from"], m["to"]) != (right["frm"], right["to"]))
    return {"frm": m["from"], "to": m["to"]}


def _solve(board: str) -> dict:
    state = web.view(board)
    for _ in range(20):
        if state["trainer"]["status"] == "solved":
            return state
        state = web.play(board, **_first_move_at(board))
    raise AssertionError("the puzzle was not solved")


def _first_move_at(board: str) -> dict:
    session = web.sessions.get(board)
    from petteia_core.notation import parse_move

    move = parse_move(session.puzzle.solution[session.ply], session.game.position)
    return {"frm": move.frm, "to": move.to}


def test_a_solve_at_the_first_try_counts_as_solved_and_rated():
    state = web.open("t", kind="puzzle", puzzle_id=PUZZLE)
    a = state["trainer"]["attempt"]
    assert a == {"result": None, "rated": True, "first_try": True, "outcome": None}
    solved = _solve("t")
    assert solved["trainer"]["solved_by"] == "reader"
    assert solved["trainer"]["attempt"] == {"result": "solved", "rated": True, "first_try": True, "outcome": "first"}


def test_a_wrong_move_fails_the_attempt_and_the_result_stands():
    state = web.open("t", kind="puzzle", puzzle_id=PUZZLE)
    wrong = web.play("t", **_wrong_move(state, _first_move("t")))
    assert wrong["trainer"]["status"] == "wrong"
    assert wrong["trainer"]["attempt"] == {"result": "failed", "rated": True, "first_try": False, "outcome": None}
    web.retry("t")
    solved = _solve("t")
    assert solved["trainer"]["attempt"] == {"result": "failed", "rated": True, "first_try": False,
                                            "outcome": "solved"}


def test_a_hint_leaves_the_rating_and_ends_the_first_try():
    web.open("t", kind="puzzle", puzzle_id=PUZZLE)
    hint = web.hint("t")
    assert hint["attempt"]["first_try"] is False and hint["attempt"]["result"] is None
    solved = _solve("t")
    assert solved["trainer"]["attempt"] == {"result": "solved", "rated": False, "first_try": False,
                                            "outcome": "solved"}


def test_showing_the_solution_misses_the_puzzle():
    web.open("t", kind="puzzle", puzzle_id=PUZZLE)
    shown = web.show_solution("t")
    assert shown["trainer"]["shown"] is True and shown["ply"] == 0
    assert shown["trainer"]["attempt"] == {"result": "failed", "rated": True, "first_try": False, "outcome": "missed"}
    state = shown
    while state["trainer"]["status"] != "solved":
        state = web.solution("t")
    assert state["trainer"]["solved_by"] == "solution"
    assert state["trainer"]["attempt"]["result"] == "failed"


def test_a_puzzle_missed_before_is_no_first_try():
    state = web.open("t", kind="puzzle", puzzle_id=PUZZLE, tried=True)
    assert state["trainer"]["attempt"]["first_try"] is False
    solved = _solve("t")
    assert solved["trainer"]["attempt"] == {"result": None, "rated": True, "first_try": False, "outcome": "solved"}


def _steps(turn: str) -> list[dict]:
    """The steps of a written turn of the Duodecim puzzle, as step requests."""
    from petteia_core.duodecim.notation import normalize_dice
    from petteia_core.web.reply import step_dict

    p = get_puzzle(DUO)
    rolled = p.start().with_dice(normalize_dice(p.roll))
    return [{"frm": d["from"], "to": d["to"], "die": d["die"]} for d in map(step_dict, rolled.parse_turn(turn))]


def _legal_turns() -> list[str]:
    from petteia_core.duodecim.notation import normalize_dice

    p = get_puzzle(DUO)
    dice = normalize_dice(p.roll)
    rolled = p.start().with_dice(dice)
    return [rolled.turn_text(t, dice) for t in rolled.legal_turns()]


def test_a_duodecim_puzzle_keeps_its_attempt_and_gives_hints():
    state = web.open("d", kind="puzzle", puzzle_id=DUO)
    solution = get_puzzle(DUO).solution[0]
    assert "solution" not in state["trainer"]
    steps = solution.split(" ")[1:]
    first = web.hint("d")
    assert first["text"] == f"start with {steps[0]}." and first["from"] is None
    second = web.hint("d")
    assert second["text"] == f"{' '.join(steps)}." and second["step"] == 2
    assert second["attempt"]["first_try"] is False
    with pytest.raises(Exception):
        web.play("d", notation="Z9-Z1")  # not a turn: nothing counted
    assert web.view("d")["trainer"]["attempt"]["result"] is None
    right = web.play("d", notation=solution)
    assert right["trainer"]["status"] == "solved" and right["steps"] == []
    assert right["trainer"]["attempt"] == {"result": "solved", "rated": False, "first_try": False, "outcome": "solved"}


def test_a_duodecim_turn_is_played_one_die_at_a_time_and_checked_when_whole():
    """#34, 2: the turn is played on the board die by die; the board shows each step; the whole
    turn is checked by the worker, and the sentence ends as a sentence does."""
    state = web.open("d", kind="puzzle", puzzle_id=DUO)
    assert "turns" not in state and state["trainer"]["your_turn"] and state["steps"]
    solution = get_puzzle(DUO).solution[0]
    first, second = _steps(solution)
    half = web.step("d", **first)
    assert half["trainer"]["status"] == "todo" and half["prefix"] == [solution.split(" ")[1]]
    assert half["svg"] != state["svg"]  # the board shows the step
    back = web.unstep("d")
    assert back["prefix"] == [] and back["trainer"]["attempt"]["result"] is None  # a step back is no attempt
    web.step("d", **first)
    done = web.step("d", **second)
    assert done["trainer"]["status"] == "solved"
    assert done["trainer"]["text"] == f"Solved! Your turn: {solution}."
    assert done["trainer"]["attempt"] == {"result": "solved", "rated": True, "first_try": True, "outcome": "first"}
    assert done["steps"] == [] and not done["trainer"]["your_turn"]
    with pytest.raises(Exception):
        web.step("d", **first)  # solved: nothing more to play


def test_a_wrong_duodecim_turn_fails_is_taken_back_and_showing_plays_the_answer():
    web.open("d", kind="puzzle", puzzle_id=DUO)
    wrong = next(t for t in _legal_turns() if web.puzzle_turn(DUO, t)["correct"] is False)
    reply = web.play("d", notation=wrong)
    assert reply["trainer"]["status"] == "wrong" and reply["trainer"]["attempt"]["result"] == "failed"
    assert reply["trainer"]["text"].startswith(f"{wrong} fails:") and reply["trainer"]["text"].endswith(".")
    assert len(reply["prefix"]) == len(wrong.split()) - 1  # the board shows the wrong turn
    again = web.retry("d")
    assert again["trainer"]["status"] == "todo" and again["prefix"] == [] and again["steps"]
    shown = web.show_solution("d")
    solution = get_puzzle(DUO).solution[0]
    assert shown["trainer"]["text"] == f"The solution: {solution}."
    assert shown["trainer"]["solution"] == solution and shown["prefix"] == solution.split(" ")[1:]
    assert shown["trainer"]["attempt"]["outcome"] == "missed"


def test_every_goal_is_said_as_the_collection_stores_it():
    for p in load_puzzles():
        assert goal_sentence(p) == p.goal_text, p.id


def test_an_assignment_names_the_unknown_puzzles_clipped():
    long = "x" * 200
    reply = web.puzzle_unknown(["classic-001", long, "nope"])
    assert reply["unknown"] == [long, "nope"]
    assert len(reply["text"]) == 80 and reply["text"].endswith("…")
