"""The workshop's ops (docs/lab/workshop.md, issue #15): a variant's rules in words, and quick
self-play one game per call, so the page shows its progress after every game and cancels a run
by no longer asking.

A variant is a preset and its changed options as text (``{"corner_capture": "true"}``, the words
of :func:`petteia_core.options.format_options`). Unknown or inconsistent options raise
:class:`PetteiaError` with the sentence the page shows.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..errors import PetteiaError
from ..options import ALL_OPTION_NAMES, PRESETS, RuleOptions, format_options, option_changes, read_options, variant
from .i18n import gettext as _, ngettext
from .words import ruleset_name

if TYPE_CHECKING:
    from ..lab import GameRow

# petteia_core.lab (and the computer it plays with) is imported on first use: pages without the
# workshop never pay for it.

#: The computer's level in workshop self-play: the weakest, so that a game takes a moment.
SELFPLAY_LEVEL = 1
#: Longest workshop self-play game, in single moves; longer games count as unfinished.
SELFPLAY_CAP = 200
#: How many games one workshop run may have.
MIN_GAMES, MAX_GAMES = 1, 100


def workshop_rules(ruleset: Any = "classic", options: Any = None) -> RuleOptions:
    """The rules of preset ``ruleset`` (Petteia's or a Ludus latrunculorum reconstruction,
    ``options.PRESETS``) with ``options`` ({name: text}) changed."""
    if not isinstance(ruleset, str) or ruleset not in PRESETS:
        raise PetteiaError(f"unknown preset {ruleset!r}; the workshop starts from {', '.join(PRESETS)}")
    if options is None:
        return PRESETS[ruleset]
    if not isinstance(options, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in options.items()):
        raise PetteiaError("options are given as {name: text}, e.g. {\"corner_capture\": \"true\"}")
    return check_workshop(variant(ruleset, options))


def check_workshop(rules: RuleOptions) -> RuleOptions:
    """``rules`` if the workshop can say and play them, else PetteiaError: what the engine accepts
    but would not do as the rules in words say (a dux rule on a given start without a dux; refusal
    of battle, which the Ludus latrunculorum moves do not count)."""
    problems = []
    if rules.setup == "given" and rules.dux != "none" and "D" not in (rules.start_position or ""):
        problems.append("dux needs a start_position with a dux")
    if rules.refusal_limit is not None and rules.extended:
        problems.append("refusal_limit cannot be combined with the latrunculi options")
    if problems:
        raise PetteiaError("inconsistent options: " + "; ".join(problems))
    return rules


def describe(rules: RuleOptions) -> dict[str, Any]:
    """What the page shows of a variant: its preset, changed options (as link words), every option's
    value as text (to fill the form) and the rules in sentences."""
    from ..lab.rule_text import rule_lines

    changes = option_changes(rules)
    name = ruleset_name(rules.name)
    count = len(changes)
    title = name if not count else ngettext("{name}, with {n} change", "{name}, with {n} changes", count).format(
        name=name, n=count)
    return {
        "ok": True,
        "ruleset": rules.name,
        "title": title,
        "options": format_options(changes),
        "values": read_options(format_options({name: getattr(rules, name) for name in ALL_OPTION_NAMES})),
        "rules": [{"topic": line.topic, "text": line.text, "changed": line.changed} for line in rule_lines(rules)],
    }


def rule_text(ruleset: Any = "classic", options: Any = None) -> dict[str, Any]:
    """The rules of a variant in plain sentences, one per rule (see :func:`describe`). Options that
    do not fit together come back as ``{"ok": false, "error": the engine's sentence, "problems":
    [{"options": [names], "text": a reader's sentence}]}`` (workshop_problems.py), which the page
    shows beside the control the reader changed."""
    try:
        return describe(workshop_rules(ruleset, options))
    except PetteiaError as exc:
        from .workshop_problems import reader_problems

        return {"ok": False, "error": str(exc), "problems": reader_problems(ruleset, options)}


# ------------------------------------------------------------------ quick self-play
@dataclass
class SelfPlayRun:
    """A run of the workshop: ``games`` games of ``rules`` at :data:`SELFPLAY_LEVEL`, seeded."""

    rules: RuleOptions
    games: int
    seed: int
    rows: list[GameRow] = field(default_factory=list)

    def command(self) -> str:
        """The command line that plays the same games (``python -m petteia_core selfplay``)."""
        options = "".join(f" --option {word}" for word in format_options(option_changes(self.rules)).split())
        return (f"python -m petteia_core selfplay {self.rules.name}{options} --games {self.games} "
                f"--level {SELFPLAY_LEVEL} --seed {self.seed} --max-plies {SELFPLAY_CAP}")

    def reply(self) -> dict[str, Any]:
        from ..lab import summarise

        return {
            "ok": True,
            "played": len(self.rows),
            "games": self.games,
            "done": len(self.rows) >= self.games,
            "seed": self.seed,
            "level": SELFPLAY_LEVEL,
            "cap": SELFPLAY_CAP,
            "command": self.command(),
            "summary": summarise(self.rows),
        }


_runs: dict[str, SelfPlayRun] = {}


def selfplay_start(run_id: Any, ruleset: Any = "classic", options: Any = None, games: Any = 10,
                   seed: Any = None) -> dict[str, Any]:
    """Start a run of ``games`` self-play games under ``run_id`` (replacing any run there); no game
    is played yet. ``seed`` (a whole number) makes the run reproducible; without it one is drawn."""
    if not isinstance(run_id, str) or not run_id:
        raise PetteiaError("a self-play run needs a non-empty id")
    rules = workshop_rules(ruleset, options)
    if isinstance(games, bool) or not isinstance(games, int) or not MIN_GAMES <= games <= MAX_GAMES:
        raise PetteiaError(_("a run has {least} to {most} games, not {games}").format(
            least=MIN_GAMES, most=MAX_GAMES, games=repr(games)))
    if seed is None:
        seed = random.randrange(1_000_000)
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise PetteiaError(f"seed must be a whole number from 0, not {seed!r}")
    run = _runs[run_id] = SelfPlayRun(rules, games, seed)
    return run.reply()


def selfplay_next(run_id: Any) -> dict[str, Any]:
    """Play the next game of run ``run_id``; the reply has the game's row (without its record)
    and the figures of every game played so far."""
    run = _runs.get(run_id) if isinstance(run_id, str) else None
    if run is None:
        raise PetteiaError(f"no self-play run {run_id!r} is under way")
    if len(run.rows) >= run.games:
        raise PetteiaError(f"the run has played all its {run.games} games")
    from ..lab import play_game

    row = play_game(run.rules, SELFPLAY_LEVEL, run.seed, len(run.rows), max_plies=SELFPLAY_CAP)
    run.rows.append(row)
    reply = run.reply()
    reply["row"] = {k: v for k, v in dataclasses.asdict(row).items() if k != "record"}
    return reply


def selfplay_stop(run_id: Any) -> dict[str, Any]:
    """Forget run ``run_id`` (cancelled or finished); stopping a run that is not there is no error."""
    if isinstance(run_id, str):
        _runs.pop(run_id, None)
    return {"ok": True}

