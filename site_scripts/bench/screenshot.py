"""Screenshots of a board page at phone and desktop widths (Chromium via Playwright).

    python -m site_scripts.bench.screenshot [--page play/try/] [--out screenshots]

Writes <out>/board-375.png and <out>/board-1280.png (light) and board-375-dark.png, each taken
once the first board is live and a piece is picked up (so dots and controls show).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from playwright.sync_api import sync_playwright

from .bench_load import ARGS, CHROMIUM
from site_scripts.build.serve import serve_in_thread

ROOT = Path(__file__).resolve().parents[2]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--page", default="play/try/")
    parser.add_argument("--board", default="try-capture")
    parser.add_argument("--out", type=Path, default=ROOT / "screenshots")
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    server, base = serve_in_thread(args.site)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for width, scheme in ((375, "light"), (1280, "light"), (375, "dark")):
            ctx = browser.new_context(
                viewport={"width": width, "height": 900 if width > 600 else 812},
                device_scale_factor=2 if width < 600 else 1,
                color_scheme=scheme,
                is_mobile=width < 600,
                has_touch=width < 600,
            )
            page = ctx.new_page()
            page.goto(base + args.page)
            fig = page.locator(f"figure#{args.board}")
            page.wait_for_selector(f"figure#{args.board}.is-live", timeout=120_000)
            fig.scroll_into_view_if_needed()
            sq = fig.locator('rect.sq[data-sq="0"]').bounding_box()
            page.mouse.click(sq["x"] + sq["width"] / 2, sq["y"] + sq["height"] / 2)
            page.wait_for_timeout(300)
            name = f"board-{width}{'-dark' if scheme == 'dark' else ''}.png"
            page.screenshot(path=str(args.out / name), full_page=False)
            print(args.out / name)
            ctx.close()
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
