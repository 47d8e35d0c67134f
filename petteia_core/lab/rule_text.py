"""The rules of a ruleset or variant in plain sentences (the workshop page, issue #15).

One sentence per rule, written for a reader of twelve: what the board is, how the pieces start and
move, how they are captured, how the game ends. Each sentence says which options it comes from, so
the page can mark the rules a variant changed from its preset.

>>> lines = rule_lines(variant("classic", {"corner_capture": "true"}))
>>> [line.text for line in lines if line.changed]
['A piece standing in a corner is captured when an enemy piece closes the second of the two squares next to it.']
"""

from __future__ import annotations

from dataclasses import dataclass

from ..options import RULESETS, RuleOptions, variant

__all__ = ["RuleLine", "rule_lines", "rule_text"]


@dataclass(frozen=True)
class RuleLine:
    """One rule as a sentence. ``topic`` names it (board, setup, moves …); ``options`` are the
    options it is made from; ``changed`` says whether the variant differs from its preset there."""

    topic: str
    text: str
    options: tuple[str, ...]
    changed: bool


_SIDE = {"w": "White", "b": "Black"}


def _count(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


def _board(r: RuleOptions) -> str:
    return f"The board has {_count(r.width, 'column')} and {_count(r.height, 'row')}."


def _setup(r: RuleOptions) -> str:
    if r.setup == "rows":
        return (f"Each player starts with {_count(r.pieces_per_side, 'piece')} on their own back row "
                f"(White on row 1, Black on row {r.height}).")
    if r.setup == "hand":
        return (f"The board starts empty: each player holds {_count(r.pieces_per_side, 'piece')} and puts "
                "them down one at a time on any empty square; only when all are down do pieces move "
                "(nothing is captured while they are put down).")
    white, black = r.basileus_squares
    return (f"Each player starts with an army of {r.pieces_per_side}: a back row of Hoplites, a row of "
            f"Peltasts in front of them, and a Basileus (king) on {white} for White and {black} for Black.")


def _moves(r: RuleOptions) -> str:
    if r.dice:
        return ("Two dice are thrown at the start of every turn: a Peltast moves up to the higher number, "
                "a Hoplite up to the lower one, the Basileus up to the lower one or exactly the higher one; "
                "a double gives the same player another throw and move.")
    if r.setup == "army":
        reach = "any distance" if r.hoplite_range is None else f"at most {_count(r.hoplite_range, 'square')}"
        return (f"Every piece slides along a row or a column over empty squares, like a rook in chess: "
                f"Peltasts and the Basileus any distance, a Hoplite {reach}.")
    return "A piece slides any number of empty squares along a row or a column, like a rook in chess, without jumping."


def _capture(r: RuleOptions) -> str:
    text = ("You capture an enemy piece by trapping it between the piece you move and another of your "
            "pieces, in a row or a column; a piece may move between two enemies safely.")
    if r.setup == "army":
        text = text[:-1] + ", and the Basileus is captured only when enemy pieces hold every square next to it."
    return text


def _corner(r: RuleOptions) -> str:
    if r.corner_capture:
        return ("A piece standing in a corner is captured when an enemy piece closes the second of the two "
                "squares next to it.")
    return "A piece standing in a corner cannot be captured."


def _mandatory(r: RuleOptions) -> str:
    if r.mandatory_capture:
        return "If you can capture, you must (any capturing move will do)."
    return "You never have to capture."


def _hoplite_class(r: RuleOptions) -> str:
    if r.hoplite_capture_class:
        return "A Hoplite is captured only when one of the two pieces trapping it is a Hoplite or the Basileus."
    return "A Hoplite is captured by any two enemy pieces, like a Peltast."


def _basileus_class(r: RuleOptions) -> str:
    if r.basileus_capture_class:
        return ("Among the pieces that surround the Basileus there must be two Hoplites (one is enough on an "
                "edge or in a corner) or the enemy Basileus.")
    return "Any enemy pieces may surround the Basileus."


def _vagi(r: RuleOptions) -> str:
    if r.vagi:
        return ("A piece that makes a move without landing next to an enemy turns into a vagus (a wanderer); "
                "a vagus may only move next to an enemy, and turns back when it helps to capture.")
    return "All pieces are alike: there are no vagi."


def _losing(r: RuleOptions) -> str:
    text = "A player who cannot move loses"
    if r.one_piece_loss:
        text += ", and so does a player left with one piece or none"
    return text + "."


def _army_victories(r: RuleOptions) -> str:
    if r.army_victories:
        return ("You also win by capturing the enemy Basileus, by taking all enemy Peltasts or all enemy "
                "Hoplites, or by bringing your Basileus to the enemy's back row.")
    return "Only the rules above end the game: there is no win by the Basileus or by taking a whole kind of piece."


def _refusal(r: RuleOptions) -> str:
    if r.refusal_limit is None:
        return "You may keep your pieces away from the enemy as long as you like."
    n = r.refusal_limit
    return (f"A player who moves a piece that cannot reach an enemy, while another of their pieces could, "
            f"{_count(n, 'time')} in a row loses (refusal of battle).")


def _stall(r: RuleOptions) -> str:
    tie = "the player with more pieces wins"
    if r.tiebreak == "pieces_then_ordinarii":
        tie += " (if equal, the one with more ordinarii)"
    return (f"After {r.stall_limit} moves in a row without a capture (both players' moves counted) the game "
            f"ends: {tie}, and equal is a draw.")


def _repetition(r: RuleOptions) -> str:
    if r.repetition:
        return "If the same position comes up for the third time, the game ends in the same way."
    return "Repeating a position does not end the game."


def _first(r: RuleOptions) -> str:
    return f"{_SIDE[r.first_player]} plays first."


#: (topic, options read, sentence maker, whether the rule applies): in the order a reader meets them.
_RULES = (
    ("board", ("width", "height"), _board, None),
    ("setup", ("setup", "pieces_per_side", "basileus_squares"), _setup, None),
    ("first", ("first_player",), _first, None),
    ("moves", ("hoplite_range", "dice"), _moves, None),
    ("capture", ("setup",), _capture, None),
    ("corner", ("corner_capture",), _corner, None),
    ("mandatory", ("mandatory_capture",), _mandatory, None),
    ("hoplite_class", ("hoplite_capture_class",), _hoplite_class, "army"),
    ("basileus_class", ("basileus_capture_class",), _basileus_class, "army"),
    ("vagi", ("vagi",), _vagi, "men"),
    ("losing", ("one_piece_loss",), _losing, None),
    ("army_victories", ("army_victories",), _army_victories, "army"),
    ("refusal", ("refusal_limit",), _refusal, None),
    ("stall", ("stall_limit", "tiebreak"), _stall, None),
    ("repetition", ("repetition",), _repetition, None),
)


def rule_lines(rules: RuleOptions) -> list[RuleLine]:
    """The rules of ``rules`` as sentences; rules about Hoplites and the Basileus only for an army
    setup, vagi only for the others. ``changed`` compares with the preset of the same name."""
    base = RULESETS.get(rules.name, rules)
    army = rules.setup == "army"
    lines = []
    for topic, options, make, needs in _RULES:
        if (needs == "army" and not army) or (needs == "men" and army):
            continue
        changed = any(getattr(rules, o) != getattr(base, o) for o in options)
        if topic == "capture":  # only the setup's kind of pieces changes it
            changed = army != (base.setup == "army")
        lines.append(RuleLine(topic, make(rules), options, changed))
    return lines


def rule_text(rules: RuleOptions) -> str:
    """The rules as one text, a sentence per line (changed ones marked with an asterisk).

    >>> print(rule_text(variant("classic", {"first_player": "b"})).splitlines()[2])
    * Black plays first.
    """
    return "\n".join(("* " if line.changed else "") + line.text for line in rule_lines(rules))
