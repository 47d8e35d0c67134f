"""Text of Duodecim scripta steps, turns and rolls (see the package docstring)."""

from __future__ import annotations

import re
from typing import NamedTuple

from ..errors import InvalidNotationError, NotationError
from .track import ENTER, OFF, parse_point, point_name

Dice = tuple[int, int]

_ROLL = re.compile(r"^[1-6][1-6]$")
_STEP = re.compile(r"^(?:@(?P<enter>[A-Ea-e]\d{1,2})|(?P<frm>[A-Ea-e]\d{1,2})-(?P<to>[A-Ea-e]\d{1,2}|off|OFF|Off))(?P<hit>\*?)$")


class Step(NamedTuple):
    """One die played: ``frm`` is a track index or ENTER (-1), ``to`` a track index or OFF (36)."""

    frm: int
    to: int
    die: int
    hit: bool = False

    @property
    def is_entry(self) -> bool:
        return self.frm == ENTER

    @property
    def is_bear_off(self) -> bool:
        return self.to == OFF

    def text(self) -> str:
        """``@A6``, ``A4-B2``, ``E3-off``; a hit gets a trailing ``*``."""
        star = "*" if self.hit else ""
        if self.frm == ENTER:
            return f"@{point_name(self.to)}{star}"
        to = "off" if self.to == OFF else point_name(self.to)
        return f"{point_name(self.frm)}-{to}{star}"

    def __str__(self) -> str:
        return self.text()


#: A whole turn: the steps in the order played (a void turn is the empty tuple).
Turn = tuple[Step, ...]


class StepText(NamedTuple):
    """A step as read from text: the die is not known yet; ``hit`` is None when not marked."""

    frm: int
    to: int
    hit: bool | None
    text: str


def normalize_dice(dice: object) -> Dice:
    """(3, 6), [6, 3] or ``"36"`` → (6, 3); NotationError for anything that is not two dice."""
    if isinstance(dice, str):
        return parse_roll(dice)
    try:
        a, b = dice  # type: ignore[misc]
    except (TypeError, ValueError):
        raise InvalidNotationError(f"{dice!r} is not a roll of two dice") from None
    if not all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6 for d in (a, b)):
        raise InvalidNotationError(f"{dice!r} is not a roll of two dice 1–6")
    return (max(a, b), min(a, b))


def parse_roll(text: str) -> Dice:
    """``63`` (or ``36``) → (6, 3)."""
    text = text.strip()
    if not _ROLL.match(text):
        raise InvalidNotationError(f"{text!r} is not a roll: two dice 1–6, e.g. 63")
    a, b = int(text[0]), int(text[1])
    return (max(a, b), min(a, b))


def roll_text(dice: Dice) -> str:
    """(3, 6) → ``63`` (higher die first)."""
    return f"{max(dice)}{min(dice)}"


def is_roll_word(word: str) -> bool:
    return bool(_ROLL.match(word))


def parse_step(word: str) -> StepText:
    """``@A6``, ``A4-B2``, ``E3-off``, each optionally followed by ``*`` (a hit)."""
    m = _STEP.match(word.strip())
    if not m:
        raise InvalidNotationError(
            f"{word!r} is not a step: write @A6 to enter, A4-B2 to move, E3-off to bear off"
        )
    hit = True if m.group("hit") else None
    if m.group("enter"):
        return StepText(ENTER, parse_point(m.group("enter")), hit, word)
    frm = parse_point(m.group("frm"))
    to_text = m.group("to")
    to = OFF if to_text.lower() == "off" else parse_point(to_text)
    if hit and to == OFF:
        raise InvalidNotationError(f"{word!r}: bearing off cannot hit")
    return StepText(frm, to, hit, word)


def parse_turn_text(text: str) -> tuple[Dice | None, list[StepText]]:
    """``63 @A6 A6-A9`` → ((6, 3), steps); the roll is optional; ``63`` alone is a void turn."""
    words = text.replace(",", " ").split()
    roll = None
    if words and is_roll_word(words[0]):
        roll = parse_roll(words[0])
        words = words[1:]
    return roll, [parse_step(w) for w in words]


def turn_text(dice: Dice | None, turn: Turn) -> str:
    """``63 @A6 @A3``; a void turn is the roll alone."""
    words = [roll_text(dice)] if dice is not None else []
    words.extend(step.text() for step in turn)
    return " ".join(words)
