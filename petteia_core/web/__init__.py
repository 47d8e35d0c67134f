"""The JSON facade that the browser's Web Worker calls (through Pyodide).

Pure Python, standard library only, no I/O. Every live board of a page is a *session* kept under
the board id the page chose, in one registry (:data:`sessions`); every kind of session (a page's
custodian board, a line to step through, a puzzle, a Duodecim game) answers the same verbs
``open/view/play/undo/redo/reset/flip/think/close`` and returns the whole state of its board, so
the page never has to know the rules: it swaps in ``svg``, offers ``moves`` and reads
``description`` aloud.

    petteia_core/web/
        __init__.py    this entry: call() and a function per op
        ops.py         the op table (verb -> kinds), opening sessions, call()
        session.py     the protocol (Session, GameSession: the computer's side), the registry,
                       the computer's search and its stop check
        custodian.py   the custodian games' session (a page's board, the play page's game)
        line.py        a board with a line of play to step through
        duodecim.py    Ludus duodecim scriptorum, one die at a time
        reply/         the one reply builder: every state's keys, pictures through position_svg
        puzzle.py      the puzzle collection and the custodian puzzles' sessions (trainer, page)
        duodecim_puzzle.py  the Duodecim trainer puzzles (one turn, played one die at a time)
        attempt.py     the rules of a puzzle attempt (solved, first try, rated)
        puzzle_words.py  goals, refutations, the trainer's lines
        review.py      the play page's game review
        workshop.py    the workshop's variants in words and its quick self-play
        words.py       every word: sides, rulesets, levels, moves, results (also the front end's)
        i18n.py        the gettext catalog the words come from; set_language()

From JavaScript use :func:`call` (one JSON string in, one JSON string out; errors come back as
``{"ok": false, "error": "..."}`` instead of exceptions, so nothing crosses the FFI but text).
From Python, each op is also a function here: ``web.open("b", "classic")``, ``web.play("b", 0, 16)``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .i18n import language, set_language
from .ops import KINDS, OPS, SESSION_OPS, call, run
from .reply import thought
from .session import VERBS, sessions, set_stop_check, stop_check

__all__ = [
    "KINDS", "OPS", "SESSION_OPS", "VERBS", "call", "language", "run", "sessions", "set_language",
    "set_stop_check", "stop_check", "thought",
]


def _function(name: str) -> Callable[..., Any]:
    op = OPS[name]

    def function(*args: Any, **kwargs: Any) -> Any:
        return op(*args, **kwargs)

    function.__name__ = function.__qualname__ = name
    function.__doc__ = op.__doc__
    return function


# web.open(...), web.play(...), web.hint(...): the ops as functions.
for _name in OPS:
    globals()[_name] = _function(_name)
    __all__.append(_name)
del _name
