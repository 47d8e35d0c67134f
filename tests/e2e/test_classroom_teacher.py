"""The teachers' side in a classroom (issue #34, items 14, 15, 20, 23, 24 and 25), in Chromium.

* 14: the classroom download's serve.py, started with --host 0.0.0.0, prints the address the
  pupils' devices should open; the assignment builder, opened at 127.0.0.1, makes its link with
  that address (and a pupil's device opens it), or warns when it cannot.
* 15: "Check a device" on a pupil's device served by the classroom server says that nothing needs
  storing, and offers no button that can only fail.
* 20: the builder shows difficulty as five stars only (no bare rating), and the chosen puzzles with
  their goal and a small picture; the class table's counts count the cells of their own word.
* 23: a link with one letter changed is refused before any puzzle.
* 24: class files changed by hand, older, or far too large are refused or merged, and the page says so.
* 25: the CSV is safe in a semicolon spreadsheet too.

With PETTEIA_SHOTS=<folder>, screenshots at 375 px and 1280 px.
"""

from __future__ import annotations

import base64
import csv
import io
import json
import os
import queue
import socket
import subprocess
import sys
import threading
import time
import urllib.request
import zipfile
from pathlib import Path

import pytest
from playwright.sync_api import Error as PlaywrightError
from e2e_support import browser, playwright_instance, serve, site_dir, new_page  # noqa: F401 (fixtures)
from trainer_support import LOAD_MS, wait_trainer

from petteia_core.web.puzzle import puzzle_list

pytestmark = pytest.mark.browser

SHOTS = os.environ.get("PETTEIA_SHOTS")
PHONE = {"width": 375, "height": 740}
LAPTOP = {"width": 1280, "height": 800}


def shot(page, name, full=False):
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"), full_page=full)


def as_if_on_the_lan(ctx, origin: str, local: str) -> None:
    """Requests of `ctx` to `origin` (the pupils' address, http://<LAN address>:PORT) are answered
    by the same server on 127.0.0.1: the page sees the LAN address, no packet leaves this machine's
    loopback (tests send traffic to loopback addresses only)."""
    def answer(route):
        try:
            response = route.fetch(url=local + route.request.url[len(origin):])
            route.fulfill(response=response)
        except PlaywrightError:  # the test is over: its context closed while a late request was asked for
            if not ctx.pages:
                return
            raise
    ctx.route(origin + "**", answer)


def lan_ip() -> str | None:
    """This machine's address on its network (as serve.py finds it), or None."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("10.255.255.255", 9))
            ip = s.getsockname()[0]
    except OSError:
        return None
    return None if ip.startswith("127.") else ip


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("0.0.0.0", 0))
        return s.getsockname()[1]


@pytest.fixture
def classroom(site_dir, tmp_path):  # noqa: F811
    """The classroom download unpacked and served by its serve.py --host 0.0.0.0 on a free port:
    {"local": http://127.0.0.1:PORT/, "port", "printed": what it printed first}."""
    with zipfile.ZipFile(site_dir / "petteia-site.zip") as zf:
        zf.extractall(tmp_path)
    port = free_port()
    server = subprocess.Popen([sys.executable, "serve.py", "--host", "0.0.0.0", "--port", str(port)],
                              cwd=tmp_path / "petteia-site", stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    lines: queue.Queue = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line) for line in server.stdout], daemon=True).start()
    local = f"http://127.0.0.1:{port}/"
    try:
        printed = []
        deadline = time.monotonic() + 15
        while not any("Ctrl+C" in line for line in printed):  # the last line of what it prints
            try:
                printed.append(lines.get(timeout=max(0.1, deadline - time.monotonic())))
            except queue.Empty:
                pytest.fail(f"serve.py printed {printed!r} and nothing more")
        while True:
            try:
                urllib.request.urlopen(local, timeout=1).close()
                break
            except OSError:
                assert time.monotonic() < deadline and server.poll() is None, "serve.py did not start"
                time.sleep(0.2)
        yield {"local": local, "port": port, "printed": "".join(printed)}
    finally:
        server.terminate()
        server.wait(timeout=10)


def one_puzzle():
    return next(p for p in puzzle_list()["puzzles"] if p["plies"] == 1 and p["ruleset"] == "classic")


def make_link(page, base, ids, name="Class 7b"):
    """Build an assignment on the builder page by clicks; returns the link shown."""
    page.goto(base + "teachers/assignments/")
    page.wait_for_selector(".assign-list li[data-id]", timeout=LOAD_MS)
    for pid in ids:
        page.locator(f"label[for='assign-pick-{pid}']").click()
    page.locator(".assign-name").fill(name)
    page.locator(".assign-make").click()
    page.wait_for_selector(".assign-out svg.qr-code")
    return page.locator(".assign-link").input_value()


