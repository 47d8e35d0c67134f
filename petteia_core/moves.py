"""Moves of the custodian games."""

from __future__ import annotations

from dataclasses import dataclass

from .board import square_name


@dataclass(frozen=True, order=True)
class Move:
    """A slide ``frm``→``to`` (or a placement when ``frm`` is None) and the squares it captures.

    Ludus latrunculorum adds: ``path``, the squares a jump chain stands on between ``frm`` and ``to``;
    ``bound``, the enemy counters the move binds (Schädler); ``removal``, a turn that takes the
    bound enemy counter on ``to`` (``frm`` None, ``captures`` = (``to``,)).
    """

    frm: int | None
    to: int
    captures: tuple[int, ...] = ()
    path: tuple[int, ...] = ()
    bound: tuple[int, ...] = ()
    removal: bool = False

    def __repr__(self) -> str:
        extra = "".join(f", {name}={value!r}" for name, value in
                        (("path", self.path), ("bound", self.bound), ("removal", self.removal)) if value)
        return f"Move(frm={self.frm!r}, to={self.to!r}, captures={self.captures!r}{extra})"

    @property
    def is_placement(self) -> bool:
        return self.frm is None

    def text(self, width: int) -> str:
        """Greek notation: ``Β2-Β6xΓ6``, ``@Δ4``; latrunculi ``Β2-Β4-Δ4*Δ5``, ``xΔ5``."""
        if self.removal:
            return "x" + square_name(self.to, width)
        caps = "".join("x" + square_name(c, width) for c in self.captures)
        caps += "".join("*" + square_name(c, width) for c in self.bound)
        if self.frm is None:
            return "@" + square_name(self.to, width) + caps
        squares = "-".join(square_name(s, width) for s in (self.frm, *self.path, self.to))
        return squares + caps
