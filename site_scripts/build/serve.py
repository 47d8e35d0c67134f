"""Serve the built site on http://127.0.0.1:8000 with the right MIME types (standard library only).

    python -m site_scripts.build.serve [--dir site] [--host 127.0.0.1] [--port 8000]

`.wasm` goes out as application/wasm (Pyodide needs it), `.mjs` as JavaScript; the versioned
Pyodide folder is cacheable for a year, everything else is revalidated (see docs/hosting.md).
For tests, ``--break wasm-mime`` serves the .wasm as text/plain, ``--break no-runtime`` answers
404 for the Pyodide folder, ``slow-runtime`` holds the .wasm back 3 s and ``stall-runtime`` 60 s,
``stall-revalidation`` gives no answer (HANG_S) to a request that revalidates the .wasm (one the
browser's cache could have answered: a service worker keeping the runtime, not a page loading it),
to check that the boards stay usable and then say what is wrong; ``one-404`` answers every missing
address with the English 404.html, as GitHub Pages does (the service worker must then show the
language's own, docs/sw.js).

Breakages of one file (named by the last part of its path, e.g. ``abort:pyodide.asm.wasm``):
``missing:`` answers 404, ``drop:`` closes the connection without an answer (a network error),
``abort:`` sends the headers and half the body, then closes the connection (a download cut off),
``short:`` sends the first half as if it were the whole file (a truncated file on the server), and
``html:`` sends the home page as text/html (a server that answers every path with a page), and
``hang:`` accepts the request and never answers (the connection stays open for HANG_S seconds).
"""

from __future__ import annotations

import argparse
import functools
import http.server
import io
import socket
import threading
import time
from pathlib import Path

from .archive_serve import CLASSROOM_FILE, EVERYWHERE, NotFoundPages, addresses, banner, json_answer
from .archive_serve import TYPES as ARCHIVE_TYPES

ROOT = Path(__file__).resolve().parents[2]

# The archive's stand-alone server (shipped as serve.py in petteia-site.zip) holds the types the
# runtime needs; this development server adds the web manifest.
TYPES = {**ARCHIVE_TYPES, ".webmanifest": "application/manifest+json"}
BREAKS = ("none", "wasm-mime", "no-runtime", "slow-runtime", "stall-runtime", "stall-revalidation", "one-404")
FILE_BREAKS = ("missing", "drop", "abort", "short", "html", "hang")
HANG_S = 40  # how long a hung answer keeps its connection open (longer than any test waits)


def check_breakage(breakage: str) -> None:
    """Raise ValueError unless ``breakage`` is one of BREAKS or ``<one of FILE_BREAKS>:<file name>``."""
    action, _, name = breakage.partition(":")
    if breakage in BREAKS or (action in FILE_BREAKS and name and "/" not in name):
        return
    raise ValueError(
        f"unknown breakage {breakage!r} (one of {', '.join(BREAKS)}, or <{'|'.join(FILE_BREAKS)}>:<file name>)"
    )


