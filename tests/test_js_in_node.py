"""The pure front-end modules, tested in Node with Node's own test runner: one test per file of
tests/js/ (the trainer's Glicko-2, progress and modes; the assignments' links, result codes and class
table data; the friend link; the workshop's link). ``node --test tests/js/`` runs the same."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
JS_TESTS = sorted((ROOT / "tests" / "js").glob("*.test.mjs"))


@pytest.mark.parametrize("script", JS_TESTS, ids=lambda p: p.name)
def test_module_in_node(script: Path):
    if not (ROOT / "docs" / "assets" / "js").is_dir():
        pytest.skip("the front end's files are not here (the core tests' run inside Pyodide)")
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js is not installed")
    proc = subprocess.run([node, "--test", str(script)], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-2000:]


def test_every_module_test_is_found():
    # Inside Pyodide the tests/js folder is not shipped; elsewhere an empty list would test nothing.
    if (ROOT / "docs" / "assets" / "js").is_dir():
        assert len(JS_TESTS) >= 5, JS_TESTS
