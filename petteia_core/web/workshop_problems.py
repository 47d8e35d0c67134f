"""Why a workshop variant's options do not fit together, in a reader's words (issue #34, 8).

:func:`petteia_core.options.check_options` says what is wrong in the engine's words
("vagi needs setup rows or hand …"), for the command line and the tests. The workshop's form
shows each problem beside the control the reader changed, so this module says the same problems
as sentences a reader understands, each with the options it concerns (the form's fields are
named after them). A problem this module does not know comes back in the engine's words.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..errors import PetteiaError
from ..options import RULESETS, RuleOptions, parse_option
from .i18n import gettext as _, gettext_noop as N_

#: The options that mean something only with an army (Hoplites, Peltasts and a Basileus).
ARMY_ONLY = ("hoplite_range", "dice", "hoplite_capture_class", "basileus_capture_class", "army_victories")

#: The form's names of the army-only options.
_NAMES = {
    "hoplite_range": N_("Hoplite moves"),
    "dice": N_("dice"),
    "hoplite_capture_class": N_("the Hoplite's capture rule"),
    "basileus_capture_class": N_("the Basileus's capture rule"),
    "army_victories": N_("army victories"),
}


def _problem(options: list[str], text: str) -> dict[str, Any]:
    return {"options": options, "text": text}


def _army_problems(r: RuleOptions) -> list[dict[str, Any]]:
    out = []
    if r.pieces_per_side != 2 * r.width + 1:
        out.append(_problem(["pieces_per_side"], _(
            "An army is two rows and a Basileus: {n} pieces each on this board.").format(n=2 * r.width + 1)))
    if r.height < 6:
        out.append(_problem(["board", "setup"], _("An army needs a board of 6 rows or more.")))
    if r.vagi:
        out.append(_problem(["vagi", "setup"], _(
            "Vagi are plain pieces that change when they move; an army's pieces are Hoplites, Peltasts and a "
            "Basileus. Choose a row of pieces each or pieces placed by hand, or leave vagi off.")))
    return out


def reader_problems(ruleset: Any, options: Any) -> list[dict[str, Any]]:
    """What does not fit together among ``options`` ({name: text}) on preset ``ruleset``: a list of
    ``{"options": [names], "text": sentence}``, empty when the engine's own check finds what this
    module does not (the page then shows the engine's sentence)."""
    base = RULESETS.get(ruleset) if isinstance(ruleset, str) else None
    if base is None or not isinstance(options, dict) or not all(isinstance(v, str) for v in options.values()):
        return []
    try:
        r = replace(base, **{name: parse_option(name, text) for name, text in options.items()})
    except (PetteiaError, TypeError):
        return []
    out = []
    if not (2 <= r.width <= 12 and 3 <= r.height <= 12):
        out.append(_problem(["board"], _("A board has 2 to 12 columns and 3 to 12 rows.")))
    if r.setup == "rows" and r.pieces_per_side != r.width:
        out.append(_problem(["pieces_per_side"], _(
            "A row of pieces each fills one row: {n} pieces each on this board.").format(n=r.width)))
    if r.setup == "army":
        out.extend(_army_problems(r))
    else:
        army = [name for name in ARMY_ONLY if getattr(r, name) not in (False, None)]
        if army:
            words = ", ".join(_(_NAMES[name]) for name in army)
            out.append(_problem(["setup", *army], _(
                "Only an army has Hoplites, Peltasts and a Basileus, so {options} mean nothing with this setup: "
                "choose the army, or leave them off.").format(options=words)))
    most = r.width * r.height // 2
    if r.setup == "hand" and not 1 <= r.pieces_per_side <= most:
        out.append(_problem(["pieces_per_side"], _(
            "Placed by hand on this board of {width} × {height} squares, each side has 1 to {most} pieces.").format(
            width=r.width, height=r.height, most=most)))
    if r.tiebreak == "pieces_then_ordinarii" and not r.vagi:
        out.append(_problem(["tiebreak", "vagi"], _("Only a game with vagi has ordinarii to count in a tie.")))
    if r.stall_limit < 2:
        out.append(_problem(["stall_limit"], _("At least 2 moves without a capture must pass before the game ends.")))
    if r.hoplite_range is not None and r.hoplite_range < 1:
        out.append(_problem(["hoplite_range"], _("A Hoplite moves at least one square.")))
    if r.refusal_limit is not None and r.refusal_limit < 1:
        out.append(_problem(["refusal_limit"], _("Refusal of battle loses after one refusal or more.")))
    return out
