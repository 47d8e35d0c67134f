"""A game of one of the custodian rulesets: history, undo/redo, dice, result, records."""

from __future__ import annotations

import random

from .custodian import Position
from .errors import GameStateError, IllegalMoveError, InvalidNotationError, NotationError
from .moves import Move
from .notation import format_turns, parse_move, parse_roll, tokenize_record
from .options import PRESETS, RuleOptions, format_options, get_rules, option_changes, read_options, variant
from .result import Result


class Game:
    """A custodian game from a start (or given) position.

    Dice (Kubeia) come from ``rng`` (an injectable ``random.Random``) unless set with :meth:`roll`.
    Queries (:meth:`legal_moves`, :meth:`is_legal`, :attr:`result` …) never change the game: a
    Kubeia turn is rolled with :meth:`roll` (:meth:`play` rolls for a turn not yet rolled).

    >>> g = Game("tournament")
    >>> g.play("Β2-Β4").text(12)
    'Β2-Β4'
    >>> g.position.side_to_move, len(g.legal_moves()), g.is_legal("Β7-Β5")
    ('b', 55, True)
    >>> k = Game("kubeia")
    >>> k.needs_roll, k.roll("63")
    (True, (6, 3))
    >>> k.play("Α2-Α5").text(12), k.needs_roll
    ('Α2-Α5', True)
    """

    def __init__(
        self,
        rules: str | RuleOptions = "classic",
        position: str | Position | None = None,
        *,
        rng: random.Random | None = None,
    ) -> None:
        self.rules = get_rules(rules)
        if position is None:
            start = Position.start(self.rules)
        elif isinstance(position, Position):
            start = position
        else:
            start = Position.from_string(self.rules, position)
        self.rng = rng if rng is not None else random.Random()
        self._positions: list[Position] = [start]
        self._moves: list[Move] = []
        self._redo: list[tuple[Move, Position, Position]] = []
        self._forced: Result | None = None

    # ----------------------------------------------------------------- state
    @property
    def start_position(self) -> Position:
        return self._positions[0]

    @property
    def position(self) -> Position:
        return self._positions[-1]

    @property
    def history(self) -> list[Move]:
        return list(self._moves)

    @property
    def positions(self) -> list[Position]:
        """Every position of the game, from the start to the current one."""
        return list(self._positions)

    def repetitions(self) -> int:
        """How many times the current position (pieces and side to move) has occurred."""
        pos = self.position
        key = pos.key()
        window = self._positions[-1 - pos.quiet:] if pos.quiet < len(self._positions) else self._positions
        return sum(1 for p in window if p.key() == key)

    @property
    def result(self) -> Result | None:
        if self._forced is not None:
            return self._forced
        return self.position.evaluate(self.rules.repetition and self.repetitions() >= 3)

    @property
    def can_undo(self) -> bool:
        return bool(self._moves) or self._forced is not None

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    @property
    def next_redo(self) -> Move | None:
        """The move :meth:`redo` would replay, or None."""
        return self._redo[-1][0] if self._redo else None

    # ----------------------------------------------------------------- dice
    @property
    def needs_roll(self) -> bool:
        """True when it is a Kubeia turn whose dice have not been rolled yet."""
        return self.rules.dice and self.position.dice is None and self.result is None

    def roll(self, dice: tuple[int, int] | str | None = None) -> tuple[int, int]:
        """Roll for the side to move (from ``rng``) or set the roll explicitly (``(6, 3)`` or ``"63"``)."""
        if not self.rules.dice:
            raise GameStateError(f"{self.rules.name} is not played with dice")
        if self.result is not None:
            raise GameStateError("the game is over")
        if isinstance(dice, str):
            dice = parse_roll(dice)
        if dice is None:
            dice = (self.rng.randint(1, 6), self.rng.randint(1, 6))
        elif not all(1 <= d <= 6 for d in dice) or len(dice) != 2:
            raise InvalidNotationError(f"{dice!r} is not a roll of two dice")
        self._positions[-1] = self.position.with_dice(dice)
        return self.position.dice  # type: ignore[return-value]

    # ----------------------------------------------------------------- moves
    def legal_moves(self) -> list[Move]:
        """The legal moves; none once the game is over. A Kubeia turn must be rolled first
        (:meth:`roll`), else GameStateError: asking never rolls the dice."""
        if self.result is not None:
            return []
        if self.needs_roll:
            raise GameStateError(f"{self.rules.name}: roll the dice first (Game.roll)")
        return self.position.legal_moves()

    def is_legal(self, move: Move | str) -> bool:
        """Whether ``move`` (a Move or notation text) could be played now; False before the roll."""
        if self.result is not None or self.needs_roll:
            return False
        if isinstance(move, str):
            try:
                parse_move(move, self.position)
            except NotationError:
                return False
            return True
        return self.position.is_legal(move)

    def moves_from(self, sq: int) -> list[Move]:
        return [m for m in self.legal_moves() if m.frm == sq]

    def play(self, move: Move | str) -> Move:
        """Play a legal move (a Move or notation text); raise NotationError if it is not legal."""
        if self.result is not None:
            raise GameStateError(f"the game is over: {self.result}")
        if self.needs_roll:
            self.roll()
        pos = self.position
        if isinstance(move, str):
            move = parse_move(move, pos)
        elif move not in pos.legal_moves():
            raise IllegalMoveError(f"{move.text(pos.width)} is not a legal move here")
        self._positions.append(pos.play(move))
        self._moves.append(move)
        self._redo.clear()
        return move

    def undo(self) -> Move | None:
        """Take back the last move (or a resignation / agreed draw)."""
        if self._forced is not None:
            self._forced = None
            return None
        if not self._moves:
            raise GameStateError("there is no move to take back")
        after = self._positions.pop()
        move = self._moves.pop()
        self._redo.append((move, self.position, after))
        return move

    def redo(self) -> Move:
        """Replay the last move taken back."""
        if not self._redo:
            raise GameStateError("there is no move to replay")
        move, before, after = self._redo.pop()
        self._positions[-1] = before  # restores the roll the move was made with
        self._positions.append(after)
        self._moves.append(move)
        return move

    def resign(self, side: str | None = None) -> Result:
        """``side`` (default: the side to move) resigns."""
        side = side or self.position.side_to_move
        if self.result is not None:
            raise GameStateError("the game is over")
        self._forced = Result.win("b" if side == "w" else "w", "resignation")
        return self._forced

    def lose_on_time(self, side: str) -> Result:
        """``side``'s clock ran out: the other side wins on time (undo withdraws it, as a resignation)."""
        if side not in ("w", "b"):
            raise InvalidNotationError(f"side must be 'w' or 'b', not {side!r}")
        if self.result is not None:
            raise GameStateError("the game is over")
        self._forced = Result.win("b" if side == "w" else "w", "time")
        return self._forced

    def agree_draw(self) -> Result:
        if self.result is not None:
            raise GameStateError("the game is over")
        self._forced = Result.draw("agreement")
        return self._forced

    # ----------------------------------------------------------------- records
    def record(self) -> str:
        """The game as a text record: tags, numbered moves (with rolls) and the result."""
        lines = [f'[Ruleset "{self.rules.name}"]']
        changes = option_changes(self.rules)
        if changes:  # a variant of the preset (RULES.md §8): its options, so that the record replays
            lines.append(f'[Options "{format_options(changes)}"]')
        start = self.start_position.with_dice(None) if self.rules.dice else self.start_position
        # Compared with the named preset's start, so a changed first player is written down.
        if start.to_string() != Position.start(self.rules.name if self.rules.name in PRESETS else self.rules).to_string():
            lines.append(f'[Position "{start.to_string()}"]')
        plies = []
        for before, move in zip(self._positions, self._moves):
            plies.append((before.move_no, before.turn, before.dice, move.text(before.width)))
        body = format_turns(plies, self.result)
        return "\n".join(lines) + ("\n" + body if body else "")

    @classmethod
    def from_record(
        cls, text: str, rules: str | RuleOptions | None = None, *, rng: random.Random | None = None
    ) -> Game:
        """Rebuild a game from its record; NotationError names the first word that does not fit.

        A record of a variant carries its changed options in an ``Options`` tag
        (``[Options "corner_capture=true"]``), which is applied to the named ruleset."""
        tags, words, result = tokenize_record(text)
        tagged = tags.get("ruleset", "").strip().lower()
        given = rules.name if isinstance(rules, RuleOptions) else rules
        if rules is not None and tagged and tagged != given:
            raise InvalidNotationError(f"the record is a game of {tagged}, not of {given}: load it as {tagged}")
        name = rules if rules is not None else tags.get("ruleset")
        if name is None:
            raise InvalidNotationError('the record does not say its ruleset: add [Ruleset "classic"] or pass rules')
        if "options" in tags:
            named = variant(name.name if isinstance(name, RuleOptions) else name.strip().lower(),
                            read_options(tags["options"]))
            if isinstance(name, RuleOptions) and name != named:
                raise InvalidNotationError("the record's Options tag does not match the rules given")
            name = named
        game = cls(name, tags.get("position"), rng=rng)
        game.replay(words)
        if result is not None:
            game._apply_record_result(*result)
        return game

    def replay(self, words: list[str]) -> None:
        """Play move words (each preceded by its roll in Kubeia), as in records and the CLI."""
        pending_roll = None
        for i, word in enumerate(words):
            try:
                if self.rules.dice and len(word) == 2 and word.isdigit():
                    pending_roll = parse_roll(word)
                    continue
                if self.rules.dice:
                    if pending_roll is None:
                        raise InvalidNotationError("each Kubeia move needs its roll before it, e.g. 63 Α2-Α4")
                    self.roll(pending_roll)
                    pending_roll = None
                self.play(word)
            except NotationError as exc:
                number = self.position.move_no
                raise type(exc)(f"move {number} ({word!r}, word {i + 1}): {exc}") from None
        if pending_roll is not None and self.result is None:
            self.roll(pending_roll)

    def _apply_record_result(self, score: str, reason: str | None) -> None:
        actual = self.result
        if actual is not None:
            if actual.score != score:
                raise InvalidNotationError(f"the record says {score}, but the game ended {actual}")
            return
        if reason in (None, "resignation") and score in ("1-0", "0-1"):
            self.resign("b" if score == "1-0" else "w")
        elif reason == "time" and score in ("1-0", "0-1"):
            self.lose_on_time("b" if score == "1-0" else "w")
        elif reason in (None, "agreement") and score == "½-½":
            self.agree_draw()
        else:
            raise InvalidNotationError(f"the record ends {score} ({reason}), but the game is not over by the rules")