# ---------------------------------------------------------------- 14 and 15: the classroom server
def test_serve_py_prints_the_address_for_the_pupils(classroom):
    ip = lan_ip()
    if ip is None:
        pytest.skip("this machine has no network address but 127.0.0.1")
    printed = classroom["printed"]
    assert f"http://{ip}:{classroom['port']}/" in printed, printed
    assert "Pupils' devices" in printed and f"http://127.0.0.1:{classroom['port']}/" in printed, printed
    answer = json.load(urllib.request.urlopen(classroom["local"] + "petteia-classroom.json", timeout=5))
    assert answer["listening"] == "all" and f"http://{ip}:{classroom['port']}/" in answer["lan"]


def test_the_builder_on_127_makes_the_pupils_link_with_the_lan_address(browser, classroom):  # noqa: F811
    ip = lan_ip()
    if ip is None:
        pytest.skip("this machine has no network address but 127.0.0.1")
    lan = f"http://{ip}:{classroom['port']}/"
    p = one_puzzle()
    for viewport, suffix in ((LAPTOP, "1280"), (PHONE, "375")):
        ctx, teacher = new_page(browser, viewport)
        try:
            link = make_link(teacher, classroom["local"], [p["id"]])
            assert link.startswith(lan + "puzzles/#assign="), link
            note = teacher.locator(".assign-address").inner_text()
            assert "127.0.0.1" in note and f"{ip}:{classroom['port']}" in note, note
            assert teacher.locator(".assign-qr svg.qr-code").get_attribute("aria-label").startswith("QR code")
            # The class table stays on this computer's address (the teacher's browser keeps it).
            assert teacher.locator(".assign-table-link").get_attribute("href").startswith(classroom["local"])
            teacher.locator(".assign-address").scroll_into_view_if_needed()
            shot(teacher, f"classroom-builder-lan-{suffix}")
            # The class table, on this computer, offers the same pupils' link.
            teacher.locator(".assign-table-link").click()
            teacher.wait_for_selector(".class-title")
            teacher.wait_for_function("(lan) => document.querySelector('.class-head a')?.href.startsWith(lan)", arg=lan)
            assert teacher.locator(".class-head a").get_attribute("href") == link
            assert not teacher.errors, teacher.errors
        finally:
            ctx.close()
    # A pupil's device opens that link: the assignment's start form.
    ctx, pupil = new_page(browser, PHONE)
    as_if_on_the_lan(ctx, lan, classroom["local"])
    try:
        pupil.goto(link)
        pupil.wait_for_selector(".assign-pupil", timeout=LOAD_MS)
        assert pupil.locator(".assign-pupil").is_visible()
    finally:
        ctx.close()


def test_the_builder_on_127_without_a_lan_address_warns(browser, serve):  # noqa: F811
    ctx, teacher = new_page(browser, LAPTOP)
    try:
        link = make_link(teacher, serve(), [one_puzzle()["id"]])
        assert link.startswith("http://127.0.0.1:")
        note = teacher.locator(".assign-address")
        assert note.get_attribute("data-kind") == "error"
        assert "Pupils' devices cannot open this link" in note.inner_text()
        assert "--host 0.0.0.0" in note.inner_text()
    finally:
        ctx.close()


def test_check_a_device_on_the_classroom_server(browser, classroom):  # noqa: F811
    ip = lan_ip()
    if ip is None:
        pytest.skip("this machine has no network address but 127.0.0.1")
    for viewport, suffix in ((PHONE, "375"), (LAPTOP, "1280")):
        ctx, pupil = new_page(browser, viewport)
        lan = f"http://{ip}:{classroom['port']}/"
        as_if_on_the_lan(ctx, lan, classroom["local"])
        try:
            pupil.goto(lan + "teachers/check/")
            pupil.wait_for_selector("#petteia-offline-check .petteia-check-verdict")
            verdict = pupil.locator("#petteia-offline-check").inner_text()
            assert "classroom server" in verdict and "Nothing needs to be stored here" in verdict, verdict
            assert "Use the classroom download" not in verdict
            assert pupil.locator(".petteia-offline-button").count() == 0  # no button that can only fail
            assert not pupil.locator(".petteia-offline-fix").is_visible()  # nor the words that ask to press it
            shot(pupil, f"classroom-check-{suffix}")
            assert not pupil.errors, pupil.errors
        finally:
            ctx.close()


