"""Fixtures shared by the site tests: one fresh `mkdocs build --strict` per test session."""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
VENDOR = ROOT / "docs" / "assets" / "vendor"


@pytest.fixture(scope="session")
def built(tmp_path_factory, worker_id) -> tuple[Path, str]:
    """A fresh `mkdocs build --strict` into a temporary folder; returns (site, log). Under
    pytest-xdist the workers share one build: the first to ask builds it, under a lock."""
    if not (VENDOR / "runtime.mjs").exists():
        pytest.fail("docs/assets/vendor is missing: run `make vendor` (or `make test`)")
    shared = tmp_path_factory.getbasetemp() if worker_id == "master" else tmp_path_factory.getbasetemp().parent
    out, log_file = shared / "built-site", shared / "built-site.log"
    with open(shared / "built-site.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not log_file.exists():
            env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
            proc = subprocess.run(
                [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
                cwd=ROOT, env=env, capture_output=True, text=True, timeout=600,
            )
            log = proc.stdout + proc.stderr
            assert proc.returncode == 0, log
            log_file.write_text(log, encoding="utf-8")
    return out, log_file.read_text(encoding="utf-8")
