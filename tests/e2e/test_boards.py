"""End to end, in Chromium: live boards on the built site (Pyodide in a worker, served locally)."""

from __future__ import annotations

import time

import pytest
from e2e_support import settled, shown_text, browser, context, page, playwright_instance, serve, site_dir  # noqa: F401 (fixtures)

pytestmark = pytest.mark.browser

LOAD_MS = 60_000  # a cold Pyodide start takes 2-5 s; CI machines can be slow


def board(page, board_id):
    return page.locator(f"figure#{board_id}")


def wait_live(page, board_id, timeout=LOAD_MS):
    page.wait_for_selector(f"figure#{board_id}.is-live", timeout=timeout)


def status(page, board_id):
    """The board's status line as a reader sees it (e2e_support.shown_text)."""
    return shown_text(board(page, board_id).locator(".petteia-status"))


def square_centre(page, board_id, sq):
    svg = board(page, board_id).locator("svg.petteia-svg")
    svg.scroll_into_view_if_needed()
    settled(page)
    svg.scroll_into_view_if_needed()  # in case drawing the boards around it moved it
    box = board(page, board_id).locator(f'rect.sq[data-sq="{sq}"]').bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def click_square(page, board_id, sq):
    # Pieces lie on top of the squares: click the spot, not the <rect> element.
    page.mouse.click(*square_centre(page, board_id, sq))


def wait_status(page, board_id, text):
    page.wait_for_function(
        "([id, text]) => document.querySelector(`figure#${id} .petteia-status`)?.textContent.includes(text)",
        arg=[board_id, text],
        timeout=10_000,
    )


def piece_on(page, board_id, sq):
    return board(page, board_id).locator(f'g.piece[data-sq="{sq}"]')


def test_click_capture_then_undo_and_redo(serve, page):
    page.goto(serve() + "play/try/")
    wait_live(page, "try-capture")
    assert status(page, "try-capture").startswith("White to move")
    assert piece_on(page, "try-capture", 17).count() == 1  # the black piece on Β3
    assert board(page, "try-capture").locator(".arrow").count() == 1  # the page's arrow, redrawn live

    click_square(page, "try-capture", 0)  # pick up Α1: destination dots appear
    assert board(page, "try-capture").locator("g.fx .dest-dot, g.fx .dest-ring").count() == 14
    assert board(page, "try-capture").locator("g.fx .dest-ring").count() == 1  # Α3 captures
    click_square(page, "try-capture", 16)  # Α3
    wait_status(page, "try-capture", "Last move Α1-Α3xΒ3")
    assert piece_on(page, "try-capture", 17).count() == 0  # captured
    assert piece_on(page, "try-capture", 16).count() == 1
    assert board(page, "try-capture").locator("rect.last-to").count() == 1  # last-move highlight
    assert board(page, "try-capture").locator(".arrow").count() == 0
    page.wait_for_function(
        "() => document.querySelector('#try-capture .petteia-sr-only').textContent.includes('captured Β3')"
    )

    board(page, "try-capture").get_by_role("button", name="Take back a move").click()
    wait_status(page, "try-capture", "White to move")
    assert piece_on(page, "try-capture", 17).count() == 1  # the captured piece is back
    assert piece_on(page, "try-capture", 0).count() == 1

    board(page, "try-capture").get_by_role("button", name="Replay the move").click()
    wait_status(page, "try-capture", "Α1-Α3xΒ3")
    assert piece_on(page, "try-capture", 17).count() == 0
    assert page.errors == []


def test_keyboard_move(serve, page):
    page.goto(serve() + "play/try/")
    wait_live(page, "try-classic")
    wrap = board(page, "try-classic").locator(".petteia-svg-wrap")
    wrap.focus()
    # The cursor starts on the first piece that can move (Α1); pick it up, go up two, put it down.
    page.keyboard.press("Enter")
    assert board(page, "try-classic").locator("g.piece.is-selected").count() == 1
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("Enter")
    wait_status(page, "try-classic", "Last move Α1-Α3")
    assert piece_on(page, "try-classic", 16).count() == 1
    # Escape puts a picked-up piece back.
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")  # Α8, Black's piece (Black to move)
    page.keyboard.press("Enter")
    assert board(page, "try-classic").locator("g.piece.is-selected").count() == 1
    page.keyboard.press("Escape")
    assert board(page, "try-classic").locator("g.piece.is-selected").count() == 0
    assert page.evaluate("document.activeElement.classList.contains('petteia-svg-wrap')")
    assert page.errors == []


