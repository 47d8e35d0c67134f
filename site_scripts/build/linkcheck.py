"""Check every internal link of the built site (standard library only).

    python -m site_scripts.build.linkcheck [site]     -> prints broken links, exit status 1 if any

Looks at href/src of a, link, script, img, source and iframe in every HTML page; a link to a page
or file must exist in the site, and a #fragment must name an id (or anchor) on the target page.
External links (other hosts, mailto:, data:, javascript:) are not fetched.

The puzzle trainer reads its own fragment: ``puzzles/#id=<puzzle id>`` opens one puzzle, so on
that page a fragment ``id=X`` is valid when X is a stored puzzle id (see :func:`route_ok`).
On any page ``#present=X`` (docs/assets/js/present.js: the board X opened in present mode) is
valid when ``#X`` is.
"""

from __future__ import annotations

import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

ATTRS = {"a": "href", "link": "href", "script": "src", "img": "src", "source": "src", "iframe": "src"}


class _Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.links: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        for key in ("id", "name"):
            if a.get(key):
                self.ids.add(a[key])
        attr = ATTRS.get(tag)
        if attr and a.get(attr):
            if tag == "link" and a.get("rel") in ("canonical", "alternate"):
                return  # these name the public address (site_url), not a file of this build
            self.links.append(a[attr])


TRAINER_PAGE = "puzzles/index.html"
#: The trainer of each language's site (mkdocs-static-i18n: /it/, /uk/; English at the root).
TRAINER_PAGES = (TRAINER_PAGE, "it/" + TRAINER_PAGE, "uk/" + TRAINER_PAGE)
_PUZZLE_IDS: set[str] = set()


def puzzle_ids() -> set[str]:
    """Every stored puzzle id (loaded once)."""
    if not _PUZZLE_IDS:
        from petteia_core.puzzles import RULESETS, load_puzzles

        _PUZZLE_IDS.update(p.id for r in RULESETS for p in load_puzzles(r))
    return _PUZZLE_IDS


def route_ok(site: Path, target: Path, fragment: str) -> bool:
    """True if ``fragment`` is a route the target page's script understands (trainer puzzle ids)."""
    if target not in {(site / p).resolve() for p in TRAINER_PAGES} or not fragment.startswith("id="):
        return False
    return unquote(fragment)[3:] in puzzle_ids()


def _parse(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8", errors="replace"))
    return page


def _target(site: Path, page: Path, link: str) -> tuple[Path | None, str]:
    parts = urlsplit(link)
    if parts.scheme or parts.netloc:
        return None, ""
    if not parts.path:
        return page, parts.fragment
    base = site if parts.path.startswith("/") else page.parent
    target = (base / unquote(parts.path.lstrip("/"))).resolve()
    if target.is_dir() or parts.path.endswith("/"):
        target = target / "index.html"
    return target, parts.fragment


def check(site: Path) -> list[str]:
    site = site.resolve()
    problems = []
    cache: dict[Path, _Page] = {}

    def parsed_page(path: Path) -> _Page:
        """Each page parsed once (a page is the target of thousands of links)."""
        if path not in cache:
            cache[path] = _parse(path)
        return cache[path]

    for page in sorted(site.rglob("*.html")):
        parsed = parsed_page(page)
        for link in parsed.links:
            if link.startswith(("mailto:", "data:", "javascript:", "tel:")):
                continue
            target, fragment = _target(site, page, link)
            if target is None:
                continue
            where = page.relative_to(site).as_posix()
            if not target.exists():
                problems.append(f"{where}: broken link {link!r}")
                continue
            if site not in target.parents and target != site:
                problems.append(f"{where}: link {link!r} leaves the site")
            elif fragment and target.suffix == ".html":
                ids = parsed_page(target).ids
                if fragment.startswith("present="):  # present.js: a board of that page, presented
                    fragment = fragment[len("present="):]
                if unquote(fragment) not in ids and not route_ok(site, target, fragment):
                    problems.append(f"{where}: link {link!r}: no #{fragment} on the target page")
    return problems


def main() -> None:
    site = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[2] / "site"
    problems = check(site)
    for p in problems:
        print(p)
    print(f"{len(problems)} broken link(s)" if problems else "no broken links")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
