"""MkDocs hook (mkdocs.yml `hooks:`): generates the printable puzzle worksheets for teachers.

Two sheets per game: the pupils' worksheet, ``teachers/print/worksheet-<ruleset>.md`` (a name
line, then :data:`PER_PAGE` boards on each of :data:`PAGES` printed pages, print.css breaking the
page after each group; no answers anywhere on it), and the teacher's answer sheet,
``teachers/print/worksheet-<ruleset>-answers.md`` (one page). The puzzles come from the stored
collection (``petteia_core.puzzles``), spread from easy to hard, so every answer is one the solver
proved. On the boards of squares every puzzle is White to move, so White's pieces start at the
bottom and play up the page, as on the rules sheets (a collection with too few such puzzles would
fall back to Black to move on a board drawn from Black's side, and the caption says so). The boards
are ordinary static ```petteia fences, drawn as SVG at build time.

``python -m site_scripts.build.worksheets classic [answers]`` prints one sheet's Markdown.
"""

from __future__ import annotations

import sys
from pathlib import Path

from mkdocs.plugins import event_priority

from site_scripts.build.puzzle_pages import GAME_TITLES, roll_note

ROOT = Path(__file__).resolve().parents[2]

PER_PAGE = 4  # boards per printed page (a 2 × 2 grid)
PAGES = 2  # printed pages of puzzles; the answers are a sheet of their own (answers_markdown)
URI = "teachers/print/worksheet-{ruleset}.md"
ANSWERS_URI = "teachers/print/worksheet-{ruleset}-answers.md"
RULES_PAGE = {  # where each game's rules are explained (relative to teachers/print/)
    "classic": "../../rules/classic.md",
    "vagi": "../../rules/vagi.md",
    "poleis": "../../rules/poleis.md",
    "tournament": "../../rules/tournament.md",
    "kubeia": "../../rules/kubeia.md",
    "duodecim": "../../rules/duodecim.md",
}
EXAMPLE = {  # how to write an answer, in the game's own notation
    "duodecim": "`A4-A9* A9-B2` (each die moves a piece; `*` marks a hit)",
    "poleis": "`Δ1-Δ5xΔ6`, or `@Α1` to place a piece on Α1",
}


LEGEND = {  # how to read the diagrams, per game
    "classic": "White pieces are light, Black pieces dark.",
    "vagi": "White pieces are light, Black pieces dark; a piece with a ring and a dot is an "
            "*ordinarius*, a hatched piece a *vagus*.",
    "poleis": "White pieces are light, Black pieces dark; a piece with a ring and a dot is an "
              "*ordinarius*, a hatched piece a *vagus*.",
    "tournament": "White pieces are light, Black pieces dark; Ο is a Hoplite, Π a Peltast, Β the Basileus.",
    "kubeia": "White pieces are light, Black pieces dark; Ο is a Hoplite, Π a Peltast, Β the Basileus. "
              "The roll is given under each board.",
    "duodecim": "The number on a stack is how many pieces stand on that point; the trays show the "
                "pieces still to enter, those hit and those borne off. The roll is given under each board.",
}


def hand_note(position: str) -> str:
    """' Still to place: White 0, Black 1.' for a Poleis position in the placement phase, else ''.

    (Duodecim positions also carry ``hand=``, the pieces still to enter; their trays show it.)
    """
    for word in position.split()[2:]:
        if word.startswith("hand="):
            white, black = word[5:].split(",")
            if white != "0" or black != "0":
                return f" Still to place: White {white}, Black {black}."
    return ""


def worksheet_puzzles(ruleset: str, count: int = PER_PAGE * PAGES) -> list:
    """``count`` puzzles of one game, evenly spread over the collection sorted by difficulty.

    On a board of squares, only White-to-move puzzles when there are enough of them (White then
    plays up the page on every board); the race game's puzzles are for either side.
    """
    from petteia_core.puzzles import load_puzzles

    ps = sorted(load_puzzles(ruleset), key=lambda p: (p.difficulty, p.id))
    if len(ps) < count:
        raise ValueError(f"{ruleset}: {len(ps)} puzzles stored, a worksheet needs {count}")
    white = [p for p in ps if _side(p) == "w"]
    if ruleset != "duodecim" and len(white) >= 2 * count:
        ps = white
    step = len(ps) / count
    return [ps[int(i * step)] for i in range(count)]


def _side(p) -> str:
    words = p.position.split()
    return words[1] if len(words) > 1 else "w"


def turned_note(p) -> str:
    """' The board is drawn from Black's side: Black plays up the page.' for a turned board, else ''."""
    return " The board is drawn from Black's side: Black plays up the page." if _turned(p) else ""


def _turned(p) -> bool:
    return _side(p) == "b" and p.ruleset != "duodecim"


def _print_button(what: str) -> list[str]:
    return [
        '<p class="print-actions"><button type="button" class="md-button print-button" '
        f'onclick="window.print()">Print this {what}</button></p>',
        "",
    ]


