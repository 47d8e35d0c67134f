"""What the puzzles say: goals, why a wrong move fails (found by the puzzle solver), a wrong
Duodecim turn, and the trainer's lines. Every sentence comes from the catalog (:mod:`.i18n`).

A stored puzzle keeps its goal as English text (``goal_text``, written by the generator); the
trainer says it from the goal's kind and number instead, so a translation can say it too.
"""

from __future__ import annotations

from typing import Any

from ..puzzles import Puzzle
from ..puzzles.solver import CustodianSolver, move_of
from .i18n import gettext_noop as N_, gettext as _, ngettext
from .words import REASON_NAMES, and_list, side_name

#: The trainer's lines, said from the catalog where they are used.
FIND_MOVE = N_("Find the best move.")
TRY_AGAIN = N_("Try again: find the best move.")
CHOOSE_TURN = N_("Play the whole turn on the board, one die at a time.")
TRY_TURN = N_("Try again: play the whole turn on the board, one die at a time.")
SOLVED = N_("Solved!")


def goal_clause(kind: str, n: int) -> str:
    """What the reader must do: 'capture two pieces with one move.'."""
    if kind == "capture":
        return {1: _("capture a piece with one move."), 2: _("capture two pieces with one move."),
                3: _("capture three pieces with one move.")}.get(n) or ngettext(
            "capture {n} piece with one move.", "capture {n} pieces with one move.", n).format(n=n)
    if kind in ("rout", "siege", "win"):
        if n == 1:
            return {"rout": _("capture the enemy Basileus in one move, whatever the defence (rout)."),
                    "siege": _("leave the opponent without a legal move in one move (siege)."),
                    "win": _("win in one move, whatever the defence.")}[kind]
        return {"rout": _("capture the enemy Basileus in {n} moves, whatever the defence (rout)."),
                "siege": _("leave the opponent without a legal move in {n} moves (siege)."),
                "win": _("win in {n} moves, whatever the defence.")}[kind].format(n=n)
    if kind == "save":
        return _("play so that the opponent has no capture at all.")
    if kind == "bind":
        return {1: _("bind an enemy counter with one move."), 2: _("bind two enemy counters with one move."),
                3: _("bind three enemy counters with one move.")}.get(n) or ngettext(
            "bind {n} enemy counter with one move.", "bind {n} enemy counters with one move.", n).format(n=n)
    if kind == "hit":
        return _("hit two blots with this roll.") if n > 1 else _("hit a blot with this roll.")
    if kind == "safe":
        return _("leave no blot within direct shot (1–6 points) of an enemy piece.")
    return _("hit a blot and leave no blot of your own within direct shot.")


def goal_sentence(p: Puzzle) -> str:
    """The puzzle's goal: 'White to move: capture two pieces with one move.' ('to play' in Duodecim)."""
    if p.goal is None:
        return p.goal_text
    side = p.position.split()[1] if len(p.position.split()) > 1 else "w"
    template = _("{side} to play: {goal}") if p.ruleset == "duodecim" else _("{side} to move: {goal}")
    return template.format(side=side_name(side), goal=goal_clause(p.goal.kind, p.goal.n))


def solved_sentence(p: Puzzle, move: str) -> str:
    """The reader's last move solved the puzzle: 'Solved! Β2-Β6 — win in one move, …'."""
    if p.goal is None:
        return _(SOLVED)
    return _("Solved! {move} — {goal}").format(move=move, goal=goal_clause(p.goal.kind, p.goal.n))


