"""The rules workshop's link (docs/assets/js/workshop-link.js), tested in Node
(tests/js/workshop-link.test.mjs, Node's own test runner)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests" / "js" / "workshop-link.test.mjs"


def test_workshop_link_module_in_node():
    if not (ROOT / "docs" / "assets" / "js").is_dir() or not TESTS.is_file():
        pytest.skip("the front end's files are not here (the core tests' run inside Pyodide)")
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js is not installed")
    proc = subprocess.run([node, "--test", str(TESTS)], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-2000:]
