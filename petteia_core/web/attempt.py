"""The rules of a puzzle attempt: what the reader's try at one puzzle counts as.

The trainer opens every puzzle as a new session, and the session keeps one :class:`Attempt`; the
page records what the attempt says and decides nothing itself:

* a solve counts only at the first try: the reader found every move, played no wrong move (or
  turn), and the solution was not shown, in this session or an earlier one (``tried``: an
  assignment's puzzle opened again after a miss);
* a wrong move or turn, or the solution shown, makes the attempt a failure;
* a hint leaves the rating as it is (``rated``) and ends the first try, but not the attempt;
* the first result stands: the page records it once.
"""

from __future__ import annotations

from typing import Any


class Attempt:
    """One reader's try at one puzzle."""

    def __init__(self, tried: bool = False) -> None:
        self.tried = bool(tried)  # an earlier try of this puzzle missed (an assignment's)
        self.missed = False  # a wrong move or turn was played
        self.hinted = False  # a hint was asked for
        self.shown = False  # the solution was shown
        self.solved = False  # the reader found every move (until they take one back)
        self.result: str | None = None  # "solved" or "failed", once decided
        self.rated = True  # whether the result moves the reader's rating

    @property
    def first_try(self) -> bool:
        """Nothing has gone wrong yet: no wrong move, hint or shown solution, now or before."""
        return not (self.tried or self.missed or self.hinted or self.shown)

    def _decide(self, result: str) -> None:
        if self.result is None:
            self.result, self.rated = result, not self.hinted

    def wrong(self) -> None:
        """A wrong move or turn was played."""
        self.missed = True
        self._decide("failed")

    def hint(self) -> None:
        self.hinted = True

    def show(self) -> None:
        """The solution is shown: the attempt is missed."""
        self.shown = True
        self._decide("failed")

    def solve(self) -> None:
        """The reader found the last move; it counts only at the first try (a hint still counts,
        unrated)."""
        self.solved = True
        if not (self.tried or self.missed or self.shown):
            self._decide("solved")

    def take_back(self) -> None:
        """The reader took a move back: the puzzle is no longer solved on the board."""
        self.solved = False

    def outcome(self) -> str | None:
        """How the puzzle ends for an assignment: "missed" (shown), "first" (solved at the first
        try), "solved" (solved after a miss or a hint), or None while it goes on."""
        if self.shown:
            return "missed"
        if self.solved:
            return "first" if self.first_try else "solved"
        return None

    def as_dict(self) -> dict[str, Any]:
        """What the trainer records: the result (once), whether it is rated, the first try and
        the outcome."""
        return {"result": self.result, "rated": self.rated, "first_try": self.first_try,
                "outcome": self.outcome()}
