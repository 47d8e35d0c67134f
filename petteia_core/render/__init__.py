"""SVG diagrams of Petteia boards and of the Duodecim scripta board: pure functions.

Standard library only, no I/O: the same code draws the boards at build time (Markdown fences)
and in the browser (Pyodide). The output is deterministic (same input, same bytes) and styled
through CSS classes (:mod:`.style`).

* :func:`position_svg` draws any position object (custodian or Duodecim);
* :func:`board_svg` (:mod:`.custodian`) and :func:`duodecim_svg` (:mod:`.duodecim`) draw from
  plain arguments; :mod:`.pieces` holds the piece drawings;
* :func:`describe_pieces` (:mod:`.description`) is the text a screen reader reads.

Squares are ``row * width + col``; row 0 is rank 1 at the bottom (White's side), column 0 is Α.
"""

from ..board import ATTIC_ROWS, COLUMNS
from .custodian import HIGHLIGHT_KINDS, board_svg
from .description import describe_pieces
from .duodecim import DUODECIM_TRACK, duodecim_layout, duodecim_svg
from .pieces import PIECE_LETTERS
from .position import position_svg

__all__ = [
    "COLUMNS",
    "ATTIC_ROWS",
    "HIGHLIGHT_KINDS",
    "PIECE_LETTERS",
    "board_svg",
    "duodecim_svg",
    "duodecim_layout",
    "DUODECIM_TRACK",
    "describe_pieces",
    "position_svg",
]
