"""Browser end-to-end fixtures: the built site served on 127.0.0.1, Debian's Chromium via Playwright.

Not a conftest.py: the core tests import helpers with `from support import ...`, which a second
conftest module would shadow. Test modules here import these fixtures by name.

Playwright never downloads a browser here: it drives /usr/bin/chromium (`make chromium` installs it).
"""

from __future__ import annotations

import functools
import os
from pathlib import Path

import pytest

from site_scripts.build.serve import serve_in_thread

ROOT = Path(__file__).resolve().parents[2]
SITE = Path(os.environ.get("PETTEIA_SITE", ROOT / "site"))  # another build: PETTEIA_SITE=/tmp/site
CHROMIUM = os.environ.get("PETTEIA_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]


def launch(playwright):
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)


@pytest.fixture(scope="session")
def site_dir() -> Path:
    if not (SITE / "index.html").exists():
        pytest.fail("site/ is not built: run `make build` (or `make test`, which builds it)")
    return SITE


# Every test module imports these fixtures, so pytest holds one session fixture per module: they
# share one Playwright driver (a second sync_playwright() in the same thread is an error).
_shared = {"playwright": None, "users": 0}


@pytest.fixture(scope="session")
def playwright_instance():
    if not os.path.exists(CHROMIUM):
        pytest.fail(f"{CHROMIUM} is missing: run `make chromium` (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    if _shared["playwright"] is None:
        _shared["playwright"] = sync_playwright().start()
    _shared["users"] += 1
    yield _shared["playwright"]
    _shared["users"] -= 1
    if not _shared["users"]:
        _shared["playwright"].stop()
        _shared["playwright"] = None


@pytest.fixture(scope="session")
def browser(playwright_instance):
    """Chromium whose contexts bypass the pages' Content-Security-Policy.

    The policy (site_scripts/build/csp.py) forbids evaluating strings, which Playwright's
    wait_for_function does; tests/e2e/test_csp.py checks the policy in a browser of its own.
    """
    b = launch(playwright_instance)
    b.new_context = functools.partial(b.new_context, bypass_csp=True)
    yield b
    b.close()


@pytest.fixture
def serve(site_dir):
    """serve(breakage="none") -> base URL of a fresh server on a free port (stopped after the test)."""
    servers = []

    def start(breakage: str = "none") -> str:
        server, url = serve_in_thread(site_dir, port=0, breakage=breakage)
        servers.append(server)
        return url

    yield start
    for s in servers:
        s.shutdown()
        s.server_close()


@pytest.fixture
def context(browser):
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    yield ctx
    ctx.close()


@pytest.fixture
def page(context):
    p = context.new_page()
    p.errors = []
    p.on("pageerror", lambda e: p.errors.append(str(e)))
    p.on("console", lambda m: m.type == "error" and p.errors.append(m.text))
    return p


def settled(page):
    """After two frames: a board that came into view has been drawn at its size (the site's page
    boards use content-visibility: auto, so one out of sight keeps a stand-in size until then)."""
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")


def shown_text(locator) -> str:
    """The text a reader sees in ``locator``, scrolled into view first: a board out of sight is not
    drawn (content-visibility: auto), so until it is, it has no rendered text (innerText is "")."""
    locator.scroll_into_view_if_needed()
    settled(locator.page)
    return locator.inner_text()


def new_page(browser, viewport):
    """A page of its own browser context at `viewport`, recording the page's uncaught errors in
    `page.errors`; returns (context, page): close the context when done."""
    ctx = browser.new_context(viewport=viewport)
    page = ctx.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    return ctx, page
