"""Assignments by link, results without a server (issue #22), in Chromium.

A teacher builds an assignment of four puzzles on the builder page; a pupil opens its link in a
second browser context (a phone's screen), solves three puzzles by clicks (one after a wrong try)
and misses one, and reads the result code from the finish screen; the teacher pastes it into the
class table: the row shows exactly that. A code of another assignment and a mangled code are
refused with a message and change nothing; the CSV export matches the table. Bad links and bad
class files get a message and lose nothing.

With PETTEIA_SHOTS=<folder>, the test also saves the screenshots of the flow (phone 375×740,
class table 1280×800).
"""

from __future__ import annotations

import csv
import io
import json
import os
from pathlib import Path

from e2e_support import browser, playwright_instance, serve, site_dir, new_page  # noqa: F401  (fixtures)
from trainer_support import (
    LOAD_MS, miss_current, press, solve_current, wait_status, wait_trainer,
)

from petteia_core.web.puzzle import puzzle_list

SHOTS = os.environ.get("PETTEIA_SHOTS")
PHONE = {"width": 375, "height": 740}
LAPTOP = {"width": 1280, "height": 800}
# Issue #34, item 20: "✓ later try" (solved after a wrong try) is what the "Later try" count counts.
WORDS = {"first": "✓ first try", "solved": "✓ later try", "missed": "✗ missed"}


def four_puzzles() -> list[str]:
    """Four one-move board puzzles of three games (a person can solve them by two clicks)."""
    ps = [p for p in puzzle_list()["puzzles"] if p["plies"] == 1 and p["ruleset"] in ("classic", "vagi", "tournament")]
    picks = [next(p for p in ps if p["ruleset"] == g)["id"] for g in ("classic", "vagi", "tournament")]
    picks.append(next(p["id"] for p in ps if p["ruleset"] == "classic" and p["id"] not in picks))
    return picks


def shot(page, name):
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"))


def build_assignment(page, base, name, ids):
    """Make the assignment on the builder page, as a teacher does; returns (pupils' link, table link)."""
    page.goto(base + "teachers/assignments/")
    page.wait_for_selector(".assign-list li[data-id]", timeout=LOAD_MS)
    # The game filter, then one puzzle ticked by its label, one previewed and added from the preview.
    page.locator(".assign-game").select_option(ids[0].split("-")[0])
    page.locator(f"label[for='assign-pick-{ids[0]}']").click()
    page.locator(".assign-game").select_option("")
    for pid in ids[1:3]:
        page.locator(f"label[for='assign-pick-{pid}']").click()
    page.locator(f"button[data-preview='{ids[3]}']").click()
    page.wait_for_selector(".assign-preview svg")
    page.locator(".assign-preview-add").click()
    assert page.locator(".assign-chosen li[data-id]").evaluate_all("ls => ls.map(l => l.dataset.id)") == ids
    page.locator(".assign-make").click()
    assert "name" in page.locator(".assign-msg").inner_text()  # no name yet: refused, said
    page.locator(".assign-name").fill(name)
    page.locator(".assign-make").click()
    page.wait_for_selector(".assign-out svg.qr-code")
    link = page.locator(".assign-link").input_value()
    table = page.locator(".assign-table-link").get_attribute("href")
    assert "/puzzles/#assign=" in link and "/teachers/class-table/#assign=" in table
    return link, table


def pupil_solves(page, link, ids):
    """Solve puzzles 1 and 3, puzzle 2 after a wrong try, miss puzzle 4; return the result code."""
    page.goto(link)
    page.wait_for_selector(".assign-pupil", timeout=LOAD_MS)
    assert not page.locator(".trainer-main").is_visible()  # the start form stands alone
    shot(page, "assignment-phone-start")
    page.locator(".assign-go").click()
    assert "name" in page.locator(".assign-start .assign-msg").inner_text()  # a name is needed
    page.locator(".assign-pupil").fill("Ana Test")
    page.locator(".assign-go").click()
    for i, pid in enumerate(ids):
        wait_trainer(page, pid)
        assert page.locator(".assign-count").inner_text() == f"Puzzle {i + 1} of 4"
        assert page.locator(".trainer-title").inner_text().startswith(f"Puzzle {i + 1} of 4")
        assert not page.locator(".trainer-next").is_visible()  # no skipping: a result first
        if i == 1:
            shot(page, "assignment-phone-puzzle")
            miss_current(page)
            press(page, "try-again")
            wait_trainer(page, pid)
            solve_current(page)
        elif i == 3:
            press(page, "solution")
            wait_status(page, "The solution:")
        else:
            solve_current(page)
        page.locator(".trainer-next").click()
    page.wait_for_selector(".assign-code")
    page.wait_for_selector(".assign-qr svg.qr-code")
    assert page.locator(".assign-summary").inner_text() == "Ana Test: 3 of 4 solved, 2 at the first try."
    assert not page.locator(".trainer-main").is_visible()  # no board under the finish screen
    shot(page, "assignment-phone-finish")
    code = page.locator(".assign-code").inner_text()
    # A reload shows the same finish screen: the run is kept, no new first try.
    page.reload()
    page.wait_for_selector(".assign-code", timeout=LOAD_MS)
    assert page.locator(".assign-code").inner_text() == code
    return code


