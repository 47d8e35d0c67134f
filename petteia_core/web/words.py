"""Every word the boards say, in one place: side names, ruleset names, level names, moves and
results in words, the sentences of the boards' states and of the errors a reader can meet. Every
sentence comes from the gettext catalog (:mod:`.i18n`, English msgids). The build writes the parts
the front end needs into ``docs/assets/vendor/words.mjs`` (:func:`front_end`, written by
``site_scripts/build/vendor.py``), so the play page and the trainer import them instead of keeping copies.
"""

from __future__ import annotations

from typing import Any

from ..board import square_name
from ..moves import Move
from ..puzzles import RULESETS as PUZZLE_COLLECTION
from .i18n import gettext_noop as N_, gettext as _, ngettext

#: The two sides, as the facade names them ("w"/"b") (msgids: look them up with :func:`side_name`).
SIDE_NAMES = {"w": N_("White"), "b": N_("Black")}

#: The rulesets in the order the pages offer them, with their names (msgids: :func:`ruleset_name`).
RULESET_NAMES = {
    "classic": N_("Classic Petteia"),
    "vagi": N_("Ordinarii and vagi"),
    "poleis": N_("Poleis"),
    "tournament": N_("Tournament Petteia"),
    "kubeia": N_("Kubeia"),
    "duodecim": N_("Ludus duodecim scriptorum"),
    # Ludus latrunculorum (RULES.md §9): each board names the modern reconstruction it follows.
    "latrunculi-quintana": N_("Latrunculi: Museum Quintana"),
    "latrunculi-kowalski": N_("Latrunculi: Kowalski 12×8"),
    "latrunculi-kowalski-11x10": N_("Latrunculi: Kowalski 11×10"),
    "latrunculi-bell": N_("Latrunculi: Bell 8×8"),
    "latrunculi-bell-7x8": N_("Latrunculi: Bell 7×8"),
    "latrunculi-piso": N_("Latrunculi: Locus Ludi (Piso)"),
    "latrunculi-schaedler": N_("Latrunculi: Schädler 2001"),
    "latrunculi-schaedler-1994": N_("Latrunculi: Schädler 1994"),
}

#: The rulesets of the puzzle collection (its trainer's filter): the games with puzzles.
PUZZLE_RULESETS = PUZZLE_COLLECTION

#: Why a game ended, in plain words ({winner} / {loser} are side names).
REASON_WORDS = {
    "siege": N_("{loser} is hemmed in and cannot move"),
    "one piece": N_("{loser} is down to a single piece"),
    "stalled": N_("too many moves without a capture; the side with more pieces wins"),
    "rout": N_("{loser}'s army is routed"),
    "decimation": N_("{loser} has lost too many pieces"),
    "breakthrough": N_("{winner} has broken through the enemy lines"),
    "refusal of battle": N_("{loser} refused battle too many times in a row"),
    "superiority": N_("the game stalled and {winner} has more pieces"),
    "equal forces": N_("the game stalled with equal forces"),
    "resignation": N_("{loser} resigned"),
    "agreement": N_("the players agreed to a draw"),
    "borne off": N_("{winner} has borne off all fifteen pieces"),
    "time": N_("{loser}'s time ran out"),
    "no pieces": N_("{loser} has no pieces left"),
}

#: The short names of the reasons, as a page's board says them ('White wins (rout), 1-0.').
REASON_NAMES = {
    "siege": N_("siege"), "one piece": N_("one piece"), "stalled": N_("stalled"), "rout": N_("rout"),
    "decimation": N_("decimation"), "breakthrough": N_("breakthrough"),
    "refusal of battle": N_("refusal of battle"), "superiority": N_("superiority"),
    "equal forces": N_("equal forces"), "resignation": N_("resignation"), "agreement": N_("agreement"),
    "borne off": N_("borne off"), "time": N_("time"), "no pieces": N_("no pieces"),
}


def side(turn: int | str) -> str:
    """The engine gives the side to move as 0/1 (or 'w'/'b'); the facade always says 'w'/'b'."""
    if turn in (0, "w"):
        return "w"
    if turn in (1, "b"):
        return "b"
    raise ValueError(f"unknown side {turn!r}")


