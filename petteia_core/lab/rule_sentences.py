"""The sentences of the rules in words (:mod:`.rule_text`): one function per rule, each making the
sentence of a ruleset or variant from its options, in the language in use (the engine's gettext
catalog, :mod:`petteia_core.i18n`; the English msgids are the text below)."""

from __future__ import annotations

from ..board import square_name
from ..i18n import gettext as _, ngettext
from ..options import RuleOptions

__all__ = [
    "board", "given", "hand", "setup", "moves", "capture", "dux", "corner", "removal", "freeing", "entry",
    "extra", "mandatory", "hoplite_class", "basileus_class", "vagi", "losing", "army_victories", "refusal",
    "stall", "repetition", "first",
]


def board(r: RuleOptions) -> str:
    columns = ngettext("{n} column", "{n} columns", r.width).format(n=r.width)
    rows = ngettext("{n} row", "{n} rows", r.height).format(n=r.height)
    return _("The board has {columns} and {rows}.").format(columns=columns, rows=rows)


def given(r: RuleOptions) -> str:
    """The start a latrunculi preset gives (Quintana, Kowalski), read from its position string."""
    rows = (r.start_position or "").split()[0].split("/")
    counters: list[int] = []  # White's counters, by row number (1 = White's back row)
    dux = {"w": "", "b": ""}
    for k, text in enumerate(rows):
        row, col, digits = r.height - k, 0, ""
        for ch in text + " ":
            if ch.isdigit():
                digits += ch
                continue
            col += int(digits or 0)
            digits = ""
            if ch == " ":
                break
            if ch == "P":
                counters.append(row)
            elif ch in "Dd":
                dux["w" if ch == "D" else "b"] = square_name((row - 1) * r.width + col, r.width)
            col += 1
    n = len(counters)
    full_rows = sorted(set(counters))
    if full_rows == [1]:
        where = ngettext("Each player starts with {n} counter on their own back row (White on row 1, Black on row {height}).",
                         "Each player starts with {n} counters on their own back row (White on row 1, Black on row {height}).",
                         n).format(n=n, height=r.height)
    elif full_rows == [1, 2]:
        where = ngettext(
            "Each player starts with {n} counter on their own two back rows (White on rows 1 and 2, Black on rows {before} and {height}).",
            "Each player starts with {n} counters on their own two back rows (White on rows 1 and 2, Black on rows {before} and {height}).",
            n).format(n=n, before=r.height - 1, height=r.height)
    else:
        where = ngettext("Each player starts with {n} counter where the rules put them.",
                         "Each player starts with {n} counters where the rules put them.", n).format(n=n)
    if not dux["w"]:
        return where
    leader = _("The dux, the leader, stands on {white} for White and on {black} for Black.").format(
        white=dux["w"], black=dux["b"])
    return f"{where} {leader}"


