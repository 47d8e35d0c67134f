"""Shared helpers for the petteia_core rule tests (custodian games).

The helpers build positions from *position strings* (DESIGN.md) written independently of the
engine's own formatter, so a test states the board it means in the notation a reader sees:

    layout("classic", "w", P="Δ4 Ε5", p="Δ6")   ->  "8/8/3p4/4P3/3P4/8/8/8 w"

``sq("Δ4")`` converts a square name with :func:`petteia_core.board.parse_square`. Test modules
import them (``from support import layout, sq``); tests/conftest.py holds only pytest's hooks.
"""

from __future__ import annotations

import os
import sys

# Run from anywhere: the repository root (which holds petteia_core/) goes on the import path.
_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if os.path.isdir(os.path.join(_ROOT, "petteia_core")) and _ROOT not in sys.path:
    sys.path.insert(0, _ROOT)

from petteia_core import Game, Position, get_rules, parse_square  # noqa: E402
from petteia_core.notation import parse_move  # noqa: E402

COLUMNS = "ΑΒΓΔΕΖΗΘΙΚΛΜ"

# Every custodian ruleset covered by these tests (Duodecim scripta is tested elsewhere).
CUSTODIAN = ("classic", "vagi", "poleis", "tournament", "kubeia")


def dims(ruleset) -> tuple[int, int]:
    r = get_rules(ruleset)
    return r.width, r.height


def sq(name: str, width: int = 8, height: int | None = None) -> int:
    """Square index of ``name`` (``"Δ4"``) on a board ``width`` wide (height: 8 unless given)."""
    return parse_square(name, width, 8 if height is None else height)


def name(square: int, width: int = 8) -> str:
    row, col = divmod(square, width)
    return f"{COLUMNS[col]}{row + 1}"


def layout(ruleset, side: str = "w", fields: str = "", **pieces: str) -> str:
    """A position string with ``pieces`` (letter -> space-separated Greek squares) on the board.

    Written here by hand (not with the engine's formatter) so the tests check the parser against
    an independent encoder. Keyword letters are position-string letters: upper case White.
    """
    w, h = dims(ruleset)
    grid = [[None] * w for _ in range(h)]
    for letter, squares in pieces.items():
        for s in squares.split():
            col = COLUMNS.index(s[0])
            row = int(s[1:]) - 1
            assert 0 <= col < w and 0 <= row < h, f"{s} is off the {w}x{h} board"
            assert grid[row][col] is None, f"{s} given twice"
            grid[row][col] = letter
    rows = []
    for row in range(h - 1, -1, -1):
        out, run = "", 0
        for col in range(w):
            ch = grid[row][col]
            if ch is None:
                run += 1
                continue
            if run:
                out += str(run)
                run = 0
            out += ch
        if run:
            out += str(run)
        rows.append(out)
    text = "/".join(rows) + " " + side
    return text + (" " + fields if fields else "")


def pos(ruleset, text: str) -> Position:
    """A Position of ``ruleset`` read from a position string."""
    return Position.from_string(ruleset, text)


def board(p: Position) -> str:
    """A readable diagram of ``p`` (rank 8 on top), for debugging and failure messages."""
    w, h = p.width, p.height
    lines = []
    for rank in range(h, 0, -1):
        cells = [p.letter_at((rank - 1) * w + c) or "." for c in range(w)]
        lines.append(f"{rank} " + " ".join(cells))
    lines.append("  " + " ".join(COLUMNS[:w]))
    return "\n".join(lines)


def mv(p: Position, text: str):
    """The legal Move of ``p`` written ``text`` (raises NotationError if illegal)."""
    return parse_move(text, p)


def after(p: Position, *moves: str) -> Position:
    """Play ``moves`` (notation) from ``p`` one after the other, each checked for legality."""
    for m in moves:
        p = p.play(parse_move(m, p))
    return p


def texts(p: Position) -> set[str]:
    """The legal moves of ``p`` as Greek notation."""
    return {m.text(p.width) for m in p.legal_moves()}


def squares_of(p: Position, letter: str) -> set[str]:
    """Greek names of the squares holding ``letter`` (position-string letter)."""
    return {name(s, p.width) for s, ch in p.piece_map().items() if ch == letter}


def game(ruleset, text: str | None = None) -> Game:
    return Game(ruleset, text)
