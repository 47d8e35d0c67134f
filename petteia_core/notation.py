"""Move notation and game records of the custodian games (RULES.md §1, §6).

Moves are written ``from-to`` plus ``x<square>`` per captured piece (``Ε3-Ε5xΔ5xΕ6``), placements
``@Δ4``. Input accepts Greek columns, lowercase Latin ``a``–``l`` by position, or capital Latin
transliterations (``A B G D E Z H TH I K L M``); mixing the two Latin schemes is rejected.
"""

from __future__ import annotations

import re

from .board import column_scheme, parse_square
from .custodian import Position
from .errors import IllegalMoveError, InvalidNotationError, NotationError
from .moves import Move
from .result import ITALIAN_REASONS, REASONS, Result

_DASHES = str.maketrans({"–": "-", "—": "-", "−": "-", "×": "x", ":": "x", "X": "x"})
_ROLL = re.compile(r"^[1-6][1-6]$")
_SCORE = re.compile(r"^(1-0|0-1|½-½|1/2-1/2)$")


def parse_move(text: str, pos: Position) -> Move:
    """The legal move of ``pos`` that ``text`` names.

    InvalidNotationError when ``text`` cannot be read, IllegalMoveError (saying why) when it names
    no legal move; both are NotationError.

    >>> pos = Position.start("classic")
    >>> parse_move("a1-a3", pos)
    Move(frm=0, to=16, captures=())
    >>> parse_move("Α1-Β2", pos)
    Traceback (most recent call last):
    ...
    petteia_core.errors.IllegalMoveError: 'Α1-Β2' is not legal here: pieces move in straight lines along a row or column, never diagonally
    """
    raw = text.strip()
    s = raw.translate(_DASHES).replace(" ", "")
    if not s:
        raise InvalidNotationError("empty move")
    w, h = pos.width, pos.height
    placement = s.startswith("@")
    removal = s.startswith("x") and "-" not in s
    body = s[1:] if placement or removal else s
    body, *bound_text = body.split("*")
    head, *caps_text = body.split("x")
    column_scheme(" ".join([head, *caps_text, *bound_text]))  # rejects mixed Latin schemes
    path: tuple[int, ...] = ()
    if removal:
        if caps_text or bound_text:
            raise InvalidNotationError(f"{raw!r}: a removal is written x and the bound piece taken, e.g. xΔ5")
        frm, to = None, parse_square(head, w, h)
    elif placement:
        frm, to = None, parse_square(head, w, h)
    else:
        parts = head.split("-")
        if len(parts) < 2:
            raise InvalidNotationError(f"{raw!r}: a move is written from-to, e.g. Β2-Β6 (or @Δ4 to place a piece)")
        squares = [parse_square(p, w, h) for p in parts]
        frm, path, to = squares[0], tuple(squares[1:-1]), squares[-1]
    claimed = tuple(sorted(parse_square(c, w, h) for c in caps_text if c))
    claimed_bound = tuple(sorted(parse_square(c, w, h) for c in bound_text if c))
    for move in pos.legal_moves():
        if move.frm == frm and move.to == to and move.path == path and move.removal == removal:
            if caps_text and claimed != move.captures:
                raise IllegalMoveError(
                    f"{raw!r}: this move captures {_list(move.captures, w) or 'nothing'}, "
                    f"not {_list(claimed, w)}"
                )
            if bound_text and claimed_bound != move.bound:
                raise IllegalMoveError(
                    f"{raw!r}: this move binds {_list(move.bound, w) or 'nothing'}, not {_list(claimed_bound, w)}"
                )
            return move
    if removal:
        raise IllegalMoveError(f"{raw!r} is not legal here: {why_not_removal(pos, to)}")
    if path:
        raise IllegalMoveError(f"{raw!r} is not legal here: no jump chain of the piece on "
                               f"{_list((frm,), w)} passes these squares")  # type: ignore[arg-type]
    raise IllegalMoveError(f"{raw!r} is not legal here: {why_illegal(pos, frm, to)}")


def why_not_removal(pos: Position, to: int) -> str:
    """Why taking the piece on ``to`` off the board is not a legal removal of ``pos``."""
    if not pos.rules.binding:
        return f"{pos.rules.name} has no removal turns (only Schädler's bound pieces are removed)"
    if pos.again >= 0 or pos.placing:
        return "no removal now"
    if not (pos.occ[1 - pos.turn] & pos.bound) >> to & 1:
        return f"there is no bound enemy counter on {_list((to,), pos.width)}"
    return "no removal now"


def _list(squares: tuple[int, ...], width: int) -> str:
    from .board import square_name

    return ", ".join(square_name(s, width) for s in squares)


