"""Two releases of the built site, for tests of a new release reaching an open tab (issue #34, 28).

``make_release(site, target, mark)`` copies the built site and changes it as a new release would:
three of its scripts (the page's entry point and two modules the live boards import) each record
``"<file> <mark>"`` in ``window.__petteiaRan`` when they run; then what site_scripts/build/hooks.py
computes after the pages are final is computed again (the version, the pages' release name, the
service worker's lists, the manifest). ``Switch`` serves one release and then another at the same
address.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import time
from pathlib import Path

from site_scripts.build import hooks, offline_build, release
from site_scripts.build.serve import serve_in_thread

ROOT = Path(__file__).resolve().parents[2]
MARKED = ("assets/js/petteia.js", "assets/js/fence-board.js", "assets/js/board-view.js")


def make_release(site_dir: Path, target: Path, mark: str) -> str:
    """A copy of ``site_dir`` at ``target`` whose marked scripts say ``mark``; returns its version."""
    shutil.copytree(site_dir, target, ignore=shutil.ignore_patterns("petteia-site.zip", ".built"))
    old = json.loads((target / offline_build.MANIFEST).read_text())["version"]
    stamped = f'<meta name="{release.META_NAME}" content="{old}">'
    for page in target.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        if stamped in text:
            page.write_text(text.replace(stamped, f'<meta name="{release.META_NAME}" content="{release.PLACEHOLDER}">'), encoding="utf-8")
    for rel in MARKED:
        path = target / rel
        path.write_text(path.read_text(encoding="utf-8") + f'\n(window.__petteiaRan ??= []).push("{Path(rel).name} {mark}");\n', encoding="utf-8")
    install = re.search(r"const INSTALL = (\[.*?\]);", (site_dir / "sw.js").read_text(encoding="utf-8")).group(1)
    urls = hooks.precache_list(target)
    version = hooks.site_version(target, urls)
    release.stamp_pages(target, version)
    data = offline_build.manifest(target, urls, version)
    text = (ROOT / "docs" / "sw.js").read_text(encoding="utf-8")
    text = text.replace('"__PETTEIA_VERSION__"', json.dumps(version))
    text = text.replace("[/* __PETTEIA_PRECACHE__ */]", json.dumps(data["files"], indent=0))
    text = text.replace("[/* __PETTEIA_INSTALL__ */]", install)
    (target / "sw.js").write_text(text, encoding="utf-8")
    offline_build.write_manifest(target, urls, version)
    return version


class Switch:
    """A server at one address whose site is one release, then another (``to(dir)``); ``stop()``.
    ``breakage``: as site_scripts/build/serve.py's."""

    def __init__(self, root: Path, first: Path, breakage: str = "none"):
        self.link = root / "current"
        self.switches = 0
        self._point(first)
        self.server, self.url = serve_in_thread(self.link, port=0, breakage=breakage)
        self.up = True

    def _point(self, target: Path) -> None:
        tmp = self.link.with_name("current.new")
        if tmp.is_symlink():
            tmp.unlink()
        tmp.symlink_to(target, target_is_directory=True)
        os.replace(tmp, self.link)

    def to(self, target: Path) -> None:
        """Serve ``target`` from now on; what differs between releases gets a newer Last-Modified
        than any served so far (else the browser's revalidation keeps the other release's copy)."""
        self.switches += 1
        later = time.time() + 10 * self.switches
        for path in [*target.rglob("*.html"), *(target / rel for rel in MARKED), target / "sw.js", target / offline_build.MANIFEST]:
            os.utime(path, (later, later))
        self._point(target)

    def stop(self) -> None:
        if self.up:
            self.up = False
            self.server.shutdown()
            self.server.server_close()
