"""Build the pure-Python petteia_core wheel with the standard library only.

No build backend, no network: the wheel is a zip of petteia_core's .py and .json files plus the dist-info files
(PEP 427). Timestamps are fixed, so the same sources always give the same bytes, and the
wheel's hash can name the site's cache version.

    python -m site_scripts.build_wheel [--out build/dist]   -> prints the wheel path
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIXED_TIME = (1980, 1, 1, 0, 0, 0)


def _record_hash(data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"sha256={digest}"


def build_wheel(out_dir: Path) -> Path:
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    name, version = meta["name"], meta["version"]
    dist = f"{name}-{version}.dist-info"
    files: list[tuple[str, bytes]] = []
    for path in sorted((ROOT / "petteia_core").rglob("*")):
        # Python modules and package data (the puzzle collection is JSON).
        if "__pycache__" in path.parts or path.suffix not in (".py", ".json") or not path.is_file():
            continue
        files.append((path.relative_to(ROOT).as_posix(), path.read_bytes()))
    metadata = (
        f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"
        f"Summary: {meta.get('description', '')}\nRequires-Python: {meta.get('requires-python', '>=3.11')}\n"
    )
    wheel = "Wheel-Version: 1.0\nGenerator: site_scripts.build_wheel\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    files.append((f"{dist}/METADATA", metadata.encode()))
    files.append((f"{dist}/WHEEL", wheel.encode()))
    record = "".join(f"{n},{_record_hash(d)},{len(d)}\n" for n, d in files) + f"{dist}/RECORD,,\n"
    files.append((f"{dist}/RECORD", record.encode()))

    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for arcname, data in files:
            info = zipfile.ZipInfo(arcname, FIXED_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, data)
    return target


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "dist")
    print(build_wheel(parser.parse_args().out))


if __name__ == "__main__":
    main()