class Handler(NotFoundPages, http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}
    breakage = "none"
    quiet = True
    record: list | None = None
    classroom: dict | None = None  # served at CLASSROOM_FILE when listening on every address

    def _runtime_path(self) -> bool:
        return "/assets/vendor/pyodide-" in self.path

    def _revalidates(self) -> bool:
        """Whether the request asks the server although the browser may hold a fresh copy."""
        asked = self.headers.get("Cache-Control", "") + self.headers.get("Pragma", "")
        conditional = self.headers.get("If-Modified-Since") or self.headers.get("If-None-Match")
        return bool(conditional) or "max-age=0" in asked or "no-cache" in asked

    def _broken_file(self) -> str | None:
        """The FILE_BREAKS action for this request's file, if the breakage names it."""
        action, _, name = self.breakage.partition(":")
        if action in FILE_BREAKS and self.path.split("?", 1)[0].rsplit("/", 1)[-1] == name:
            return action
        return None

    def _send_broken(self, action: str):
        """Answer as the FILE_BREAKS ``action`` says (None: the connection is closed, or a body was sent)."""
        if action == "missing":
            self.send_error(404, "file removed for a test")
            return None
        if action == "hang":
            time.sleep(HANG_S)  # the request was accepted; no answer comes
            self.close_connection = True
            return None
        if action == "drop":
            self.close_connection = True
            self.connection.shutdown(socket.SHUT_RDWR)
            return None
        if action == "html":
            body = (Path(self.directory) / "index.html").read_bytes()
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            return io.BytesIO(body)
        path = Path(self.translate_path(self.path.split("?", 1)[0]))
        data = path.read_bytes()
        half = data[: len(data) // 2]
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Length", str(len(data) if action == "abort" else len(half)))
        self.end_headers()
        if action == "short":
            return io.BytesIO(half)
        self.wfile.write(half)  # abort: half the promised body, then the connection goes
        self.wfile.flush()
        self.close_connection = True
        self.connection.shutdown(socket.SHUT_RDWR)
        return None

    def send_head(self):
        if self.classroom and self.path.split("?", 1)[0] == CLASSROOM_FILE:
            return json_answer(self, self.classroom)
        action = self._broken_file()
        if action:
            return self._send_broken(action)
        if self._runtime_path() and self.breakage != "none":
            if self.breakage == "no-runtime":
                self.send_error(404, "runtime removed for a test")
                return None
            if self.path.endswith(".wasm") and self.breakage == "stall-revalidation" and self._revalidates():
                time.sleep(HANG_S)  # the request was accepted; no answer comes
                self.close_connection = True
                return None
            if self.path.endswith(".wasm") and self.breakage in ("slow-runtime", "stall-runtime"):
                time.sleep(3 if self.breakage == "slow-runtime" else 60)  # a slow or a stuck network
        return super().send_head()

    def _not_found_page(self):
        if self.breakage == "one-404":
            page = Path(self.directory) / "404.html"
            return str(page) if page.is_file() else None
        return super()._not_found_page()

    def guess_type(self, path):
        if self.breakage == "wasm-mime" and str(path).endswith(".wasm"):
            return "text/plain"
        return super().guess_type(path)

    def end_headers(self):
        if self._runtime_path():
            self.send_header("Cache-Control", "public, max-age=31536000, immutable")
        else:
            self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def copyfile(self, source, outputfile):
        if self.record is not None and not isinstance(source, io.BytesIO):  # bytes each file costs
            import os

            self.record.append((self.path, os.fstat(source.fileno()).st_size))
        super().copyfile(source, outputfile)

    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        if not self.quiet:
            super().log_message(format, *args)


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def handle_error(self, request, client_address):
        # Browsers drop connections they no longer need (a reload, a cancelled stream): not an error.
        import sys

        if isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            return
        super().handle_error(request, client_address)


def make_server(
    directory: Path, host: str = "127.0.0.1", port: int = 8000, breakage: str = "none", quiet: bool = True,
    record: list | None = None,
):
    check_breakage(breakage)
    classroom = None
    if host in EVERYWHERE:  # as the classroom download's serve.py does (site_scripts/build/archive_serve.py)
        lan = addresses(host, port)[1]
        classroom = {"server": "petteia-serve", "listening": "all" if lan else "local", "lan": lan}
    handler = type("SiteHandler", (Handler,), {"breakage": breakage, "quiet": quiet, "record": record, "classroom": classroom})
    return Server((host, port), functools.partial(handler, directory=str(directory)))


def serve_in_thread(directory: Path, port: int = 0, breakage: str = "none", record: list | None = None):
    """Start a server in a daemon thread; returns (server, base_url). Stop with server.shutdown().

    ``record``: a list that receives (path, bytes) for every file body sent."""
    server = make_server(directory, port=port, breakage=breakage, record=record)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    host, real_port = server.server_address[:2]
    return server, f"http://{host}:{real_port}/"


def main() -> None:
    parser = argparse.ArgumentParser(description="Serve the built Petteia site.")
    parser.add_argument("--dir", type=Path, default=ROOT / "site")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--break", dest="breakage", default="none",
                        help=f"one of {', '.join(BREAKS)}, or <{'|'.join(FILE_BREAKS)}>:<file name>")
    args = parser.parse_args()
    try:
        check_breakage(args.breakage)
    except ValueError as err:
        parser.error(str(err))
    if not (args.dir / "index.html").exists():
        raise SystemExit(f"{args.dir} has no index.html: build the site first (make build)")
    server = make_server(args.dir, args.host, args.port, args.breakage, quiet=False)
    here, lan = addresses(args.host, args.port)
    print(f"Serving {args.dir}", banner(here, lan, args.host in EVERYWHERE), sep="\n", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