def refute(p: Puzzle, pos: Any, move: Any, remaining: int) -> tuple[str, Any]:
    """Why ``move`` (not a solution move) fails in ``pos``: (explanation, the refuting reply or None)."""
    width = pos.width
    goal = p.goal
    text = move.text(width)
    if goal is None:
        return _("{move} is not the answer: try again.").format(move=text), None
    child = pos.play(move)
    solver = CustodianSolver(pos, goal)
    if goal.kind == "capture":
        k = len(move.captures)
        if k < goal.n:
            if k == 0:
                return ngettext("{move} captures nothing: the goal is to capture {n} piece.",
                                "{move} captures nothing: the goal is to capture {n} pieces.",
                                goal.n).format(move=text, n=goal.n), None
            aim = ngettext("the goal is to capture {n} piece", "the goal is to capture {n} pieces",
                           goal.n).format(n=goal.n)
            return ngettext("{move} captures only {k} piece: {aim}.", "{move} captures only {k} pieces: {aim}.",
                            k).format(move=text, k=k, aim=aim), None
        return _("{move} captures, but it loses the game.").format(move=text), None
    if goal.kind == "bind":
        k = len(move.bound)
        if k == 0:
            return ngettext("{move} binds nothing: the goal is to bind {n} counter.",
                            "{move} binds nothing: the goal is to bind {n} counters.", goal.n).format(
                move=text, n=goal.n), None
        return ngettext("{move} binds only {k} counter: the goal is to bind {n}.",
                        "{move} binds only {k} counters: the goal is to bind {n}.", k).format(
            move=text, k=k, n=goal.n), None
    r = child.result
    if r is not None and solver.success(child) is False:
        reason = _(REASON_NAMES[r.reason]) if r.reason in REASON_NAMES else r.reason
        return _("{move} ends the game, but not as the goal asks ({reason}).").format(move=text, reason=reason), None
    missed = _("{move} does not reach the goal.").format(move=text)
    if child.turn == solver.side:
        return missed, None
    if pos.rules.dice:
        # Kubeia: the reply depends on the next roll; name one that refutes.
        if goal.kind == "save":
            for hi in range(6, 0, -1):
                for lo in range(hi, 0, -1):
                    rolled = child.with_dice((hi, lo))
                    for d in solver.pairs(rolled):
                        if rolled.captures_of(*d)[0]:
                            reply = move_of(rolled, d).text(width)
                            return _("After {move}, a roll of {roll} lets the reply {reply} capture.").format(
                                move=text, roll=f"{hi}{lo}", reply=reply), None
        return missed, None
    if goal.kind == "save":
        best = None
        for d in solver.pairs(child):
            caps = child.captures_of(*d)[0].bit_count()
            if caps and (best is None or caps > best[0]):
                best = (caps, d)
        if best is not None:
            reply = move_of(child, best[1])
            return ngettext(
                "After {move}, the reply {reply} captures {n} piece: the goal was to leave no capture.",
                "After {move}, the reply {reply} captures {n} pieces: the goal was to leave no capture.",
                best[0]).format(move=text, reply=reply.text(width), n=best[0]), reply
        return _("{move} does not meet the goal.").format(move=text), None
    res = solver.resistance(child, remaining - 1) if remaining > 1 else None
    if res:
        best_k = max(k for k, _k in res)
        d = next(x for k, x in res if k == best_k)
    else:
        ps = solver.pairs(child)
        if not ps:
            return missed, None
        d = ps[0]
    reply = move_of(child, d)
    if goal.kind == "siege":
        # What the move allows: how many of the opponent's pieces can still move, and the reply that keeps a way out.
        movers = len({frm for frm, _to in solver.pairs(child)})
        return ngettext(
            "After {move}, {side} can still move {n} piece, and the reply {reply} keeps a way out: you can no "
            "longer win by siege in the moves the puzzle allows.",
            "After {move}, {side} can still move {n} pieces, and the reply {reply} keeps a way out: you can no "
            "longer win by siege in the moves the puzzle allows.",
            movers).format(move=text, side=side_name(child.turn), n=movers, reply=reply.text(width)), reply
    holds = {
        "rout": N_("After {move}, the reply {reply} holds: you can no longer capture the Basileus in the moves "
                   "the puzzle allows."),
        "win": N_("After {move}, the reply {reply} holds: you can no longer win in the moves the puzzle allows."),
    }.get(goal.kind, N_("After {move}, the reply {reply} holds: you can no longer reach the goal in the moves "
                        "the puzzle allows."))
    return _(holds).format(move=text, reply=reply.text(width)), reply


def turn_fails(shown: str, kind: str, n: int, hits: int, blots: list[str]) -> str:
    """Why a whole Duodecim turn does not answer its puzzle: 'A8-A11 fails: it hits no blot.'."""
    reasons = []
    if kind in ("hit", "hit_safe") and hits < n:
        reasons.append(_("it hits no blot") if hits == 0 else
                       ngettext("it hits only {n} blot", "it hits only {n} blots", hits).format(n=hits))
    if kind in ("safe", "hit_safe") and blots:
        reasons.append(_("it leaves a blot within direct shot on {points}").format(points=", ".join(blots)))
    why = and_list(reasons) if reasons else _("it does not meet the goal")
    return _("{turn} fails: {why}.").format(turn=shown, why=why)
