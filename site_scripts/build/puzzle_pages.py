"""MkDocs hook (mkdocs.yml `hooks:`): generates the printable puzzle sheet ``puzzles/sheets.md``.

The page is not a file in ``docs/``: :func:`on_files` adds it to the build with Markdown written
from the stored collection (``petteia_core.puzzles``), one static ```petteia fence per puzzle, so
the boards are drawn as SVG at build time like any other; the answer key comes at the end.
``python -m site_scripts.build.puzzle_pages`` prints the Markdown.
"""

from __future__ import annotations

from pathlib import Path

from mkdocs.plugins import event_priority

from petteia_core.web.words import RULESET_NAMES

ROOT = Path(__file__).resolve().parents[2]

SHEET_URI = "puzzles/sheets.md"
PER_GAME = 4  # puzzles per game on the sheet, easiest first

# The games' display names, as the trainer shows them.
GAME_TITLES = RULESET_NAMES


def roll_note(p) -> str:
    """' Roll: 6 and 3.' — the roll of a Duodecim puzzle, or of a Kubeia position (``dice=63``)."""
    roll = p.roll
    if roll is None:
        roll = next((w[5:] for w in p.position.split()[2:] if w.startswith("dice=")), None)
    return f" Roll: {roll[0]} and {roll[1]}." if roll else ""


def sheet_puzzles(per_game: int = PER_GAME) -> list:
    """The sheet's puzzles: per game, the first ``per_game`` by difficulty then id (deterministic)."""
    from petteia_core.puzzles import RULESETS, load_puzzles

    out = []
    for ruleset in RULESETS:
        ps = sorted(load_puzzles(ruleset), key=lambda p: (p.difficulty, p.id))
        # Spread over the difficulties: take every k-th puzzle of the sorted list.
        if len(ps) > per_game:
            step = len(ps) / per_game
            ps = [ps[int(i * step)] for i in range(per_game)]
        out.extend(ps)
    return out


def sheet_markdown(per_game: int = PER_GAME) -> str:
    puzzles = sheet_puzzles(per_game)
    lines = [
        "# Puzzle sheet",
        "",
        '<p class="print-actions"><button type="button" class="md-button print-button" '
        'onclick="window.print()">Print this sheet</button></p>',
        "",
        "A printable sheet of puzzles from the [trainer](index.md), a few per game from easy to hard;",
        "the answers are at the end, on a page of their own when printed. Print it with the button or from",
        "your browser (no board is split between pages). For a class, the [worksheets](../teachers/printables.md#puzzle-worksheets)",
        "have eight puzzles of one game each. When Black is to move, the board is turned round so that",
        "Black plays up the page.",
        "",
    ]
    game = None
    for n, p in enumerate(puzzles, 1):
        if p.ruleset != game:
            game = p.ruleset
            lines += [f"## {GAME_TITLES.get(game, game)} puzzles", ""]
        side = p.position.split()[1] if len(p.position.split()) > 1 else "w"
        roll = roll_note(p)
        stars = "★" * p.difficulty
        caption = f"{n}. {p.goal_text}{roll} ({stars})"
        lines += [
            "```petteia",
            f"ruleset: {p.ruleset}",
            f"position: {p.position}",
            f"id: sheet-{p.id}",
        ]
        if side == "b" and p.ruleset != "duodecim":
            lines.append("flip: yes")
        lines += [f"caption: {caption}", "```", ""]
    # The answers print on a page of their own (print.css: .worksheet-key breaks the page).
    lines += ['<div class="worksheet-key" markdown>', "", "## Answers", "", "| No. | Puzzle | Solution |", "|---|---|---|"]
    for n, p in enumerate(puzzles, 1):
        sol = ", ".join(p.solution)
        alts = [a for v in p.alternatives.values() for a in v]
        if alts:
            sol += f" (also: {', '.join(alts)})"
        lines.append(f"| {n} | `{p.id}` | {sol} |")
    lines += ["", "</div>", ""]
    return "\n".join(lines)


@event_priority(-110)  # after mkdocs-static-i18n's on_files (site_scripts/build/languages.py)
def on_files(files, config, **kwargs):
    from site_scripts.build.languages import generated_page

    files.append(generated_page(config, SHEET_URI, sheet_markdown()))
    return files


if __name__ == "__main__":
    print(sheet_markdown())
