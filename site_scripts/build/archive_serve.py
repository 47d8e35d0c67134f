#!/usr/bin/env python3
"""Serve this folder (the unpacked Petteia site) on http://127.0.0.1:8000/ — Python 3, no packages.

    python3 serve.py [--port 8000] [--host 127.0.0.1]

Shipped as serve.py inside petteia-site.zip (site_scripts/build/offline_build.py). Unlike a bare
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
import sys

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


# ---------------------------------------------------------------- a QR code in the terminal
# Byte mode, error correction L, versions 1 to 5 (one block each): enough for any address
# "http://<IPv4>:<port>/". Written after Project Nayuki's QR Code generator (MIT licence), tested
# against the site's own encoder (npm qrcode-generator) in tests/site/test_classroom_server.py.
_QR_DATA = {1: (19, 7), 2: (34, 10), 3: (55, 15), 4: (80, 20), 5: (108, 26)}  # data and EC bytes
_QR_ALIGN = {1: None, 2: 18, 3: 22, 4: 26, 5: 30}


def _gf_mul(x, y):
    z = 0
    for i in reversed(range(8)):
        z = (z << 1) ^ ((z >> 7) * 0x11D)
        z ^= ((y >> i) & 1) * x
    return z


def _rs_remainder(data, degree):
    divisor = [0] * (degree - 1) + [1]
    root = 1
    for _ in range(degree):
        for j in range(degree):
            divisor[j] = _gf_mul(divisor[j], root)
            if j + 1 < degree:
                divisor[j] ^= divisor[j + 1]
        root = _gf_mul(root, 2)
    out = [0] * degree
    for b in data:
        factor = b ^ out.pop(0)
        out.append(0)
        for i, coef in enumerate(divisor):
            out[i] ^= _gf_mul(coef, factor)
    return out


def qr_matrix(text, mask=None):
    """The QR code of ``text`` as rows of booleans (True: dark), or None when it is too long.
    ``mask`` (0-7) forces a mask; by default the one with the smallest penalty is used."""
    data = text.encode("utf-8")
    version = next((v for v, (n, _) in _QR_DATA.items() if len(data) + 2 <= n), None)
    if version is None:
        return None
    capacity, ec = _QR_DATA[version]
    bits = [0, 1, 0, 0] + [(len(data) >> i) & 1 for i in range(7, -1, -1)]
    for b in data:
        bits += [(b >> i) & 1 for i in range(7, -1, -1)]
    bits += [0] * min(4, capacity * 8 - len(bits))
    bits += [0] * (-len(bits) % 8)
    codewords = [int("".join(map(str, bits[i:i + 8])), 2) for i in range(0, len(bits), 8)]
    pad = 0xEC
    while len(codewords) < capacity:
        codewords.append(pad)
        pad ^= 0xEC ^ 0x11
    codewords += _rs_remainder(codewords, ec)
    size = 17 + 4 * version
    dark = [[False] * size for _ in range(size)]
    fixed = [[False] * size for _ in range(size)]

    def put(x, y, value):
        dark[y][x] = value
        fixed[y][x] = True

    for i in range(size):
        put(6, i, i % 2 == 0)
        put(i, 6, i % 2 == 0)
    for cx, cy in ((3, 3), (size - 4, 3), (3, size - 4)):
        for dy in range(-4, 5):
            for dx in range(-4, 5):
                if 0 <= cx + dx < size and 0 <= cy + dy < size:
                    put(cx + dx, cy + dy, max(abs(dx), abs(dy)) not in (2, 4))
    if _QR_ALIGN[version]:
        c = _QR_ALIGN[version]
        for dy in range(-2, 3):
            for dx in range(-2, 3):
                put(c + dx, c + dy, max(abs(dx), abs(dy)) != 1)
    format_cells = [(8, i) for i in range(6)] + [(8, 7), (8, 8), (7, 8)] + [(14 - i, 8) for i in range(9, 15)]
    format_copy = [(size - 1 - i, 8) for i in range(8)] + [(8, size - 15 + i) for i in range(8, 15)]
    for x, y in format_cells + format_copy:
        put(x, y, False)
    put(8, size - 8, True)
    i = 0
    for right in range(size - 1, 0, -2):
        if right <= 6:
            right -= 1
        for vert in range(size):
            for j in range(2):
                x = right - j
                y = size - 1 - vert if (right + 1) & 2 == 0 else vert
                if not fixed[y][x] and i < len(codewords) * 8:
                    dark[y][x] = bool((codewords[i >> 3] >> (7 - (i & 7))) & 1)
                    i += 1
    masks = [
        lambda x, y: (x + y) % 2 == 0, lambda x, y: y % 2 == 0, lambda x, y: x % 3 == 0,
        lambda x, y: (x + y) % 3 == 0, lambda x, y: (x // 3 + y // 2) % 2 == 0,
        lambda x, y: x * y % 2 + x * y % 3 == 0, lambda x, y: (x * y % 2 + x * y % 3) % 2 == 0,
        lambda x, y: ((x + y) % 2 + x * y % 3) % 2 == 0,
    ]

    def with_mask(m):
        out = [[dark[y][x] ^ (not fixed[y][x] and masks[m](x, y)) for x in range(size)] for y in range(size)]
        value = 1 << 3 | m  # error correction L
        rem = value
        for _ in range(10):
            rem = (rem << 1) ^ ((rem >> 9) * 0x537)
        word = (value << 10 | rem) ^ 0x5412
        for k, (x, y) in enumerate(format_cells):
            out[y][x] = bool((word >> k) & 1)
        for k, (x, y) in enumerate(format_copy):
            out[y][x] = bool((word >> k) & 1)
        return out

    def penalty(m):
        rows = m + [list(col) for col in zip(*m)]
        score = 0
        for row in rows:  # runs of five or more of one colour
            run = 1
            for a, b in zip(row, row[1:] + [None]):
                if a == b:
                    run += 1
                    continue
                score += run - 2 if run >= 5 else 0
                run = 1
        for y in range(size - 1):  # 2 x 2 blocks of one colour
            for x in range(size - 1):
                if m[y][x] == m[y][x + 1] == m[y + 1][x] == m[y + 1][x + 1]:
                    score += 3
        share = sum(map(sum, m)) * 100 // (size * size)
        return score + abs(share - 50) // 5 * 10

    if mask is not None:
        return with_mask(mask)
    return min((with_mask(m) for m in range(8)), key=penalty)


def qr_text(text, quiet=4):
    """The QR code of ``text`` drawn for a terminal, two rows of modules per line, in explicit black
    and white (ANSI colours), so it reads the same on a dark or a light terminal. "" if too long."""
    m = qr_matrix(text)
    if m is None:
        return ""
    size = len(m) + 2 * quiet
    cell = lambda x, y: 0 <= y - quiet < len(m) and 0 <= x - quiet < len(m) and m[y - quiet][x - quiet]  # noqa: E731
    lines = []
    for y in range(0, size, 2):
        line = ""
        for x in range(size):
            top, bottom = cell(x, y), y + 1 < size and cell(x, y + 1)
            line += f"\x1b[{30 if top else 97};{40 if bottom else 107}m\u2580"
        lines.append(line + "\x1b[0m")
    return "\n".join(lines)


def json_answer(handler, value):
    """Send the headers of a JSON answer of ``value`` and return its body, as send_head does."""
    import io

    body = json.dumps(value).encode("utf-8")
    handler.send_response(200)
    handler.send_header("Content-Type", "application/json")
    handler.send_header("Content-Length", str(len(body)))
    handler.end_headers()
    return io.BytesIO(body)


class NotFoundPages:
    """An address with no file gets the site's own 404 page, in the language of its folder
    (``it/404.html`` for ``/it/...``), else ``404.html``; a handler class mixes this in."""

    def send_error(self, code, message=None, explain=None):
        page = self._not_found_page() if code == 404 and self.command in ("GET", "HEAD") else None
        if page is None:
            return super().send_error(code, message, explain)
        with open(page, "rb") as f:
            body = f.read()
        self.send_response(404, message)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)
        return None

    def _not_found_page(self):
        root = self.directory
        first = self.path.split("?", 1)[0].lstrip("/").split("/", 1)[0]
        folders = [first] if first.isalpha() and len(first) <= 8 else []
        for folder in [*folders, ""]:
            page = os.path.join(root, folder, "404.html")
            if os.path.isfile(page):
                return page
        return None


class Handler(NotFoundPages, http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}
    classroom = {"server": "petteia-serve", "listening": "local", "lan": []}

    def send_head(self):
        if self.path.split("?", 1)[0] == CLASSROOM_FILE:
            return json_answer(self, self.classroom)
        return super().send_head()

    def end_headers(self):
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()


def banner(here, lan, listening_everywhere, qr=False):
    """What the teacher reads in the terminal (with ``qr``, a QR code of the pupils' address)."""
    lines = [f"Petteia is running. On this computer open:  {here}"]
    if listening_everywhere and lan:
        lines.append("Pupils' devices on the same network (Wi-Fi) open:")
        lines += [f"    {url}" for url in lan]
        lines.append("(Assignment links made on this computer use that address.)")
        drawn = qr_text(lan[0]) if qr else ""
        if drawn:
            lines += ["The same address as a QR code (a phone's camera opens it):", drawn]
    elif listening_everywhere:
        lines.append("No network address was found: connect this computer to the room's network (Wi-Fi),")
        lines.append("then stop this (Ctrl+C) and start it again.")
    elif not lan:
        lines.append("Only this computer can open it. To let pupils' devices connect, stop it (Ctrl+C) and run:")
        lines.append("    python3 serve.py --host 0.0.0.0" if os.name != "nt" else "    py serve.py --host 0.0.0.0")
    lines.append("Ctrl+C stops the server.")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1", help="0.0.0.0 lets the room's other devices connect")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--no-qr", action="store_true", help="do not draw the QR code of the pupils' address")
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
        qr = not args.no_qr and sys.stdout.isatty()
        if qr and os.name == "nt":
            os.system("")  # lets the Windows console draw the QR code's colours (ANSI escapes)
        print(banner(here, lan, everywhere, qr), flush=True)
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    main()
