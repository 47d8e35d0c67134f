"""Fixtures shared by the site tests: one fresh `mkdocs build --strict` per test session."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
VENDOR = ROOT / "docs" / "assets" / "vendor"


@pytest.fixture(scope="session")
def built(tmp_path_factory) -> tuple[Path, str]:
    """A fresh `mkdocs build --strict` into a temporary folder; returns (site, log)."""
    if not (VENDOR / "runtime.mjs").exists():
        pytest.fail("docs/assets/vendor is missing: run `make vendor` (or `make test`)")
    out = tmp_path_factory.mktemp("site")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    proc = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=600,
    )
    log = proc.stdout + proc.stderr
    assert proc.returncode == 0, log
    return out, log
