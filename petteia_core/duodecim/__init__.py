"""Ludus duodecim scriptorum: the Roman race game of RULES.md §7 (seed 004).

Track
-----
36 points, the same for both players and travelled in the same direction:
A1..A12, B1..B6, C1..C6, D1..D6, E6..E1, then off the board. Internally they are the track
indices 0..35 (:mod:`.track`); ``ENTER`` (-1) is where an entering piece comes from and ``OFF``
(36) where a borne-off piece goes.

Position string
---------------
::

    <A>/<B>/<C>/<D>/<E> <side> [hand=W,B] [bar=W,B] [off=W,B] [dice=XY]

* The track is written in its five sections, in track order, separated by ``/``: A1..A12,
  B1..B6, C1..C6, D1..D6 and E6..E1 (so E is written from E6 to E1, the way pieces move).
  A section is a comma-separated list of tokens: a number ``N`` is a run of N empty points;
  ``<count>w`` or ``<count>b`` (``2w``, ``1b``) is a point holding that many White or Black
  pieces. Each section must add up to its length (12 or 6).
* ``side`` is the side to move: ``w`` or ``b``.
* ``hand=W,B`` pieces not yet entered, ``bar=W,B`` hit pieces waiting to re-enter,
  ``off=W,B`` pieces borne off: White's count first. A missing field is ``0,0``.
  Board + hand + bar + off must be 15 for each side.
* ``dice=XY`` the roll of the side to move, if it has been rolled.
* There is no separate opening-phase flag: a side is in its opening phase exactly while it has
  pieces in hand (hit pieces go to the bar, never back to the hand, so the phase happens once).

Canonical form (what :meth:`DuodecimPosition.to_string` writes, and what round-trips exactly):
adjacent empty points merged into one run, lowercase ``w``/``b``, fields in the order hand, bar,
off, dice, fields equal to ``0,0`` left out, dice higher first. The start position is
``12/6/6/6/6 w hand=15,15``; after White's ``63 @A6 @A3`` it is
``2,1w,2,1w,6/6/6/6/6 b hand=13,15``. A bad string raises PositionError naming what is wrong and
where (section, token, field, or which side has the wrong number of pieces).

Notation
--------
A turn is its roll, higher die first, then its steps in the order played: ``@A6`` enters (from
the hand, or from the bar when pieces were hit: they always come first), ``A4-B2`` moves,
``E3-off`` bears off. A step that hits a blot is written with a trailing ``*`` (``A4-A9*``); on
input the ``*`` is optional (but wrong if nothing is hit). A void turn is the roll alone: ``52``.
A record numbers turn pairs like the custodian games and ends with the result line::

    [Ruleset "duodecim"]
    1) 63 @A6 @A3, 52 @A5 A5-A7;
    2) 41 @A4 A3-A4, 66;
    ...
    1-0 (borne off)

A ``[Position "..."]`` tag gives a start other than the usual one; ``1) ..., 52 @A5`` is a Black
turn alone.

Engine decisions not spelled out in RULES.md §7 (reported to the lead)
----------------------------------------------------------------------
* A re-entry of a hit piece counts as the piece that must enter in an opening-phase turn (so a
  turn never becomes void while a hit piece could re-enter).
* The opening phase ends the moment the 15th piece enters: dice left in that same turn may take
  pieces past A12.
* A step that bears off a side's last piece wins at once; it counts as using all the dice.
"""

from .game import BORNE_OFF, RULESET, DuodecimGame, PlayedTurn
from .notation import Step, Turn, parse_roll, parse_step, parse_turn_text, roll_text, turn_text
from .position import DuodecimPosition, count_turns, perft
from .track import ENTER, OFF, POINT_NAMES, parse_point, point_name

__all__ = [
    "BORNE_OFF", "ENTER", "OFF", "POINT_NAMES", "RULESET", "DuodecimGame", "DuodecimPosition",
    "PlayedTurn", "Step", "Turn", "count_turns", "parse_point", "parse_roll", "parse_step",
    "parse_turn_text", "perft", "point_name", "roll_text", "turn_text",
]
