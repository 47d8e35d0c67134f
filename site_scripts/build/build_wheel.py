"""Build the pure-Python petteia_core wheel with the standard library only.

No build backend, no network: the wheel is a zip of petteia_core's .py and .json files, its gettext
catalogs compiled to .mo (site_scripts/build/engine_catalog.py, with Babel, only when a language has a .po),
plus the dist-info files (PEP 427). Timestamps are fixed, so the same sources always give the same bytes, and the
wheel's hash can name the site's cache version.

    python -m site_scripts.build.build_wheel [--out build/dist]   -> prints the wheel path
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FIXED_TIME = (1980, 1, 1, 0, 0, 0)


def _record_hash(data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"sha256={digest}"


def package_files(root: Path = ROOT) -> list[tuple[str, bytes]]:
    """petteia_core's modules, package data (the puzzle collection is JSON), ``py.typed`` and each
    language's catalog (``locale/<lang>/LC_MESSAGES/petteia.po``) compiled to ``petteia.mo``."""
    from .engine_catalog import compiled_catalogs

    files: list[tuple[str, bytes]] = []
    for path in sorted((root / "petteia_core").rglob("*")):
        if "__pycache__" in path.parts or not path.is_file():
            continue
        if path.suffix in (".py", ".json") or path.name == "py.typed":
            files.append((path.relative_to(root).as_posix(), path.read_bytes()))
    compiled = compiled_catalogs(root / "petteia_core")
    names = {name for name, _ in compiled}
    files = [(name, data) for name, data in files if name not in names] + compiled
    return sorted(files)


def _write_wheel(out_dir: Path, files: list[tuple[str, bytes]]) -> Path:
    """A wheel of ``files`` plus the dist-info (METADATA, WHEEL, RECORD), with fixed timestamps."""
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    name, version = meta["name"], meta["version"]
    dist = f"{name}-{version}.dist-info"
    files = list(files)
    metadata = (
        f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"
        f"Summary: {meta.get('description', '')}\nRequires-Python: {meta.get('requires-python', '>=3.11')}\n"
    )
    for extra, requirements in meta.get("optional-dependencies", {}).items():
        metadata += f"Provides-Extra: {extra}\n" + "".join(
            f'Requires-Dist: {req}; extra == "{extra}"\n' for req in requirements)
    wheel = "Wheel-Version: 1.0\nGenerator: site_scripts.build.build_wheel\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
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


def build_wheel(out_dir: Path) -> Path:
    """The petteia_core wheel (what the browser installs) in ``out_dir``."""
    return _write_wheel(out_dir, package_files())


def build_editable_wheel(out_dir: Path) -> Path:
    """An editable wheel (PEP 660): a ``.pth`` file putting the repository root on ``sys.path``.

    Installed in the virtualenv (``pip install -e . --no-deps``), it makes ``petteia_core`` and
    the build-time ``site_scripts`` importable from the working tree without copying them.
    """
    pth = (str(ROOT) + "\n").encode()
    return _write_wheel(out_dir, [("petteia_core_editable.pth", pth)])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "dist")
    print(build_wheel(parser.parse_args().out))


if __name__ == "__main__":
    main()
