"""The ```` ```petteia ```` fence's body, read and checked (site_scripts/build/fences.py draws it).

A fence body is ``key: value`` lines (blank lines and ``# comments`` are ignored)::

    ```petteia
    ruleset: tournament          # classic | vagi | poleis | tournament | kubeia | duodecim
                                 # | latrunculi-quintana | latrunculi-kowalski | … (no puzzles)
    position: <position string>  # default: the ruleset's start position
    mode: explore                # static (default) | explore | puzzle | play
    arrows: Β2-Β6, Λ6-Η6
    highlights: capture: Γ6; target: Η5; Δ4   # bare squares are "mark"
    last: Β2-Β6                  # the last move, tinted
    caption: White sacrifices a Peltast to open Η6.
    flip: no                     # yes: Black at the bottom
    attic: no                    # yes: Attic row numerals on White's right
    ```

Also accepted and passed to the front end as ``data-*`` attributes: ``id``, ``title``, ``side``
(w|b, the reader's side in play/puzzle), ``level``, ``goal``, ``solution``.

Duodecim scripta boards (``ruleset: duodecim``) take ``explore`` and ``play`` but not ``puzzle``;
live, they are played one die at a time (docs/assets/js/fence-board.js) from the position and its
``dice``, and the rolls of the ``moves:`` line (``data-line``) are used for the first turns.
``notation: yes`` shows the live position string under such a board (``data-notation="1"``).

Ludus latrunculorum boards (``ruleset: latrunculi-quintana``, ``latrunculi-kowalski``,
``latrunculi-kowalski-11x10``, ``latrunculi-bell``, ``latrunculi-bell-7x8``, ``latrunculi-piso``,
``latrunculi-schaedler``, ``latrunculi-schaedler-1994``; RULES.md §9) take ``static``, ``explore``
and ``play`` (live: placements by a click on an empty square, jump chains square by square, removals
by a click on the bound piece; docs/assets/js/board-view.js); ``puzzle`` stops the build, as the
collection has no latrunculi puzzles yet. They wait for Python before their first move (no
``data-first``: a Bell extra move or a second placement is the same side's). Their positions and ``move``/``moves`` lines are
checked by the engine like any other (placements ``@Δ4``, jump chains ``Β2-Β4-Δ4``, bindings
``*Δ5``, removals ``xΔ5``): a chain draws one arrow per jump, the pieces a move binds are marked
(``mark``) and the pieces it captures or removes are ringed (``capture``).

mkdocs.yml loads this module as a hook (errors name the page and line, docs/x.md:12);
site_scripts/build/hooks.py registers :func:`fence_format` and :func:`fence_validator` as the
superfences custom fence ``petteia``. Both import ``petteia_core`` and ``site_scripts`` as the
editable install in the virtualenv provides them (Makefile).

Boards are drawn with :func:`petteia_core.render.position_svg`; ``move``/``moves`` lines are
played by the games' own ``replay`` (custodian ``Game``, ``DuodecimGame``).

A bad fence raises :class:`FenceError` (from :func:`parse_fence`), re-raised by the formatter as
superfences' ``SuperFencesException`` so that ``mkdocs build`` stops with the message.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from petteia_core import render
from petteia_core.duodecim.track import POINT_NAMES
from petteia_core.render.description import LATRUNCULI_TITLES

MODES = ("static", "explore", "puzzle", "play")
KEYS = (
    "ruleset", "position", "mode", "move", "moves", "arrows", "highlights", "last", "caption", "flip",
    "attic", "id", "title", "side", "level", "goal", "solution", "notation",
)
_PASS_THROUGH = ("side", "level", "goal", "solution")
_TRUE = {"yes", "true", "on", "1"}
_FALSE = {"no", "false", "off", "0"}
RULESET_TITLES = {
    "classic": "Classic Petteia",
    "vagi": "Petteia with ordinarii and vagi",
    "poleis": "Poleis",
    "tournament": "Petteia pros skiamachian",
    "kubeia": "Kubeia pros skiamachian",
    "duodecim": "Ludus duodecim scriptorum",
    **{name: f"Ludus latrunculorum, {title}" for name, title in LATRUNCULI_TITLES.items()},
}
#: Rulesets without a puzzle mode: Ludus latrunculorum (no puzzles, no solver of its own yet).
NO_PUZZLE = tuple(LATRUNCULI_TITLES)
_COMMENT = re.compile(r"\s+#(?:\s.*)?$")
_ID = re.compile(r"^[A-Za-z][A-Za-z0-9_-]*$")



class FenceError(ValueError):
    """A ``petteia`` fence is malformed; the message names the line and the field."""

    def __init__(
        self, message: str, line: int | None = None, key: str | None = None, page: str | None = None
    ) -> None:
        self.line, self.key, self.reason, self.page = line, key, message, page
        if page is not None:  # docs/rules.md:12: petteia fence (position): ...
            where = f"{page}:{line}: petteia fence" if line is not None else f"{page}: petteia fence"
        else:
            where = "petteia fence" + (f", line {line}" if line is not None else "")
        if key is not None:
            where += f" ({key})"
        super().__init__(f"{where}: {message}")


@dataclass(frozen=True)
class FenceSpec:
    """A validated fence. Squares are board indices (custodian) or point names (duodecim)."""

    ruleset: str
    position: str  # canonical position string (the engine's own spelling)
    mode: str = "static"
    arrows: tuple[tuple[Any, Any], ...] = ()
    highlights: tuple[tuple[Any, str], ...] = ()
    last: tuple[Any, Any] | None = None
    caption: str | None = None
    flip: bool = False
    attic: bool = False
    board_id: str | None = None
    title: str | None = None
    extra: tuple[tuple[str, str], ...] = ()
    width: int = 0
    height: int = 0
    #: The checked line of play of ``move``/``moves``, in the engine's Greek notation (rolls included).
    line: tuple[str, ...] = ()
    #: Where each key was written in the fence body (1-based line numbers).
    lines: dict[str, int] = field(default_factory=dict, compare=False, repr=False)


# ----------------------------------------------------------------------------------- parsing


def _split_lines(text: str, first_line: int) -> tuple[dict[str, str], dict[str, int]]:
    values: dict[str, str] = {}
    lines: dict[str, int] = {}
    for i, raw in enumerate(text.splitlines(), start=first_line):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if ":" not in line:
            raise FenceError(f"expected 'key: value', got {line!r}", i)
        key, value = line.split(":", 1)
        key = key.strip().lower()
        if key not in KEYS:
            raise FenceError(f"unknown field {key!r}; fields are {', '.join(KEYS)}", i)
        if key in values:
            raise FenceError(f"field {key!r} given twice (first on line {lines[key]})", i, key)
        if key not in ("caption", "title", "solution", "goal"):
            value = _COMMENT.sub("", value)
        value = value.strip()
        if not value:
            raise FenceError("empty value", i, key)
        values[key], lines[key] = value, i
    return values, lines


def _bool(value: str, line: int, key: str) -> bool:
    v = value.lower()
    if v in _TRUE:
        return True
    if v in _FALSE:
        return False
    raise FenceError(f"expected yes or no, got {value!r}", line, key)


def _squares_parser(ruleset: str, width: int, height: int):
    """A function reading one square (custodian) or point name (duodecim)."""
    if ruleset == "duodecim":

        def point(text: str) -> str:
            name = text.strip().upper()
            if name not in POINT_NAMES:
                raise ValueError(f"{text!r} is not a point (A1–A12, B1–B6, C1–C6, D1–D6, E1–E6)")
            return name

        return point
    from petteia_core.board import parse_square

    return lambda text: parse_square(text, width, height)


_MOVE_SPLIT = re.compile(r"\s*(?:-|–|—|→|>)\s*")


def _move(text: str, read) -> tuple[Any, Any]:
    main = re.split(r"[x×:]", text.strip(), maxsplit=1)[0]  # drop captures: Β2-Β6xΓ6
    parts = _MOVE_SPLIT.split(main.strip())
    if len(parts) != 2 or not all(parts):
        raise ValueError(f"{text.strip()!r} is not a move like Β2-Β6")
    return read(parts[0]), read(parts[1])


def parse_fence(text: str, *, first_line: int = 1) -> FenceSpec:
    """Read and validate a fence body; raise :class:`FenceError` naming the line and the field.

    ``first_line`` is the line number of the body's first line (1 inside the fence; the page line
    when the caller knows it). The position is checked by the rules engine.
    """
    values, lines = _split_lines(text, first_line)

    def fail(key: str, message: str) -> FenceError:
        return FenceError(message, lines.get(key), key)

    if "ruleset" not in values:
        raise FenceError(
            "missing field 'ruleset' (every board must say which reconstruction it follows: "
            + ", ".join(RULESET_TITLES) + ")",
            None, "ruleset",
        )
    ruleset = values["ruleset"].lower()
    if ruleset not in RULESET_TITLES:
        raise fail("ruleset", f"unknown ruleset {values['ruleset']!r}; rulesets are {', '.join(RULESET_TITLES)}")

    # position, checked by the engine
    try:
        if ruleset == "duodecim":
            from petteia_core.duodecim import DuodecimPosition

            width, height = 12, 3
            if "position" in values:
                pos = DuodecimPosition.from_string(values["position"])
            else:
                pos = DuodecimPosition.start()
        else:
            from petteia_core.custodian import Position
            from petteia_core.options import get_rules

            rules = get_rules(ruleset)
            width, height = rules.width, rules.height
            if "position" in values:
                pos = Position.from_string(rules, values["position"])
            else:
                pos = Position.start(rules)
        position = pos.to_string()
    except ValueError as exc:  # PetteiaError is a ValueError
        raise fail("position", str(exc)) from None

    mode = values.get("mode", "static").lower()
    if mode not in MODES:
        raise fail("mode", f"unknown mode {values['mode']!r}; modes are {', '.join(MODES)}")
    if mode == "puzzle" and ruleset in NO_PUZZLE:
        raise fail("mode", f"{RULESET_TITLES[ruleset]} boards have no puzzle mode yet; use static, explore or play")
    if mode == "puzzle" and ruleset == "duodecim":
        raise fail("mode", "Duodecim scripta boards have no puzzle mode; use explore or play")

    read = _squares_parser(ruleset, width, height)
    arrows: list[tuple[Any, Any]] = []
    if "arrows" in values:
        if ruleset == "duodecim":
            raise fail("arrows", "arrows are not drawn on the Duodecim scripta board; use highlights")
        for item in re.split(r"[,;]", values["arrows"]):
            if not item.strip():
                continue
            try:
                arrows.append(_move(item, read))
            except ValueError as exc:
                raise fail("arrows", str(exc)) from None

    highlights: dict[Any, str] = {}
    line: tuple[str, ...] = ()
    if "move" in values and "moves" in values:
        raise fail("moves", "give either 'move' (one move) or 'moves' (a line of play), not both")
    for key in ("move", "moves"):
        if key in values:
            try:
                line, drawn, captured, bound = check_line_marks(
                    ruleset, position, values[key], single=key == "move"
                )
            except ValueError as exc:
                raise fail(key, str(exc)) from None
            if ruleset != "duodecim":
                arrows.extend(drawn)
                for sq in captured:
                    highlights[sq] = "capture"
                for sq in bound:
                    highlights.setdefault(sq, "mark")
    if "highlights" in values:
        for group in values["highlights"].split(";"):
            group = group.strip()
            if not group:
                continue
            kind = "mark"
            if ":" in group:
                kind, group = (s.strip() for s in group.split(":", 1))
                kind = kind.lower()
                if kind not in render.HIGHLIGHT_KINDS:
                    raise fail("highlights", f"unknown kind {kind!r}; kinds are {', '.join(render.HIGHLIGHT_KINDS)}")
            for word in re.split(r"[\s,]+", group):
                if not word:
                    continue
                try:
                    sq = read(word)
                except ValueError as exc:
                    raise fail("highlights", str(exc)) from None
                if sq in highlights and highlights[sq] != kind:
                    raise fail("highlights", f"{word} is marked both {highlights[sq]!r} and {kind!r}")
                highlights[sq] = kind

    last = None
    if "last" in values:
        if ruleset == "duodecim":
            raise fail("last", "'last' is for custodian boards; use highlights 'from'/'to' on Duodecim")
        try:
            last = _move(values["last"], read)
        except ValueError as exc:
            raise fail("last", str(exc)) from None

    flip = _bool(values["flip"], lines["flip"], "flip") if "flip" in values else False
    attic = _bool(values["attic"], lines["attic"], "attic") if "attic" in values else False
    if attic and ruleset == "duodecim":
        raise fail("attic", "Attic row numerals are for custodian boards")
    if attic and height > len(render.ATTIC_ROWS):
        raise fail("attic", f"Attic numerals go up to {len(render.ATTIC_ROWS)} rows")

    board_id = values.get("id")
    if board_id is not None and not _ID.match(board_id):
        raise fail("id", f"{board_id!r} is not a valid id (a letter, then letters, digits, - or _)")
    if "side" in values and values["side"].lower() not in ("w", "b", "white", "black"):
        raise fail("side", f"expected w or b, got {values['side']!r}")
    if mode == "static" and any(k in values for k in ("side", "level", "solution")):
        key = next(k for k in ("side", "level", "solution") if k in values)
        raise fail(key, "only interactive boards (mode: explore, puzzle or play) take this field")
    extra = tuple((k, values[k]) for k in _PASS_THROUGH if k in values)
    if "notation" in values and _bool(values["notation"], lines["notation"], "notation"):
        if ruleset != "duodecim" or mode == "static":
            raise fail("notation", "the live position string is shown on live Duodecim boards only "
                                   "(ruleset: duodecim, mode: explore or play)")
        extra += (("notation", "1"),)

    return FenceSpec(
        ruleset=ruleset,
        position=position,
        mode=mode,
        arrows=tuple(arrows),
        highlights=tuple(highlights.items()),
        last=last,
        caption=values.get("caption"),
        flip=flip,
        attic=attic,
        board_id=board_id,
        title=values.get("title"),
        extra=extra,
        width=width,
        height=height,
        line=line,
        lines=lines,
    )


def check_line(
    ruleset: str, position: str, text: str, *, single: bool = False
) -> tuple[tuple[str, ...], list[tuple[Any, Any]], list[Any]]:
    """:func:`check_line_marks` without the squares the line binds."""
    return check_line_marks(ruleset, position, text, single=single)[:3]  # type: ignore[return-value]


def check_line_marks(
    ruleset: str, position: str, text: str, *, single: bool = False
) -> tuple[tuple[str, ...], list[tuple[Any, Any]], list[Any], list[Any]]:
    """Play ``text`` (moves separated by commas; rolls first in dice games) from ``position``.

    Every move must be legal in turn and, where captures are written (``xΓ6``), capture exactly
    those pieces; a move written without captures must capture nothing, and (Ludus latrunculorum,
    Schädler) a move that binds must write what it binds (``*Δ5``). Returns the moves in the
    engine's notation (with rolls), the (from, to) arrows (one per jump of a chain), the captured
    (or removed) squares and the squares left bound.
    """
    words = [w for w in re.split(r"[\s,;]+", text.strip()) if w]
    if not words:
        raise ValueError("no move given")
    if ruleset == "duodecim":
        from petteia_core.duodecim import DuodecimGame, DuodecimPosition

        game = DuodecimGame(DuodecimPosition.from_string(position))
        game.replay(words)
        turns = tuple(played.text() for played in game.history)
        if single and len(turns) != 1:
            raise ValueError("'move' takes one turn; use 'moves' for a line of play")
        return turns, [], [], []
    from petteia_core.game import Game

    game = Game(ruleset, position)
    game.replay(words)
    played: list[tuple[str, str]] = []  # (roll word as written or "", move word)
    roll = ""
    for word in words:
        if game.rules.dice and len(word) == 2 and word.isdigit():
            roll = word
        else:
            played.append((roll, word))
            roll = ""
    out: list[str] = []
    arrows: list[tuple[Any, Any]] = []
    captured: list[Any] = []
    bound: list[Any] = []
    for (roll, word), before, move in zip(played, game.positions, game.history):
        written = move.text(before.width)
        if "x" not in word.lower().replace("×", "x") and move.captures:
            raise ValueError(f"{word!r} captures {written.split('x', 1)[1].split('*', 1)[0]}: write the captures")
        if "*" not in word and getattr(move, "bound", ()):
            raise ValueError(f"{word!r} binds {'*' + written.split('*', 1)[1]}: write what it binds")
        out.append((f"{roll} " if roll else "") + written)
        if move.frm is not None:
            stops = (move.frm, *getattr(move, "path", ()), move.to)
            arrows.extend(zip(stops, stops[1:]))
        captured.extend(move.captures)
        bound.extend(getattr(move, "bound", ()))
    if single and len(out) != 1:
        raise ValueError("'move' takes one move; use 'moves' for a line of play")
    return tuple(out), arrows, captured, bound
