"""The vendored runtime (site_scripts/build/vendor.py): bytecode made for the Python that runs it, the
same bytes from every build, a minimal lock file, and sizes and names that follow the contents."""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import zipfile
from pathlib import Path

import pytest

from site_scripts.build import vendor

ROOT = Path(__file__).resolve().parents[2]
VENDOR = ROOT / "docs" / "assets" / "vendor"


@pytest.fixture(scope="module")
def runtime() -> dict:
    if not (VENDOR / "runtime.mjs").exists():
        pytest.fail("docs/assets/vendor is missing: run `make vendor` (or `make test`)")
    text = (VENDOR / "runtime.mjs").read_text(encoding="utf-8")
    return json.loads(re.search(r"export default (\{.*\});", text, re.S).group(1))


def _tree(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_every_pyc_has_the_magic_number_of_the_vendored_python(runtime):
    # The magic number is read from the vendored Pyodide itself (importlib.util.MAGIC_NUMBER), not
    # from a constant; each .pyc is also checked against the source it was compiled from.
    proc = subprocess.run(["node", "tests/pyodide/check_bytecode.mjs"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout.strip().splitlines()[-1])
    assert report["problems"] == []
    assert report["magic"] == runtime["bytecode"]["magic"]
    assert report["python"] == runtime["bytecode"]["python"]
    counts = report["counts"]
    assert counts["stdlib_pyc"] == runtime["bytecode"]["stdlibModules"] >= 100  # start-up's modules at least
    assert counts["stdlib_py"] > 300  # the rest of the standard library stays, as source
    assert counts["wheel_pyc"] == counts["wheel_py"] > 10  # every module of ours, with its source


def test_two_builds_give_the_same_bytes(runtime, tmp_path):
    again = tmp_path / "vendor"
    data = vendor.vendor(again)
    assert data == runtime
    first, second = _tree(VENDOR), _tree(again)
    assert sorted(first) == sorted(second)
    different = [name for name in first if first[name] != second[name]]
    assert different == []


def test_archives_have_fixed_dates_and_the_names_follow_the_contents(runtime):
    py_dir = VENDOR / runtime["pyodideDir"]
    wheel = VENDOR / runtime["wheel"].split("?")[0]
    for archive in (py_dir / "python_stdlib.zip", wheel):
        with zipfile.ZipFile(archive) as z:
            assert {info.date_time for info in z.infolist()} == {(1980, 1, 1, 0, 0, 0)}, archive.name
    digest = hashlib.sha256()
    for name in vendor.PYODIDE_FILES:
        digest.update(name.encode() + b"\0" + hashlib.sha256((py_dir / name).read_bytes()).digest())
    assert runtime["pyodideDir"] == f"pyodide-{runtime['pyodideVersion']}-{digest.hexdigest()[:10]}/"
    assert runtime["wheel"].endswith("?v=" + hashlib.sha256(wheel.read_bytes()).hexdigest()[:16])
    assert "-cp314-" in wheel.name  # pyodide-build names the wheel after the Python it compiled for


def test_sizes_the_worker_checks_are_the_files_sizes(runtime):
    py_dir = VENDOR / runtime["pyodideDir"]
    wheel = VENDOR / runtime["wheel"].split("?")[0]
    for name, size in runtime["sizes"].items():
        path = wheel if name == wheel.name else py_dir / name
        assert path.stat().st_size == size, name
    assert runtime["wheelSize"] == wheel.stat().st_size
    assert runtime["runtimeBytes"] == sum(runtime["sizes"][n] for n in ("pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"))


def test_the_lock_file_lists_only_what_the_site_loads(runtime):
    lock = json.loads((VENDOR / runtime["pyodideDir"] / "pyodide-lock.json").read_text())
    npm = json.loads((ROOT / "node_modules" / "pyodide" / "pyodide-lock.json").read_text())
    assert lock == {"info": npm["info"], "packages": {}}
    assert runtime["sizes"]["pyodide-lock.json"] < 1024
