"""Moves of the custodian games."""

from __future__ import annotations

from dataclasses import dataclass

from .board import square_name


@dataclass(frozen=True, order=True)
class Move:
    """A slide ``frm``→``to`` (or a Poleis placement when ``frm`` is None) and the squares it captures."""

    frm: int | None
    to: int
    captures: tuple[int, ...] = ()

    @property
    def is_placement(self) -> bool:
        return self.frm is None

    def text(self, width: int) -> str:
        """Greek notation: ``Β2-Β6xΓ6`` or ``@Δ4``."""
        caps = "".join("x" + square_name(c, width) for c in self.captures)
        if self.frm is None:
            return "@" + square_name(self.to, width) + caps
        return f"{square_name(self.frm, width)}-{square_name(self.to, width)}{caps}"
