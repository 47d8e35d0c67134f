"""The pure front-end modules, tested in Node (Node's own test runner): the trainer's (Glicko-2,
progress storage and file, modes: tests/js/trainer.test.mjs) and the assignments' (links, result
codes, the class table's data: tests/js/assignment-code.test.mjs, tests/js/class-roster.test.mjs)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests" / "js" / "trainer.test.mjs"
JS_TESTS = sorted((ROOT / "tests" / "js").glob("*.test.mjs"))


def test_trainer_modules_in_node():
    if not (ROOT / "docs" / "assets" / "js").is_dir() or not TESTS.is_file():
        pytest.skip("the front end's files are not here (the core tests' run inside Pyodide)")
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js is not installed")
    proc = subprocess.run([node, "--test", *map(str, JS_TESTS)], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-2000:]