def hand(r: RuleOptions) -> str:
    n = r.pieces_per_side
    if r.dux != "none":
        counters = n - 1
        if r.placement_per_turn == 2:
            text = ngettext(
                "The board starts empty: each player holds {n} counter and a dux, puts the counters down two at a "
                "time on any empty square, then the dux on a turn of its own; only when all are down do pieces "
                "move (nothing is captured while they are put down).",
                "The board starts empty: each player holds {n} counters and a dux, puts the counters down two at a "
                "time on any empty square, then the dux on a turn of its own; only when all are down do pieces "
                "move (nothing is captured while they are put down).", counters)
        else:
            text = ngettext(
                "The board starts empty: each player holds {n} counter and a dux and puts them down one at a time "
                "on any empty square, the dux last of all; only when all are down do pieces move (nothing is "
                "captured while they are put down).",
                "The board starts empty: each player holds {n} counters and a dux and puts them down one at a time "
                "on any empty square, the dux last of all; only when all are down do pieces move (nothing is "
                "captured while they are put down).", counters)
        text = text.format(n=counters)
    elif r.binding:
        if r.placement_per_turn == 2:
            text = ngettext(
                "The board starts empty: each player holds {n} piece and puts them down two at a time on any empty "
                "square; only when all are down do pieces move (nothing is bound while they are put down).",
                "The board starts empty: each player holds {n} pieces and puts them down two at a time on any empty "
                "square; only when all are down do pieces move (nothing is bound while they are put down).", n)
        else:
            text = ngettext(
                "The board starts empty: each player holds {n} piece and puts them down one at a time on any empty "
                "square; only when all are down do pieces move (nothing is bound while they are put down).",
                "The board starts empty: each player holds {n} pieces and puts them down one at a time on any empty "
                "square; only when all are down do pieces move (nothing is bound while they are put down).", n)
        text = text.format(n=n)
    elif r.placement_per_turn == 2:
        text = ngettext(
            "The board starts empty: each player holds {n} piece and puts them down two at a time on any empty "
            "square; only when all are down do pieces move (nothing is captured while they are put down).",
            "The board starts empty: each player holds {n} pieces and puts them down two at a time on any empty "
            "square; only when all are down do pieces move (nothing is captured while they are put down).",
            n).format(n=n)
    else:
        text = ngettext(
            "The board starts empty: each player holds {n} piece and puts them down one at a time on any empty "
            "square; only when all are down do pieces move (nothing is captured while they are put down).",
            "The board starts empty: each player holds {n} pieces and puts them down one at a time on any empty "
            "square; only when all are down do pieces move (nothing is captured while they are put down).",
            n).format(n=n)
    if r.pieces_max is not None and r.pieces_max > n:
        more = ngettext("Before the game the players may agree on more pieces each, up to {most}.",
                        "Before the game the players may agree on more pieces each, up to {most}.",
                        r.pieces_max).format(most=r.pieces_max)
        text = f"{text} {more}"
    return text


def setup(r: RuleOptions) -> str:
    if r.setup == "rows":
        n = r.pieces_per_side
        return ngettext("Each player starts with {n} piece on their own back row (White on row 1, Black on row {height}).",
                        "Each player starts with {n} pieces on their own back row (White on row 1, Black on row {height}).",
                        n).format(n=n, height=r.height)
    if r.setup == "hand":
        return hand(r)
    if r.setup == "given":
        return given(r)
    white, black = r.basileus_squares
    return ngettext(
        "Each player starts with an army of {n}: a back row of Hoplites, a row of Peltasts in front of them, and a "
        "Basileus (king) on {white} for White and {black} for Black.",
        "Each player starts with an army of {n}: a back row of Hoplites, a row of Peltasts in front of them, and a "
        "Basileus (king) on {white} for White and {black} for Black.",
        r.pieces_per_side).format(n=r.pieces_per_side, white=white, black=black)


def moves(r: RuleOptions) -> str:
    if r.dice:
        return _("Two dice are thrown at the start of every turn: a Peltast moves up to the higher number, "
                 "a Hoplite up to the lower one, the Basileus up to the lower one or exactly the higher one; "
                 "a double gives the same player another throw and move.")
    if r.setup == "army":
        if r.hoplite_range is None:
            reach = _("any distance")
        else:
            reach = ngettext("at most {n} square", "at most {n} squares", r.hoplite_range).format(n=r.hoplite_range)
        return _("Every piece slides along a row or a column over empty squares, like a rook in chess: "
                 "Peltasts and the Basileus any distance, a Hoplite {reach}.").format(reach=reach)
    slide = r.reach == "slide"
    if r.jumps == "chains":
        if slide:
            return _("A free counter either slides any number of empty squares along a row or a column, or jumps over "
                     "a piece next to it (of either colour, free or bound) onto the empty square just beyond, and may "
                     "jump again from there, in any direction, never onto a square it has already stood on this turn; "
                     "jumps capture nothing.")
        return _("A free counter either steps to an empty square next to it along a row or a column, or jumps over "
                 "a piece next to it (of either colour, free or bound) onto the empty square just beyond, and may "
                 "jump again from there, in any direction, never onto a square it has already stood on this turn; "
                 "jumps capture nothing.")
    if r.dux != "none":
        if slide:
            text = _("Counters and the dux slide any number of empty squares along a row or a column, like a rook in "
                     "chess, without jumping.")
        else:
            text = _("Counters and the dux step to an empty square next to them along a row or a column (forward, "
                     "back or sideways), never on a slant.")
    elif slide:
        text = _("A piece slides any number of empty squares along a row or a column, like a rook in chess, without jumping.")
    else:
        text = _("A piece steps to an empty square next to it along a row or a column (forward, back or sideways), "
                 "never on a slant.")
    if r.jumps == "dux":
        text = "{} {}".format(text, _("Instead, the dux may jump over an enemy piece next to it onto the empty square "
                                      "just beyond; the jump itself captures nothing."))
    return text


