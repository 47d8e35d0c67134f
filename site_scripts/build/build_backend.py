"""A PEP 517 / PEP 660 build backend in the standard library (pyproject.toml ``build-backend``).

It needs nothing from the network: ``requires = []``, so ``pip install -e . --no-deps`` (the
Makefile's virtualenv rule) works offline. The wheel is :func:`site_scripts.build.build_wheel.build_wheel`'s;
the editable wheel is a ``.pth`` file putting the repository root on ``sys.path``, which makes
``petteia_core`` and ``site_scripts`` (the mkdocs hooks' modules) importable in the virtualenv.
"""

from __future__ import annotations

import io
import tarfile
from pathlib import Path

from site_scripts.build.build_wheel import ROOT, build_editable_wheel
from site_scripts.build.build_wheel import build_wheel as _build_wheel_file

__all__ = ["build_editable", "build_sdist", "build_wheel"]


def build_wheel(wheel_directory: str, config_settings: dict | None = None, metadata_directory: str | None = None) -> str:
    """Build the pure-Python wheel into ``wheel_directory``; return its file name."""
    return _build_wheel_file(Path(wheel_directory)).name


def build_editable(wheel_directory: str, config_settings: dict | None = None, metadata_directory: str | None = None) -> str:
    """Build the editable wheel into ``wheel_directory``; return its file name."""
    return build_editable_wheel(Path(wheel_directory)).name


def build_sdist(sdist_directory: str, config_settings: dict | None = None) -> str:
    """A source archive: pyproject.toml, README.md, petteia_core and site_scripts."""
    import tomllib

    meta = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    base = f"{meta['name']}-{meta['version']}"
    target = Path(sdist_directory) / f"{base}.tar.gz"
    paths = [ROOT / "pyproject.toml", ROOT / "README.md"]
    for folder in ("petteia_core", "site_scripts"):
        paths += [p for p in sorted((ROOT / folder).rglob("*")) if p.is_file() and "__pycache__" not in p.parts]
    pkg_info = f"Metadata-Version: 2.1\nName: {meta['name']}\nVersion: {meta['version']}\n".encode()
    with tarfile.open(target, "w:gz") as tar:
        for path in paths:
            tar.add(path, arcname=f"{base}/{path.relative_to(ROOT).as_posix()}")
        info = tarfile.TarInfo(f"{base}/PKG-INFO")
        info.size = len(pkg_info)
        tar.addfile(info, io.BytesIO(pkg_info))
    return target.name