def why_illegal(pos: Position, frm: int | None, to: int) -> str:
    """A sentence explaining why ``frm``→``to`` is not a legal move of ``pos``."""
    from .board import square_name

    w = pos.width
    if pos.result is not None:
        return f"the game is over ({pos.result})"
    side = "White" if pos.turn == 0 else "Black"
    if frm is None:
        if not pos.placing:
            return "all pieces are already placed"
        if pos.rules.dux != "none" and pos.hand[pos.turn] == 1 and not pos.letter_at(to):
            return "placement not allowed"
        return f"{square_name(to, w)} is occupied" if pos.letter_at(to) else "placement not allowed"
    if pos.placing:
        return "pieces are still being placed: write @square"
    if pos.again >= 0 and frm != pos.again:
        return f"the piece on {square_name(pos.again, w)} captured and must make its extra move"
    letter = pos.letter_at(frm)
    if letter is None:
        return f"there is no piece on {square_name(frm, w)}"
    if (letter.isupper()) != (pos.turn == 0):
        return f"the piece on {square_name(frm, w)} is not {side}'s"
    slides = [t for f, t in pos.generate()[0] if f == frm]
    if to not in slides:
        fr, fc = divmod(frm, w)
        tr, tc = divmod(to, w)
        if fr != tr and fc != tc:
            return "pieces move in straight lines along a row or column, never diagonally"
        if pos.letter_at(to):
            return f"{square_name(to, w)} is occupied"
        if letter.upper() == "A":
            return f"the counter on {square_name(frm, w)} is bound and cannot move"
        if pos.rules.reach == "step" and abs(fr - tr) + abs(fc - tc) > 1:
            if pos.rules.jumps == "none" or (pos.rules.jumps == "dux" and letter.upper() != "D"):
                return f"in {pos.rules.name} a piece steps one square"
            return "no jump leads there (a jump goes over an adjacent piece to the empty square beyond)"
        if pos.rules.entry_rule:
            return "a piece may land between two enemy counters only if the landing binds (the 2001 rule)"
        if pos.rules.vagi and letter.upper() == "V":
            return "a vagus may only move next to an enemy piece (an attack)"
        if pos.rules.dice and pos.dice:
            return f"the roll {pos.dice[0]}{pos.dice[1]} does not allow that distance for this piece"
        if letter.upper() == "H" and pos.rules.hoplite_range:
            dist = abs(fr - tr) + abs(fc - tc)
            if dist > pos.rules.hoplite_range:
                return f"a Hoplite moves at most {pos.rules.hoplite_range} squares (rule of 6 poleis)"
        return "the path is blocked"
    return "a capture is available, and capturing is mandatory"


def roll_text(dice: tuple[int, int]) -> str:
    return f"{max(dice)}{min(dice)}"


def parse_roll(text: str) -> tuple[int, int]:
    """``63`` → (6, 3)."""
    if not _ROLL.match(text):
        raise InvalidNotationError(f"{text!r} is not a roll: two dice 1–6, e.g. 63")
    a, b = int(text[0]), int(text[1])
    return (max(a, b), min(a, b))


def parse_result(score: str, reason: str | None) -> tuple[str, str | None]:
    """Normalise a score and an English or Italian reason word."""
    score = "½-½" if score == "1/2-1/2" else score
    if reason is None:
        return score, None
    word = reason.strip().lower()
    word = ITALIAN_REASONS.get(word, word)
    if word not in REASONS:
        raise InvalidNotationError(f"unknown result reason {reason!r}; reasons are: " + ", ".join(REASONS))
    return score, word


def tokenize_record(text: str) -> tuple[dict[str, str], list[str], tuple[str, str | None] | None]:
    """Split a record into tags, move/roll words and the result (score, reason)."""
    tags: dict[str, str] = {}
    body = []
    for line in text.splitlines():
        m = re.match(r'^\s*\[(\w+)\s+"(.*)"\]\s*$', line)
        if m:
            tags[m.group(1).lower()] = m.group(2)
        else:
            body.append(line)
    flat = " ".join(body)
    result = None
    m = re.search(r"(1-0|0-1|½-½|1/2-1/2)\s*(?:\(([^)]*)\))?\s*$", flat)
    if m:
        result = parse_result(m.group(1), m.group(2))
        flat = flat[: m.start()]
    if re.search(r"(1-0|0-1|½-½|1/2-1/2)", flat):
        raise InvalidNotationError("a result may only stand at the end of the record")
    flat = re.sub(r"\d+\s*\)", " ", flat)
    flat = flat.replace("...", " ").replace("…", " ")
    words = [wd for wd in re.split(r"[\s,;]+", flat) if wd]
    return tags, words, result


def format_turns(plies: list[tuple[int, int, tuple[int, int] | None, str]], result: Result | None) -> str:
    """Numbered move pairs from plies (move number, side, roll, move text) and the result line."""
    lines: list[str] = []
    current: list = []  # [number, white words, black words]

    def flush(final: bool) -> None:
        if not current:
            return
        number, white, black = current
        left = " ".join(white) if white else "..."
        text = f"{number}) {left}"
        if black:
            text += ", " + " ".join(black)
        lines.append(text + ("" if final and not black else ";"))

    for number, side, roll, text in plies:
        if not current or current[0] != number or (side == 0 and current[2]):
            flush(False)
            current[:] = [number, [], []]
        words = current[1 + side]
        if roll is not None:
            words.append(roll_text(roll))
        words.append(text)
    flush(True)
    if result is not None:
        lines.append(str(result))
    return "\n".join(lines)
