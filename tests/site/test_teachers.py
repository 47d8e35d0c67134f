"""The "For teachers" section: every lesson-plan link to a board or a puzzle resolves, the
generated worksheets hold stored puzzles with their proved answers, and the link checker knows the
trainer's ``#id=`` links."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from petteia_core.puzzles import RULESETS, load_puzzles
from site_scripts.build import linkcheck, worksheets

pytestmark = pytest.mark.no_pyodide  # builds the site and imports site_scripts

ROOT = Path(__file__).resolve().parents[2]
LESSONS = ("teachers/lesson-history", "teachers/lesson-rules", "teachers/lesson-tactics")
PUZZLE_IDS = {p.id for r in RULESETS for p in load_puzzles(r)}


@pytest.fixture(scope="module")
def site(built) -> Path:
    """The fresh `mkdocs build --strict` of the site tests (conftest.py): the lesson pages and the
    generated worksheets."""
    return built[0]


class _Html(HTMLParser):
    """Ids and board figures of a page, and the links inside its article."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.board_ids: set[str] = set()
        self.links: list[str] = []
        self._article = 0

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if a.get("id"):
            self.ids.add(a["id"])
            if tag == "figure" and "petteia-board" in (a.get("class") or ""):
                self.board_ids.add(a["id"])
        if tag == "article":
            self._article += 1
        if tag == "a" and self._article and a.get("href"):
            self.links.append(a["href"])

    def handle_endtag(self, tag):
        if tag == "article":
            self._article -= 1


def parse(path: Path) -> _Html:
    h = _Html()
    h.feed(path.read_text(encoding="utf-8"))
    return h


def lesson_links(site: Path, page: str) -> tuple[list[tuple[str, Path, str]], list[str]]:
    """(board links as (href, target page, anchor), puzzle ids) linked from a lesson page.

    A board link is a link with a #fragment to another page of the site that shows boards; a
    puzzle link is a link to the trainer with ``#id=<puzzle id>``.
    """
    src = site / page / "index.html"
    boards, puzzles = [], []
    for href in parse(src).links:
        parts = urlsplit(href)
        if parts.scheme or parts.netloc or not parts.path or not parts.fragment:
            continue
        target = (src.parent / unquote(parts.path)).resolve()
        if target.is_dir() or parts.path.endswith("/"):
            target = target / "index.html"
        fragment = unquote(parts.fragment).removeprefix("present=")  # present.js: the board, presented
        if target == (site / "puzzles/index.html").resolve() and fragment.startswith("id="):
            puzzles.append(fragment[3:])
        else:
            boards.append((href, target, fragment))
    return boards, puzzles


def link_problems(site: Path, page: str) -> list[str]:
    """Every board anchor or puzzle id linked from ``page`` that does not resolve."""
    boards, puzzles = lesson_links(site, page)
    problems = [f"{page}: puzzle {pid!r} is not in petteia_core/puzzles/data" for pid in puzzles
                if pid not in PUZZLE_IDS]
    for href, target, fragment in boards:
        if not target.exists():
            problems.append(f"{page}: {href!r}: no such page")
        elif fragment not in parse(target).ids:
            problems.append(f"{page}: {href!r}: no #{fragment} on {target.name}")
    return problems


@pytest.mark.parametrize("page", LESSONS)
def test_lesson_links_to_boards_and_puzzles_resolve(site, page):
    boards, puzzles = lesson_links(site, page)
    assert len(boards) >= 3, f"{page} links to only {len(boards)} boards"
    assert link_problems(site, page) == []


def test_lessons_link_to_boards_and_puzzles(site):
    """Lesson 2 and 3 send the class to single puzzles; some links land on a board figure itself."""
    _, p2 = lesson_links(site, LESSONS[1])
    _, p3 = lesson_links(site, LESSONS[2])
    assert len(set(p2)) >= 2 and len(set(p3)) >= 6
    figure_links = [
        (target, fragment) for page in LESSONS for _, target, fragment in lesson_links(site, page)[0]
        if target.exists() and fragment in parse(target).board_ids
    ]
    assert figure_links, "no lesson links straight to a board figure"


def test_link_problems_are_found(tmp_path):
    """The checker above fails on a missing anchor and an unknown puzzle id (so it can fail)."""
    (tmp_path / "puzzles").mkdir()
    (tmp_path / "puzzles/index.html").write_text("<article><h1 id='t'>Trainer</h1></article>")
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules/index.html").write_text("<article><figure id='board-1' class='petteia-board'></figure></article>")
    (tmp_path / "lesson").mkdir()
    (tmp_path / "lesson/index.html").write_text(
        "<nav><a href='../rules/#nav-only'>nav</a></nav><article>"
        "<a href='../rules/#board-1'>ok</a><a href='../rules/#board-2'>bad</a>"
        "<a href='../puzzles/#id=classic-001'>ok</a><a href='../puzzles/#id=classic-999'>bad</a></article>"
    )
    assert link_problems(tmp_path, "lesson") == [
        "lesson: puzzle 'classic-999' is not in petteia_core/puzzles/data",
        "lesson: '../rules/#board-2': no #board-2 on index.html",
    ]


