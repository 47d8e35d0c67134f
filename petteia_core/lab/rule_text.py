"""The rules of a ruleset or variant in plain sentences (the workshop page, issues #15 and #30).

One sentence per rule, written for a reader of twelve: what the board is, how the pieces start and
move, how they are captured (or bound), how the game ends. Each sentence says which options it
comes from, and the page marks the rules a variant changed from its preset: those that read
differently from the preset's. Every sentence comes from the engine's gettext catalog
(:mod:`petteia_core.i18n`), in the language in use; the English msgids are the text below.
The presets are Petteia's (``options.RULESETS``) and the eight Ludus latrunculorum reconstructions
(``options.LATRUNCULI``): every preset of ``options.PRESETS``.

>>> lines = rule_lines(variant("classic", {"corner_capture": "true"}))
>>> [line.text for line in lines if line.changed]
['A piece standing in a corner is captured when an enemy piece closes the second of the two squares next to it.']
>>> [line.topic for line in rule_lines(variant("latrunculi-bell", {"extra_move": "false"})) if line.changed]
['extra_move', 'stall']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..options import LATRUNCULI, PRESETS, RuleOptions, variant  # noqa: F401 (variant: the doctests)
from .rule_sentences import (
    board, setup, moves, capture, dux, corner, removal, freeing, entry, extra, mandatory, hoplite_class,
    basileus_class, vagi, losing, army_victories, refusal, stall, repetition, first,
)

__all__ = ["RuleLine", "rule_lines", "rule_text"]


@dataclass(frozen=True)
class RuleLine:
    """One rule as a sentence. ``topic`` names it (board, setup, moves …); ``options`` are the
    options it is made from; ``changed`` says whether the variant's sentence differs from its
    preset's there (or the preset has no such rule)."""

    topic: str
    text: str
    options: tuple[str, ...]
    changed: bool


def _army(r: RuleOptions) -> bool:
    return r.setup == "army"


def _petteia_men(r: RuleOptions) -> bool:
    """Petteia's plain pieces (no army), where vagi and refusal of battle are rules to read."""
    return r.setup != "army" and r.name not in LATRUNCULI


def _latrunculi(r: RuleOptions) -> bool:
    return r.name in LATRUNCULI


def _not_latrunculi(r: RuleOptions) -> bool:
    return r.name not in LATRUNCULI


def _binds(r: RuleOptions) -> bool:
    return r.binding


Shown = Callable[[RuleOptions], bool]
#: Rules shown only when the variant itself has them (the capture rule says when binding is off).
_OWN: tuple[Shown, ...] = (_binds,)

#: (topic, options read, sentence maker, whether the rule is shown): in the order a reader meets
#: them. A rule is shown when it applies to the variant or to its preset (so a rule turned off
#: still says so), binding's only when the variant binds; ``None``: always.
_RULES: tuple[tuple[str, tuple[str, ...], Callable[[RuleOptions], str], Shown | None], ...] = (
    ("board", ("width", "height"), board, None),
    ("setup", ("setup", "pieces_per_side", "basileus_squares", "placement_per_turn", "pieces_max", "dux"), setup, None),
    ("first", ("first_player",), first, None),
    ("moves", ("hoplite_range", "dice", "reach", "jumps", "dux"), moves, None),
    ("capture", ("setup", "binding"), capture, None),
    ("dux", ("dux",), dux, lambda r: r.dux != "none"),
    ("corner", ("corner_capture", "corner_anvil", "binding"), corner, None),
    ("removal", ("binding",), removal, _binds),
    ("freeing", ("binding",), freeing, _binds),
    ("entry", ("entry_rule",), entry, _binds),
    ("extra_move", ("extra_move",), extra, lambda r: r.extra_move),
    ("mandatory", ("mandatory_capture", "binding"), mandatory, None),
    ("hoplite_class", ("hoplite_capture_class",), hoplite_class, _army),
    ("basileus_class", ("basileus_capture_class",), basileus_class, _army),
    ("vagi", ("vagi",), vagi, _petteia_men),
    ("losing", ("one_piece_loss", "no_pieces_loss", "no_move", "binding"), losing, None),
    ("army_victories", ("army_victories",), army_victories, _army),
    ("refusal", ("refusal_limit",), refusal, _not_latrunculi),
    ("stall", ("stall_limit", "tiebreak", "binding", "extra_move"), stall, None),
    ("repetition", ("repetition",), repetition, None),
)


def _lines(rules: RuleOptions, shown_in: tuple[RuleOptions, ...]) -> dict[str, tuple[str, tuple[str, ...]]]:
    out = {}
    for topic, options, make, shown in _RULES:
        if shown is None or any(shown(r) for r in (shown_in[:1] if shown in _OWN else shown_in)):
            out[topic] = (make(rules), options)
    return out


def rule_lines(rules: RuleOptions) -> list[RuleLine]:
    """The rules of ``rules`` as sentences, in the language in use: rules about Hoplites and the
    Basileus only for an army setup, vagi only for Petteia's plain pieces, the dux, binding and the
    extra move only where the variant or its preset has them. ``changed`` compares with the
    sentences of the preset of the same name (``options.PRESETS``)."""
    base = PRESETS.get(rules.name, rules)
    mine = _lines(rules, (rules, base))
    theirs = _lines(base, (rules, base))
    return [RuleLine(topic, text, options, theirs.get(topic, ("", ()))[0] != text)
            for topic, (text, options) in mine.items()]


def rule_text(rules: RuleOptions) -> str:
    """The rules as one text, a sentence per line (changed ones marked with an asterisk).

    >>> print(rule_text(variant("classic", {"first_player": "b"})).splitlines()[2])
    * Black plays first.
    """
    return "\n".join(("* " if line.changed else "") + line.text for line in rule_lines(rules))