def test_drag_move_and_flip(serve, page):
    page.goto(serve() + "play/try/")
    wait_live(page, "try-classic")
    x0, y0 = square_centre(page, "try-classic", 1)  # Β1
    x1, y1 = square_centre(page, "try-classic", 25)  # Β4
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move((x0 + x1) / 2, (y0 + y1) / 2, steps=5)
    page.mouse.move(x1, y1, steps=5)
    page.mouse.up()
    wait_status(page, "try-classic", "Last move Β1-Β4")
    board(page, "try-classic").get_by_role("button", name="Turn the board round").click()
    page.wait_for_selector('figure#try-classic svg[data-flipped="1"]')
    # Flipped: Β4 is now in the upper half of the board.
    _, y = square_centre(page, "try-classic", 25)
    svg = board(page, "try-classic").locator("svg.petteia-svg").bounding_box()
    assert y - svg["y"] < svg["height"] / 2
    assert page.errors == []


def test_play_mode_computer_answers_and_undo_takes_back_the_exchange(serve, page):
    page.goto(serve() + "play/try/")
    wait_live(page, "try-play")
    click_square(page, "try-play", 3)  # Δ1
    click_square(page, "try-play", 27)  # Δ4
    # The computer (Black) answers: White is to move again, after two plies.
    page.wait_for_function(
        "() => { const t = document.querySelector('#try-play .petteia-status').textContent;"
        " return t.startsWith('White to move') && t.includes('Last move') && !t.includes('Δ1-Δ4'); }",
        timeout=30_000,
    )
    assert piece_on(page, "try-play", 27).count() == 1
    board(page, "try-play").get_by_role("button", name="Take back a move").click()
    # "White to move." was already there before the click: wait for the start position's status,
    # which names no last move (the exchange taken back), not for a text both states share.
    page.wait_for_function(
        "() => { const t = document.querySelector('#try-play .petteia-status').textContent;"
        " return t.startsWith('White to move') && !t.includes('Last move'); }",
        timeout=10_000,
    )
    assert piece_on(page, "try-play", 3).count() == 1 and piece_on(page, "try-play", 27).count() == 0
    assert board(page, "try-play").get_by_role("button", name="Take back a move").is_disabled()
    assert page.errors == []


def test_puzzle_refuses_a_wrong_move_and_accepts_the_answer(serve, page):
    page.goto(serve() + "play/try/")
    wait_live(page, "try-puzzle")
    assert status(page, "try-puzzle").startswith("Find the best move.")
    click_square(page, "try-puzzle", 18)  # Γ3
    click_square(page, "try-puzzle", 26)  # Γ4: legal, not the answer
    wait_status(page, "try-puzzle", "not the answer")
    assert piece_on(page, "try-puzzle", 18).count() == 1  # nothing moved
    click_square(page, "try-puzzle", 0)
    click_square(page, "try-puzzle", 16)
    wait_status(page, "try-puzzle", "Solved!")
    assert piece_on(page, "try-puzzle", 17).count() == 0
    assert page.errors == []


def test_page_responds_while_python_loads(serve, page):
    # The server holds the .wasm back for 3 s: the page must stay usable meanwhile.
    page.goto(serve("slow-runtime") + "play/try/")
    page.wait_for_selector("figure#try-capture.is-loading")
    assert "Getting the board ready" in status(page, "try-capture")
    # The bar shows the number the text says (the .wasm is held back: the bar is past 0 by then).
    page.wait_for_function("() => document.querySelector('figure#try-capture progress').value > 0")
    shown = page.evaluate("""() => [document.querySelector('figure#try-capture .petteia-status').textContent,
                                    document.querySelector('figure#try-capture progress').value]""")
    assert shown[0].endswith(f"{shown[1]:.0f}%"), shown
    # A handler runs while loading is in progress: the theme toggle switches the palette.
    before = page.evaluate("document.body.getAttribute('data-md-color-scheme')")
    page.locator("label.md-header__button[for^='__palette']").first.click()
    after = page.evaluate("document.body.getAttribute('data-md-color-scheme')")
    assert before != after
    assert "Getting the board ready" in status(page, "try-capture")  # still loading: it did not block
    wait_live(page, "try-capture")
    # (How long the page thread is blocked is measured by site_scripts/bench/bench_load.py, not asserted here.)