def side_name(turn: int | str) -> str:
    """'White' or 'Black', in the language in use."""
    return _(SIDE_NAMES[side(turn)])


#: The puzzles' themes (petteia_core.puzzles.THEMES), as the trainer and the worksheets name them.
THEME_NAMES = {
    "single capture": N_("single capture"), "double capture": N_("double capture"),
    "triple capture": N_("triple capture"), "corner capture": N_("corner capture"),
    "basileus enclosure": N_("basileus enclosure"), "sacrifice": N_("sacrifice"), "siege": N_("siege"),
    "vagus trap": N_("vagus trap"), "placement trap": N_("placement trap"), "defence": N_("defence"),
    "breakthrough": N_("breakthrough"), "decimation": N_("decimation"), "one piece": N_("one piece"),
    "hit": N_("hit"), "safe play": N_("safe play"), "binding": N_("binding"), "jump chain": N_("jump chain"),
}


def theme_name(theme: str) -> str:
    """A puzzle theme's name in the language in use (an unknown theme: as written)."""
    return _(THEME_NAMES[theme]) if theme in THEME_NAMES else theme


def ruleset_name(ruleset: str) -> str:
    """A ruleset's name in the language in use (an unknown ruleset: its id)."""
    return _(RULESET_NAMES[ruleset]) if ruleset in RULESET_NAMES else ruleset


#: The computer's level names (petteia_core.ai.LEVELS keeps them in English), as msgids.
LEVEL_NAMES = {name: name for name in (N_("Beginner"), N_("Novice"), N_("Player"), N_("Strong"), N_("Master"))}


def level_names() -> dict[int, str]:
    """The computer's levels by number, in the language in use (petteia_core.ai.LEVELS; imported
    only when asked)."""
    from ..ai.levels import LEVELS

    return {n: _(LEVEL_NAMES.get(lv.name, lv.name)) for n, lv in LEVELS.items()}


def result_sentence(score: str, reason: str, winner: str | None, *, brief: bool = False) -> str:
    """A result in words.

    The play page's sentence says why: 'Black wins: White resigned (0-1).'; a page's board
    (``brief``) names the reason only: 'White wins (rout), 1-0.'.
    """
    if brief:
        why = _(REASON_NAMES[reason]) if reason in REASON_NAMES else reason
        if winner is None:
            return _("Draw ({reason}), {score}.").format(reason=why, score=score)
        return _("{side} wins ({reason}), {score}.").format(side=side_name(winner), reason=why, score=score)
    win = side_name(winner) if winner else ""
    lose = side_name("b" if winner == "w" else "w") if winner else ""
    if reason == "stalled" and not winner:  # Ludus latrunculorum: stalled with as many pieces each
        why = _("too many moves without a capture, with equal pieces")
    else:
        why = (_(REASON_WORDS[reason]) if reason in REASON_WORDS else reason).format(winner=win, loser=lose)
    if winner:
        return _("{side} wins: {why} ({score}).").format(side=win, why=why, score=score)
    return _("Draw: {why} ({score}).").format(why=why, score=score)


def to_move(turn: str, computer: str | None = None) -> str:
    """'White to move.', and who that is when the computer plays one side."""
    if computer is None:
        return _("{side} to move.").format(side=side_name(turn))
    if computer == turn:
        return _("{side} to move (the computer).").format(side=side_name(turn))
    return _("{side} to move (you).").format(side=side_name(turn))


def status_sentence(turn: str, *, result: str | None = None, computer: str | None = None,
                    dice: tuple[int, int] | list[int] | None = None, extra: str = "", last: str = "") -> str:
    """The status line under a board, one sentence for every kind of board.

    ``result``: the result's sentence ('Game over. White wins: …'); ``computer``: the side the computer
    plays, if it plays one ('White to move (you).'); ``extra``: what the turn has so far
    ('Steps so far: A8-A11*.'); ``last``: the last move or turn ('Last move Α1-Α3.').

    >>> status_sentence("w", dice=(5, 3), last="Last move Α1-Α3.")
    'White to move. Dice: 5–3. Last move Α1-Α3.'
    >>> status_sentence("b", computer="b")
    'Black to move (the computer).'
    """
    if result is not None:
        parts = [_("Game over. {result}").format(result=result)]
    else:
        parts = [to_move(turn, computer)]
        if dice:
            parts.append(_("Dice: {a}–{b}.").format(a=dice[0], b=dice[1]))
        if extra:
            parts.append(extra)
    if last:
        parts.append(last)
    return " ".join(parts)


