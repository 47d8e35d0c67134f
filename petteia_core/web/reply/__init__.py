"""The one reply builder: every state a session sends the page is made here, and only here are its
keys named (tests/test_web_contract.py holds the contract).

A builder reads a session and never changes it: it rolls no dice and plays no move (the verbs that
change a game make its next turn ready before they answer, :meth:`..session.Session.after_change`).
Pictures are drawn by :func:`petteia_core.render.position_svg` from the positions themselves, so a
live board draws its pieces as the rules have them, like a board drawn at build time.

    parts.py      moves, turns, results, the move list, and the small replies (closed, moves, error)
    custodian.py  a custodian game's state (Petteia, Poleis, Ludus latrunculorum) and its puzzles'
    duodecim.py   a Duodecim game's state and its puzzles'
    puzzles.py    the collection's replies, a puzzle turn's verdict, a review's answer
"""

from __future__ import annotations

from .custodian import custodian_at, custodian_state, puzzle_state, refutation_dict, restricted, with_shown
from .duodecim import duodecim_at, duodecim_puzzle_state, duodecim_state
from .parts import (
    at_reply, closed_reply, error_reply, hint_reply, latrunculi_dict, latrunculi_plies, line_dict, move_dict,
    moves_reply, pairs, result_dict, step_dict, thought, turn_dict, with_draw, with_said, with_suggestion,
    with_thought,
)
from .puzzles import collection_reply, daily_reply, puzzle_summary, review_reply, turn_check, unknown_reply

__all__ = [
    "at_reply", "closed_reply", "collection_reply", "custodian_at", "custodian_state", "daily_reply",
    "duodecim_at", "duodecim_puzzle_state", "duodecim_state", "error_reply", "hint_reply", "latrunculi_dict",
    "latrunculi_plies", "line_dict", "move_dict", "moves_reply", "pairs", "puzzle_state", "puzzle_summary",
    "refutation_dict", "restricted", "result_dict", "review_reply", "step_dict", "thought", "turn_check",
    "turn_dict", "unknown_reply", "with_draw", "with_said", "with_shown", "with_suggestion", "with_thought",
]
