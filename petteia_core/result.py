"""The end of a game: score, winner and the RULES.md reason word."""

from __future__ import annotations

from dataclasses import dataclass

from .side import Side

#: Reason words of RULES.md §1, and the Italian words of the tournament rules that mean them.
REASONS = (
    "siege", "one piece", "stalled", "rout", "decimation", "breakthrough", "refusal of battle",
    "superiority", "equal forces", "resignation", "agreement", "borne off", "time", "no pieces",
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
    "tempo": "time",
}


@dataclass(frozen=True)
class Result:
    """A finished game: ``score`` is ``1-0``, ``0-1`` or ``½-½``; ``winner`` is ``w``, ``b`` or None."""

    score: str
    reason: str
    winner: Side | None

    @classmethod
    def win(cls, side: Side, reason: str) -> Result:
        """``side`` (``"w"`` or ``"b"``) wins.

        >>> Result.win("b", "siege")
        Result(score='0-1', reason='siege', winner='b')
        """
        if side == "w":
            return cls("1-0", reason, "w")
        if side == "b":
            return cls("0-1", reason, "b")
        raise ValueError(f"a side is 'w' or 'b', not {side!r}")

    @classmethod
    def draw(cls, reason: str) -> Result:
        return cls("½-½", reason, None)

    def __str__(self) -> str:
        return f"{self.score} ({self.reason})"