def placement_sentence(left: int) -> str:
    """Poleis' placement phase, after 'White to move.': 'Place a piece on an empty square (3 left).'."""
    return ngettext("Place a piece on an empty square ({n} left).", "Place a piece on an empty square ({n} left).",
                    left).format(n=left)


def last_move_sentence(text: str) -> str:
    """The status line's last move: 'Last move Α1-Α3.'."""
    return _("Last move {move}.").format(move=text)


def last_turn_sentence(turn: str, text: str) -> str:
    """The status line's last Duodecim turn: 'Last turn: White 53 A8-A11 A1-A6.'."""
    return _("Last turn: {side} {turn}.").format(side=side_name(turn), turn=text)


def steps_so_far(text: str) -> str:
    return _("Steps so far: {steps}.").format(steps=text)


def void_roll() -> str:
    return _("No piece can move: the roll is void.")


def restricted_sentence(squares: list[str], *, capture: bool, dice: Any = None) -> str:
    """Why a piece that cannot move now cannot: a compulsory capture, or the roll (said when the
    reader clicks another piece)."""
    which = and_list(squares)
    if capture:
        return ngettext("A capture is compulsory: only {squares} can move, and it must capture.",
                        "A capture is compulsory: only {squares} can move, and each of them must capture.",
                        len(squares)).format(squares=which)
    return _("With {a} and {b} this piece cannot move: the roll decides how far a piece goes.").format(
        a=dice[0], b=dice[1])


def puzzle_source(source: str) -> str:
    """Where a puzzle comes from, as a reader is told: a puzzle the computer made is said so in
    plain words (the seed and ply of its making are for the collection's makers); a puzzle from a
    book or a page keeps its citation."""
    if source.startswith(("generated from self-play", "composed endgame")):
        return _("Made by the computer from its own games, and checked by its solver.")
    return source


def dice_words(dice: tuple[int, int] | list[int]) -> str:
    """'Dice: 5 and 3.' (a description read aloud)."""
    return _("Dice: {a} and {b}.").format(a=dice[0], b=dice[1])


def board_description(*, line: str | None, turn: str, dice: Any, result: str | None, pieces: str,
                      hand: tuple[int, int] | None, last: str | None) -> str:
    """What a screen reader reads of a custodian board: the line, whose turn (or the result), the
    pieces, the pieces in hand and the last move."""
    parts = [line] if line else []
    if result is None:
        parts.append(_("{side} to move.").format(side=side_name(turn)))
        if dice:
            parts.append(dice_words(dice))
    else:
        parts.append(_("Game over: {result}").format(result=result))
    parts.append(pieces)
    if hand:
        parts.append(_("In hand: White {white}, Black {black}.").format(white=hand[0], black=hand[1]))
    if last:
        parts.append(_("Last move: {move}.").format(move=last))
    return " ".join(parts)


def duodecim_description(*, turn: str, dice: Any, so_far: str, result: str | None,
                         hand: Any, bar: Any, off: Any) -> str:
    """What a screen reader reads of a Duodecim board: whose turn and the roll (or the result), the
    steps chosen so far and where each side's pieces are."""
    if result is not None:
        parts = [_("Game over: {result}").format(result=result)]
    else:
        parts = [_("{side} to move.").format(side=side_name(turn))]
        if dice:
            parts.append(dice_words(dice))
        if so_far:
            parts.append(steps_so_far(so_far))
    for k, who in enumerate(("w", "b")):
        parts.append(_("{side}: {hand} to enter, {bar} hit, {off} borne off.").format(
            side=side_name(who), hand=hand[k], bar=bar[k], off=off[k]))
    return " ".join(parts)


def duodecim_board_title() -> str:
    return _("Duodecim scripta board")


