#!/usr/bin/env python3
"""Serve this folder (the unpacked Petteia site) on http://127.0.0.1:8000/ — Python 3, no packages.

    python3 serve.py [--port 8000] [--host 127.0.0.1]

Shipped as serve.py inside petteia-site.zip (site_scripts/offline_build.py). Unlike a bare
`python3 -m http.server`, whose MIME types come from the operating system's tables, it always
sends .wasm as application/wasm and .mjs/.js as JavaScript, which the live boards need.
"""

import argparse
import functools
import http.server
import os

TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".css": "text/css",
    ".html": "text/html",
}


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}

    def end_headers(self):
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args()
    root = os.path.dirname(os.path.abspath(__file__))
    handler = functools.partial(Handler, directory=root)
    with http.server.ThreadingHTTPServer((args.host, args.port), handler) as httpd:
        host, port = httpd.server_address[:2]
        print(f"Petteia: http://{'127.0.0.1' if host == '0.0.0.0' else host}:{port}/  (Ctrl+C stops)", flush=True)
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    main()
