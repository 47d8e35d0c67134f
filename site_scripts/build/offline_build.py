"""Build-time files for using the site without a network (called from site_scripts/build/hooks.py).

* ``site/offline-manifest.json``: every file the service worker may keep, with its size, its
  SHA-256 and the release version (sw.js carries the same list); the "Make available offline" button (docs/assets/js/offline.js) downloads
  exactly this list into the service worker's cache and shows progress against it.
* ``site/petteia-site.zip``: the whole built site in one archive, plus ``serve.py`` (a small
  standard-library server with the right MIME types) and ``README.txt``, for rooms with no network
  at all. The archive never contains itself; its entries carry a fixed date, so the same site
  makes the same archive.
"""

from __future__ import annotations

import hashlib
import json
import zipfile
from pathlib import Path

MANIFEST = "offline-manifest.json"
ARCHIVE = "petteia-site.zip"
ARCHIVE_DIR = "petteia-site"  # the folder the archive unpacks into
SERVE_SCRIPT = Path(__file__).with_name("archive_serve.py")
# Already compressed: stored as they are (deflating them again costs time and saves nothing).
_STORED = (".zip", ".whl", ".gz", ".png", ".jpg", ".jpeg", ".webp", ".woff", ".woff2")
_FIXED_DATE = (2024, 1, 1, 0, 0, 0)

README = f"""Petteia, the whole site for use without a network
=================================================

1. Unpack this archive (it makes the folder {ARCHIVE_DIR}/).
2. In that folder run:   python3 serve.py
   (on Windows:          py serve.py)
3. Open http://127.0.0.1:8000/ in a browser on the same computer.

serve.py needs only Python 3 (no packages). It serves .wasm files as application/wasm and
.mjs files as JavaScript, which the live boards need. `python3 serve.py --port 8080` picks
another port.

For a class: `python3 serve.py --host 0.0.0.0` lets the pupils' devices on the same network
(Wi-Fi) connect. It prints the address they should open, e.g. http://192.168.1.20:8000/, and
the assignment builder, opened at http://127.0.0.1:8000/ on this computer, makes its links
with that address. The site's page "Run the site on your laptop for the class" (For teachers)
says more.

Opening index.html directly from the disk shows the pages and the diagrams, but browsers do not
run the live boards from file:// addresses: use the server.
"""


def manifest(site_dir: Path, urls: list[str], version: str) -> dict:
    """The manifest for the precache list ``urls`` and its release.

    Each file has its size and SHA-256 (hex): the service worker serves a stored file only if
    both match, and the offline button re-downloads one that does not (docs/sw.js, offline.js).
    """
    files = []
    for url in urls:
        path = site_dir / ("index.html" if url == "./" else url + "index.html" if url.endswith("/") else url)
        data = path.read_bytes()
        files.append({"url": url, "bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()})
    return {"version": version, "files": files, "bytes": sum(f["bytes"] for f in files)}


def write_manifest(site_dir: Path, urls: list[str], version: str) -> dict:
    data = manifest(site_dir, urls, version)
    (site_dir / MANIFEST).write_text(json.dumps(data, indent=0), encoding="utf-8")
    return data


def write_archive(site_dir: Path) -> Path:
    """Zip every file of ``site_dir`` (but the archive itself) under petteia-site/, plus serve.py."""
    target = site_dir / ARCHIVE
    tmp = target.with_suffix(".zip.part")
    files = sorted(
        p for p in site_dir.rglob("*")
        if p.is_file() and p not in (target, tmp) and not any(part.startswith(".") for part in p.relative_to(site_dir).parts)
    )
    with zipfile.ZipFile(tmp, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=6) as zf:
        for path in files:
            rel = path.relative_to(site_dir).as_posix()
            _add(zf, f"{ARCHIVE_DIR}/{rel}", path.read_bytes(), stored=rel.endswith(_STORED))
        _add(zf, f"{ARCHIVE_DIR}/serve.py", SERVE_SCRIPT.read_bytes(), mode=0o755)
        _add(zf, f"{ARCHIVE_DIR}/README.txt", README.encode("utf-8"))
    tmp.replace(target)
    return target


def _add(zf: zipfile.ZipFile, name: str, data: bytes, stored: bool = False, mode: int = 0o644) -> None:
    info = zipfile.ZipInfo(name, date_time=_FIXED_DATE)
    info.compress_type = zipfile.ZIP_STORED if stored else zipfile.ZIP_DEFLATED
    info.external_attr = (0o100000 | mode) << 16  # a regular file with these permissions
    zf.writestr(info, data)
