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
from ..options import PRESETS, RuleOptions, parse_option
from .i18n import gettext as _, gettext_noop as N_
from .words import and_list

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
    base = PRESETS.get(ruleset) if isinstance(ruleset, str) else None
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
    out.extend(_latrunculi_problems(base, r))
    return out


#: The form's names of the options binding takes the place of.
_NOT_WITH_BINDING = {
    "corner_capture": N_("corner capture"),
    "corner_anvil": N_("the corner square's help"),
    "extra_move": N_("the extra move"),
}


def _latrunculi_problems(base: RuleOptions, r: RuleOptions) -> list[dict[str, Any]]:
    """The Ludus latrunculorum options that do not fit together (options._latrunculi_problems and
    workshop.check_workshop), in a reader's words."""
    out = []
    if r.setup == "given":
        if (r.width, r.height) != (base.width, base.height):
            out.append(_problem(["board"], _("These rules start from a set position, so the board stays as it is.")))
        has_dux = "D" in (r.start_position or "")
        if has_dux and r.dux == "none":
            out.append(_problem(["dux"], _(
                "The start of these rules has a dux on the board: choose whether it can be captured, but keep it.")))
        elif not has_dux and r.dux != "none":
            out.append(_problem(["dux"], _("The start of these rules has no dux, so there is none to choose for.")))
    if r.placement_per_turn not in (1, 2):
        out.append(_problem(["placement_per_turn"], _("Pieces are put down one or two at a time.")))
    elif r.placement_per_turn == 2 and r.setup != "hand":
        out.append(_problem(["placement_per_turn", "setup"], _(
            "Only pieces placed on an empty board can be put down two at a time.")))
    if r.pieces_max is not None and r.setup == "hand" and r.pieces_per_side > r.pieces_max:
        out.append(_problem(["pieces_per_side"], _(
            "In these rules the players agree on at most {most} pieces each.").format(most=r.pieces_max)))
    if r.extended and (r.setup == "army" or r.vagi):
        out.append(_problem(["setup", "vagi"], _(
            "An army and vagi belong to Petteia: they do not go with the rules of Ludus latrunculorum.")))
    if r.jumps == "dux" and r.dux == "none":
        out.append(_problem(["jumps", "dux"], _("Only a dux can make the dux's jump: choose a dux, or other jumps.")))
    if r.binding and r.dux != "none":
        out.append(_problem(["binding", "dux"], _("Only counters are bound: choose no dux, or leave binding off.")))
    if r.binding != (r.jumps == "chains"):
        out.append(_problem(["binding", "jumps"], _(
            "Binding and chains of jumps go together, as in Schädler's rules: choose both, or neither.")))
    if r.entry_rule and not r.binding:
        out.append(_problem(["entry_rule", "binding"], _("The 2001 rule is about binding: it needs binding on.")))
    if r.binding:
        clash = [name for name in _NOT_WITH_BINDING if getattr(r, name)]
        if clash:
            words = and_list([_(_NOT_WITH_BINDING[name]) for name in clash])
            out.append(_problem(["binding", *clash], _(
                "Binding takes the place of capturing, so {options} mean nothing with it: leave them off, or leave "
                "binding off.").format(options=words)))
    if r.one_piece_loss and r.no_pieces_loss:
        out.append(_problem(["one_piece_loss", "no_pieces_loss"], _(
            "Losing with one piece left already covers losing the last piece: choose one of the two.")))
    if r.dux == "immune" and (r.one_piece_loss or r.no_pieces_loss):
        out.append(_problem(["dux", "one_piece_loss" if r.one_piece_loss else "no_pieces_loss"], _(
            "A dux that is never captured always leaves its player a piece: leave off losing by pieces, or let the "
            "dux be captured.")))
    if r.refusal_limit is not None and r.extended:
        out.append(_problem(["refusal_limit"], _("Refusal of battle is not counted in the rules of Ludus latrunculorum.")))
    return out