def position_after_move(ply: int, move: str | None, pieces: str) -> str:
    """An earlier position of a custodian game, for a screen reader."""
    said = move if move is not None else _("the start")
    return _("Position after move {ply} ({move}).").format(ply=ply, move=said) + " " + pieces


def position_after_turn(ply: int, turn: str | None) -> str:
    """An earlier position of a Duodecim game, for a screen reader."""
    said = turn if turn is not None else _("the start")
    return _("Position after turn {ply}: {turn}.").format(ply=ply, turn=said)


def position_after_turns_title(ply: int) -> str:
    return _("Position after {ply} turns").format(ply=ply)


def and_list(items: list[str]) -> str:
    """'5', '5 and 3', '6, 6 and 6'."""
    if len(items) == 1:
        return items[0]
    return _("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])


def step_sentence(side: str, dice: tuple[int, int] | list[int], step: dict[str, Any] | None, *, waiting: bool,
                  after: dict[str, Any]) -> str:
    """What one die of a Duodecim turn did, for the spoken line: the step (``None``: a void roll,
    passed), then what follows in ``after`` (the new state): the next roll, the result, or how
    many choices the next die has.

    >>> after = {"result": None, "prefix": ["A8-A11*"], "steps": [{}, {}]}
    >>> step_sentence("w", (5, 3), {"from": "A8", "to": "A11", "die": 3, "hit": True}, waiting=False, after=after)
    'White moves A8-A11 with the 3, hitting the black piece there: it must come back in. Next step: 2 choices.'
    """
    who = side_name(side)
    if step is None:
        text = _("{side} cannot move with {a} and {b}: the roll is void.").format(side=who, a=dice[0], b=dice[1])
    else:
        if step["from"] == "enter" and waiting:
            did = _("{side} brings a hit piece back on {to} with the {die}")
        elif step["from"] == "enter":
            did = _("{side} enters a piece on {to} with the {die}")
        elif step["to"] == "off":
            did = _("{side} bears a piece off from {frm} with the {die}")
        else:
            did = _("{side} moves {frm}-{to} with the {die}")
        text = did.format(side=who, frm=step["from"], to=step["to"], die=step["die"])
        if step["hit"]:
            hit = (_("{did}, hitting the white piece there: it must come back in.") if side == "b"
                   else _("{did}, hitting the black piece there: it must come back in."))
            text = hit.format(did=text)
        else:
            text += "."
    if after["result"]:
        return f"{text} {after['result']['text']}"
    turn = after.get("last_turn")
    if step is None or after["prefix"] == []:
        lost = [str(d) for d in (turn or {}).get("unused", [])]
        if lost and turn["steps"]:
            text += " " + ngettext("The {dice} cannot be used and is lost.", "The {dice} cannot be used and are lost.",
                                   len(lost)).format(dice=and_list(lost))
        d = after["dice"]
        text += " " + _("{side} rolls {a} and {b}.").format(side=side_name(after["turn"]), a=d[0], b=d[1])
        if after["void"]:
            text += " " + void_roll()
        return text
    n = len(after["steps"])
    return text + " " + ngettext("Next step: {n} choice.", "Next step: {n} choices.", n).format(n=n)


def turn_played(side: str, turn: str, status: str) -> str:
    """A whole Duodecim turn played (the spoken line), then the status line."""
    return _("{side} plays {turn}.").format(side=side_name(side), turn=turn) + " " + status


def move_words(move: Move, width: int) -> str:
    """A move in words for screen readers: 'Β2-Β6, captured Γ6' or 'placed on Δ4'."""
    if move.removal:
        return _("removed the bound piece on {square}").format(square=square_name(move.to, width))
    if move.frm is None:
        words = _("placed on {square}").format(square=square_name(move.to, width))
    else:
        words = "-".join(square_name(sq, width) for sq in (move.frm, *move.path, move.to))
    if move.captures:
        taken = ", ".join(square_name(c, width) for c in move.captures)
        words = _("{move}, captured {squares}").format(move=words, squares=taken)
    if move.bound:
        held = ", ".join(square_name(c, width) for c in move.bound)
        words = _("{move}, bound {squares}").format(move=words, squares=held)
    return words


def line_move_words(move: Move, width: int) -> str:
    """A move of a board's line: 'Η6-Γ6xΒ6, captures Β6' (the notation, then the captures)."""
    text = move.text(width)
    if move.captures:
        taken = ", ".join(square_name(c, width) for c in move.captures)
        text = _("{move}, captures {squares}").format(move=text, squares=taken)
    return text


#: At most this much of the reader's input is repeated in a message.
ECHO_CHARS = 32


def clip(text: str, limit: int = ECHO_CHARS) -> str:
    """``text`` shortened to ``limit`` characters (with an ellipsis), for echoing input back."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def game_over(result: Any) -> str:
    """The refusal of a verb once the game is over."""
    return _("the game is over: {result}").format(result=result)


#: Refusals met on several kinds of board, in one place.
NEEDS_ID = N_("a board needs a non-empty id")
PUZZLE_IS_YOURS = N_("a puzzle is for you to solve: ask for a hint or the solution")
COMPUTERS_TURN = N_("it is the computer's turn: wait for its move")
NO_DRAWS = N_("Duodecim scripta has no draws")


def front_end() -> dict[str, Any]:
    """What the front end imports (docs/assets/vendor/words.mjs): sides, rulesets, levels, the
    game review's marks (symbol and least loss in pieces, petteia_core.ai.review), in the language
    in use (the pages' own sentences are their catalog's: site_scripts/build/catalog.py)."""
    from ..ai.review import MARKS, THRESHOLDS  # build time only: the worker's start never imports the AI

    least = dict(THRESHOLDS)
    return {
        "SIDES": {k: _(v) for k, v in SIDE_NAMES.items()},
        "RULESETS": {k: _(v) for k, v in RULESET_NAMES.items()},
        "LEVELS": {str(n): name for n, name in level_names().items()},
        "MARKS": {mark: {"symbol": symbol, "least": least.get(mark, 0)} for mark, symbol in MARKS.items()},
    }


def front_end_module(languages: dict[str, dict[str, Any]] | None = None) -> str:
    """:func:`front_end` as an ES module (one named export per table), in the page's language.

    ``languages`` maps a language to its :func:`front_end` tables (made with that language in use);
    without it, the language in use only. The module picks the tables of the page's ``<html
    lang>`` (English where it has none), as docs/assets/js/i18n.js does for the pages' words."""
    import json

    tables = languages or {"en": front_end()}
    lines = [
        "// Generated by site_scripts/build/vendor.py from petteia_core/web/words.py: do not edit.",
        f"const TABLES = {json.dumps(tables, ensure_ascii=False)};",
        'const LANG = (globalThis.document?.documentElement?.lang || "en").split("-")[0].toLowerCase();',
        f"const WORDS = TABLES[LANG] ?? TABLES[{json.dumps(next(iter(tables)))}];",
    ]
    for name in front_end():
        lines.append(f"export const {name} = Object.freeze(WORDS.{name});")
    return "\n".join(lines) + "\n"


#: A page's board's game, as its SVG title names it (the tournament rule book's own titles are
#: the cited work's, kept as they are); Ludus latrunculorum boards name their reconstruction.
BOARD_GAMES = {
    "classic": N_("Classic Petteia"),
    "vagi": N_("Petteia with ordinarii and vagi"),
    "poleis": N_("Poleis"),
    "tournament": "Petteia pros skiamachian",
    "kubeia": "Kubeia pros skiamachian",
    "duodecim": N_("Ludus duodecim scriptorum"),
}


def board_title(ruleset: str, side: str | None = None) -> str:
    """A page's board's SVG title: 'Classic Petteia, White to move' (side ``w``/``b`` or none)."""
    from ..render.description import LATRUNCULI_TITLES

    if ruleset in LATRUNCULI_TITLES:
        game = f"Ludus latrunculorum, {_(LATRUNCULI_TITLES[ruleset])}"
    else:
        game = _(BOARD_GAMES[ruleset]) if ruleset in BOARD_GAMES else ruleset
    if side not in SIDE_NAMES:
        return game
    return _("{game}, {side} to move").format(game=game, side=_(SIDE_NAMES[side]))
