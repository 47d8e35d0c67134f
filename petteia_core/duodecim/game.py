"""A Duodecim scripta game: dice, history, undo/redo, result and records."""

from __future__ import annotations

import random
from dataclasses import dataclass
from collections.abc import Iterable, Sequence

from ..errors import GameStateError, IllegalMoveError, InvalidNotationError, NotationError
from ..notation import tokenize_record
from ..result import Result
from .notation import Dice, Step, Turn, is_roll_word, normalize_dice, parse_turn_text, roll_text, turn_text
from ..side import SIDES, Side
from .position import DuodecimPosition

RULESET = "duodecim"
BORNE_OFF = "borne off"


@dataclass(frozen=True)
class PlayedTurn:
    """A turn of the history: the side that played it, its roll and its steps."""

    side: Side
    dice: Dice
    steps: Turn

    def text(self) -> str:
        """``63 @A6 @A3`` (a void turn is the roll alone)."""
        return turn_text(self.dice, self.steps)

    def __str__(self) -> str:
        return self.text()


class DuodecimGame:
    """A game of Ludus duodecim scriptorum from the start (or a given position).

    Dice come from ``rng`` (an injectable ``random.Random``) unless set with :meth:`roll` or
    written at the start of a turn's text (``"63 @A6 @A3"``). Queries never roll.

    >>> g = DuodecimGame()
    >>> g.play("63 @A6 @A3").text()
    '63 @A6 @A3'
    >>> g.roll("52")
    (5, 2)
    >>> len(g.legal_turns()), g.is_legal("52 @A5 A5-A7"), g.position.side_to_move
    (2, True, 'b')
    """

    def __init__(self, position: str | DuodecimPosition | None = None, *, rng: random.Random | None = None) -> None:
        if position is None:
            start = DuodecimPosition.start()
        elif isinstance(position, DuodecimPosition):
            start = position
        else:
            start = DuodecimPosition.from_string(position)
        self.rng = rng if rng is not None else random.Random()
        self._positions: list[DuodecimPosition] = [start]
        self._turns: list[PlayedTurn] = []
        self._redo: list[tuple[PlayedTurn, DuodecimPosition, DuodecimPosition]] = []
        self._forced: Result | None = None

    # ------------------------------------------------------------------ state
    @property
    def rules(self) -> str:
        return RULESET

    @property
    def start_position(self) -> DuodecimPosition:
        return self._positions[0]

    @property
    def position(self) -> DuodecimPosition:
        return self._positions[-1]

    @property
    def positions(self) -> list[DuodecimPosition]:
        """Every position of the game, from the start to the current one."""
        return list(self._positions)

    @property
    def history(self) -> list[PlayedTurn]:
        return list(self._turns)

    @property
    def result(self) -> Result | None:
        if self._forced is not None:
            return self._forced
        winner = self.position.winner
        return Result.win(winner, BORNE_OFF) if winner else None

    @property
    def can_undo(self) -> bool:
        return bool(self._turns) or self._forced is not None

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    @property
    def move_no(self) -> int:
        """The number of the current turn pair (1 for White's first turn)."""
        return _move_no(self.start_position.turn, len(self._turns))

    # ------------------------------------------------------------------ dice
    @property
    def needs_roll(self) -> bool:
        return self.position.dice is None and self.result is None

    def roll(self, dice: Dice | str | None = None) -> Dice:
        """Roll for the side to move (from ``rng``) or set the roll (``(6, 3)`` or ``"63"``).

        A roll already made stays: rolling again returns it, and a different explicit roll is an error.
        """
        if self.result is not None:
            raise GameStateError(f"the game is over: {self.result}")
        current = self.position.dice
        if dice is not None:
            dice = normalize_dice(dice)
            if current is not None and dice != current:
                raise GameStateError(f"the dice are already rolled: {roll_text(current)}")
        elif current is not None:
            return current
        else:
            dice = normalize_dice((self.rng.randint(1, 6), self.rng.randint(1, 6)))
        self._positions[-1] = self.position.with_dice(dice)
        return dice

    # ------------------------------------------------------------------ turns
    def legal_turns(self) -> list[Turn]:
        """The legal turns for the current roll; [] once the game is over.

        Asking never rolls: before :meth:`roll`, GameStateError.
        """
        if self.result is not None:
            return []
        self._check_rolled()
        return self.position.legal_turns()

    def legal_steps(self, prefix: Sequence[Step] = ()) -> list[Step]:
        """The steps that begin a legal turn after ``prefix``; GameStateError before :meth:`roll`."""
        if self.result is not None:
            return []
        self._check_rolled()
        return self.position.legal_steps(prefix)

    def is_legal(self, turn: Turn | Iterable[Step] | str) -> bool:
        """Whether ``turn`` (Steps or text such as ``"63 @A6 @A3"``) could be played now."""
        if self.result is not None:
            return False
        pos = self.position
        try:
            if isinstance(turn, str):
                roll, steps = parse_turn_text(turn)
                dice = roll if pos.dice is None else pos.dice
                if dice is None or (roll is not None and roll != dice):
                    return False
                pos.resolve_turn(steps, dice, turn)
            else:
                if pos.dice is None:
                    return False
                pos.resolve_turn(tuple(turn), pos.dice, "")
        except NotationError:
            return False
        return True

    def _check_rolled(self) -> None:
        if self.position.dice is None:
            raise GameStateError("roll the dice first (DuodecimGame.roll)")

    def play(self, turn: Turn | Iterable[Step] | str) -> PlayedTurn:
        """Play a legal turn (Steps or text such as ``"63 @A6 A6-A9"``); NotationError if illegal."""
        if self.result is not None:
            raise GameStateError(f"the game is over: {self.result}")
        pos = self.position
        if isinstance(turn, str):
            roll, steps = parse_turn_text(turn)
            if roll is not None:
                if pos.dice is not None and roll != pos.dice:
                    raise IllegalMoveError(f"the roll is {roll_text(pos.dice)}, not {roll_text(roll)}")
                pos = pos.with_dice(roll)  # committed only if the turn is legal
            else:
                self.roll()
                pos = self.position
            label = turn
            seq: Sequence = steps
        else:
            seq = tuple(turn)
            self.roll()
            pos = self.position
            label = turn_text(None, seq) or "(void)"  # type: ignore[arg-type]
        resolved = pos.resolve_turn(seq, pos.dice, label)  # type: ignore[arg-type]
        after = pos.apply(resolved)
        played = PlayedTurn(pos.turn, pos.dice, resolved)  # type: ignore[arg-type]
        self._positions[-1] = pos
        self._positions.append(after)
        self._turns.append(played)
        self._redo.clear()
        return played

    def undo(self) -> PlayedTurn | None:
        """Take back the last turn (its roll stays set), or withdraw a resignation (returns None)."""
        if self._forced is not None:
            self._forced = None
            return None
        if not self._turns:
            raise GameStateError("there is no turn to take back")
        after = self._positions.pop()
        played = self._turns.pop()
        self._redo.append((played, self.position, after))
        return played

    def redo(self) -> PlayedTurn:
        """Replay the last turn taken back."""
        if not self._redo:
            raise GameStateError("there is no turn to replay")
        played, before, after = self._redo.pop()
        self._positions[-1] = before
        self._positions.append(after)
        self._turns.append(played)
        return played

    def resign(self, side: str | None = None) -> Result:
        """``side`` (default: the side to move) resigns; the other side wins."""
        side = side or self.position.turn
        if side not in SIDES:
            raise InvalidNotationError(f"side must be 'w' or 'b', not {side!r}")
        if self.result is not None:
            raise GameStateError(f"the game is over: {self.result}")
        self._forced = Result.win("b" if side == "w" else "w", "resignation")
        return self._forced

    def lose_on_time(self, side: str) -> Result:
        """``side``'s clock ran out: the other side wins on time (undo withdraws it, as a resignation)."""
        if side not in SIDES:
            raise InvalidNotationError(f"side must be 'w' or 'b', not {side!r}")
        if self.result is not None:
            raise GameStateError(f"the game is over: {self.result}")
        self._forced = Result.win("b" if side == "w" else "w", "time")
        return self._forced

    # ------------------------------------------------------------------ records
    def record(self) -> str:
        """The game as text: tags, numbered turn pairs with their rolls, and the result line."""
        lines = [f'[Ruleset "{RULESET}"]']
        start = self.start_position.with_dice(None)
        if start != DuodecimPosition.start():
            lines.append(f'[Position "{start.to_string()}"]')
        pairs: list[list[str]] = []  # [number, white text, black text]
        first = self.start_position.turn
        for k, played in enumerate(self._turns):
            number = str(_move_no(first, k))
            if played.side == "w":
                pairs.append([number, played.text(), ""])
            elif pairs and pairs[-1][0] == number and not pairs[-1][2]:
                pairs[-1][2] = played.text()
            else:
                pairs.append([number, "...", played.text()])
        for n, (number, white, black) in enumerate(pairs):
            text = f"{number}) {white}" + (f", {black}" if black else "")
            last = n == len(pairs) - 1
            lines.append(text + ("" if last and not black else ";"))
        if self.result is not None:
            lines.append(str(self.result))
        return "\n".join(lines)

    @classmethod
    def from_record(cls, text: str, *, rng: random.Random | None = None) -> DuodecimGame:
        """Rebuild a game from :meth:`record` text; NotationError names the first thing that does not fit."""
        tags, words, result = tokenize_record(text)
        ruleset = tags.get("ruleset", RULESET)
        if ruleset.lower() != RULESET:
            raise InvalidNotationError(f"this is a record of {ruleset!r}, not of {RULESET}")
        if result is not None and result[0] not in ("1-0", "0-1"):
            raise InvalidNotationError("Duodecim scripta has no draws")
        game = cls(tags.get("position"), rng=rng)
        game.replay(words)
        if result is not None:
            game._apply_record_result(*result)
        return game

    def replay(self, words: Sequence[str]) -> None:
        """Play words as in records and the CLI: each turn is its roll then its steps (``63 @A6 @A3``).

        A roll with no steps is a void turn, except a last roll that still has turns to play: it is
        only rolled.
        """
        roll: str | None = None
        steps: list[str] = []

        def flush(final: bool) -> None:
            if roll is None:
                return
            text = " ".join([roll, *steps])
            try:
                if not steps and final:
                    pos = self.position.with_dice(parse_turn_text(roll)[0])
                    if self.result is None and pos.legal_turns() != [()]:
                        self.roll(roll)
                        return
                self.play(text)
            except NotationError as exc:
                raise type(exc)(f"turn {self.move_no} ({text!r}): {exc}") from None

        for word in words:
            if is_roll_word(word):
                flush(False)
                roll, steps = word, []
            elif roll is None:
                raise InvalidNotationError(f"{word!r}: each turn starts with its roll, e.g. 63 @A6 @A3")
            else:
                steps.append(word)
        flush(True)

    def _apply_record_result(self, score: str, reason: str | None) -> None:
        actual = self.result
        if actual is not None:
            if actual.score != score or (reason is not None and reason != actual.reason):
                raise InvalidNotationError(f"the record says {score} ({reason}), but the game ended {actual}")
            return
        if reason in (None, "resignation"):
            self.resign("b" if score == "1-0" else "w")
        elif reason == "time" and score in ("1-0", "0-1"):
            self.lose_on_time("b" if score == "1-0" else "w")
        else:
            raise InvalidNotationError(f"the record ends {score} ({reason}), but the game is not over by the rules")


def _move_no(first: str, plies: int) -> int:
    return 1 + (plies + (1 if first == "b" else 0)) // 2