def capture(r: RuleOptions) -> str:
    if r.binding:
        return _("A trapped counter is not captured but bound: an enemy counter caught between the counter you move and "
                 "another free counter of yours, in a row or a column, is bound. A bound counter cannot move and does "
                 "not help to bind; only the player who moves binds.")
    if r.setup == "army":
        return _("You capture an enemy piece by trapping it between the piece you move and another of your "
                 "pieces, in a row or a column; a piece may move between two enemies safely, and the Basileus is "
                 "captured only when enemy pieces hold every square next to it.")
    return _("You capture an enemy piece by trapping it between the piece you move and another of your "
             "pieces, in a row or a column; a piece may move between two enemies safely.")


def dux(r: RuleOptions) -> str:
    if r.dux == "immune":
        return _("The dux is never captured: between two enemies it stays on the board, and walled in on every side "
                 "it just cannot move.")
    if r.dux == "plain":
        return _("The dux is captured like any other piece.")
    return _("There is no dux: all pieces are alike.")


def corner(r: RuleOptions) -> str:
    if r.binding:
        return _("A counter standing in a corner cannot be bound.")
    if r.corner_anvil and r.corner_capture:
        return _("A corner square helps you capture: an enemy piece next to a corner, along the edge, is captured when "
                 "you move onto the square on its other side, whatever stands in the corner; and a piece standing in a "
                 "corner is captured when an enemy piece closes the second of the two squares next to it.")
    if r.corner_anvil:
        return _("A corner square helps you capture: an enemy piece next to a corner, along the edge, is captured when "
                 "you move onto the square on its other side, whatever stands in the corner. A piece standing in a "
                 "corner cannot be captured.")
    if r.corner_capture:
        return _("A piece standing in a corner is captured when an enemy piece closes the second of the two "
                 "squares next to it.")
    return _("A piece standing in a corner cannot be captured.")


def removal(r: RuleOptions) -> str:
    return _("Instead of moving, you may take one bound enemy counter off the board.")


def freeing(r: RuleOptions) -> str:
    return _("A bound counter stays bound only while it stands between two free enemy counters in its row or its "
             "column; as soon as it does not, it is free again.")


def entry(r: RuleOptions) -> str:
    if r.entry_rule:
        return _("A counter may stop between two enemy counters only if stopping there binds an enemy counter.")
    return _("A counter may stop between two enemy counters and stays free.")


def extra(r: RuleOptions) -> str:
    if r.extra_move:
        return _("A piece that captures must move again at once (that piece only); if that move captures too, it "
                 "moves again. If it cannot move, the turn ends.")
    return _("A capture does not earn another move.")


def mandatory(r: RuleOptions) -> str:
    if r.binding:
        if r.mandatory_capture:
            return _("If you can take a bound enemy counter off the board, you must.")
        return _("You never have to bind a counter or take one off.")
    if r.mandatory_capture:
        return _("If you can capture, you must (any capturing move will do).")
    return _("You never have to capture.")


def hoplite_class(r: RuleOptions) -> str:
    if r.hoplite_capture_class:
        return _("A Hoplite is captured only when one of the two pieces trapping it is a Hoplite or the Basileus.")
    return _("A Hoplite is captured by any two enemy pieces, like a Peltast.")


def basileus_class(r: RuleOptions) -> str:
    if r.basileus_capture_class:
        return _("Among the pieces that surround the Basileus there must be two Hoplites (one is enough on an "
                 "edge or in a corner) or the enemy Basileus.")
    return _("Any enemy pieces may surround the Basileus.")


