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

from petteia_core.web.puzzle_words import goal_sentence
from petteia_core.web.words import ruleset_name, theme_name
from site_scripts.build.page_words import page_words
from site_scripts.build.puzzle_pages import ENGLISH, plain, print_button, roll_note

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
    # Ludus latrunculorum: one worksheet per reconstruction, each linked to its part of the rules page
    **{name: f"../../rules/latrunculi.md#{name.removesuffix('-11x10').removesuffix('-7x8').removesuffix('-1994')}"
       for name in ("latrunculi-quintana", "latrunculi-kowalski", "latrunculi-kowalski-11x10", "latrunculi-bell",
                    "latrunculi-bell-7x8", "latrunculi-piso", "latrunculi-schaedler", "latrunculi-schaedler-1994")},
}
def game_title(ruleset: str) -> str:
    """The game's name inside a sheet's title ("Latrunculi: Bell 8×8" as "Latrunculi – Bell 8×8", so
    that "Worksheet: …" has one colon)."""
    return ruleset_name(ruleset).replace(": ", " – ")


def example(ruleset: str, words=ENGLISH) -> str:
    """How to write an answer, in the game's own notation."""
    _ = words.gettext
    if ruleset == "duodecim":
        return _("`A4-A9* A9-B2` (each die moves a piece; `*` marks a hit)")
    if ruleset == "poleis":
        return _("`Δ1-Δ5xΔ6`, or `@Α1` to place a piece on Α1")
    if ruleset.startswith("latrunculi-schaedler"):
        return _("`Β2-Β4-Δ4*Δ5` (a counter jumps from Β2 over Β3 to Β4, then over Γ4 to Δ4; `*` marks each "
                 "enemy counter the move binds)")
    return "`Δ1-Δ5xΔ6`"


def legend(ruleset: str, words=ENGLISH) -> str:
    """How to read the diagrams of one game."""
    _ = words.gettext
    if ruleset == "duodecim":
        return _("The number on a stack is how many pieces stand on that point; the trays show the "
                 "pieces still to enter, those hit and those borne off. The roll is given under each board.")
    if ruleset in ("vagi", "poleis"):
        return _("White pieces are light, Black pieces dark; a piece with a ring and a dot is an "
                 "*ordinarius*, a hatched piece a *vagus*.")
    if ruleset == "tournament":
        return _("White pieces are light, Black pieces dark; Ο is a Hoplite, Π a Peltast, Β the Basileus.")
    if ruleset.startswith("latrunculi-schaedler"):
        return _("White pieces are light, Black pieces dark; a counter tied with crossed cords is bound: it "
                 "cannot move until it is freed, and its owner may lose it on a later turn.")
    if ruleset.startswith(("latrunculi-kowalski", "latrunculi-bell")):
        return _("White pieces are light, Black pieces dark; the large piece with a crown is the dux, the leader.")
    if ruleset == "kubeia":
        return _("White pieces are light, Black pieces dark; Ο is a Hoplite, Π a Peltast, Β the Basileus. "
                 "The roll is given under each board.")
    return _("White pieces are light, Black pieces dark.")


def hand_note(position: str, words=ENGLISH) -> str:
    """' Still to place: White 0, Black 1.' for a Poleis position in the placement phase, else ''.

    (Duodecim positions also carry ``hand=``, the pieces still to enter; their trays show it.)
    """
    for word in position.split()[2:]:
        if word.startswith("hand="):
            white, black = word[5:].split(",")
            if white != "0" or black != "0":
                return " " + words.gettext("Still to place: White {white}, Black {black}.").format(white=white, black=black)
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


def turned_note(p, words=ENGLISH) -> str:
    """' The board is drawn from Black's side: Black plays up the page.' for a turned board, else ''."""
    return " " + words.gettext("The board is drawn from Black's side: Black plays up the page.") if _turned(p) else ""


def _turned(p) -> bool:
    return _side(p) == "b" and p.ruleset != "duodecim"


def answer_text(p, words=ENGLISH) -> str:
    """The solution line, with any other winning first moves the solver accepts."""
    text = ", ".join(p.solution)
    alts = [a for v in p.alternatives.values() for a in v]
    if alts:
        text += " " + words.gettext("(also right: {moves})").format(moves=", ".join(alts))
    return text


