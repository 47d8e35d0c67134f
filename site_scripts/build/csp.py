"""A Content-Security-Policy for every page, as a <meta http-equiv> (called from site_scripts/build/hooks.py).

A static host may send no headers of ours, so the policy travels in the page. Scripts run only from
the site itself, or inline when their hash is listed: the theme's few inline scripts (they differ
by page depth) and the printables' ``onclick="window.print()"`` (an inline handler needs
'unsafe-hashes' with its hash). The same policy, with the hashes of every page, goes into every
page: instant navigation runs a new page's inline scripts under the first page's policy.

Not needed, so not allowed: 'unsafe-eval', and 'wasm-unsafe-eval' — Pyodide compiles WebAssembly
inside the Python worker, and a worker loaded from the site's own origin has its own policy (from
its response headers), not the page's. Styles allow 'unsafe-inline' (the boards' SVG and the theme
set style attributes); images allow data: (the theme's icons are data: URLs in its CSS).
"""

from __future__ import annotations

import base64
import hashlib
import html
import re
from pathlib import Path

_INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)([^>]*)>(.*?)</script>", re.S)
_HANDLER = re.compile(r"""\son[a-z]+="([^"]*)\"""")
_CHARSET = re.compile(r"<meta charset=\"[^\"]*\">", re.I)
_EXISTING = re.compile(r'<meta http-equiv="Content-Security-Policy"[^>]*>\n?')


def _sha256(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode() + "'"


def _is_javascript(attrs: str) -> bool:
    match = re.search(r'\btype="([^"]*)"', attrs)
    return match is None or match.group(1) in ("text/javascript", "module", "application/javascript")


def inline_hashes(page: str) -> tuple[set[str], set[str]]:
    """(hashes of the inline scripts, hashes of the inline event handlers) of one page."""
    scripts = {_sha256(body) for attrs, body in _INLINE_SCRIPT.findall(page) if _is_javascript(attrs)}
    handlers = {_sha256(html.unescape(code)) for code in _HANDLER.findall(page)}
    return scripts, handlers


def policy(scripts: set[str], handlers: set[str]) -> str:
    script_src = ["'self'", *sorted(scripts)]
    if handlers:
        script_src += ["'unsafe-hashes'", *sorted(handlers)]
    return "; ".join([
        "default-src 'self'",
        "script-src " + " ".join(script_src),
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "font-src 'self' data:",
        "connect-src 'self'",
        # blob: for the class table's QR scanner (npm qr-scanner), which starts its decoding
        # worker from a blob: URL; site-wide because instant navigation keeps the first page's policy.
        "worker-src 'self' blob:",
        "manifest-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
    ])


def add_policy(site_dir: Path) -> str:
    """Write the policy into every HTML page of ``site_dir`` (right after <meta charset>); return it."""
    pages = sorted(site_dir.rglob("*.html"))
    texts = {p: _EXISTING.sub("", p.read_text(encoding="utf-8")) for p in pages}
    scripts: set[str] = set()
    handlers: set[str] = set()
    for text in texts.values():
        s, h = inline_hashes(text)
        scripts |= s
        handlers |= h
    csp = policy(scripts, handlers)
    meta = f'<meta http-equiv="Content-Security-Policy" content="{html.escape(csp, quote=False)}">'
    for path, text in texts.items():
        if not _CHARSET.search(text):
            raise RuntimeError(f"{path}: no <meta charset> to put the Content-Security-Policy after")
        path.write_text(_CHARSET.sub(lambda m: m.group(0) + "\n    " + meta, text, count=1), encoding="utf-8")
    return csp