def test_instant_navigation_keeps_one_worker(serve, page):
    page.goto(serve())
    wait_live(page, "home-classic")
    page.evaluate("() => { window.__samePageLoad = true; }")  # gone if the navigation reloads the page
    page.locator("nav.md-nav a[href$='play/try/']").first.click()
    wait_live(page, "try-capture", timeout=20_000)
    click_square(page, "try-capture", 0)
    click_square(page, "try-capture", 16)
    wait_status(page, "try-capture", "Α1-Α3xΒ3")
    assert page.evaluate("window.__samePageLoad === true"), "a navigation reloaded the page"
    assert page.evaluate("performance.getEntriesByName('petteia-worker-start').length") == 1
    assert page.errors == []


def test_a_visited_page_works_offline_after_one_visit(site_dir, browser):
    """Without the offline button: the worker keeps the page it saw and the Python runtime."""
    from site_scripts.build.serve import serve_in_thread

    server, url = serve_in_thread(site_dir, port=0)
    context = browser.new_context()
    stopped = False
    try:
        page = context.new_page()
        page.goto(url + "play/try/")
        wait_live(page, "try-capture")
        # The service worker is registered once the boards are live; it then keeps this page and
        # the runtime (the "keep" message). Wait until every runtime file is in its cache.
        page.wait_for_function("!!navigator.serviceWorker.controller", timeout=30_000)
        runtime_kept = """async () => {
            const names = (await caches.keys()).filter((n) => n.startsWith('petteia-'));  // not petteia.clients (sw.js: which release each tab runs)
            if (names.length !== 1) return false;
            const keys = (await (await caches.open(names[0])).keys()).map((r) => new URL(r.url).pathname);
            return ['pyodide.asm.wasm', 'python_stdlib.zip', 'pyodide.asm.mjs', 'pyodide-lock.json', 'worker.js']
                .every((n) => keys.some((k) => k.endsWith(n)))
                && keys.some((k) => k.endsWith('.whl')) && keys.some((k) => k.endsWith('/play/try/'));
        }"""
        deadline = time.monotonic() + 60
        while not page.evaluate(runtime_kept):  # (wait_for_function would take the promise as true)
            assert time.monotonic() < deadline, "the service worker did not keep the runtime"
            time.sleep(0.5)
        server.shutdown()
        server.server_close()
        stopped = True
        page.reload()
        wait_live(page, "try-capture")
        click_square(page, "try-capture", 0)
        click_square(page, "try-capture", 16)
        wait_status(page, "try-capture", "Α1-Α3xΒ3")
    finally:
        context.close()
        if not stopped:
            server.shutdown()
            server.server_close()


@pytest.mark.parametrize(
    ("breakage", "message"),
    [
        ("no-runtime", "runtime could not be downloaded"),
        ("wasm-mime", "application/wasm"),
        ("stall-runtime", "no progress for 3 s"),
    ],
)
def test_broken_runtime_shows_a_clear_message(serve, page, breakage, message):
    page.add_init_script("window.__petteiaLoadTimeout = 3000")
    page.goto(serve(breakage) + "play/try/")
    page.wait_for_selector("figure#try-capture.is-error", timeout=30_000)
    text = status(page, "try-capture")
    assert "could not be made interactive" in text and message in text, text
    assert "The diagram above still shows the position" in text
    # The static board is still there, pieces and all.
    assert piece_on(page, "try-capture", 17).count() == 1


def _pages_with_live_boards(site_dir):
    pages = []
    for html in sorted(site_dir.rglob("index.html")):
        text = html.read_text(encoding="utf-8")
        if any(f'data-mode="{m}"' in text for m in ("explore", "puzzle", "play")):
            rel = html.parent.relative_to(site_dir).as_posix()
            pages.append("" if rel == "." else rel + "/")
    return pages