# ---------------------------------------------------------------- 20: the builder's puzzles
def test_the_builder_shows_stars_only_and_the_chosen_puzzles_goals_and_pictures(browser, serve):  # noqa: F811
    base = serve()
    by_id = {p["id"]: p for p in puzzle_list()["puzzles"]}
    picks = [p["id"] for p in puzzle_list()["puzzles"] if p["plies"] == 1 and p["ruleset"] in ("classic", "vagi")][:2]
    for viewport, suffix in ((LAPTOP, "1280"), (PHONE, "375")):
        ctx, teacher = new_page(browser, viewport)
        try:
            teacher.goto(base + "teachers/assignments/")
            teacher.wait_for_selector(".assign-list li[data-id]", timeout=LOAD_MS)
            listed = teacher.locator(".assign-list").inner_text()
            assert "rating" not in listed
            stars = teacher.locator(".assign-list .assign-stars").all_inner_texts()
            assert stars and all(len(s) == 5 and set(s) <= {"★", "☆"} for s in stars)
            diffs = [s.count("★") for s in stars]
            assert diffs == sorted(diffs)  # easiest first, by the stars shown
            for pid in picks:
                teacher.locator(f"label[for='assign-pick-{pid}']").click()
            items = teacher.locator(".assign-chosen li[data-id]")
            assert items.count() == 2
            for i, pid in enumerate(picks):
                text = items.nth(i).inner_text()
                assert by_id[pid]["goal"] in text and by_id[pid]["game"] in text, text
                assert items.nth(i).locator(".assign-stars").inner_text().count("★") == by_id[pid]["difficulty"]
            teacher.wait_for_selector(f".assign-chosen li[data-id='{picks[1]}'] .assign-thumb svg", timeout=LOAD_MS)
            teacher.locator(".assign-chosen").scroll_into_view_if_needed()
            shot(teacher, f"builder-chosen-{suffix}")
            assert not teacher.errors, teacher.errors
        finally:
            ctx.close()


# ---------------------------------------------------------------- 23: damaged links
def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def one_letter_changed(value: str) -> str:
    """A one-letter change of the link value ``value`` whose bytes still read as an assignment
    (the name changed into other printable letters, the puzzles the same): the damage a link
    without a check lets through."""
    data = _unb64(value)
    name_end = data.index(b"\n", 2)
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    for i in range(len(value)):
        first, last = (6 * i) // 8, (6 * i + 5) // 8
        if first < 3 or last >= name_end:  # only characters inside the name
            continue
        for c in alphabet:
            bad = value[:i] + c + value[i + 1:]
            try:
                got = _unb64(bad)
                text = got[:name_end].decode("ascii")
            except (ValueError, UnicodeDecodeError):
                continue
            if got != data and text[2:].isprintable() and got[name_end:] == data[name_end:]:
                return bad
    raise AssertionError("no such change")


def test_a_damaged_assignment_link_is_refused_before_any_puzzle(browser, serve):  # noqa: F811
    base = serve()
    ids = [p["id"] for p in puzzle_list()["puzzles"] if p["ruleset"] == "classic"][:2]
    ctx, page = new_page(browser, PHONE)
    try:
        page.goto(base + "teachers/class-table/")
        value = page.evaluate("""async (ids) => (await import('/assets/js/assignment-code.js'))
            .encodeAssignment({name: 'Class 7b homework', ids})""", ids)
        bad = one_letter_changed(value)
        page.goto("about:blank")
        page.goto(base + f"puzzles/#assign={bad}")
        wait_trainer(page)
        notice = page.locator(".trainer-notice").inner_text()
        assert "assignment link could not be read" in notice and "changed or cut short" in notice, notice
        assert not page.locator(".assign-pupil").is_visible()  # no assignment started
        shot(page, "damaged-link-375")
        # The class table refuses it too.
        page.goto("about:blank")
        page.goto(base + f"teachers/class-table/#assign={bad}")
        page.wait_for_selector(".class-note:not([hidden])")
        assert "changed or cut short" in page.locator(".class-note").inner_text()
        # A link made before the check (version 1) still opens the assignment.
        old = _b64(f"1\nClass 7b homework\n{','.join(ids)}".encode())
        page.goto("about:blank")
        page.goto(base + f"puzzles/#assign={old}")
        page.wait_for_selector(".assign-pupil", timeout=LOAD_MS)
        assert "Class 7b homework" in page.locator("body").inner_text()
        assert not page.errors, page.errors
    finally:
        ctx.close()