def test_the_link_check_accepts_trainer_routes(site):
    """(The whole site's links are checked once, by test_site.py's test_no_broken_internal_links.)"""
    trainer = (site / "puzzles/index.html").resolve()
    assert linkcheck.route_ok(site.resolve(), trainer, "id=classic-001")
    assert not linkcheck.route_ok(site.resolve(), trainer, "id=classic-999")
    assert not linkcheck.route_ok(site.resolve(), (site / "index.html").resolve(), "id=classic-001")


def test_link_checker_rejects_an_unknown_trainer_id(tmp_path):
    (tmp_path / "puzzles").mkdir()
    (tmp_path / "puzzles/index.html").write_text("<p>trainer</p>")
    (tmp_path / "index.html").write_text(
        "<a href='puzzles/#id=classic-001'>ok</a><a href='puzzles/#id=nope-1'>bad</a>"
    )
    assert linkcheck.check(tmp_path) == ["index.html: link 'puzzles/#id=nope-1': no #id=nope-1 on the target page"]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_worksheet_holds_stored_puzzles_and_their_answers(ruleset):
    md = worksheets.worksheet_markdown(ruleset)
    stored = {p.id: p for p in load_puzzles(ruleset)}
    chosen = worksheets.worksheet_puzzles(ruleset)
    assert len(chosen) == worksheets.PER_PAGE * worksheets.PAGES == len({p.id for p in chosen})
    assert md.count("```petteia") == len(chosen)
    assert md.count('<div class="worksheet-grid"') == worksheets.PAGES
    puzzles_part, key = md, worksheets.answers_markdown(ruleset)
    assert "Answer" not in md.replace("My move", ""), "the pupils' sheet has no answers"
    for p in chosen:
        assert p.id in stored
        assert f"position: {p.position}" in puzzles_part
        dice = p.roll or next((w[5:] for w in p.position.split() if w.startswith("dice=")), None)
        if ruleset in ("kubeia", "duodecim"):  # the pupil must know the roll
            assert dice and f"Roll: {dice[0]} and {dice[1]}." in puzzles_part
        assert f"#id={p.id})" in key
        assert worksheets.plain(worksheets.answer_text(p)) in key  # (a `*` escaped for Markdown)
        assert p.solution[0] not in puzzles_part, f"the pupils' pages give away {p.id}'s answer"
    difficulties = [p.difficulty for p in chosen]
    assert difficulties == sorted(difficulties), "worksheet puzzles go from easy to hard"
    white = [p for p in stored.values() if p.position.split()[1] == "w"]
    if ruleset != "duodecim" and len(white) >= 2 * len(chosen):
        # Enough White-to-move puzzles: the mover plays up the page, and the sheet says so in words.
        assert all(p.position.split()[1] == "w" and p.goal_text.startswith("White to move") for p in chosen)
        assert "flip: yes" not in md and "White is to move on every board" in md
    elif ruleset != "duodecim":
        # A small collection (a latrunculi reconstruction): Black's boards are turned, and each says so.
        black = [p for p in chosen if p.position.split()[1] == "b"]
        assert md.count("flip: yes") == len(black) and "where Black is to move, the board is drawn" in md
        assert md.count("The board is drawn from Black's side") == len(black)


def test_worksheet_rejects_an_unknown_game():
    with pytest.raises(ValueError, match="unknown ruleset 'chess'"):
        worksheets.worksheet_markdown("chess")


def test_placement_note_only_for_poleis():
    assert worksheets.hand_note("8/8/8/8/8/8/8/8 b hand=0,1") == " Still to place: White 0, Black 1."
    assert worksheets.hand_note("8/8/8/8/8/8/8/8 w hand=0,0") == ""
    # Said on a Poleis board in the placement phase (the White-to-move sheet may hold none).
    placing = any(worksheets.hand_note(p.position) for p in worksheets.worksheet_puzzles("poleis"))
    assert ("Still to place" in worksheets.worksheet_markdown("poleis")) == placing
    assert "Still to place" not in worksheets.worksheet_markdown("duodecim")


# A lesson plan's link that opens a board presenting, in its Markdown: [words](page.md#present=id)
# and the words after it up to the next link or the table cell's end.
_PRESENT_LINK = re.compile(r"\[[^\]]+\]\(([^)#]*)#present=([\w-]+)\)([^|\[]*)")


@pytest.mark.parametrize("page", LESSONS)
def test_lesson_plans_promise_the_arrow_keys_only_for_boards_with_a_line(site, page):
    """Issue #34, 17: → and Space play the next move only on a presented board with a line of moves
    (present.js); the plan marks those links with "→" and says so, and marks no other."""
    md = ROOT / "docs" / f"{page}.md"
    text = md.read_text(encoding="utf-8")
    links = list(_PRESENT_LINK.finditer(text))
    assert links, f"{page} opens no board presenting"
    wrong = []
    for m in links:
        target = (site / page / ".." / m.group(1).removesuffix(".md")).resolve() / "index.html"
        figure = re.search(rf'<figure[^>]*\bid="{re.escape(m.group(2))}"[^>]*>', target.read_text(encoding="utf-8"))
        assert figure, (page, m.group(0))
        has_line = "data-line=" in figure.group(0)
        if has_line != ("→" in m.group(3)):
            wrong.append((m.group(2), has_line, m.group(3).strip()))
    assert wrong == []
    for para in text.split("\n\n"):
        if "**Space**" in para:
            assert "marked **→**" in para, para
