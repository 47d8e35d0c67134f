#!/usr/bin/env python3
"""Serve this folder (the unpacked Petteia site) on http://127.0.0.1:8000/ — Python 3, no packages.

    python3 serve.py [--port 8000] [--host 127.0.0.1]

Shipped as serve.py inside petteia-site.zip (site_scripts/offline_build.py). Unlike a bare
`python3 -m http.server`, whose MIME types come from the operating system's tables, it always
sends .wasm as application/wasm and .mjs/.js as JavaScript, which the live boards need.

With `--host 0.0.0.0` the other devices of the room's network can connect: it prints the
address(es) to give the pupils, and answers /petteia-classroom.json with them, so the teachers'
assignment builder, opened at 127.0.0.1 on this computer, makes links the pupils' devices can open.
"""

import argparse
import functools
import http.server
import json
import os
import socket

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
CLASSROOM_FILE = "/petteia-classroom.json"  # docs/assets/js/site-address.js reads it
EVERYWHERE = ("0.0.0.0", "", "::")


def lan_addresses():
    """This computer's IPv4 addresses on its networks (not 127.x), best guess first; may be empty."""
    found = []
    # The address the computer would send from (no packet is sent: a UDP "connect" only picks a route).
    for probe in ("10.255.255.255", "192.168.255.255", "172.31.255.255", "8.8.8.8"):
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
                s.connect((probe, 9))
                found.append(s.getsockname()[0])
        except OSError:
            pass
    try:
        found += [info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)]
    except OSError:
        pass
    out = []
    for ip in found:
        if ip not in out and not ip.startswith(("127.", "0.", "169.254.")):
            out.append(ip)
    return out


def addresses(host, port):
    """(the address on this computer, [the addresses for other devices]) of a server on host:port."""
    if host in EVERYWHERE:
        return f"http://127.0.0.1:{port}/", [f"http://{ip}:{port}/" for ip in lan_addresses()]
    shown = f"[{host}]" if ":" in host else host
    here = f"http://{shown}:{port}/"
    local = host == "localhost" or host.startswith("127.") or host == "::1"
    return here, [] if local else [here]


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}
    classroom = {"server": "petteia-serve", "listening": "local", "lan": []}

    def send_head(self):
        if self.path.split("?", 1)[0] == CLASSROOM_FILE:
            body = json.dumps(self.classroom).encode("utf-8")
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            import io

            return io.BytesIO(body)
        return super().send_head()

    def end_headers(self):
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()


def banner(here, lan, listening_everywhere):
    """What the teacher reads in the terminal."""
    lines = [f"Petteia is running. On this computer open:  {here}"]
    if listening_everywhere and lan:
        lines.append("Pupils' devices on the same network (Wi-Fi) open:")
        lines += [f"    {url}" for url in lan]
        lines.append("(Assignment links made on this computer use that address.)")
    elif listening_everywhere:
        lines.append("No network address was found: connect this computer to the room's network (Wi-Fi),")
        lines.append("then stop this (Ctrl+C) and start it again.")
    elif not lan:
        lines.append("Only this computer can open it. To let pupils' devices connect, stop it (Ctrl+C) and run:")
        lines.append("    python3 serve.py --host 0.0.0.0")
    lines.append("Ctrl+C stops the server.")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1", help="0.0.0.0 lets the room's other devices connect")
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args()
    root = os.path.dirname(os.path.abspath(__file__))
    try:
        httpd = http.server.ThreadingHTTPServer((args.host, args.port), Handler)
    except OSError as err:
        raise SystemExit(f"Port {args.port} cannot be used ({err.strerror}): try another, e.g. python3 serve.py --port 8080")
    with httpd:
        host, port = httpd.server_address[:2]
        everywhere = args.host in EVERYWHERE
        here, lan = addresses(args.host, port)
        info = {"server": "petteia-serve", "listening": "all" if lan else "local", "lan": lan}
        httpd.RequestHandlerClass = type("Handler", (Handler,), {"classroom": info})
        httpd.RequestHandlerClass = functools.partial(httpd.RequestHandlerClass, directory=root)
        print(banner(here, lan, everywhere), flush=True)
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    main()
