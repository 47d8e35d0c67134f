"""Duodecim scripta positions, turn generation and the position string (RULES.md §7)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from collections.abc import Iterable, Sequence

from ..errors import GameStateError, IllegalMoveError, InvalidNotationError, NotationError, PositionError
from ..side import SIDES, Side
from .notation import Dice, Step, StepText, Turn, normalize_dice, parse_turn_text, roll_text, turn_text
from .track import A12, E_START, ENTER, OFF, PIECES, POINT_NAMES, SECTIONS, TRACK_LEN, point_name
from .turns import TurnState, TurnTree

_SIDE_NAME = {"w": "White", "b": "Black"}


@dataclass(frozen=True)
class DuodecimPosition:
    """An immutable Duodecim scripta position between two turns.

    ``points`` has 36 signed counts along the track (positive White, negative Black); ``hand``,
    ``bar`` and ``off`` are (white, black) counts; ``dice`` is the roll of the side to move, if rolled.
    """

    points: tuple[int, ...] = (0,) * TRACK_LEN
    turn: Side = "w"  #: the side to move
    hand: tuple[int, int] = (PIECES, PIECES)
    bar: tuple[int, int] = (0, 0)
    off: tuple[int, int] = (0, 0)
    dice: Dice | None = None
    _trees: dict = field(default_factory=dict, init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "points", tuple(self.points))
        object.__setattr__(self, "hand", tuple(self.hand))
        object.__setattr__(self, "bar", tuple(self.bar))
        object.__setattr__(self, "off", tuple(self.off))
        if self.dice is not None:
            try:
                object.__setattr__(self, "dice", normalize_dice(self.dice))
            except NotationError as exc:
                raise PositionError(f"dice: {exc}") from None
        self._validate()

    def _validate(self) -> None:
        if self.turn not in SIDES:
            raise PositionError(f"side to move must be 'w' or 'b', not {self.turn!r}")
        if len(self.points) != TRACK_LEN or not all(isinstance(v, int) for v in self.points):
            raise PositionError(f"the track has {TRACK_LEN} points; got {len(self.points)} values")
        for name, pair in (("hand", self.hand), ("bar", self.bar), ("off", self.off)):
            if len(pair) != 2 or not all(isinstance(v, int) and 0 <= v <= PIECES for v in pair):
                raise PositionError(f"{name} must be two counts 0–{PIECES}, got {pair!r}")
        for i, side in enumerate(SIDES):
            sign = 1 if side == "w" else -1
            board = sum(v * sign for v in self.points if v * sign > 0)
            total = board + self.hand[i] + self.bar[i] + self.off[i]
            if total != PIECES:
                raise PositionError(
                    f"{_SIDE_NAME[side]} has {total} pieces (board {board}, hand {self.hand[i]}, "
                    f"bar {self.bar[i]}, off {self.off[i]}); each side has exactly {PIECES} "
                    "(give the others with hand=, bar= or off=)"
                )
            if self.hand[i]:
                beyond = [point_name(j) for j in range(A12 + 1, TRACK_LEN) if self.points[j] * sign > 0]
                if beyond or self.off[i]:
                    where = beyond[0] if beyond else "off the board"
                    raise PositionError(
                        f"{_SIDE_NAME[side]} still has {self.hand[i]} pieces to enter (opening phase), "
                        f"so no piece of theirs can be past A12, but one is on {where}"
                    )
        if self.off == (PIECES, PIECES):
            raise PositionError("both sides cannot have borne off all their pieces")
        winner = self.winner
        if winner is not None:
            if winner == self.turn:
                raise PositionError(f"{_SIDE_NAME[winner]} has borne off all pieces, so cannot be to move")
            if self.dice is not None:
                raise PositionError("the game is over, so there can be no dice to play")

    # ------------------------------------------------------------------ construction
    @classmethod
    def start(cls) -> DuodecimPosition:
        """All pieces off the board, White to move, no dice rolled."""
        return cls()

    def with_dice(self, dice: Dice | str | None) -> DuodecimPosition:
        """The same position with the roll set (or cleared with None)."""
        if dice is not None:
            dice = normalize_dice(dice)
        return DuodecimPosition(self.points, self.turn, self.hand, self.bar, self.off, dice)

    # ------------------------------------------------------------------ queries
    @property
    def side_to_move(self) -> Side:
        """``"w"`` or ``"b"`` (the same as ``turn``, named as on custodian positions)."""
        return self.turn  # type: ignore[return-value]

    @property
    def winner(self) -> Side | None:
        """``w`` or ``b`` once that side has borne off all 15 pieces."""
        for i, side in enumerate(SIDES):
            if self.off[i] == PIECES:
                return side
        return None

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def in_opening(self, side: str | None = None) -> bool:
        """True while ``side`` (default: to move) still has pieces to enter (RULES.md §7)."""
        return self.hand[SIDES.index(side or self.turn)] > 0

    def can_bear_off(self, side: str | None = None) -> bool:
        """True when every piece of ``side`` not yet borne off stands on E6..E1."""
        i = SIDES.index(side or self.turn)
        sign = 1 if i == 0 else -1
        return (not self.hand[i] and not self.bar[i]
                and not any(self.points[j] * sign > 0 for j in range(E_START)))

    def points_map(self) -> dict[str, tuple[str, int]]:
        """Point name → (side, count) for occupied points (the shape the SVG renderer takes)."""
        return {POINT_NAMES[i]: ("w" if v > 0 else "b", abs(v)) for i, v in enumerate(self.points) if v}

    # ------------------------------------------------------------------ turns
    def _state(self, dice: Dice) -> TurnState:
        i = SIDES.index(self.turn)
        pts = self.points if i == 0 else tuple(-v for v in self.points)
        rem = (dice[0],) * 4 if dice[0] == dice[1] else dice
        return (pts, self.bar[i], self.hand[i], self.off[i], self.bar[1 - i], rem)

    def turn_tree(self, dice: Dice | str | None = None) -> TurnTree:
        """Every legal step sequence for ``dice`` (default: this position's roll), cached per roll.

        With :meth:`after`, the fast path of the AI and the puzzle solver: ``tree.turns`` pairs each
        legal turn with its end state, ``tree.walk(steps)`` gives the state after some steps.
        """
        if dice is None:
            dice = self.dice
            if dice is None:
                raise GameStateError("no dice have been rolled for this position")
        dice = normalize_dice(dice)
        tree = self._trees.get(dice)
        if tree is None:
            tree = TurnTree(self._state(dice), dice)
            self._trees[dice] = tree
        return tree

    def legal_turns(self, dice: Dice | str | None = None) -> list[Turn]:
        """Every distinct legal turn (one per resulting position); ``[()]`` when the roll is void.

        Uses ``dice`` or else the position's own roll; a finished game has no turns.
        """
        if self.is_over:
            return []
        return [turn for turn, _ in self.turn_tree(dice).turns]

    def legal_steps(self, prefix: Sequence[Step] = (), dice: Dice | str | None = None) -> list[Step]:
        """The steps that, played after ``prefix``, still begin at least one legal full turn."""
        if self.is_over:
            return []
        tree = self.turn_tree(dice)
        s = tree.walk(prefix)
        good = tree.good()
        if s not in good:
            raise IllegalMoveError("these steps do not begin a legal turn")
        return [step for step, c in tree.children.get(s, ()) if c in good]

    def is_turn_complete(self, steps: Sequence[Step], dice: Dice | str | None = None) -> bool:
        """True when ``steps`` already form a legal full turn (the UI can end the turn)."""
        tree = self.turn_tree(dice)
        return tree.resolve(steps) is not None

    def parse_turn(self, text: str) -> Turn:
        """Read a turn like ``63 @A6 A6-A9`` (the roll may be left out); NotationError if illegal."""
        roll, steps = parse_turn_text(text)
        if roll is not None and self.dice is not None and roll != self.dice:
            raise IllegalMoveError(f"the roll is {roll_text(self.dice)}, not {roll_text(roll)}")
        dice = roll or self.dice
        if dice is None:
            raise GameStateError("no dice have been rolled: start the turn with its roll, e.g. 63")
        return self.resolve_turn(steps, dice, text)

    def resolve_turn(self, steps: Sequence[StepText | Step], dice: Dice, label: str) -> Turn:
        """The legal turn that ``steps`` name with ``dice``; NotationError (quoting ``label``) if none."""
        if self.is_over:
            raise GameStateError("the game is over")
        tree = self.turn_tree(dice)
        found = tree.resolve(steps)
        if found is None:
            raise IllegalMoveError(f"{label!r} is not a legal turn for {roll_text(dice)}: {tree.explain(steps, self.turn)}")
        return found[0]

    def apply(self, turn: Turn | Iterable[Step] | str, dice: Dice | str | None = None) -> DuodecimPosition:
        """The position after a legal turn (Steps or text) with the roll of this position or ``dice``."""
        if isinstance(turn, str):
            roll, steps = parse_turn_text(turn)
            if dice is None:
                dice = roll if self.dice is None else self.dice
            if dice is None:
                raise GameStateError("no dice have been rolled: start the turn with its roll, e.g. 63")
            dice = normalize_dice(dice)
            if roll is not None and roll != dice:
                raise IllegalMoveError(f"the roll is {roll_text(dice)}, not {roll_text(roll)}")
            seq: Sequence[StepText | Step] = steps
            label = turn
        else:
            seq = tuple(turn)
            if not all(isinstance(s, Step) for s in seq):
                raise InvalidNotationError("a turn is a sequence of Step")
            if dice is None:
                dice = self.dice
            if dice is None:
                raise GameStateError("no dice have been rolled for this position")
            dice = normalize_dice(dice)
            label = turn_text(None, seq) or "(void)"  # type: ignore[arg-type]
        if self.is_over:
            raise GameStateError("the game is over")
        tree = self.turn_tree(dice)
        found = tree.resolve(seq)
        if found is None:
            raise IllegalMoveError(f"{label!r} is not a legal turn for {roll_text(dice)}: {tree.explain(seq, self.turn)}")
        return self.after(found[1])

    def after(self, s: TurnState) -> DuodecimPosition:
        """The position after a turn, from its end state in :meth:`turn_tree` (the other side to move)."""
        pts, bar, hand, off, obar, _rem = s
        i = SIDES.index(self.turn)
        points = pts if i == 0 else tuple(-v for v in pts)

        def pair(mine: int, theirs: int) -> tuple[int, int]:
            return (mine, theirs) if i == 0 else (theirs, mine)

        return DuodecimPosition(
            points, SIDES[1 - i], pair(hand, self.hand[1 - i]), pair(bar, obar),
            pair(off, self.off[1 - i]), None,
        )

    def turn_text(self, turn: Turn, dice: Dice | None = None) -> str:
        """``63 @A6 @A3`` for a turn played with this position's roll (or ``dice``)."""
        return turn_text(dice or self.dice, turn)

    # ------------------------------------------------------------------ position string
    def to_string(self) -> str:
        """The canonical position string (see the package docstring)."""
        sections = []
        start = 0
        for _letter, length in SECTIONS:
            tokens: list[str] = []
            run = 0
            for v in self.points[start:start + length]:
                if v == 0:
                    run += 1
                    continue
                if run:
                    tokens.append(str(run))
                    run = 0
                tokens.append(f"{abs(v)}{'w' if v > 0 else 'b'}")
            if run:
                tokens.append(str(run))
            sections.append(",".join(tokens))
            start += length
        words = ["/".join(sections), self.turn]
        for name in ("hand", "bar", "off"):
            value = getattr(self, name)
            if value != (0, 0):
                words.append(f"{name}={value[0]},{value[1]}")
        if self.dice is not None:
            words.append(f"dice={roll_text(self.dice)}")
        return " ".join(words)

    @classmethod
    def from_string(cls, text: str) -> DuodecimPosition:
        """Parse a position string; PositionError names what is wrong and where."""
        if not isinstance(text, str):
            raise PositionError("a position string must be text")
        words = text.split()
        if len(words) < 2:
            raise PositionError(
                "a Duodecim position needs the track and the side to move, e.g. '12/6/6/6/6 w hand=15,15'"
            )
        points = _parse_track(words[0])
        turn = words[1]
        if turn not in SIDES:
            raise PositionError(f"side to move must be 'w' or 'b', not {turn!r} (word 2)")
        fields: dict[str, object] = {}
        for n, word in enumerate(words[2:], 3):
            key, eq, value = word.partition("=")
            if not eq:
                raise PositionError(f"word {n} ({word!r}) is not a key=value field")
            if key in fields:
                raise PositionError(f"field {key!r} is given twice")
            if key in ("hand", "bar", "off"):
                m = re.fullmatch(r"(\d{1,2}),(\d{1,2})", value)
                if not m:
                    raise PositionError(f"{key}= takes two counts, white then black, e.g. {key}=2,0; got {value!r}")
                fields[key] = (int(m.group(1)), int(m.group(2)))
            elif key == "dice":
                if not re.fullmatch(r"[1-6][1-6]", value):
                    raise PositionError(f"dice= takes two dice 1–6, e.g. dice=63; got {value!r}")
                fields[key] = (int(value[0]), int(value[1]))
            else:
                raise PositionError(f"unknown field {key!r} (fields: hand, bar, off, dice)")
        return cls(
            points, turn,  # type: ignore[arg-type]
            fields.get("hand", (0, 0)), fields.get("bar", (0, 0)), fields.get("off", (0, 0)),  # type: ignore[arg-type]
            fields.get("dice"),  # type: ignore[arg-type]
        )

    def __str__(self) -> str:
        return self.to_string()


def _parse_track(text: str) -> tuple[int, ...]:
    sections = text.split("/")
    if len(sections) != len(SECTIONS):
        raise PositionError(
            f"the track has {len(SECTIONS)} sections A/B/C/D/E separated by '/', found {len(sections)}"
        )
    points: list[int] = []
    for (letter, length), section in zip(SECTIONS, sections):
        values: list[int] = []
        for token in section.split(","):
            m = re.fullmatch(r"([1-9]\d?)([wb]?)", token)
            if not m:
                raise PositionError(
                    f"section {letter}: {token!r} is neither a run of empty points (e.g. 3) "
                    "nor a stack like 2w / 1b"
                )
            count = int(m.group(1))
            if m.group(2):
                if count > PIECES:
                    raise PositionError(f"section {letter}: {token!r} has more than {PIECES} pieces")
                values.append(count if m.group(2) == "w" else -count)
            else:
                values.extend([0] * count)
            if len(values) > length:
                raise PositionError(f"section {letter} has more than {length} points (at {token!r})")
        if len(values) != length:
            raise PositionError(f"section {letter} has {len(values)} points, expected {length}")
        points.extend(values)
    return tuple(points)


def count_turns(position: DuodecimPosition, dice: Dice | str) -> int:
    """The number of distinct legal turns (resulting positions) for ``dice``; a void roll counts 1."""
    return len(position.legal_turns(dice))


def perft(position: DuodecimPosition, rolls: Sequence[Dice | str]) -> int:
    """Leaf count of the turn tree where ply k uses ``rolls[k]``; a finished game has no turns."""
    if not rolls:
        return 1
    total = 0
    for turn in position.legal_turns(rolls[0]):
        after = position.apply(turn, rolls[0])
        total += perft(after, rolls[1:]) if len(rolls) > 1 else 1
    return total


__all__ = ["DuodecimPosition", "count_turns", "perft", "ENTER", "OFF"]
