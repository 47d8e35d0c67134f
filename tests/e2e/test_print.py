"""End to end, in Chromium: the printables print as designed (docs/teachers/print/, print.css).

Each sheet is printed to PDF by headless Chromium (``page.pdf()`` uses print media) on A4 and on
US Letter, and read back with :mod:`pdf_support`: the number of pages is the designed one, landscape
sheets come out landscape, the sheet's own text is on the paper, and nothing from the site's
header, navigation, footer or the Print button is.
"""

from __future__ import annotations

import re

import pytest
from e2e_support import browser, context, page, playwright_instance, serve, site_dir  # noqa: F401 (fixtures)
from pdf_support import PdfError, read_pdf

from petteia_core.puzzles import RULESETS
from site_scripts.build import worksheets

pytestmark = [pytest.mark.browser, pytest.mark.no_pyodide]

FORMATS = ("A4", "Letter")
RULES = {
    "classic": ("Classic Petteia: the rules on one page", "You lose if it is your turn and you cannot move"),
    "vagi": ("Ordinarii and vagi: the rules on one page", "A vagus may only make attacks"),
    "poleis": ("Poleis: the rules on one page", "1. Placement."),
    "tournament": ("Tournament Petteia: the rules on one page", "If you can capture, you must"),
    "kubeia": ("Kubeia: the rules on one page", "The hand of Zeus."),
    "duodecim": ("Ludus duodecim scriptorum: the rules on one page", "Bearing off."),
    "latrunculi": ("Ludus latrunculorum: the rules on one page", "Schädler 1994 and 2001"),
}
BOARDS = {  # page -> (landscape, text on the sheet)
    "board-8x8": (False, ("Printable board: 8 × 8", "ΑΒΓΔΕΖΗΘ", "12345678")),
    "board-12x8": (True, ("Printable board: 12 × 8", "ΑΒΓΔΕΖΗΘΙΚΛΜ", "12345678")),
    "board-duodecim": (True, ("Printable board: Ludus duodecim scriptorum", "A1A2A3A4A5A6A7A8A9A10A11A12")),
}


def flat(text: str) -> str:
    """Text without any whitespace (PDF text breaks lines and words where the layout does)."""
    return re.sub(r"\s+", "", text)


def chrome_texts(page) -> list[str]:
    """Labels that appear only in the site's chrome (header, navigation, footer, Print button)."""
    labels = page.evaluate(
        """() => {
          const article = document.querySelector('article').cloneNode(true);
          article.querySelectorAll('.print-actions').forEach((el) => el.remove());
          const own = article.textContent;
          const chrome = [...document.querySelectorAll('.md-header, .md-sidebar, .md-footer, .md-tabs')]
            .flatMap((el) => [...el.querySelectorAll('a, label, button, .md-ellipsis')])
            .map((x) => x.textContent.trim())
            .filter((t) => t.length > 3 && !own.includes(t));
          const buttons = [...document.querySelectorAll('.print-button')].map((b) => b.textContent.trim());
          return chrome.concat(buttons);
        }"""
    )
    return sorted(set(labels))


def print_pdf(page, base: str, path: str, fmt: str):
    """Open a page and print it; returns (pages, chrome labels). The labels must not be printed."""
    page.goto(base + path, wait_until="load")
    labels = chrome_texts(page)
    assert "Hosting the site" in labels and any(t.startswith("Print ") for t in labels)
    pdf = page.pdf(format=fmt, prefer_css_page_size=True, print_background=True)
    pages = read_pdf(pdf)
    text = flat("".join(p.text for p in pages))
    printed = [t for t in labels if flat(t) in text]
    assert printed == [], f"{path}: the site's chrome is printed: {printed}"
    return pages