def answer_text(p) -> str:
    """The solution line, with any other winning first moves the solver accepts."""
    text = ", ".join(p.solution)
    alts = [a for v in p.alternatives.values() for a in v]
    if alts:
        text += f" (also right: {', '.join(alts)})"
    return text


def worksheet_markdown(ruleset: str) -> str:
    """The Markdown of the pupils' worksheet: the name line and the puzzle pages, no answers."""
    if ruleset not in RULES_PAGE:
        raise ValueError(f"unknown ruleset {ruleset!r}; expected one of {', '.join(RULES_PAGE)}")
    title = GAME_TITLES[ruleset]
    puzzles = worksheet_puzzles(ruleset)
    lines = [
        f"# Worksheet: {title} puzzles",
        "",
        '<div class="print-sheet print-worksheet" markdown>',
        "",
        *_print_button("worksheet"),
        '<p class="print-name-line"><span>Name: <span class="print-blank"></span></span> '
        '<span>Class: <span class="print-blank print-blank--short"></span></span> '
        '<span>Date: <span class="print-blank print-blank--short"></span></span></p>',
        "",
        f"Each board is a position from a game of **{title}** "
        f"([rules]({RULES_PAGE[ruleset]})). Read the task under the board, find the move and write it "
        f"on the line, for example {EXAMPLE.get(ruleset, '`Δ1-Δ5xΔ6`')}. The easy ones come first; stars show how hard a puzzle is. "
        f"{LEGEND[ruleset]}"
        + (_sides_note(puzzles) if ruleset != "duodecim" else ""),
        "",
    ]
    for page in range(PAGES):
        group = puzzles[page * PER_PAGE:(page + 1) * PER_PAGE]
        lines += ['<div class="worksheet-grid" markdown>', ""]
        for n, p in enumerate(group, page * PER_PAGE + 1):
            lines += [
                '<div class="worksheet-item" markdown>',
                "",
                "```petteia",
                f"ruleset: {p.ruleset}",
                f"position: {p.position}",
                f"id: ws-{p.id}",
            ]
            if _turned(p):
                lines.append("flip: yes")
            lines += [
                f"caption: {n}. {p.goal_text}{turned_note(p)}{roll_note(p)}{hand_note(p.position) if ruleset == 'poleis' else ''}"
                f" ({'★' * p.difficulty})",
                "```",
                "",
                '<p class="worksheet-answer">My move: <span class="print-blank"></span></p>',
                "",
                "</div>",
                "",
            ]
        lines += ["</div>", ""]  # print.css ends the printed page after each grid
    lines += ["</div>", ""]
    return "\n".join(lines)


def _sides_note(puzzles) -> str:
    if not any(_turned(p) for p in puzzles):
        return " White is to move on every board: White's pieces start at the bottom and play up the page."
    return " White plays up the page; where Black is to move, the board is drawn from Black's side, and the task says so."


def answers_markdown(ruleset: str) -> str:
    """The Markdown of one worksheet's answer sheet, for the teacher (one printed page)."""
    if ruleset not in RULES_PAGE:
        raise ValueError(f"unknown ruleset {ruleset!r}; expected one of {', '.join(RULES_PAGE)}")
    title = GAME_TITLES[ruleset]
    lines = [
        f"# Answer sheet: {title} worksheet",
        "",
        '<div class="print-sheet print-worksheet-answers" markdown>',
        "",
        *_print_button("answer sheet"),
        f"For the teacher: the answers to the [{title} worksheet](worksheet-{ruleset}.md), which has none "
        "on it. Each puzzle opens in the [puzzle trainer](../../puzzles/index.md) through its link, to "
        "show on the projector: the computer plays the defence.",
        "",
        '<div class="worksheet-key" markdown>',
        "",
        "| No. | Task | Answer | Idea | Puzzle |",
        "|---|---|---|---|---|",
    ]
    for n, p in enumerate(worksheet_puzzles(ruleset), 1):
        link = f"[{p.id}](../../puzzles/index.md#id={p.id})"
        lines.append(f"| {n} | {p.goal_text} | {answer_text(p)} | {', '.join(p.themes)} | {link} |")
    lines += ["", "</div>", "", "</div>", ""]
    return "\n".join(lines)


@event_priority(-110)  # after mkdocs-static-i18n's on_files (site_scripts/build/languages.py)
def on_files(files, config, **kwargs):
    from site_scripts.build.languages import generated_page

    for ruleset in RULES_PAGE:
        files.append(generated_page(config, URI.format(ruleset=ruleset), worksheet_markdown(ruleset)))
        files.append(generated_page(config, ANSWERS_URI.format(ruleset=ruleset), answers_markdown(ruleset)))
    return files


if __name__ == "__main__":
    game = sys.argv[1] if len(sys.argv) > 1 else "classic"
    print(answers_markdown(game) if sys.argv[2:] == ["answers"] else worksheet_markdown(game))