def table_rows(page):
    return page.evaluate("""() => [...document.querySelectorAll('.class-results tbody tr[data-code]')].map(tr =>
        [...tr.querySelectorAll('th, td:not(.class-controls)')].map(c => c.textContent))""")


def add_codes(page, text):
    page.locator(".class-codes").fill(text)
    page.locator(".class-add-button").click()
    return page.locator(".class-msg").inner_text()


def test_assignment_from_link_to_class_table(browser, serve):  # noqa: F811
    base = serve()
    ids = four_puzzles()
    teacher_ctx, teacher = new_page(browser, LAPTOP)
    pupil_ctx, pupil = new_page(browser, PHONE)
    try:
        link, table = build_assignment(teacher, base, "Class 7b: first captures", ids)
        code = pupil_solves(pupil, link, ids)

        teacher.goto(table)
        teacher.wait_for_selector(".class-codes")
        assert "Class 7b: first captures" in teacher.locator(".class-title").inner_text()
        msg = add_codes(teacher, f"  {code.lower()}  ")  # as typed: lower case, spaces
        assert "Ana Test added" in msg, msg
        expected = ["Ana Test", WORDS["first"], WORDS["solved"], WORDS["first"], WORDS["missed"], "2", "1", "1", "0"]
        assert table_rows(teacher) == [expected]
        stored = teacher.evaluate("() => Object.keys(localStorage).filter(k => k.startsWith('petteia-class.'))")
        assert len(stored) == 1

        # Refused: a good code of another assignment, and a mangled code. Nothing changes.
        before = teacher.evaluate("() => [document.querySelector('.class-results').outerHTML, JSON.stringify(localStorage)]")
        other = teacher.evaluate("""async () => {
            const m = await import('/assets/js/assignment-code.js');
            const a = {name: 'Another class', ids: ['classic-001', 'classic-002', 'classic-003', 'classic-004']};
            return [m.assignmentId(a), m.encodeResult({assignment: m.assignmentId(a), pupil: 'Eve', results: ['first', 'first', 'first', 'first']})];
        }""")
        msg = add_codes(teacher, other[1])
        assert f"belongs to another assignment ({other[0]})" in msg and "Nothing was added" in msg, msg
        mangled = code[:5] + ("A" if code[5] != "A" else "B") + code[6:]
        msg = add_codes(teacher, mangled)
        assert "typing mistake" in msg, msg
        assert teacher.locator(".class-codes").input_value() == mangled  # kept to be corrected
        msg = add_codes(teacher, code)
        assert "already in the table" in msg, msg
        after = teacher.evaluate("() => [document.querySelector('.class-results').outerHTML, JSON.stringify(localStorage)]")
        assert after == before
        assert table_rows(teacher) == [expected]

        # A second pupil (a code made by the same encoder), then sorting and the CSV.
        ben = teacher.evaluate("""async (ids) => {
            const m = await import('/assets/js/assignment-code.js');
            const a = {name: 'Class 7b: first captures', ids};
            return m.encodeResult({assignment: m.assignmentId(a), pupil: 'Ben', results: ['missed', 'first', 'first', 'missed']});
        }""", ids)
        assert "Ben added" in add_codes(teacher, ben)
        assert [r[0] for r in table_rows(teacher)] == ["Ana Test", "Ben"]  # by name at first
        teacher.locator(".class-results th[data-key='missed'] button").click()  # most misses first
        rows = table_rows(teacher)
        assert [r[0] for r in rows] == ["Ben", "Ana Test"]
        assert teacher.locator(".class-results th[data-key='missed']").get_attribute("aria-sort") == "descending"
        assert "Puzzle 4" in teacher.locator(".class-hardest li").first.inner_text()
        teacher.wait_for_timeout(200)
        shot(teacher, "class-table-laptop")
        with teacher.expect_download() as dl:
            teacher.locator(".class-csv").click()
        text = Path(dl.value.path()).read_text(encoding="utf-8-sig")
        got = list(csv.reader(io.StringIO(text)))
        assert got[0] == ["Pupil", *[f"{i + 1}: {pid}" for i, pid in enumerate(ids)], "First try", "Later try", "Missed", "Not tried", "Code"]
        plain = {v: k for k, v in WORDS.items()} | {}
        words = {"first": "first try", "solved": "later try", "missed": "missed"}
        as_table = [[r[0], *[words[plain[c]] for c in r[1:5]], *r[5:]] for r in rows]
        assert [r[:-1] for r in got[1:]] == as_table
        assert got[2][-1] == code

        # The whole class to a file and back, in a fresh browser: the same table.
        with teacher.expect_download() as dl:
            teacher.locator(".class-export").click()
        saved = Path(dl.value.path())
        fresh_ctx, fresh = new_page(browser, LAPTOP)
        try:
            fresh.goto(base + "teachers/class-table/")
            fresh.wait_for_selector(".class-import-file", state="attached")
            assert "No class yet" in fresh.locator(".class-note").inner_text()
            fresh.locator(".class-import-file").set_input_files(str(saved))
            fresh.wait_for_selector(".class-results tbody tr[data-code]")
            assert sorted(table_rows(fresh)) == sorted(rows)
            assert not fresh.errors
        finally:
            fresh_ctx.close()
        assert not teacher.errors and not pupil.errors, teacher.errors + pupil.errors
    finally:
        teacher_ctx.close()
        pupil_ctx.close()