def assert_size(pages, fmt: str, landscape: bool):
    short, long = {"A4": (595.9, 842.9), "Letter": (612, 792)}[fmt]
    for p in pages:
        w, h = (long, short) if landscape else (short, long)
        assert abs(p.width - w) < 1.5 and abs(p.height - h) < 1.5, (p.width, p.height, fmt, landscape)


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("game", list(RULES))
def test_rules_sheet_prints_on_one_page(page, serve, game, fmt):
    pages = print_pdf(page, serve(), f"teachers/print/rules-{game}/", fmt)
    assert len(pages) == 1, f"rules sheet for {game}: {len(pages)} pages on {fmt}"
    assert_size(pages, fmt, landscape=False)
    title, rule = RULES[game]
    text = flat(pages[0].text)
    assert flat(title) in text and flat(rule) in text
    assert flat("Where it comes from.") in text  # the last paragraph made it onto the page


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("name", list(BOARDS))
def test_board_prints_on_one_page_full_size(page, serve, name, fmt):
    landscape, texts = BOARDS[name]
    pages = print_pdf(page, serve(), f"teachers/print/{name}/", fmt)
    assert len(pages) == 1, f"{name}: {len(pages)} pages on {fmt}"
    assert_size(pages, fmt, landscape)
    for t in texts:
        assert flat(t) in flat(pages[0].text), t
    # Large squares: lay the page out in print media at the printable width of the paper (CSS px,
    # 96 to the inch; margins from print.css) and measure one square of the board.
    paper_mm = {"A4": (210, 297), "Letter": (215.9, 279.4)}[fmt]
    width_mm = (paper_mm[1] - 20) if landscape else (paper_mm[0] - 24)
    page.set_viewport_size({"width": round(width_mm / 25.4 * 96), "height": 1000})
    page.emulate_media(media="print")
    square_cm = page.evaluate(
        """() => { const svg = document.querySelector('.print-sheet svg.petteia-svg');
                   const vb = svg.viewBox.baseVal.width;
                   return svg.getBoundingClientRect().width * 60 / vb / 96 * 2.54; }"""
    )
    assert square_cm >= 1.7, f"{name}: squares of {square_cm:.2f} cm on {fmt}"


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("ruleset", RULESETS)
def test_worksheet_prints_puzzles_and_a_separate_answer_sheet(page, serve, ruleset, fmt):
    base = serve()
    pages = print_pdf(page, base, f"teachers/print/worksheet-{ruleset}/", fmt)
    assert len(pages) == worksheets.PAGES, f"worksheet {ruleset}: {len(pages)} pages on {fmt}"
    assert_size(pages, fmt, landscape=False)
    puzzles = worksheets.worksheet_puzzles(ruleset)
    for n, sheet in enumerate(pages):
        text = flat(sheet.text)
        assert text.count(flat("My move:")) == worksheets.PER_PAGE, f"page {n + 1}"
        for k, p in enumerate(puzzles[n * worksheets.PER_PAGE:(n + 1) * worksheets.PER_PAGE]):
            assert flat(f"{n * worksheets.PER_PAGE + k + 1}. {p.goal_text}") in text
            assert flat(p.solution[0]) not in text, f"page {n + 1} gives away {p.id}"
    # The answers: a sheet of their own, one page.
    key_pages = print_pdf(page, base, f"teachers/print/worksheet-{ruleset}-answers/", fmt)
    assert len(key_pages) == 1, f"answer sheet {ruleset}: {len(key_pages)} pages on {fmt}"
    key = flat(key_pages[0].text)
    assert key.startswith(flat("Answer sheet:"))
    for p in puzzles:
        assert flat(p.id) in key and flat(worksheets.answer_text(p)) in key


@pytest.mark.parametrize("fmt", FORMATS)
def test_results_sheet_prints_on_one_page(page, serve, fmt):
    pages = print_pdf(page, serve(), "teachers/print/results-sheet/", fmt)
    assert len(pages) == 1
    text = pages[0].text
    assert "Round 4" in text and re.search(r"\b30\b", text)


def test_print_media_hides_chrome_and_keeps_boards_whole(page, serve):
    """On any page in print media: no header, sidebars or footer; no board split across pages."""
    page.goto(serve() + "teachers/lesson-tactics/", wait_until="load")
    page.emulate_media(media="print")
    hidden = page.evaluate(
        """() => ['.md-header', '.md-sidebar--primary', '.md-sidebar--secondary', '.md-footer']
             .map((s) => [s, document.querySelector(s) && getComputedStyle(document.querySelector(s)).display])"""
    )
    assert all(display == "none" for _, display in hidden), hidden
    page.goto(serve() + "teachers/print/rules-classic/", wait_until="load")
    page.emulate_media(media="print")
    style = page.evaluate(
        """() => { const f = getComputedStyle(document.querySelector('figure.petteia-board'));
                   const b = getComputedStyle(document.querySelector('.print-button'));
                   return [f.breakInside, b.display, getComputedStyle(document.body).color]; }"""
    )
    assert style == ["avoid", "none", "rgb(0, 0, 0)"]


def test_pdf_reader_reads_what_chromium_prints(page):
    page.set_content("<h1>Δ4 and Η7</h1><p style='break-after: page'>One</p><p>Two — ★</p>")
    pages = read_pdf(page.pdf(format="A4"))
    assert [flat(p.text) for p in pages] == ["Δ4andΗ7One", "Two—★"]
    # A long document: Chromium nests the page tree; pages must still come back all and in order.
    page.set_content("".join(f"<p style='break-after: page'>Page {n}</p>" for n in range(1, 21)))
    assert [flat(p.text) for p in read_pdf(page.pdf(format="A4"))] == [f"Page{n}" for n in range(1, 21)]
    with pytest.raises(PdfError):
        read_pdf(b"<html>not a pdf</html>")


def test_puzzle_sheet_prints_its_answers_on_a_page_of_their_own(page, serve):
    page.goto(serve() + "puzzles/sheets/", wait_until="load")
    pages = read_pdf(page.pdf(format="A4", prefer_css_page_size=True))
    starts = [n for n, p in enumerate(pages) if flat(p.text).startswith("Answers")]
    assert len(starts) == 1 and starts[0] > 0, [flat(p.text)[:20] for p in pages]
    assert "Answers" not in flat(pages[starts[0] - 1].text)


