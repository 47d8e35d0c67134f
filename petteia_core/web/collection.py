"""The puzzle collection: the stored puzzles by id (an old id resolves to its new one), their
summaries, the trainer's list and filters, the puzzle of the day, and the ids an assignment names
that the collection lacks.
"""

from __future__ import annotations

import hashlib
from typing import Any

from ..errors import PetteiaError
from ..puzzles import PETTEIA, THEMES, Puzzle, current_id, load_puzzles
from ..puzzles.rating import rating_of
from .i18n import gettext as _
from .puzzle_words import goal_sentence
from .reply import collection_reply, daily_reply, puzzle_summary, unknown_reply
from .words import PUZZLE_RULESETS, clip, ruleset_name

_cache: dict[str, Puzzle] = {}


def _all() -> dict[str, Puzzle]:
    if not _cache:
        for p in load_puzzles():
            _cache[p.id] = p
    return _cache


def get_puzzle(puzzle_id: str) -> Puzzle:
    """The stored puzzle ``puzzle_id``; a clear error for a bad or unknown id."""
    if not isinstance(puzzle_id, str) or not puzzle_id.strip():
        raise PetteiaError(_("no puzzle id given"))
    p = _all().get(current_id(puzzle_id.strip()))
    if p is None:
        raise PetteiaError(_("there is no puzzle {id} in the collection").format(id=repr(clip(puzzle_id.strip()))))
    return p


def summary(p: Puzzle) -> dict[str, Any]:
    """What the trainer shows of a puzzle (its game and goal in words, its rating)."""
    return puzzle_summary(p, game=ruleset_name(p.ruleset), goal=goal_sentence(p), rating=rating_of(p.id))


def puzzle_list(ruleset: str | None = None, theme: str | None = None, difficulty: int | str | None = None) -> dict[str, Any]:
    """Summaries of the puzzles matching every filter given (empty filters match all)."""
    diff = int(difficulty) if difficulty not in (None, "") else None
    out = [
        summary(p) for p in _all().values()
        if (not ruleset or p.ruleset == ruleset) and (not theme or theme in p.themes)
        and (diff is None or p.difficulty == diff)
    ]
    return collection_reply(out, total=len(_all()), rulesets={k: ruleset_name(k) for k in PUZZLE_RULESETS},
                            opening=list(PETTEIA),
                            themes=[t for t in THEMES if any(t in p.themes for p in _all().values())])


def puzzle_unknown(ids: Any) -> dict[str, Any]:
    """Which of ``ids`` (an assignment's puzzles) the collection does not have, and their list as
    the reader is told it (clipped: it echoes a link)."""
    if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids):
        raise PetteiaError(_("ids must be a list of puzzle ids"))
    unknown = [i for i in ids if current_id(i) not in _all()]
    return unknown_reply(unknown, clip(", ".join(unknown), 80))


def daily_id(date: str) -> str:
    """The puzzle of the day for ``date`` (``YYYY-MM-DD``): the same for everyone on that date.

    Chosen among the puzzles of petteia (:data:`~petteia_core.puzzles.PETTEIA`) by a hash of the date.
    """
    if not isinstance(date, str) or len(date) != 10 or date[4] != "-" or date[7] != "-":
        raise PetteiaError(f"a date looks like 2025-03-14, not {date!r}")
    ids = sorted(i for i, p in _all().items() if p.ruleset in PETTEIA)
    n = int.from_bytes(hashlib.sha256(f"petteia-daily-{date}".encode()).digest()[:8], "big")
    return ids[n % len(ids)]


def puzzle_daily(date: str) -> dict[str, Any]:
    pid = daily_id(date)
    return daily_reply(pid, date, summary(_all()[pid]))
