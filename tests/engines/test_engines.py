"""End to end in Firefox ESR and WebKitGTK: the scenarios of scenarios.py, one list for both engines.

Firefox is driven by puppeteer-core (npm) over WebDriver BiDi, WebKitGTK by Selenium (PyPI) through
Debian's WebKitWebDriver on an Xvfb display (engines.py). `make engines` installs the browsers
(`make test` runs it). Chromium has its own, larger suite in tests/e2e.

The measurements (time to the first interactive board, the computer's reply times) are printed at
the end of the run and kept in build/engines.json.
"""

from __future__ import annotations

import json
import time

import pytest
from engines import ENGINES, ROOT, launch, missing
from games import ALL, rulesets_for, whole_game
from scenarios import SCENARIOS, Skip

from site_scripts.build.serve import serve_in_thread

pytestmark = [
    pytest.mark.browser,
    # serial: Firefox, WebKitGTK and Xvfb load both cores; make test runs these after the two
    # workers, alone, so neither they nor the Chromium tests beside them time out (see the Makefile).
    pytest.mark.serial,
    # Selenium's own WebKitGTK driver still passes remote_server_addr (selenium 4.51).
    pytest.mark.filterwarnings("ignore:setting remote_server_addr:DeprecationWarning"),
]

SITE = ROOT / "site"
_measured: dict = {}


@pytest.fixture(scope="module", params=ENGINES)
def engine(request):
    name = request.param
    if not (SITE / "index.html").exists():
        pytest.fail("site/ is not built: run `make build` (or `make test`, which builds it)")
    gone = missing(name)
    if gone:
        pytest.fail(f"{name}: {gone} missing: run `make engines` (apt-get install firefox-esr webkit2gtk-driver xvfb; npm ci)")
    t0 = time.monotonic()
    d = launch(name)
    _measured.setdefault(name, {})["browser"] = d.version
    _measured[name]["launch_s"] = round(time.monotonic() - t0, 2)
    if not request.config.pluginmanager.has_plugin("petteia-engines-report"):
        request.config.pluginmanager.register(_Report(), "petteia-engines-report")
    yield d
    d.close()


class Servers:
    """The test's own servers of the built site, each on a free port (a fresh origin)."""

    def __init__(self):
        self.running = {}

    def start(self, breakage="none"):
        server, url = serve_in_thread(SITE, port=0, breakage=breakage)
        self.running[url] = server
        return url

    def stop(self, url):
        server = self.running.pop(url)
        server.shutdown()
        server.server_close()

    def stop_all(self):
        for url in list(self.running):
            self.stop(url)


@pytest.fixture
def web():
    s = Servers()
    yield s
    s.stop_all()


@pytest.mark.parametrize("scenario", list(SCENARIOS))
def test_scenario(engine, web, scenario):
    _run(engine, web, scenario, SCENARIOS[scenario])


@pytest.mark.parametrize("ruleset", ALL)
def test_whole_game(engine, web, ruleset):
    """A whole game by clicks after New game (games.py): each engine plays its share in `make test`."""
    if ruleset not in rulesets_for(engine.name):
        pytest.skip(f"{engine.name}: {ruleset} is the other engine's (PETTEIA_ENGINE_GAMES=all plays it here too)")
    _run(engine, web, f"whole_game_{ruleset}", whole_game(ruleset))


def _run(engine, web, name, scenario):
    """Play one scenario, keeping what it measured; a browser that died in it is started afresh."""
    t0 = time.monotonic()
    try:
        out = scenario(engine, web)
    except Skip as why:
        pytest.skip(f"{engine.name}: {why}")
    except Exception:
        # This scenario fails; if the browser itself died, the next ones get a fresh one
        # instead of failing on a dead session.
        if not engine.alive():
            _measured.setdefault(engine.name, {}).setdefault("browser_crashed_in", []).append(name)
            engine.restart()
        raise
    out["seconds"] = round(time.monotonic() - t0, 1)
    _measured.setdefault(engine.name, {})[name] = out


class _Report:
    """Prints the measurements at the end of the run (also with -q) and keeps them in build/."""

    def pytest_terminal_summary(self, terminalreporter):
        (ROOT / "build").mkdir(exist_ok=True)
        (ROOT / "build" / "engines.json").write_text(json.dumps(_measured, indent=1, ensure_ascii=False) + "\n")
        for line in _lines():
            terminalreporter.write_line(line)


def _lines():
    for name, m in _measured.items():
        first = m.get("capture_and_undo", {})
        replies = {k: v["reply_s"] for k, v in m.items() if isinstance(v, dict) and "reply_s" in v}
        total = sum(v.get("seconds", 0) for v in m.values() if isinstance(v, dict))
        tti = first.get("interactive_ms")
        now = m.get("move_now", {})
        stops = {k: v for k, v in now.items() if k in ("first_visit", "later_visit")}
        snap = m.get("snapshot_on_a_later_visit", {})
        later = (f", Python ready {snap['first_ready_ms']} ms ({snap['first_start']} start) then "
                 f"{snap['later_ready_ms']} ms on a reload ({snap['later_start']} start, rules' files from the "
                 f"{snap['later_rules_from']}; snapshot: {snap['snapshot']})") if snap else ""
        yield (
            f"[engines] {name} ({m.get('browser')}): first board interactive "
            f"{'?' if tti is None else round(tti)} ms (petteia-board-interactive), "
            f"computer replies (s) {replies}, Move now [way, s] {stops}{later}, scenarios {total:.0f} s"
            + (f", BROWSER CRASHED in {m['browser_crashed_in']}" if m.get("browser_crashed_in") else "")
        )
