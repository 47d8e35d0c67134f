"""End to end, in Chromium: the trainer's ratings, modes, dashboard and progress file (issue #14).

Played as a reader plays: clicks on the squares of a right or a wrong move. What the page shows is
checked against what is stored (localStorage) after every step.
"""

from __future__ import annotations

import json

from collections import Counter

import pytest
from e2e_support import browser, context, page, playwright_instance, serve, site_dir  # noqa: F401 (fixtures)
from trainer_support import (
    LOAD_MS, STORE, choose_game, current_id, miss_current, open_puzzle, play_by_clicks, progress, solve_current,
    squares, wait_status, wait_trainer, wrong_squares,
)

from petteia_core.puzzles import load_puzzles

#: Puzzles per game in the collection, as the dashboard counts them ("1 of N").
IN_GAME = Counter(p.ruleset for p in load_puzzles())

pytestmark = pytest.mark.browser


def shown_rating(page):
    return int(page.locator(".trainer-rating-value").inner_text())


def stored_rating(page):
    return progress(page)["rating"]["rating"]


def test_a_solve_raises_the_rating_and_a_miss_lowers_it(serve, page):
    base = serve()
    open_puzzle(page, base, "classic-001")
    assert shown_rating(page) == 1500 and progress(page) is None
    play_by_clicks(page, *squares("classic-001"))
    wait_status(page, "Solved!")
    after_solve = stored_rating(page)
    assert after_solve > 1500
    assert shown_rating(page) == round(after_solve)
    assert page.locator(".trainer-rating-change.up").is_visible()
    assert progress(page)["history"][-1][1:3] == ["classic-001", 1]

    page.evaluate("() => { location.hash = '#id=classic-035'; }")
    wait_trainer(page, "classic-035")
    play_by_clicks(page, *wrong_squares("classic-035"))
    page.wait_for_selector(".trainer-try-again:visible")
    after_miss = stored_rating(page)
    assert after_miss < after_solve
    assert shown_rating(page) == round(after_miss)
    assert page.locator(".trainer-rating-change.down").is_visible()
    # The puzzle's own rating is shown with it, and it is the one stored in the collection.
    from petteia_core.puzzles.rating import rating_of

    assert page.locator(".trainer-meta-rating").inner_text() == str(rating_of("classic-035"))
    # Solving it after "Try again" is a solve, but not the first try: the rating stays.
    page.locator(".trainer-try-again").click()
    wait_status(page, "Try again: find the best move")
    solve_current(page)
    assert stored_rating(page) == after_miss
    page.reload()
    wait_trainer(page, "classic-035")
    assert shown_rating(page) == round(after_miss)
    assert not page.errors


