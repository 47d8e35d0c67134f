"""petteia_core: the rules of Petteia, its relatives and Ludus duodecim scriptorum, in pure Python.

Standard library only; nothing here does I/O or rendering except :mod:`petteia_core.render`,
which returns SVG text.
"""

from .board import COLUMNS, parse_square, square_name
from .custodian import Position
from .errors import (
    GameStateError, IllegalMoveError, InvalidNotationError, NotationError, PetteiaError, PositionError,
)
from .game import Game
from .moves import Move
from .options import RULESETS, RuleOptions, get_rules
from .result import Result
from .side import Side

__version__ = "0.1.0"

__all__ = [
    "COLUMNS", "Game", "GameStateError", "IllegalMoveError", "InvalidNotationError", "Move", "NotationError",
    "PetteiaError", "Position", "PositionError", "RULESETS", "Result", "RuleOptions", "Side", "get_rules",
    "parse_square", "square_name", "__version__",
]