def vagi(r: RuleOptions) -> str:
    if r.vagi:
        return _("A piece that makes a move without landing next to an enemy turns into a vagus (a wanderer); "
                 "a vagus may only move next to an enemy, and turns back when it helps to capture.")
    return _("All pieces are alike: there are no vagi.")


def losing(r: RuleOptions) -> str:
    if r.no_move == "count":
        if r.one_piece_loss:
            return _("A player left with one piece or none loses. When the player to move cannot move, the game "
                     "ends: the player with more pieces wins, and equal is a draw.")
        if r.no_pieces_loss:
            return _("A player whose last piece is taken loses. When the player to move cannot move, the game "
                     "ends: the player with more pieces wins, and equal is a draw.")
        return _("When the player to move cannot move, the game ends: the player with more pieces wins, and equal "
                 "is a draw.")
    if r.binding:  # a turn may also take a bound counter off
        if r.one_piece_loss:
            return _("A player who can neither move nor take a bound counter off loses, and so does a player left "
                     "with one piece or none.")
        if r.no_pieces_loss:
            return _("A player who can neither move nor take a bound counter off loses, and so does a player whose "
                     "last piece is taken.")
        return _("A player who can neither move nor take a bound counter off loses.")
    if r.one_piece_loss:
        return _("A player who cannot move loses, and so does a player left with one piece or none.")
    if r.no_pieces_loss:
        return _("A player who cannot move loses, and so does a player whose last piece is taken; one piece left "
                 "is still enough to play on.")
    return _("A player who cannot move loses.")


def army_victories(r: RuleOptions) -> str:
    if r.army_victories:
        return _("You also win by capturing the enemy Basileus, by taking all enemy Peltasts or all enemy "
                 "Hoplites, or by bringing your Basileus to the enemy's back row.")
    return _("Only the rules above end the game: there is no win by the Basileus or by taking a whole kind of piece.")


def refusal(r: RuleOptions) -> str:
    if r.refusal_limit is None:
        return _("You may keep your pieces away from the enemy as long as you like.")
    n = r.refusal_limit
    return ngettext(
        "A player who moves a piece that cannot reach an enemy, while another of their pieces could, "
        "{n} time in a row loses (refusal of battle).",
        "A player who moves a piece that cannot reach an enemy, while another of their pieces could, "
        "{n} times in a row loses (refusal of battle).", n).format(n=n)


def stall(r: RuleOptions) -> str:
    if r.tiebreak == "pieces_then_ordinarii":
        tie = _("the player with more pieces wins (if equal, the one with more ordinarii)")
    else:
        tie = _("the player with more pieces wins")
    n = r.stall_limit
    if r.binding:
        text = ngettext(
            "After {n} turn in a row without a bound counter taken off (both players' turns counted) the game ends: "
            "{tie}, and equal is a draw.",
            "After {n} turns in a row without a bound counter taken off (both players' turns counted) the game ends: "
            "{tie}, and equal is a draw.", n)
    elif r.extra_move:
        text = ngettext(
            "After {n} move in a row without a capture (both players' moves counted, extra moves too) the game "
            "ends: {tie}, and equal is a draw.",
            "After {n} moves in a row without a capture (both players' moves counted, extra moves too) the game "
            "ends: {tie}, and equal is a draw.", n)
    else:
        text = ngettext(
            "After {n} move in a row without a capture (both players' moves counted) the game ends: {tie}, and "
            "equal is a draw.",
            "After {n} moves in a row without a capture (both players' moves counted) the game ends: {tie}, and "
            "equal is a draw.", n)
    return text.format(n=n, tie=tie)


def repetition(r: RuleOptions) -> str:
    if r.repetition:
        return _("If the same position comes up for the third time, the game ends in the same way.")
    return _("Repeating a position does not end the game.")


def first(r: RuleOptions) -> str:
    if r.first_player == "w":
        return _("White plays first.")
    return _("Black plays first.")