def test_bad_links_and_files_get_a_message_and_lose_nothing(browser, serve, tmp_path):  # noqa: F811
    base = serve()
    ctx, page = new_page(browser, LAPTOP)
    try:
        # A damaged assignment link: a word, and the ordinary trainer.
        page.goto(base + "puzzles/#assign=bm90IGFuIGFzc2lnbm1lbnQ")
        wait_trainer(page)
        assert "assignment link could not be read" in page.locator(".trainer-notice").inner_text()
        # A link naming a puzzle the site does not have.
        enc = page.evaluate("""async () => (await import('/assets/js/assignment-code.js'))
            .encodeAssignment({name: 'Old', ids: ['classic-001', 'classic-999']})""")
        page.goto("about:blank")
        page.goto(base + f"puzzles/#assign={enc}")
        wait_trainer(page)
        notice = page.locator(".trainer-notice").inner_text()
        assert "does not have (classic-999)" in notice, notice

        # The class table: a good class, then a damaged link and a bad file change nothing.
        good = page.evaluate("""async () => (await import('/assets/js/assignment-code.js'))
            .encodeAssignment({name: 'Kept', ids: ['classic-001', 'classic-002']})""")
        page.goto(base + f"teachers/class-table/#assign={good}")
        page.wait_for_selector(".class-title")
        page.goto("about:blank")
        page.goto(base + "teachers/class-table/#assign=%%%broken")
        page.wait_for_selector(".class-note:not([hidden])")
        assert "could not be read" in page.locator(".class-note").inner_text()
        assert page.locator(".class-title").inner_text() == "Kept"  # the kept class is still offered
        before = page.evaluate("() => JSON.stringify(localStorage)")
        bad = tmp_path / "bad.json"
        bad.write_text(json.dumps({"kind": "petteia-class", "v": 1, "assignment": {"name": "Kept", "ids": ["classic-001", "classic-002"]},
                                   "rows": [{"pupil": "X", "code": "0000-0000", "results": ["first", "first"]}]}))
        page.locator(".class-import-file").set_input_files(str(bad))
        page.wait_for_function("() => document.querySelector('.class-file-msg').textContent.includes('Nothing was changed')")
        assert "damaged code" in page.locator(".class-file-msg").inner_text()
        assert page.evaluate("() => JSON.stringify(localStorage)") == before

        # The finish screen's QR code is a link to this page with the code in it: opening it adds the row.
        url = page.evaluate("""async (enc) => {
            const m = await import('/assets/js/assignment-code.js');
            const a = m.decodeAssignment(enc);
            const code = m.encodeResult({assignment: a.id, pupil: 'Zoë', results: ['solved', 'missed']});
            return `${location.origin}/teachers/class-table/#assign=${enc}&code=${code.replace(/-/g, '')}`;
        }""", good)
        page.goto("about:blank")
        page.goto(url)
        page.wait_for_selector(".class-results tbody tr[data-code]")
        assert "Zoë added" in page.locator(".class-msg").inner_text()
        assert table_rows(page)[0][:3] == ["Zoë", WORDS["solved"], WORDS["missed"]]
        assert "code=" not in page.url  # a reload is not a second scan

        # No camera here: the scan button says so calmly, and pasting still works.
        page.locator(".class-scan").click()
        page.wait_for_function("() => document.querySelector('.class-msg').textContent.includes('type or paste the codes instead')")
        assert not page.errors, page.errors
    finally:
        ctx.close()