def worksheet_markdown(ruleset: str, words=ENGLISH) -> str:
    """The Markdown of the pupils' worksheet: the name line and the puzzle pages, no answers."""
    if ruleset not in RULES_PAGE:
        raise ValueError(f"unknown ruleset {ruleset!r}; expected one of {', '.join(RULES_PAGE)}")
    _ = words.gettext
    title = game_title(ruleset)
    puzzles = worksheet_puzzles(ruleset)
    lines = [
        "# " + _("Worksheet: {game} puzzles").format(game=title),
        "",
        '<div class="print-sheet print-worksheet" markdown>',
        "",
        *print_button(_("Print this worksheet")),
        '<p class="print-name-line"><span>{name} <span class="print-blank"></span></span> '
        '<span>{klass} <span class="print-blank print-blank--short"></span></span> '
        '<span>{date} <span class="print-blank print-blank--short"></span></span></p>'.format(
            name=_("Name:"), klass=_("Class:"), date=_("Date:")),
        "",
        _("Each board is a position from a game of **{game}** ([rules]({rules})). Read the task under the "
          "board, find the move and write it on the line, for example {example}. The easy ones come first; "
          "stars show how hard a puzzle is.").format(game=title, rules=RULES_PAGE[ruleset],
                                                     example=example(ruleset, words))
        + " " + legend(ruleset, words)
        + (_sides_note(puzzles, words) if ruleset != "duodecim" else ""),
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
                f"caption: {n}. {goal_sentence(p)}{turned_note(p, words)}{roll_note(p, words)}"
                f"{hand_note(p.position, words) if ruleset == 'poleis' else ''}"
                f" ({'★' * p.difficulty})",
                "```",
                "",
                '<p class="worksheet-answer">{} <span class="print-blank"></span></p>'.format(_("My move:")),
                "",
                "</div>",
                "",
            ]
        lines += ["</div>", ""]  # print.css ends the printed page after each grid
    lines += ["</div>", ""]
    return "\n".join(lines)


def _sides_note(puzzles, words=ENGLISH) -> str:
    if not any(_turned(p) for p in puzzles):
        return " " + words.gettext("White is to move on every board: White's pieces start at the bottom and play up the page.")
    return " " + words.gettext("White plays up the page; where Black is to move, the board is drawn from Black's side, "
                               "and the task says so.")


def answers_markdown(ruleset: str, words=ENGLISH) -> str:
    """The Markdown of one worksheet's answer sheet, for the teacher (one printed page)."""
    if ruleset not in RULES_PAGE:
        raise ValueError(f"unknown ruleset {ruleset!r}; expected one of {', '.join(RULES_PAGE)}")
    _ = words.gettext
    title = game_title(ruleset)
    lines = [
        "# " + _("Answer sheet: {game} worksheet").format(game=title),
        "",
        '<div class="print-sheet print-worksheet-answers" markdown>',
        "",
        *print_button(_("Print this answer sheet")),
        _("For the teacher: the answers to the [{game} worksheet]({worksheet}), which has none on it. Each "
          "puzzle opens in the [puzzle trainer](../../puzzles/index.md) through its link, to show on the "
          "projector: the computer plays the defence.").format(game=title, worksheet=f"worksheet-{ruleset}.md"),
        "",
        '<div class="worksheet-key" markdown>',
        "",
        "| {} | {} | {} | {} | {} |".format(_("No."), _("Task"), _("Answer"), _("Idea"), _("Puzzle")),
        "|---|---|---|---|---|",
    ]
    for n, p in enumerate(worksheet_puzzles(ruleset), 1):
        link = f"[{p.id}](../../puzzles/index.md#id={p.id})"
        ideas = ", ".join(theme_name(t) for t in p.themes)
        lines.append(f"| {n} | {goal_sentence(p)} | {plain(answer_text(p, words))} | {ideas} | {link} |")
    lines += ["", "</div>", "", "</div>", ""]
    return "\n".join(lines)


@event_priority(-110)  # after mkdocs-static-i18n's on_files (site_scripts/build/languages.py)
def on_files(files, config, **kwargs):
    from site_scripts.build.languages import current_language, generated_page

    words = page_words(current_language(config))
    for ruleset in RULES_PAGE:
        files.append(generated_page(config, URI.format(ruleset=ruleset), worksheet_markdown(ruleset, words)))
        files.append(generated_page(config, ANSWERS_URI.format(ruleset=ruleset), answers_markdown(ruleset, words)))
    return files


if __name__ == "__main__":
    game = sys.argv[1] if len(sys.argv) > 1 else "classic"
    print(answers_markdown(game) if sys.argv[2:] == ["answers"] else worksheet_markdown(game))