def test_every_live_board_of_the_site_comes_alive(serve, page, site_dir):
    """Every page's live boards open in the worker (one worker, instant navigation between pages)."""
    base = serve()
    pages = _pages_with_live_boards(site_dir)
    assert len(pages) >= 2
    page.goto(base + pages[0])
    page.evaluate("() => { window.__samePageLoad = true; }")  # gone if a navigation reloads the page
    live = 'figure.petteia-board:not(.petteia-static):not([data-ruleset="duodecim"])'
    for i, path in enumerate(pages):
        if i:
            # mkdocs-material's instant navigation: no reload, the worker stays. The old page's
            # boards are marked first, so the checks below wait for the new page's content.
            page.evaluate(
                "url => { document.querySelectorAll('figure.petteia-board').forEach(f => f.dataset.stale = '1');"
                " const a = document.createElement('a'); a.href = url;"
                " document.querySelector('.md-content').append(a); a.click(); }",
                base + path,
            )
            page.wait_for_function(
                "p => location.pathname.endsWith(p) && document.querySelector('.md-content')"
                " && !document.querySelector('figure.petteia-board[data-stale]')",
                arg="/" + path,
                timeout=LOAD_MS,
            )
        page.wait_for_function(
            f"() => [...document.querySelectorAll('{live}')].every(f => f.classList.contains('is-live') || f.classList.contains('is-error'))",
            timeout=LOAD_MS,
        )
        errors = page.eval_on_selector_all(
            f"{live}.is-error", "fs => fs.map(f => f.id + ': ' + f.querySelector('.petteia-status').textContent)"
        )
        assert errors == [], f"{path}: {errors}"
    assert page.evaluate("window.__samePageLoad === true"), "a navigation reloaded the page"
    assert page.evaluate("performance.getEntriesByName('petteia-worker-start').length") == 1
    assert page.errors == []


@pytest.mark.parametrize("width", [1280, 375])
def test_a_board_keeps_its_size_when_its_words_change(serve, page, width):
    """#34 (9): the home board grew under the pointer (470 -> 599 px at 1280 px) when its status
    line got longer after a move. A board's size depends on the column, never on its words."""
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(serve())
    wait_live(page, "home-classic")
    svg = board(page, "home-classic").locator("svg.petteia-svg")
    svg.scroll_into_view_if_needed()
    before = svg.bounding_box()
    for sq in (0, 16):  # Α1-Α3: the status line becomes "Black to move. Last move Α1-Α3."
        x, y = square_centre(page, "home-classic", sq)
        page.mouse.click(x, y)
    page.wait_for_function(
        "() => document.querySelector('figure#home-classic .petteia-status')?.textContent.includes('Last move')")
    after = svg.bounding_box()
    assert (round(after["width"]), round(after["height"])) == (round(before["width"]), round(before["height"]))
    assert round(after["x"]) == round(before["x"])


def test_no_back_to_top_pill_covers_a_board(serve, page):
    """#34 (11): the theme's "Back to top" pill appeared over the top row of a board when the reader
    scrolled up (phone worst). The site has no such pill: Home, or the header, goes back up."""
    page.set_viewport_size({"width": 375, "height": 740})
    page.goto(serve() + "rules/tournament/")
    page.wait_for_load_state("load")
    for y in (2500, 2200, 1900):  # down, then up twice: the theme shows its pill on the way up
        page.evaluate(f"() => window.scrollTo(0, {y})")
        page.wait_for_timeout(250)
    shown = page.evaluate("() => document.querySelectorAll('.md-top:not([hidden])').length")
    assert shown == 0


@pytest.mark.parametrize("size", [(1280, 720), (375, 740)], ids=["laptop", "phone"])
def test_the_home_page_first_screen_offers_play_and_a_puzzle(serve, page, size):
    """#34 (friction): the home page's first screen was all text and its live board about 1,000 px
    down. Now "Play now" and "Try a puzzle" are on the first screen, and on a laptop the board starts there."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(serve())
    for cls in ("petteia-home-play", "petteia-home-puzzle"):
        box = page.locator(f"a.{cls}").bounding_box()
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= size[1], (cls, box)
    if size[0] >= 1000:
        assert page.locator("figure#home-classic").bounding_box()["y"] < size[1]
    page.locator("a.petteia-home-play").click()
    page.wait_for_url("**/play/")
    assert page.errors == []