def test_finish_now_counts_the_puzzles_left_as_not_tried(browser, serve):  # noqa: F811
    """#34, 19: "Finish now" in an assignment: the puzzle on screen, tried and missed, counts as
    missed, the puzzles left as not tried, and the result code says so (the class table reads it:
    not tried is never counted as solved)."""
    base = serve()
    ctx, page = new_page(browser, PHONE)
    try:
        page.goto(base + "puzzles/")
        wait_trainer(page)
        ids = four_puzzles()
        enc = page.evaluate("""async (ids) => (await import('/assets/js/assignment-code.js'))
            .encodeAssignment({name: 'Early', ids})""", ids)
        page.goto("about:blank")
        page.goto(base + f"puzzles/#assign={enc}")
        page.wait_for_selector(".assign-pupil", timeout=LOAD_MS)
        page.locator(".assign-pupil").fill("Ana Early")
        page.locator(".assign-go").click()
        wait_trainer(page, ids[0])
        solve_current(page)
        page.locator(".trainer-next").click()
        wait_trainer(page, ids[1])
        miss_current(page)  # a wrong move in puzzle 2, then the pupil stops
        page.locator(".assign-finish").click()
        assert "2 puzzles count as not tried" in page.locator(".assign-finish-ask").inner_text()  # not the one tried
        page.locator(".assign-finish-no").click()  # not yet: nothing changes
        assert page.locator(".assign-finish").is_visible() and not page.locator(".assign-code").count()
        page.locator(".assign-finish").click()
        page.locator(".assign-finish-yes").click()
        page.wait_for_selector(".assign-code")
        assert page.locator(".assign-summary").inner_text() == \
            "Ana Early: 1 of 4 solved, 1 at the first try. 2 puzzles not tried."
        shown = page.locator(".assign-results li").evaluate_all("ls => ls.map((l) => l.dataset.result)")
        assert shown == ["first", "missed", "untried", "untried"]
        code = page.locator(".assign-code").inner_text()
        read = page.evaluate("""async (code) => (await import('/assets/js/assignment-code.js')).decodeResult(code)""", code)
        assert read["results"] == ["first", "missed", "untried", "untried"] and read["pupil"] == "Ana Early"
        totals = page.evaluate("""async (row) => (await import('/assets/js/class-roster.js')).rowTotals(row)""",
                               {"results": read["results"]})
        assert totals["solved"] == 1 and totals["first"] == 1, totals
        page.reload()  # the run is kept as finished
        page.wait_for_selector(".assign-code", timeout=LOAD_MS)
        assert page.locator(".assign-code").inner_text() == code
        # The teacher's class table: its own column for the puzzles not tried, and the key says why.
        page.goto("about:blank")
        page.goto(base + f"teachers/class-table/#assign={enc}")
        page.wait_for_selector(".class-title", timeout=LOAD_MS)
        assert "Ana Early added" in add_codes(page, code)
        assert table_rows(page) == [["Ana Early", "✓ first try", "✗ missed", "– not tried", "– not tried", "1", "0", "1", "2"]]
        assert "– not tried: the pupil pressed Finish now" in page.locator(".class-key").inner_text()
        assert not page.errors
    finally:
        ctx.close()