def test_next_puzzle_is_near_the_rating_and_keeps_the_filters(serve, page):
    open_puzzle(page, serve(), "classic-001")
    choose_game(page, "vagi")
    seen = []
    for _ in range(3):
        before = current_id(page)
        opened = page.evaluate("() => window.__petteiaTrainer.opened")
        page.locator(".trainer-next").click()
        page.wait_for_function("(id) => window.__petteiaTrainer.current && window.__petteiaTrainer.current.id !== id",
                               arg=before)
        cur = page.evaluate("() => window.__petteiaTrainer.current")
        assert cur["ruleset"] == "vagi"
        seen.append(cur["id"])
        rating = page.evaluate("() => window.__petteiaTrainer.progress.rating.rating")
        pool = page.evaluate("() => window.__petteiaTrainer.filtered().map(p => [p.id, p.rating])")
        assert cur["id"] not in opened
        # Within 150 points of the reader's rating, or in the first wider band (steps of 150)
        # that holds a puzzle not opened lately.
        nearest = min(abs(r - rating) for pid, r in pool if pid not in opened)
        band = 150 * max(1, -(-nearest // 150))
        assert abs(cur["rating"] - rating) <= band, (cur, rating, nearest)
    assert len(set(seen)) == 3  # nothing seen lately comes back


def test_streak_ends_on_the_first_miss(serve, page):
    open_puzzle(page, serve(), "classic-001")
    assert "3:00" in page.locator(".trainer-timed").inner_text()  # the real timed mode is three minutes
    choose_game(page, "classic")
    page.locator(".trainer-streak").click()
    page.wait_for_selector(".trainer-mode:visible")
    wait_trainer(page)
    first = current_id(page)
    first_rating = page.evaluate("() => window.__petteiaTrainer.current.rating")
    solve_current(page)
    page.wait_for_function("(id) => window.__petteiaTrainer.current?.id !== id"
                           " && document.querySelector('figure#trainer-board.is-live')",
                           arg=first, timeout=LOAD_MS)
    wait_trainer(page)
    assert page.locator(".trainer-mode").get_attribute("data-score") == "1"
    assert page.evaluate("() => window.__petteiaTrainer.current.rating") >= first_rating  # rising difficulty
    assert not page.locator(".trainer-hint").is_visible()  # no hints in a run
    miss_current(page)
    page.wait_for_function("() => document.querySelector('.trainer-mode')?.dataset.over === 'miss'")
    assert "Streak over" in page.locator(".trainer-mode").inner_text()
    assert "Streak over" in page.locator(".trainer-status").inner_text()  # said where the reader looks
    assert progress(page)["modes"]["streak"] == 1
    assert page.locator(".trainer-streak").is_visible() and not page.locator(".trainer-stop").is_visible()
    # The run is over: the next puzzle does not come by itself.
    stopped_at = current_id(page)
    page.wait_for_timeout(2500)
    assert current_id(page) == stopped_at
    assert not page.errors


def test_timed_mode_ends_at_zero_and_a_miss_costs_time(serve, page):
    page.add_init_script("window.__petteiaTrainerTimedSeconds = 25")  # the test hook: 0:25, not 3:00
    open_puzzle(page, serve(), "classic-001")
    assert "0:25" in page.locator(".trainer-timed").inner_text()
    choose_game(page, "classic")
    page.locator(".trainer-timed").click()
    wait_trainer(page)
    first = solve_current(page)
    page.wait_for_function("(id) => window.__petteiaTrainer.current?.id !== id", arg=first, timeout=LOAD_MS)
    wait_trainer(page)
    left = page.evaluate("() => window.__petteiaTrainer.mode.left()")
    miss_current(page)
    after = page.evaluate("() => window.__petteiaTrainer.mode?.left() ?? 0")
    assert after <= left - 9_000
    page.wait_for_function("() => document.querySelector('.trainer-mode')?.dataset.over === 'time'", timeout=30_000)
    text = page.locator(".trainer-mode").inner_text()
    assert "Time is up" in text and "1 puzzle" in text, text
    assert progress(page)["modes"]["timed"] == 1
    # At zero the board takes no more moves.
    pid = current_id(page)
    frm, to = squares(pid) if not pid.startswith("duodecim") else (None, None)
    if frm is not None:
        page.locator(f"figure#trainer-board rect.sq[data-sq='{frm}']").click(force=True)
        page.wait_for_timeout(400)
        assert page.locator(f"figure#trainer-board g.fx [data-sq='{to}']").count() == 0
    tries = progress(page)["tries"]
    assert sum(tries.values()) == 2
    assert not page.errors


def dashboard_text(page):
    if not page.locator(".trainer-dashboard").evaluate("d => d.open"):
        page.locator(".trainer-dashboard > summary").click()
    page.wait_for_selector(".trainer-dash table")
    return page.locator(".trainer-dash").inner_text()


def test_export_then_import_on_a_fresh_profile_restores_the_dashboard(serve, browser, page, tmp_path):
    base = serve()
    open_puzzle(page, base, "classic-001")
    play_by_clicks(page, *squares("classic-001"))
    wait_status(page, "Solved!")
    page.evaluate("() => { location.hash = '#id=vagi-001'; }")
    wait_trainer(page, "vagi-001")
    play_by_clicks(page, *wrong_squares("vagi-001"))
    page.wait_for_selector(".trainer-try-again:visible")
    shown = dashboard_text(page)
    assert "Classic Petteia" in shown and f"1 of {IN_GAME['classic']}" in shown
    assert page.locator(".trainer-chart").count() == 1
    with page.expect_download() as dl:
        page.locator(".trainer-export").click()
    path = tmp_path / "progress.json"
    dl.value.save_as(path)
    saved = json.loads(path.read_text())
    assert saved["version"] == 2 and saved["format"] == "petteia-trainer-progress"
    stored = progress(page)

    fresh = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        other = fresh.new_page()
        other.errors = []
        other.on("pageerror", lambda e: other.errors.append(str(e)))
        open_puzzle(other, base, "classic-002")
        assert f"0 of {IN_GAME['classic']}" in dashboard_text(other)
        other.locator(".trainer-import-file").set_input_files(str(path))
        other.wait_for_selector(".trainer-file-msg[data-kind='solved']")
        assert "Progress loaded" in other.locator(".trainer-file-msg").inner_text()
        assert progress(other) == stored
        assert dashboard_text(other) == shown
        assert int(other.locator(".trainer-rating-value").inner_text()) == round(stored["rating"]["rating"])
        assert other.locator(".trainer-list li[data-id='classic-001'][data-result='solved']").count() == 1
        assert "Replay my misses (1)" in other.locator(".trainer-replay").inner_text()
        other.locator(".trainer-replay").click()
        wait_trainer(other, "vagi-001")
        assert not other.errors
    finally:
        fresh.close()


def test_a_bad_progress_file_changes_nothing(serve, page):
    open_puzzle(page, serve(), "classic-001")
    play_by_clicks(page, *squares("classic-001"))
    wait_status(page, "Solved!")
    before = page.evaluate(f"() => localStorage.getItem('{STORE}')")
    rating = page.locator(".trainer-rating-value").inner_text()
    dash = dashboard_text(page)
    good = page.evaluate("async () => (await import(new URL('../assets/js/trainer/store.js', location.href)))"
                         ".exportProgress(window.__petteiaTrainer.progress)")
    resigned = page.evaluate("""async (text) => {
        const m = await import(new URL('../assets/js/trainer/store.js', location.href));
        const f = JSON.parse(text);
        f.progress.rating.rating = 2950;  // and the check made again: the history still tells
        f.check = m.checksum(JSON.stringify(f.progress));
        return JSON.stringify(f);
    }""", good)
    out_of_range = page.evaluate("""async (text) => {
        const m = await import(new URL('../assets/js/trainer/store.js', location.href));
        const f = JSON.parse(text);
        f.progress.rating.rd = -5;  // a deviation below zero, with a check made again
        f.check = m.checksum(JSON.stringify(f.progress));
        return JSON.stringify(f);
    }""", good)
    f = json.loads(good)
    wrong_version = json.dumps({**f, "version": 7})
    f["progress"]["rating"]["rating"] = 2200  # edited by hand: the check no longer matches
    tampered = json.dumps(f)
    cases = [
        (b"\x89PNG\r\n\x1a\n not a progress file", "not JSON"),
        (wrong_version.encode(), "version 7"),
        (tampered.encode(), "changed after it was saved"),
        (resigned.encode(), "does not match its history"),
        (out_of_range.encode(), "could not be read"),
        (b"", "empty"),
    ]
    for payload, why in cases:
        page.locator(".trainer-file-msg").evaluate("n => { n.hidden = true; n.dataset.kind = ''; }")
        page.locator(".trainer-import-file").set_input_files(
            files=[{"name": "progress.json", "mimeType": "application/json", "buffer": payload}])
        page.wait_for_selector(".trainer-file-msg:not([hidden])")
        assert page.locator(".trainer-file-msg").get_attribute("data-kind") == "error", why
        msg = page.locator(".trainer-file-msg").inner_text()
        assert why in msg and "not changed" in msg, (why, msg)
        assert page.evaluate(f"() => localStorage.getItem('{STORE}')") == before
        assert page.locator(".trainer-rating-value").inner_text() == rating
        assert dashboard_text(page) == dash
    # The good file still loads.
    page.locator(".trainer-import-file").set_input_files(
        files=[{"name": "progress.json", "mimeType": "application/json", "buffer": good.encode()}])
    page.wait_for_selector(".trainer-file-msg[data-kind='solved']")
    assert not page.errors


def test_progress_of_the_first_trainer_is_migrated(serve, page):
    """A reader's version-1 progress (results and streak only) is kept: it shows in the dashboard
    as first attempts and is stored in the new form at the next save."""
    page.add_init_script(f"""localStorage.getItem("{STORE}") === null && localStorage.setItem("{STORE}",
        JSON.stringify({{v: 1, results: {{"classic-002": "solved", "vagi-001": "failed"}}, streak: 1, best: 3}}))""")
    open_puzzle(page, serve(), "classic-001")
    text = dashboard_text(page)
    assert f"1 of {IN_GAME['classic']}" in text and "1 (100%)" in text and f"1 of {IN_GAME['vagi']}" in text, text
    assert "Replay my misses (1)" in page.locator(".trainer-replay").inner_text()
    play_by_clicks(page, *squares("classic-001"))
    wait_status(page, "Solved!")
    stored = progress(page)
    assert stored["v"] == 2
    assert stored["results"] == {"classic-002": "solved", "vagi-001": "failed", "classic-001": "solved"}
    assert stored["first"] == stored["results"]
    assert stored["streak"] == 2 and stored["best"] == 3
    assert stored["rating"]["rating"] > 1500
    assert not page.errors


def test_the_progress_file_works_under_the_sites_security_policy(browser, serve, tmp_path):
    """Saving and loading the file need nothing the Content-Security-Policy forbids."""
    ctx = browser.new_context(bypass_csp=False, viewport={"width": 1280, "height": 900})
    try:
        page = ctx.new_page()
        errors = []
        page.on("console", lambda m: m.type == "error" and errors.append(m.text))
        page.goto(serve() + "puzzles/#id=classic-001")
        page.wait_for_selector("figure#trainer-board.is-live", timeout=LOAD_MS)
        page.locator(".trainer-dashboard > summary").click()
        page.wait_for_selector(".trainer-dash table")
        with page.expect_download() as dl:
            page.locator(".trainer-export").click()
        path = tmp_path / "p.json"
        dl.value.save_as(path)
        assert json.loads(path.read_text())["format"] == "petteia-trainer-progress"
        page.locator(".trainer-import-file").set_input_files(str(path))
        page.wait_for_selector(".trainer-file-msg[data-kind='solved']")
        assert not [e for e in errors if "Content Security Policy" in e], errors
    finally:
        ctx.close()


def test_a_streak_run_and_the_solves_in_a_row_are_named_apart(serve, page):
    """Issue #34, 7: the run's banner said "… A new best!" while the stats line said "Streak 0
    (best 5)": two different counts under one name. The Streak run's best and the trainer's
    longest run of solves are each named for what they are, everywhere on the page."""
    base = serve()
    open_puzzle(page, base, "classic-001")
    stored = {"v": 2, "results": {}, "first": {}, "tries": {}, "streak": 0, "best": 5,
              "rating": {"rating": 1500, "rd": 350, "vol": 0.06}, "history": [], "modes": {"streak": 0, "timed": 0}}
    page.evaluate(f"(s) => localStorage.setItem('{STORE}', JSON.stringify(s))", stored)
    page.reload()
    wait_trainer(page, "classic-001")
    choose_game(page, "classic")
    page.locator(".trainer-streak").click()
    page.wait_for_selector(".trainer-mode:visible")
    wait_trainer(page)
    first = solve_current(page)
    page.wait_for_function("(id) => window.__petteiaTrainer.current?.id !== id", arg=first, timeout=LOAD_MS)
    wait_trainer(page)
    miss_current(page)
    page.wait_for_function("() => document.querySelector('.trainer-mode')?.dataset.over === 'miss'")
    banner = page.locator(".trainer-mode").inner_text()
    stats = page.locator(".trainer-stats").inner_text()
    assert "new best Streak run" in banner, banner
    # The stats line counts solves in a row, and does not call them a streak with another best.
    assert "Streak" not in stats and "Solves in a row: 0 (longest 5)" in stats, stats
    dash = dashboard_text(page)
    assert "Best Streak run: 1" in dash and "Longest run of solves: 5" in dash, dash
    assert progress(page)["modes"]["streak"] == 1 and progress(page)["best"] == 5
    assert not page.errors


def test_two_tabs_never_lose_each_others_solves(serve, context):
    """Issue #34, 26: two tabs of the trainer each wrote their whole copy of the progress back, so
    the last writer won and the other tab's solve vanished. Each tab now merges the other's."""
    base = serve()
    tabs = []
    for pid in ("classic-001", "classic-002"):
        tab = context.new_page()
        tab.errors = []
        tab.on("pageerror", lambda e, tab=tab: tab.errors.append(str(e)))
        open_puzzle(tab, base, pid)
        tabs.append(tab)
    one, two = tabs
    solve_current(one)
    one.wait_for_function(f"() => JSON.parse(localStorage.getItem('{STORE}'))?.results['classic-001'] === 'solved'")
    solve_current(two)  # this tab opened before the first solve
    two.wait_for_function(f"() => JSON.parse(localStorage.getItem('{STORE}'))?.results['classic-002'] === 'solved'")
    stored = progress(two)
    assert stored["results"] == {"classic-001": "solved", "classic-002": "solved"}, stored["results"]
    assert sorted(h[1] for h in stored["history"]) == ["classic-001", "classic-002"]
    # The first tab hears of the second's solve and shows it; its next attempt keeps both.
    one.wait_for_function("() => /Solved 2 /.test(document.querySelector('.trainer-stats').textContent)")
    one.evaluate("() => { location.hash = '#id=vagi-001'; }")
    wait_trainer(one, "vagi-001")
    play_by_clicks(one, *wrong_squares("vagi-001"))
    one.wait_for_function(f"() => JSON.parse(localStorage.getItem('{STORE}'))?.results['vagi-001'] === 'failed'")
    stored = progress(one)
    assert stored["results"] == {"classic-001": "solved", "classic-002": "solved", "vagi-001": "failed"}
    assert stored["tries"] == {"classic-001": 1, "classic-002": 1, "vagi-001": 1}
    assert len(stored["history"]) == 3
    for tab in tabs:
        assert not tab.errors, tab.errors
        tab.close()