# ---------------------------------------------------------------- 20, 24, 25: the class table
A_IDS = ["classic-001", "classic-002"]


def open_table(page, base):
    value = page.evaluate("""async (ids) => (await import('/assets/js/assignment-code.js'))
        .encodeAssignment({name: 'Class 7b', ids})""", A_IDS)
    page.goto("about:blank")
    page.goto(base + f"teachers/class-table/#assign={value}")
    page.wait_for_selector(".class-title")


def codes(page, pupils):
    """Result codes of (name, results) pairs, made by the site's own encoder."""
    return page.evaluate("""async ([ids, pupils]) => {
        const m = await import('/assets/js/assignment-code.js');
        const id = m.assignmentId({name: 'Class 7b', ids});
        return pupils.map(([pupil, results]) => m.encodeResult({assignment: id, pupil, results}));
    }""", [A_IDS, pupils])


def add_codes(page, text):
    page.locator(".class-codes").fill(text)
    page.locator(".class-add-button").click()
    return page.locator(".class-msg").inner_text()


def class_file(rows):
    return json.dumps({"kind": "petteia-class", "v": 1, "assignment": {"name": "Class 7b", "ids": A_IDS}, "rows": rows})


def load_file(page, text, name="class.json"):
    page.evaluate("() => { document.querySelector('.class-file-msg').textContent = ''; }")
    page.locator(".class-import-file").set_input_files(
        files=[{"name": name, "mimeType": "application/json", "buffer": text.encode("utf-8")}])
    page.wait_for_function("() => document.querySelector('.class-file-msg').textContent !== ''", timeout=5000)
    return page.locator(".class-file-msg").inner_text()


def stored(page):
    return page.evaluate("() => JSON.stringify(localStorage)")


def test_class_table_counts_and_words_agree(browser, serve):  # noqa: F811
    base = serve()
    ctx, page = new_page(browser, LAPTOP)
    try:
        page.goto(base + "teachers/class-table/")
        open_table(page, base)
        ana, ben = codes(page, [["Ana", ["first", "solved"]], ["Ben", ["solved", "missed"]]])
        add_codes(page, f"{ana}\n{ben}")
        heads = page.locator(".class-results thead th").all_inner_texts()
        assert [h.strip(" ▲▼") for h in heads[3:7]] == ["First try", "Later try", "Missed", "Not tried"], heads
        rows = {r[0]: r for r in page.evaluate("""() => [...document.querySelectorAll('.class-results tbody tr[data-code]')]
            .map(tr => [...tr.querySelectorAll('th, td:not(.class-controls)')].map(c => c.textContent))""")}
        assert rows["Ana"] == ["Ana", "✓ first try", "✓ later try", "1", "1", "0", "0"]
        assert rows["Ben"] == ["Ben", "✓ later try", "✗ missed", "0", "1", "1", "0"]
        # Each count counts exactly the cells with its own word.
        for r in rows.values():
            cells = r[1:3]
            assert [cells.count("✓ first try"), cells.count("✓ later try"), cells.count("✗ missed")] == [int(x) for x in r[3:6]]
        assert "✓ later try: solved after a wrong move or a hint" in page.locator(".class-key").inner_text()
        shot(page, "class-table-words-1280")
        page.set_viewport_size(PHONE)
        page.locator(".class-results").scroll_into_view_if_needed()
        shot(page, "class-table-words-375")
        assert not page.errors, page.errors
    finally:
        ctx.close()


def spreadsheet_cells(text, sep):
    """The cells a spreadsheet with separator ``sep`` sees (quotes count only at a cell's start)."""
    out = []
    for line in text.splitlines():
        if not line:
            continue
        out += next(csv.reader(io.StringIO(line), delimiter=sep, quotechar='"', skipinitialspace=False))
    return out


def test_csv_is_safe_in_comma_and_semicolon_spreadsheets(browser, serve):  # noqa: F811
    base = serve()
    ctx, page = new_page(browser, LAPTOP)
    try:
        page.goto(base + "teachers/class-table/")
        open_table(page, base)
        names = ["Ana;=1+1", "Ben,@SUM(A1)", "-Cy", "Di;+2"]
        made = codes(page, [[n, ["first", "missed"]] for n in names])
        msg = add_codes(page, "\n".join(made))
        assert msg.count("added") == 4, msg
        with page.expect_download() as dl:
            page.locator(".class-csv").click()
        text = Path(dl.value.path()).read_text(encoding="utf-8-sig")
        assert len(text.splitlines()) == 5
        for sep in (",", ";"):
            for cell in spreadsheet_cells(text, sep):
                assert not cell.lstrip(" ").startswith(("=", "+", "-", "@", "\t", "\r")), (sep, cell)
        pupils = [row[0] for row in csv.reader(io.StringIO(text))][1:]
        assert sorted(pupils) == sorted(["Ana;'=1+1", "Ben,'@SUM(A1)", "'-Cy", "Di;'+2"])
        assert not page.errors, page.errors
    finally:
        ctx.close()


