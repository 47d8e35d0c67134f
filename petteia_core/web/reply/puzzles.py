"""The puzzle collection's replies and a puzzle turn's or a review's verdict."""

from __future__ import annotations

from typing import Any

from ..words import puzzle_source, theme_name


# ------------------------------------------------------------------ the puzzle collection
def puzzle_summary(p: Any, *, game: str, goal: str, rating: int | None) -> dict[str, Any]:
    """What the trainer shows of a puzzle (in the list, and in every state of its session)."""
    return {
        "id": p.id,
        "ruleset": p.ruleset,
        "game": game,
        "goal": goal,
        "kind": p.goal.kind if p.goal is not None else "line",
        "themes": list(p.themes),
        "theme_names": [theme_name(t) for t in p.themes],
        "difficulty": p.difficulty,
        "rating": rating,
        "source": puzzle_source(p.source),
        "roll": p.roll,
        "side": p.position.split()[1] if len(p.position.split()) > 1 else "w",
        "plies": len(p.solution),
    }


def collection_reply(puzzles: list[dict[str, Any]], *, total: int, rulesets: dict[str, str],
                     opening: list[str], themes: list[str]) -> dict[str, Any]:
    """The puzzles matching the trainer's filters, with the filters' choices and the games the
    trainer opens on (``opening``)."""
    return {"ok": True, "puzzles": puzzles, "total": total, "opening": opening,
            "rulesets": [{"id": k, "name": name} for k, name in rulesets.items()],
            "themes": [{"id": t, "name": theme_name(t)} for t in themes]}


def daily_reply(puzzle_id: str, date: str, summary: dict[str, Any]) -> dict[str, Any]:
    return {"ok": True, "id": puzzle_id, "date": date, "puzzle": summary}


def unknown_reply(unknown: list[str], text: str) -> dict[str, Any]:
    """The ids the collection lacks, and their list as the reader is told it."""
    return {"ok": True, "unknown": unknown, "text": text}


# ------------------------------------------------------------------ a puzzle on a custodian board


def turn_check(correct: bool, text: str, solution: str | None = None,
               attempt: dict[str, Any] | None = None) -> dict[str, Any]:
    """Whether a whole Duodecim turn answers its puzzle (the solution comes with a right answer;
    the attempt when a session asked)."""
    out: dict[str, Any] = {"ok": True, "correct": correct, "text": text}
    if solution is not None:
        out["solution"] = solution
    if attempt is not None:
        out["attempt"] = attempt
    return out


# ------------------------------------------------------------------ the game review
def review_reply(judged: dict[str, Any], *, svg: str, text: str, plies: int, better: bool) -> dict[str, Any]:
    """One reviewed move: the review's figures (petteia_core.ai.review), a picture and a sentence."""
    out = dict(judged)
    out.update(ok=True, svg=svg, text=text, plies=plies, better=better)
    return out
