"""Every script the site ships parses: `node --check` on each file of docs/assets/js/ and the service
worker (the package is "type": "module", so the modules are checked as modules). A syntax error in
one module stops its page with a message at run time (module-check.js); here it fails in a second."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = sorted((ROOT / "docs" / "assets" / "js").glob("*.js")) + [ROOT / "docs" / "sw.js"]


@pytest.mark.skipif(shutil.which("node") is None, reason="Node is needed (make test installs it with npm)")
@pytest.mark.parametrize("script", SCRIPTS, ids=[p.name for p in SCRIPTS])
def test_the_script_parses(script):
    done = subprocess.run(["node", "--check", str(script)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