def test_class_files_changed_by_hand_older_or_huge(browser, serve):  # noqa: F811
    base = serve()
    ctx, page = new_page(browser, LAPTOP)
    try:
        page.goto(base + "teachers/class-table/")
        open_table(page, base)
        ana_new, ana_old, ben = codes(page, [["Ana", ["first", "first"]], ["Ana", ["missed", "missed"]], ["Ben", ["first", "solved"]]])
        add_codes(page, ana_new)  # added now
        before = stored(page)

        # A name changed by hand: refused, and the message says which row and why.
        edited = class_file([{"pupil": "Zed", "results": ["first", "solved"], "code": ben, "added": "2026-01-01T00:00:00Z"}])
        msg = load_file(page, edited)
        assert "Row 1" in msg and "changed by hand" in msg and "Zed" in msg and "Ben" in msg and "Nothing was changed" in msg, msg
        assert stored(page) == before

        # An older result of Ana: the newer one here stays, and the page says so; Ben is added.
        older = class_file([{"pupil": "Ana", "results": ["missed", "missed"], "code": ana_old, "added": "2020-01-01T00:00:00Z"},
                            {"pupil": "Ben", "results": ["first", "solved"], "code": ben, "added": "2020-01-01T00:00:00Z"}])
        msg = load_file(page, older)
        assert "Kept the result already here, which is newer than the file's: Ana" in msg, msg
        assert "Added: Ben" in msg, msg
        codes_now = page.locator(".class-results tbody tr[data-code]").evaluate_all("trs => trs.map(t => t.dataset.code)")
        assert ana_new in codes_now and ana_old not in codes_now
        shot(page, "class-file-kept-1280")
        before = stored(page)

        # A 10 MB file of good rows (made in the page and chosen in the file input, as a 10 MB
        # file from the disk would be): refused at once, the page stays responsive.
        size = page.evaluate("""async ([ids, n, copies]) => {
            const m = await import('/assets/js/assignment-code.js');
            const id = m.assignmentId({name: 'Class 7b', ids});
            const rows = [];
            for (let i = 0; i < n; i++) {
                const pupil = `Pupil ${i}`;
                rows.push({pupil, results: ['first', 'first'], code: m.encodeResult({assignment: id, pupil, results: ['first', 'first']}), added: ''});
            }
            const all = Array.from({length: copies}, () => rows).flat();
            const text = JSON.stringify({kind: 'petteia-class', v: 1, assignment: {name: 'Class 7b', ids}, rows: all});
            const input = document.querySelector('.class-import-file');
            const dt = new DataTransfer();
            dt.items.add(new File([text], 'huge.json', {type: 'application/json'}));
            input.files = dt.files;
            document.querySelector('.class-file-msg').textContent = '';
            window.__chosenAt = performance.now();
            input.dispatchEvent(new Event('change'));
            return text.length;
        }""", [A_IDS, 2000, 50])
        assert size > 10_000_000
        page.wait_for_function("() => document.querySelector('.class-file-msg').textContent !== ''", timeout=20_000)
        took = page.evaluate("() => performance.now() - window.__chosenAt")
        assert took < 1000, took  # not a frozen page
        msg = page.locator(".class-file-msg").inner_text()
        assert "too large for a class file" in msg and "Nothing was changed" in msg, msg
        assert stored(page) == before
        assert page.evaluate("1 + 1") == 2  # still answering
        assert not page.errors, page.errors
    finally:
        ctx.close()


# ---------------------------------------------------------------- 16: the teachers' laptop page
def test_the_laptop_page_reads_on_a_phone_and_a_laptop(browser, serve):  # noqa: F811
    base = serve()
    for viewport, suffix in ((PHONE, "375"), (LAPTOP, "1280")):
        ctx, page = new_page(browser, viewport)
        try:
            page.goto(base + "teachers/")
            page.locator("article a[href$='laptop/']").first.click()
            page.wait_for_selector("h1:has-text('Run the site on your laptop for the class')")
            assert page.evaluate("document.scrollingElement.scrollWidth") <= viewport["width"]
            shot(page, f"laptop-page-{suffix}", full=True)
            assert not page.errors, page.errors
        finally:
            ctx.close()
