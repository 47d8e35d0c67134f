"""Position strings of the custodian games (DESIGN.md).

``<rows from the top row down, separated by "/"> <w|b> [key=value ...]``

* Pieces: White upper case, Black lower case. Classic ``P``; vagi/Poleis ``O`` ordinarius, ``V``
  vagus; tournament/Kubeia ``P`` Peltast, ``H`` Hoplite, ``B`` Basileus. A number 1–12 is a run of
  empty squares.
* Ludus latrunculorum (RULES.md §9.0): ``P`` counter, ``D`` dux, ``A`` bound counter (Schädler);
  rows of 10 or more are written top down like the others (``Α10`` is the first square of the top
  row of a 10-row board).
* Optional fields: ``hand=W,B`` pieces still to place (Poleis; latrunculi placement, Bell counting
  the dux), ``dice=63`` current roll (Kubeia, higher die first), ``quiet=N`` moves since the last
  capture (or removal), ``passive=W,B`` consecutive passive moves, ``move=N`` move number,
  ``again=Γ1`` the piece that owes a Bell extra move (its owner is the side to move). A missing field takes its start-of-game value (for ``hand``: the
  full hands on an empty board, otherwise none). The canonical string omits fields at that value.

Example (tournament start)::

    HHHHHHHHHHHH/PPPPPPPPPPPP/6B5/12/12/5B6/PPPPPPPPPPPP/HHHHHHHHHHHH w   (upper/lower case by side)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from .errors import PositionError

if TYPE_CHECKING:
    from .options import RuleOptions


class Position(Protocol):
    """What writing a position string reads of a position (custodian.Position has it): this module
    does not import the engine, which reads and writes its strings through it."""

    rules: RuleOptions
    occ: tuple[int, int]
    hand: tuple[int, int]
    dice: tuple[int, int] | None
    quiet: int
    passive: tuple[int, int]
    move_no: int
    again: Any
    side_to_move: str

    def letter_at(self, sq: int) -> str | None: ...

_DIGITS = "0123456789"
_FIELDS = ("hand", "dice", "quiet", "passive", "move", "again")


def _default_hand(rules: RuleOptions, empty_board: bool) -> tuple[int, int]:
    if rules.setup == "hand" and empty_board:
        return (rules.pieces_per_side, rules.pieces_per_side)
    return (0, 0)


def _pair(key: str, value: str) -> tuple[int, int]:
    parts = value.split(",")
    if len(parts) != 2 or not all(p and all(c in _DIGITS for c in p) for p in parts):
        raise PositionError(f"field {key}={value!r}: expected two whole numbers, e.g. {key}=0,0")
    return int(parts[0]), int(parts[1])


def _number(key: str, value: str, minimum: int) -> int:
    if not value or any(c not in _DIGITS for c in value) or int(value) < minimum:
        raise PositionError(f"field {key}={value!r}: expected a whole number ≥ {minimum}")
    return int(value)


def read_position(rules: RuleOptions, text: str) -> tuple[int, int, dict[str, Any]]:
    """Read a position string for ``rules``: (white mask, black mask, the other fields of
    :meth:`Position.make <petteia_core.custodian.Position.make>`); raise PositionError naming
    what is wrong and where. ``Position.from_string`` builds the position."""
    if not isinstance(text, str):
        raise PositionError("a position string is text")
    words = text.split()
    if len(words) < 2:
        raise PositionError(
            f"position {text!r}: expected the rows, then the side to move (w or b), e.g. "
            "'pppppppp/8/8/8/8/8/8/PPPPPPPP w'"
        )
    board, side, extras = words[0], words[1], words[2:]
    w, h = rules.width, rules.height
    rows = board.split("/")
    if len(rows) != h:
        raise PositionError(f"position has {len(rows)} rows separated by '/', {rules.name} needs {h}")
    allowed = rules.letters()
    masks = {ch: [0, 0] for ch in "PHBOVDA"}
    for i, row in enumerate(rows):
        rank = h - i
        col = 0
        j = 0
        while j < len(row):
            ch = row[j]
            if ch in _DIGITS:
                k = j
                while k < len(row) and row[k] in _DIGITS:
                    k += 1
                run = int(row[j:k])
                if not 1 <= run <= w:
                    raise PositionError(f"row {i + 1} (rank {rank}): empty run {run} must be 1–{w}")
                col += run
                j = k
                continue
            if ch.upper() == "D" and "D" not in allowed and rules.extended:
                raise PositionError(f"row {i + 1} (rank {rank}): a dux {ch!r}, but {rules.name} has no dux")
            if ch.upper() == "A" and "A" not in allowed and rules.extended:
                raise PositionError(
                    f"row {i + 1} (rank {rank}): a bound counter {ch!r}, but {rules.name} has no binding")
            if ch.upper() not in allowed:
                names = ", ".join(allowed) + " (lower case for Black)"
                raise PositionError(
                    f"row {i + 1} (rank {rank}), character {j + 1}: unknown piece {ch!r}; "
                    f"{rules.name} uses {names}"
                )
            if col >= w:
                raise PositionError(f"row {i + 1} (rank {rank}) {row!r} is longer than {w} squares")
            side_ix = 0 if ch.isupper() else 1
            masks[ch.upper()][side_ix] |= 1 << ((rank - 1) * w + col)
            col += 1
            j += 1
        if col != w:
            raise PositionError(f"row {i + 1} (rank {rank}) {row!r} covers {col} squares, expected {w}")
    if side not in ("w", "b"):
        raise PositionError(f"side to move {side!r}: expected 'w' or 'b'")
    fields: dict[str, str] = {}
    for word in extras:
        key, eq, value = word.partition("=")
        if not eq or key not in _FIELDS:
            raise PositionError(f"unknown field {word!r}; fields are " + ", ".join(f"{f}=…" for f in _FIELDS))
        if key in fields:
            raise PositionError(f"field {key} is given twice")
        fields[key] = value
    white = sum(m[0] for m in masks.values())
    black = sum(m[1] for m in masks.values())
    hop = masks["H"][0] | masks["H"][1]
    bas = masks["B"][0] | masks["B"][1]
    vag = masks["V"][0] | masks["V"][1]

    hand = _default_hand(rules, not (white | black))
    if "hand" in fields:
        if rules.setup != "hand":
            raise PositionError(f"field hand=…: {rules.name} has no pieces in hand")
        hand = _pair("hand", fields["hand"])
    dice = None
    if "dice" in fields:
        if not rules.dice:
            raise PositionError(f"field dice=…: {rules.name} is not played with dice")
        d = fields["dice"]
        if len(d) != 2 or not all(c in "123456" for c in d):
            raise PositionError(f"field dice={d!r}: expected two dice 1–6, higher first, e.g. dice=63")
        dice = (max(int(d[0]), int(d[1])), min(int(d[0]), int(d[1])))
    quiet = _number("quiet", fields["quiet"], 0) if "quiet" in fields else 0
    passive = (0, 0)
    if "passive" in fields:
        if rules.refusal_limit is None:
            raise PositionError(f"field passive=…: {rules.name} has no refusal-of-battle rule")
        passive = _pair("passive", fields["passive"])
    move_no = _number("move", fields["move"], 1) if "move" in fields else 1
    dux = masks["D"][0] | masks["D"][1]
    bound = masks["A"][0] | masks["A"][1]
    turn = 0 if side == "w" else 1
    again = _again(rules, fields.get("again"), (white, black)[turn], hand) if "again" in fields else -1

    for s, name in ((0, "White"), (1, "Black")):
        own = (white, black)[s]
        if rules.setup == "army":
            for ch, most, label in (("P", 12, "Peltasts"), ("H", 12, "Hoplites"), ("B", 1, "Basileus")):
                n = masks[ch][s].bit_count()
                if n > most:
                    raise PositionError(f"{name} has {n} {label}; at most {most}")
        elif own.bit_count() + hand[s] > (rules.pieces_max or rules.pieces_per_side):
            most = f"at most {rules.pieces_max}" if rules.pieces_max else str(rules.pieces_per_side)
            raise PositionError(
                f"{name} has {own.bit_count()} pieces on the board and {hand[s]} in hand; "
                f"{rules.name} has {most} a side"
            )
    if hand != (0, 0) and hand[0 if side == "w" else 1] == 0:
        raise PositionError(
            f"{'White' if side == 'w' else 'Black'} is to place a piece but has none in hand "
            "(placement alternates, so the side to move always has pieces left)"
        )
    if hand != (0, 0) and vag:
        raise PositionError("a vagus cannot stand on the board while pieces are still being placed")
    if rules.extended:
        _check_latrunculi(rules, masks, hand, bound)
    return white, black, dict(
        hop=hop, bas=bas, vag=vag, dux=dux, bound=bound, again=again, turn=turn, hand=hand,
        dice=dice, quiet=quiet, passive=passive, move_no=move_no, **({"mover": turn} if again >= 0 else {}),
    )


def _again(rules: RuleOptions, value: str, own: int, hand: tuple[int, int]) -> int:
    """The square of ``again=Γ1``: a piece of the side to move, in a ruleset with extra moves."""
    from .board import parse_square
    from .errors import NotationError

    if not rules.extra_move:
        raise PositionError(f"field again=…: {rules.name} has no extra move after a capture")
    if hand != (0, 0):
        raise PositionError("field again=…: no extra move is owed while pieces are still being placed")
    try:
        sq = parse_square(value, rules.width, rules.height)
    except NotationError as exc:
        raise PositionError(f"field again={value!r}: {exc}") from None
    if not own >> sq & 1:
        raise PositionError(f"field again={value}: the piece owing the extra move must be the side to move's")
    return sq


def _check_latrunculi(rules: RuleOptions, masks: dict[str, list[int]], hand: tuple[int, int], bound: int) -> None:
    """The duces and bound counters of a latrunculi position fit its rules (RULES.md §9.0)."""
    from .board import square_name
    from .geometry import geometry
    from .latrunculi import unheld_freed

    for s, name in ((0, "White"), (1, "Black")):
        n = masks["D"][s].bit_count()
        if n > 1:
            raise PositionError(f"{name} has {n} duces; at most one")
        if n and hand[s]:
            raise PositionError(f"{name}'s dux stands on the board but {name} still has pieces in hand "
                                "(the dux is placed last)")
    if bound:
        if hand != (0, 0):
            raise PositionError("no counter is bound while pieces are still being placed")
        white = sum(m[0] for m in masks.values())
        black = sum(m[1] for m in masks.values())
        loose = bound & ~unheld_freed(geometry(rules.width, rules.height), white, black, bound)
        if loose:
            sq = (loose & -loose).bit_length() - 1
            raise PositionError(f"the bound counter on {square_name(sq, rules.width)} does not stand between "
                                "two free enemy counters in its row or column")


def format_position(pos: Position) -> str:
    """The canonical position string of ``pos``."""
    r = pos.rules
    w, h = r.width, r.height
    rows = []
    for rank in range(h, 0, -1):
        out, run = [], 0
        for col in range(w):
            letter = pos.letter_at((rank - 1) * w + col)
            if letter is None:
                run += 1
                continue
            if run:
                out.append(str(run))
                run = 0
            out.append(letter)
        if run:
            out.append(str(run))
        rows.append("".join(out))
    words = ["/".join(rows), pos.side_to_move]
    if pos.hand != _default_hand(r, not (pos.occ[0] | pos.occ[1])):
        words.append(f"hand={pos.hand[0]},{pos.hand[1]}")
    if pos.dice is not None:
        words.append(f"dice={pos.dice[0]}{pos.dice[1]}")
    if pos.quiet:
        words.append(f"quiet={pos.quiet}")
    if pos.passive != (0, 0):
        words.append(f"passive={pos.passive[0]},{pos.passive[1]}")
    if pos.move_no != 1:
        words.append(f"move={pos.move_no}")
    if pos.again >= 0:
        from .board import square_name

        words.append(f"again={square_name(pos.again, w)}")
    return " ".join(words)
