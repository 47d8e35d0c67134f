"""The end of a game: score, winner and the RULES.md reason word."""

from __future__ import annotations

from dataclasses import dataclass

#: Reason words of RULES.md §1, and the Italian words of the tournament rules that mean them.
REASONS = (
    "siege", "one piece", "stalled", "rout", "decimation", "breakthrough", "refusal of battle",
    "superiority", "equal forces", "resignation", "agreement", "borne off",
)
ITALIAN_REASONS = {
    "renitenza": "refusal of battle",
    "assedio": "siege",
    "decimazione": "decimation",
    "superiorità": "superiority",
    "superiorita": "superiority",
    "sbando": "rout",
    "sfondamento": "breakthrough",
    "abbandono": "resignation",
    "parità": "equal forces",
    "parita": "equal forces",
    "parità di forze": "equal forces",
    "accordo": "agreement",
}


@dataclass(frozen=True)
class Result:
    """A finished game: ``score`` is ``1-0``, ``0-1`` or ``½-½``; ``winner`` is ``w``, ``b`` or None."""

    score: str
    reason: str
    winner: str | None

    @classmethod
    def win(cls, side: int | str, reason: str) -> Result:
        """``side`` (0/'w' White, 1/'b' Black) wins."""
        white = side in (0, "w")
        return cls("1-0" if white else "0-1", reason, "w" if white else "b")

    @classmethod
    def draw(cls, reason: str) -> Result:
        return cls("½-½", reason, None)

    def __str__(self) -> str:
        return f"{self.score} ({self.reason})"