def test_a_lesson_puzzle_link_opens_that_puzzle(page, serve):
    """Followed from a lesson plan (instant navigation keeps the hash), the link opens the puzzle."""
    page.goto(serve() + "teachers/lesson-tactics/", wait_until="load")
    page.locator("article a[href$='#id=classic-029']").first.click()
    page.wait_for_function(
        "() => window.__petteiaTrainer?.current?.id === 'classic-029'", timeout=60_000
    )
    assert "classic-029" in page.locator(".trainer-title").inner_text()


@pytest.mark.parametrize("fmt", FORMATS)
def test_source_cards_print_on_one_page(page, serve, fmt):
    pages = print_pdf(page, serve(), "teachers/print/source-cards/", fmt)
    assert len(pages) == 1
    text = flat(pages[0].text)
    for ref in ("Odyssey1.106–108", "Republic487b–c", "Politics1253a", "Histories1.84.7",
                "Onomasticon9.98", "Phaedrus274c–d"):
        assert ref in text, ref
    assert "Whatdoesit" in text  # the task line at the bottom made it onto the page


def test_a_live_board_prints_without_its_controls(page, serve):
    page.goto(serve() + "play/try/", wait_until="load")
    page.wait_for_selector("figure#try-classic.is-live", timeout=60_000)
    board = page.locator("figure#try-classic")
    assert board.locator("button").count() > 0 and board.locator("button").first.is_visible()
    page.emulate_media(media="print")
    visible = board.evaluate(
        "(f) => [...f.querySelectorAll('button, input, select, .petteia-ui')].filter((e) => e.offsetParent).length"
    )
    assert visible == 0
    assert board.locator("svg.petteia-svg").is_visible()


def test_print_button_opens_the_print_dialog(page, serve):
    page.add_init_script("window.__printed = 0; window.print = () => { window.__printed += 1; };")
    page.goto(serve() + "teachers/print/board-8x8/", wait_until="load")
    page.get_by_role("button", name="Print this board").click()
    assert page.evaluate("window.__printed") == 1


def test_a_game_prints_its_moves_and_not_its_forms(page, serve):
    """#34 (27): the play page printed its move list as "1. 2." (the moves are buttons, and print
    hides buttons) and printed the New game form. On paper: the board, the status, every move."""
    record = '[Ruleset "classic"]\n1) Α1-Α3, Θ8-Θ6;\n2) Β1-Β3, Η8-Η6;'
    page.goto(serve() + "play/#ruleset=classic&side=w&level=1&opponent=human&record=" + re.sub(
        r"[^A-Za-z0-9]", lambda m: "".join(f"%{b:02X}" for b in m.group(0).encode()), record))
    page.wait_for_function("() => window.__petteiaPlay?.state?.ply === 4", timeout=60_000)
    page.emulate_media(media="print")
    printed = page.locator(".play-movelist").inner_text()
    for move in ("Α1-Α3", "Θ8-Θ6", "Β1-Β3", "Η8-Η6"):
        assert move in printed, printed
    for hidden in (".play-setup", ".play-controls", ".play-export", ".play-review"):
        assert page.locator(hidden).count() and not page.locator(hidden).first.is_visible(), hidden
    assert page.locator("#play-board svg.petteia-svg").is_visible()
    assert page.locator(".play-status").is_visible()
    text = " ".join(p.text for p in read_pdf(page.pdf(format="A4")))
    assert "Moves" in text, text[:500]
    for form_word in ("Who places first", "edit or paste a record", "No moves yet"):
        assert form_word not in text, form_word


# Issue #34, 18: pupils copy squares from the printed coordinates onto paper.
LEGIBLE_PT = 8


@pytest.mark.parametrize("path", ["teachers/print/worksheet-classic/", "teachers/print/worksheet-tournament/",
                                  "teachers/print/board-8x8/", "puzzles/sheets/"])
def test_printed_coordinates_are_legible(page, serve, path):
    """The smallest coordinate letter of the printed page, at A4's printable width, is at least
    LEGIBLE_PT points (it was about 6 pt on the worksheets)."""
    page.goto(serve() + path, wait_until="load")
    page.set_viewport_size({"width": round((210 - 24) / 25.4 * 96), "height": 1000})
    page.emulate_media(media="print")
    smallest = page.evaluate(
        """() => Math.min(...[...document.querySelectorAll('article svg.petteia-svg')].flatMap((svg) => {
             const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
             return [...svg.querySelectorAll('text.coord')].map((t) => parseFloat(getComputedStyle(t).fontSize) * scale * 0.75);
           }))"""
    )
    assert smallest >= LEGIBLE_PT, f"{path}: coordinates of {smallest:.1f} pt"
