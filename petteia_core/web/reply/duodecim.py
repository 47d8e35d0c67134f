"""The state of a Duodecim game and of a Duodecim puzzle."""

from __future__ import annotations

from typing import Any

from ...duodecim import OFF, point_name
from ...render import position_svg
from ..words import (
    duodecim_board_title, duodecim_description, last_turn_sentence, position_after_turn, position_after_turns_title, status_sentence, steps_so_far, void_roll,
)
from .parts import step_dict, turn_dict, pairs, result_dict, at_reply


# ------------------------------------------------------------------ Duodecim
def duodecim_state(session: Any) -> dict[str, Any]:
    """The state of a Duodecim game, the steps of the turn being chosen drawn on the board."""
    game = session.game
    prefix = session.prefix
    result = game.result
    pos = game.position
    shown = session.shown_position()
    steps = game.legal_steps(prefix) if result is None and pos.dice else []
    complete = result is None and pos.dice is not None and pos.is_turn_complete(prefix)
    hist = game.history
    marks: dict[str, str] = {}
    if prefix:
        marks = {point_name(s.to): "to" for s in prefix if s.to != OFF}
    elif hist and hist[-1].steps:
        marks = {point_name(s.to): "to" for s in hist[-1].steps if s.to != OFF}
    elif not hist:
        marks = dict(session.marks)
    dice = pos.dice if result is None else None
    svg = position_svg(shown.with_dice(dice), marks=marks, board_id=session.board_id,
                       title=duodecim_board_title())
    first = game.start_position.turn
    plies = [(1 + (k + (1 if first == "b" else 0)) // 2, played.side, played.text()) for k, played in enumerate(hist)]
    turn = pos.turn
    result_d = result_dict(result)
    so_far = " ".join(s.text() for s in prefix)
    description = duodecim_description(
        turn=turn, dice=dice, so_far=so_far, result=result_d["text"] if result_d else None,
        hand=shown.hand, bar=shown.bar, off=shown.off)
    if prefix:
        extra = steps_so_far(so_far)
    elif result is None and not steps:
        extra = void_roll()
    else:
        extra = ""
    return {
        "ok": True,
        "kind": "duodecim",
        "board_id": session.board_id,
        "ruleset": "duodecim",
        "position": pos.to_string(),
        "turn": turn,
        "dice": list(dice) if dice else None,
        "svg": svg,
        "steps": [step_dict(s) for s in steps],
        "prefix": [s.text() for s in prefix],
        "complete": complete,
        "void": result is None and not prefix and not steps,
        "hand": list(shown.hand), "bar": list(shown.bar), "off": list(shown.off),
        "moves": [],
        "last_move": {"text": hist[-1].text()} if hist else None,
        "last_turn": turn_dict(hist[-1]) if hist else None,
        "moves_list": pairs(plies),
        "record": game.record(),
        "result": result_d,
        "description": description,
        "status": status_sentence(
            turn, result=result_d["text"] if result_d else None, computer=session.computer, dice=dice, extra=extra,
            last=last_turn_sentence(hist[-1].side, hist[-1].text()) if hist else ""),
        "ply": len(hist),
        "can_undo": session.can_undo(),
        "can_redo": game.can_redo,
        "can_draw": False,  # a race game has no draws
        "puzzle": None,
        "computer": session.computer,
    }


def duodecim_at(session: Any, ply: int, pos: Any, last: Any) -> dict[str, Any]:
    """A read-only picture of a Duodecim game's position after ``ply`` turns."""
    svg = position_svg(pos.with_dice(None), board_id=f"{session.board_id}-at",
                       title=position_after_turns_title(ply))
    return at_reply(ply, svg, position_after_turn(ply, last.text() if last else None))


def duodecim_puzzle_state(session: Any, summary: dict[str, Any]) -> dict[str, Any]:
    """A Duodecim trainer puzzle: the board's state (the steps played so far drawn), with how the
    reader is doing (``trainer``). No steps are offered once the turn is checked or shown."""
    state = duodecim_state(session)
    status = session.status
    state["trainer"] = {
        **summary, "status": status, "text": session.text, "ply": len(session.prefix),
        "your_turn": status == "todo", "attempt": session.attempt.as_dict(),
    }
    if status != "todo":
        state["steps"], state["void"] = [], False
    if status == "shown":
        state["trainer"]["solution"] = session.puzzle.solution[0]
    return state
