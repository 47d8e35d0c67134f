"""MkDocs hook (mkdocs.yml `hooks:`): generates the printable puzzle sheet ``puzzles/sheets.md``.

The page is not a file in ``docs/``: :func:`on_files` adds it to the build with Markdown written
from the stored collection (``petteia_core.puzzles``), one static ```petteia fence per puzzle, so
the boards are drawn as SVG at build time like any other; the answer key comes at the end.
``python -m site_scripts.build.puzzle_pages`` prints the Markdown.
"""

from __future__ import annotations

from pathlib import Path

from mkdocs.plugins import event_priority

from petteia_core.web.puzzle_words import goal_sentence
from petteia_core.web.words import ruleset_name
from site_scripts.build.page_words import page_words

ROOT = Path(__file__).resolve().parents[2]

SHEET_URI = "puzzles/sheets.md"
PER_GAME = 4  # puzzles per game on the sheet, easiest first

#: The words of a page in English (page_words(lang) for another language).
ENGLISH = page_words("en")


def roll_note(p, words=ENGLISH) -> str:
    """' Roll: 6 and 3.' — the roll of a Duodecim puzzle, or of a Kubeia position (``dice=63``)."""
    roll = p.roll
    if roll is None:
        roll = next((w[5:] for w in p.position.split()[2:] if w.startswith("dice=")), None)
    return " " + words.gettext("Roll: {a} and {b}.").format(a=roll[0], b=roll[1]) if roll else ""


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


def plain(notation: str) -> str:
    """Moves written for a Markdown page: a latrunculi binding's ``*`` (``Δ4-Ε4*Ε3*Ζ4``) would
    otherwise turn into emphasis."""
    return notation.replace("*", "\\*")


def print_button(text: str) -> list[str]:
    """The button that prints the page, saying ``text``."""
    return [
        '<p class="print-actions"><button type="button" class="md-button print-button" '
        f'onclick="window.print()">{text}</button></p>',
        "",
    ]


def sheet_markdown(per_game: int = PER_GAME, words=ENGLISH) -> str:
    """The puzzle sheet's Markdown in ``words``' language (the engine's words: the language in use)."""
    _ = words.gettext
    puzzles = sheet_puzzles(per_game)
    lines = [
        "# " + _("Puzzle sheet"),
        "",
        *print_button(_("Print this sheet")),
        _("A printable sheet of puzzles from the [trainer](index.md), a few per game from easy to hard; "
          "the answers are at the end, on a page of their own when printed. Print it with the button or from "
          "your browser (no board is split between pages). For a class, the "
          "[worksheets](../teachers/printables.md#puzzle-worksheets) have eight puzzles of one game each. "
          "When Black is to move, the board is turned round so that Black plays up the page."),
        "",
    ]
    game = None
    for n, p in enumerate(puzzles, 1):
        if p.ruleset != game:
            game = p.ruleset
            lines += ["## " + _("{game} puzzles").format(game=ruleset_name(game)), ""]
        side = p.position.split()[1] if len(p.position.split()) > 1 else "w"
        roll = roll_note(p, words)
        stars = "★" * p.difficulty
        caption = f"{n}. {goal_sentence(p)}{roll} ({stars})"
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
    lines += ['<div class="worksheet-key" markdown>', "", "## " + _("Answers"), "",
              "| {} | {} | {} |".format(_("No."), _("Puzzle"), _("Solution")), "|---|---|---|"]
    for n, p in enumerate(puzzles, 1):
        sol = ", ".join(p.solution)
        alts = [a for v in p.alternatives.values() for a in v]
        if alts:
            sol += " " + _("(also: {moves})").format(moves=", ".join(alts))
        lines.append(f"| {n} | `{p.id}` | {plain(sol)} |")
    lines += ["", "</div>", ""]
    return "\n".join(lines)


@event_priority(-110)  # after mkdocs-static-i18n's on_files (site_scripts/build/languages.py)
def on_files(files, config, **kwargs):
    from site_scripts.build.languages import current_language, generated_page

    files.append(generated_page(config, SHEET_URI, sheet_markdown(words=page_words(current_language(config)))))
    return files


if __name__ == "__main__":
    print(sheet_markdown())
