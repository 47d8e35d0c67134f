"""Read the PDFs that headless Chromium prints (Skia/PDF): page sizes and the text of each page.

Standard library only, so the print tests need no poppler or PDF package. It handles what Skia
writes — uncompressed object syntax, Flate-compressed content streams, Type0 fonts with Identity-H
encoding and a ToUnicode CMap, text drawn with ``Tj``/``TJ`` — and is not a general PDF parser.
"""

from __future__ import annotations

import re
import zlib
from dataclasses import dataclass

_OBJ = re.compile(rb"(\d+) 0 obj\s*(.*?)endobj", re.S)
_STREAM = re.compile(rb"stream\r?\n(.*?)\r?\nendstream", re.S)
_REF = re.compile(rb"/(\w+)\s+(\d+) 0 R")
_LENGTH = re.compile(rb"/Length\s+(\d+)(?=\s*(?:/|>>))")  # a direct length (not "/Length 12 0 R")
_TOKEN = re.compile(rb"/[^\s/<>\[\]()]+|<[0-9A-Fa-f\s]*>|\[|\]|\((?:\\.|[^\\)])*\)|[^\s/<>\[\]()]+")


class PdfError(ValueError):
    """The bytes are not a PDF this reader understands."""


@dataclass(frozen=True)
class PdfPage:
    width: float  # points (1/72 inch)
    height: float
    text: str

    @property
    def landscape(self) -> bool:
        return self.width > self.height


def _objects(pdf: bytes) -> dict[int, bytes]:
    if not pdf.startswith(b"%PDF-"):
        raise PdfError("not a PDF (no %PDF- header)")
    return {int(m.group(1)): m.group(2) for m in _OBJ.finditer(pdf)}


def _stream(obj: bytes) -> bytes:
    m = _STREAM.search(obj)
    if not m:
        return b""
    data = m.group(1)
    # The data's own length where the dictionary gives it: compressed bytes may end in "\r", which
    # the pattern would take for the line break before "endstream".
    length = _LENGTH.search(obj[: m.start()])
    if length and int(length.group(1)) <= len(obj) - m.start(1):
        data = obj[m.start(1): m.start(1) + int(length.group(1))]
    return zlib.decompress(data) if b"/FlateDecode" in obj[: m.start()] else data


def _cmap(data: bytes) -> dict[int, str]:
    """A ToUnicode CMap (bfchar and bfrange sections) as glyph code -> text."""
    out: dict[int, str] = {}
    for block in re.findall(rb"beginbfchar(.*?)endbfchar", data, re.S):
        for src, dst in re.findall(rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
            out[int(src, 16)] = bytes.fromhex(dst.decode()).decode("utf-16-be", "replace")
    for block in re.findall(rb"beginbfrange(.*?)endbfrange", data, re.S):
        for lo, hi, dst in re.findall(rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
            start = int(dst, 16)
            for i, code in enumerate(range(int(lo, 16), int(hi, 16) + 1)):
                out[code] = chr(start + i)
    return out


def _dict_refs(obj: bytes, key: bytes) -> dict[bytes, int]:
    """Name -> object number of the inline dictionary ``/key <<...>>`` in ``obj``."""
    m = re.search(rb"/" + key + rb"\s*<<(.*?)>>", obj, re.S)
    return {name: int(num) for name, num in _REF.findall(m.group(1))} if m else {}


def _show(string: bytes, cmap: dict[int, str]) -> str:
    if string.startswith(b"<"):
        hexa = re.sub(rb"\s", b"", string[1:-1]).decode()
        codes = [int(hexa[i:i + 4], 16) for i in range(0, len(hexa) - 3, 4)]
        return "".join(cmap.get(c, "\ufffd") for c in codes)
    return string[1:-1].decode("latin-1")


def _page_text(content: bytes, fonts: dict[bytes, dict[int, str]]) -> str:
    parts: list[str] = []
    cmap: dict[int, str] = {}
    operands: list[bytes] = []
    in_array = False
    for tok in _TOKEN.findall(content):
        if tok == b"[":
            in_array = True
            operands.append(tok)
        elif tok == b"]":
            in_array = False
            operands.append(tok)
        elif in_array or tok[:1] in (b"/", b"<", b"(") or re.fullmatch(rb"[-+.\d]+", tok):
            operands.append(tok)
        else:  # an operator
            if tok == b"Tf" and len(operands) >= 2:
                cmap = fonts.get(operands[-2][1:], {})
            elif tok == b"Tj" and operands:
                parts.append(_show(operands[-1], cmap))
            elif tok == b"TJ":
                parts.extend(_show(o, cmap) for o in operands if o[:1] in (b"<", b"("))
            elif tok in (b"ET", b"T*", b"'", b'"'):
                parts.append("\n")
            operands = []
    return re.sub(r"[ \t]+", " ", "".join(parts))


def _leaves(objs: dict[int, bytes], num: int) -> list[int]:
    """The page objects under a node of the page tree, in order (long documents nest /Pages)."""
    obj = objs[num]
    if not re.search(rb"/Type /Pages\b", obj):
        return [num]
    kids = re.search(rb"/Kids \[(.*?)\]", obj, re.S).group(1)
    return [leaf for n in re.findall(rb"(\d+) 0 R", kids) for leaf in _leaves(objs, int(n))]


def read_pdf(pdf: bytes) -> list[PdfPage]:
    """The pages of a Chromium-printed PDF, in order, each with its size and text."""
    objs = _objects(pdf)
    cmaps: dict[int, dict[int, str]] = {}
    for num, obj in objs.items():
        m = re.search(rb"/ToUnicode (\d+) 0 R", obj)
        if m and int(m.group(1)) in objs:
            cmaps[num] = _cmap(_stream(objs[int(m.group(1))]))
    catalog = next((o for o in objs.values() if re.search(rb"/Type /Catalog\b", o)), None)
    root = re.search(rb"/Pages (\d+) 0 R", catalog) if catalog else None
    if root is None:
        raise PdfError("no page tree")
    pages = []
    for num in _leaves(objs, int(root.group(1))):
        obj = objs[num]
        box = [float(x) for x in re.search(rb"/MediaBox \[([^\]]*)\]", obj).group(1).split()]
        fonts = {name: cmaps.get(ref, {}) for name, ref in _dict_refs(obj, b"Font").items()}
        contents = re.search(rb"/Contents (\d+) 0 R", obj)
        text = _page_text(_stream(objs[int(contents.group(1))]), fonts) if contents else ""
        pages.append(PdfPage(width=box[2] - box[0], height=box[3] - box[1], text=text))
    return pages
