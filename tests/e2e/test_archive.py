"""The classroom archive (site/petteia-site.zip), unpacked and served by its own serve.py.

On a port other than site_url's (8000), instant navigation must still work: a link followed must
swap the page in place (the Python worker lives on), not reload it. The theme decides from the
sitemap, whose addresses name site_url's port (site_scripts/build/hooks.py, fix_sitemap_port).
"""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request
import zipfile

import pytest
from e2e_support import browser, context, page, playwright_instance, site_dir  # noqa: F401 (fixtures)

pytestmark = pytest.mark.browser


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    assert port != 8000
    return port


@pytest.fixture
def archive_url(site_dir, tmp_path):
    """The archive unpacked into a temporary folder and served by its serve.py on a free port."""
    with zipfile.ZipFile(site_dir / "petteia-site.zip") as zf:
        zf.extractall(tmp_path)
    folder = tmp_path / "petteia-site"
    port = free_port()
    server = subprocess.Popen([sys.executable, "serve.py", "--port", str(port)], cwd=folder,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + 15
        while True:
            try:
                urllib.request.urlopen(url, timeout=1).close()
                break
            except OSError:
                assert time.monotonic() < deadline and server.poll() is None, "serve.py did not start"
                time.sleep(0.2)
        yield url
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_the_archive_on_another_port_keeps_instant_navigation(archive_url, page):
    page.goto(archive_url)
    page.wait_for_selector("nav.md-nav a[href$='history/']", state="attached")
    page.wait_for_load_state("networkidle")  # the theme has read the sitemap
    page.evaluate("() => { window.__samePageLoad = true; }")  # gone if the link reloads the page
    page.locator("nav.md-nav a[href$='history/']").first.click()
    page.wait_for_function("() => location.pathname.endsWith('/history/')")
    page.wait_for_selector("h1:has-text('ancient sources')")
    assert page.evaluate("window.__samePageLoad === true"), "following a link reloaded the page"
