"""Capture puzzles: the stored format, loading, and verification by the solver.

Format
------
The collection lives in ``petteia_core/puzzles/data/<ruleset>.json`` (shipped in the wheel): a JSON
object ``{"ruleset": ..., "puzzles": [...]}``; each puzzle is an object with

* ``id`` — unique, e.g. ``"tournament-001"``;
* ``ruleset`` — ``classic``, ``vagi``, ``poleis``, ``tournament``, ``kubeia``, ``duodecim`` or a
  Ludus latrunculorum reconstruction (``latrunculi-bell`` …);
* ``position`` — the position string (Kubeia: with its roll, ``dice=63``; Duodecim: the
  Duodecim position string without dice);
* ``roll`` — Duodecim only: the roll of the turn, e.g. ``"63"``;
* ``goal`` — ``{"kind": ..., "n": ..., "text": "..."}``: the checkable predicate (see
  :mod:`.solver` for the kinds) and the goal in words;
* ``solution`` — the line in Greek notation (Duodecim: one turn, ``"63 A4-A10* A10-B1"``): the
  solver's moves at plies 1, 3, 5 …, between them the defence the solver considers best (the
  longest resistance);
* ``alternatives`` — optional ``{"<ply index from 0>": ["move", ...]}``: further moves that win
  equally well at that solver ply and are accepted; the verifier demands that the winning moves
  there are exactly the line's move plus these;
* ``themes`` — list of theme words (:data:`THEMES`); ``difficulty`` 1–5; ``source`` — where
  the position comes from.

A puzzle is *sound* when :func:`verify` returns no problems: at every solver ply the set of moves
that reach the goal is exactly the accepted set, every defence is met, and each stored defence is a
longest one.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from importlib import resources

from ..options import LATRUNCULI
from .solver import CUSTODIAN_KINDS, DUODECIM_KINDS, Goal, solve_custodian, verify_custodian, verify_duodecim

#: The games of petteia: the trainer opens on them and the daily puzzle is one of theirs.
PETTEIA = ("classic", "vagi", "poleis", "tournament", "kubeia")
RULESETS = (*PETTEIA, "duodecim", *LATRUNCULI)

THEMES = (
    "single capture", "double capture", "triple capture", "corner capture", "basileus enclosure",
    "sacrifice", "siege", "vagus trap", "placement trap", "defence", "breakthrough", "decimation",
    "one piece", "hit", "safe play", "binding", "jump chain",
)

__all__ = [
    "ALIASES", "Goal", "PETTEIA", "Puzzle", "RULESETS", "THEMES", "current_id", "load_puzzles", "verify",
    "solve_custodian", "CUSTODIAN_KINDS", "DUODECIM_KINDS",
]

# Renamed puzzles: old id -> current id. An id is a key in readers' progress, assignment codes and
# lesson links (DESIGN.md), so an old id keeps opening its puzzle. The front end has the same table
# (docs/assets/js/puzzle-ids.js); tests/test_puzzles.py checks that the two agree.
ALIASES: dict[str, str] = {
    "tournament-seed-000": "tournament-000",  # the worked example of the tournament rules
}


def current_id(puzzle_id: str) -> str:
    """The current id of ``puzzle_id`` (itself unless it is an old, renamed id)."""
    return ALIASES.get(puzzle_id, puzzle_id)


@dataclass
class Puzzle:
    id: str
    ruleset: str
    position: str
    goal: Goal
    goal_text: str
    solution: list[str]
    themes: list[str] = field(default_factory=list)
    difficulty: int = 1
    source: str = ""
    roll: str | None = None
    alternatives: dict[int, list[str]] = field(default_factory=dict)

    @classmethod
    def from_dict(cls, d: dict) -> Puzzle:
        g = d["goal"]
        return cls(
            id=d["id"], ruleset=d["ruleset"], position=d["position"], goal=Goal(g["kind"], g.get("n", 1)),
            goal_text=g.get("text", ""), solution=list(d["solution"]), themes=list(d.get("themes", [])),
            difficulty=int(d.get("difficulty", 1)), source=d.get("source", ""), roll=d.get("roll"),
            alternatives={int(k): list(v) for k, v in d.get("alternatives", {}).items()},
        )

    def to_dict(self) -> dict:
        d = {"id": self.id, "ruleset": self.ruleset, "position": self.position}
        if self.roll is not None:
            d["roll"] = self.roll
        d["goal"] = {"kind": self.goal.kind, "n": self.goal.n, "text": self.goal_text}
        d["solution"] = list(self.solution)
        if self.alternatives:
            d["alternatives"] = {str(k): v for k, v in sorted(self.alternatives.items())}
        d["themes"] = list(self.themes)
        d["difficulty"] = self.difficulty
        d["source"] = self.source
        return d

    def start(self):
        """The puzzle position (custodian Position, or DuodecimPosition)."""
        if self.ruleset == "duodecim":
            from ..duodecim import DuodecimPosition

            return DuodecimPosition.from_string(self.position)
        from ..custodian import Position

        return Position.from_string(self.ruleset, self.position)


def verify(puzzle: Puzzle) -> list[str]:
    """Problems that make ``puzzle`` unsound; an empty list means the solver proved it."""
    problems = []
    if puzzle.ruleset not in RULESETS:
        return [f"unknown ruleset {puzzle.ruleset!r}"]
    if not 1 <= puzzle.difficulty <= 5:
        problems.append("difficulty must be 1–5")
    bad = [t for t in puzzle.themes if t not in THEMES]
    if bad:
        problems.append(f"unknown themes {bad}")
    try:
        pos = puzzle.start()
    except Exception as exc:  # noqa: BLE001
        return problems + [f"position: {exc}"]
    if puzzle.ruleset == "duodecim":
        if puzzle.goal.kind not in DUODECIM_KINDS or not puzzle.roll:
            return problems + ["a Duodecim puzzle needs a Duodecim goal and a roll"]
        from ..duodecim.notation import normalize_dice

        return problems + verify_duodecim(pos, normalize_dice(puzzle.roll), puzzle.goal, puzzle.solution,
                                          puzzle.alternatives)
    if puzzle.goal.kind not in CUSTODIAN_KINDS:
        return problems + [f"{puzzle.goal.kind!r} is not a custodian goal"]
    if pos.rules.dice:
        if pos.dice is None:
            return problems + ["a Kubeia puzzle needs its roll in the position (dice=..)"]
        if puzzle.goal.moves != 1:
            return problems + ["Kubeia puzzles are one move long (the next roll is unknown)"]
    if pos.result is not None:
        return problems + [f"the game is already over: {pos.result}"]
    return problems + verify_custodian(pos, puzzle.goal, puzzle.solution, puzzle.alternatives)


def load_puzzles(ruleset: str | None = None) -> list[Puzzle]:
    """The stored collection (one ruleset, or all)."""
    out = []
    base = resources.files(__package__).joinpath("data")
    for name in RULESETS if ruleset is None else (ruleset,):
        f = base.joinpath(f"{name}.json")
        if not f.is_file():
            continue
        data = json.loads(f.read_text(encoding="utf-8"))
        out.extend(Puzzle.from_dict(d) for d in data["puzzles"])
    return out
