"""Exceptions raised by petteia_core. Every bad input raises a subclass of PetteiaError.

::

    ValueError
    └── PetteiaError
        ├── PositionError            a position string cannot be read or is impossible
        └── NotationError            a move, roll or record is refused (any of the three below)
            ├── InvalidNotationError the text cannot be read: a bad square, roll, move or record
            ├── IllegalMoveError     the text reads, but the move is not legal in the position
            └── GameStateError       the game cannot do that now: it is over, the dice are not
                                     rolled, there is nothing to take back or replay

The three kinds are subclasses of NotationError (what every one of them was before they were
told apart), so ``except NotationError`` and ``except PetteiaError`` keep catching them all.
"""

__all__ = [
    "GameStateError", "IllegalMoveError", "InvalidNotationError", "NotationError", "PetteiaError",
    "PositionError",
]


class PetteiaError(ValueError):
    """Base class: something given to petteia_core is not valid."""


class PositionError(PetteiaError):
    """A position string is malformed or describes an impossible position."""


class NotationError(PetteiaError):
    """A move, square, roll or game record cannot be read, or names an illegal move."""


class InvalidNotationError(NotationError):
    """A square, move, turn, roll or record cannot be read (a syntax error)."""


class IllegalMoveError(NotationError):
    """A move (or Duodecim turn or step) that reads well but is not legal in the position."""


class GameStateError(NotationError):
    """The game cannot do this now: it is over, its dice are not rolled (or are), or there is
    no move to take back or replay."""
