"""Copy the pinned front-end runtime into docs/assets/vendor/ (generated, git-ignored), with the
standard library and our wheel compiled for Pyodide's Python at build time.

    docs/assets/vendor/pyodide-<version>-<hash>/  Pyodide core files (npm `pyodide`), of which:
        python_stdlib.zip    the npm zip with the modules the site loads compiled (sourceless .pyc)
        pyodide-lock.json    a lock file listing only what the site loads: no packages
    docs/assets/vendor/comlink/comlink.mjs        Comlink from node_modules/comlink
    docs/assets/vendor/qrcode/qrcode.mjs          QR codes drawn (npm `qrcode-generator`, ES module)
    docs/assets/vendor/qr-scanner/                QR codes read from the camera (npm `qr-scanner`:
                                                  the module and its decoding worker)
    docs/assets/vendor/wheels/<wheel>             petteia_core, .py sources and their compiled
                                                  __pycache__/*.cpython-314.pyc
    docs/assets/vendor/runtime.mjs                what the worker needs to know: paths, sizes, version
    docs/assets/vendor/words.mjs                  side, ruleset and level names (petteia_core/web/words.py)
    docs/assets/vendor/catalog.mjs, catalog-<lang>.mjs   the pages' words in each language (site_scripts/build/catalog.py)

Compiling: pyodide-build's `pyodide py-compile` (site_scripts/build/pyodide_compile.mjs), run by
Pyodide's own Python 3.14 on Node, so the bytecode has the magic number of the Python that runs it
in the browser. Which stdlib modules are compiled is measured there too (the census: start-up, the
worker's imports and every petteia_core module); the other ~420 stay source, as in the npm zip.
Every archive is rewritten here in a fixed order with fixed dates: two builds give the same bytes.

The Pyodide directory carries its version and a hash of its files in its name, so a host may cache
it forever; the wheel's URL carries its hash as a query string for the same reason.

    python -m site_scripts.build.vendor
"""

from __future__ import annotations

import base64
import hashlib
import json
import shutil
import subprocess
import tempfile
import zipfile
from pathlib import Path

from .build_wheel import FIXED_TIME, ROOT, build_wheel
from .catalog import write_catalogs

VENDOR = ROOT / "docs" / "assets" / "vendor"
NODE = ROOT / "node_modules"
# The core runtime: the loader, the Emscripten glue, the WebAssembly binary, the standard library
# and the lock file loadPyodide reads at start. Nothing else of the npm package is served.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
# pyodide-build and its pure-Python dependencies: wheels from PyPI (Makefile: build/pyodide-build).
TOOLS = ROOT / "build" / "pyodide-build"
COMPILE_SCRIPT = ROOT / "site_scripts" / "build" / "pyodide_compile.mjs"
ZIP_LEVEL = 9


def pyodide_version() -> str:
    return json.loads((NODE / "pyodide" / "package.json").read_text())["version"]


def compile_with_pyodide(source_wheel: Path, out: Path) -> dict:
    """Run pyodide-build's py-compile inside Pyodide on Node (site_scripts/build/pyodide_compile.mjs).

    Returns the census: {"magic", "python", "cache_tag", "modules", "compiled", "pyodide_build"}.
    """
    if not any(TOOLS.glob("pyodide_build-*.whl")):
        raise SystemExit(f"{TOOLS.relative_to(ROOT)} is missing: run `make vendor` (it downloads pyodide-build from PyPI)")
    out.mkdir(parents=True, exist_ok=True)
    job = out / "job.json"
    job.write_text(json.dumps({"tools": str(TOOLS), "wheel": str(source_wheel), "out": str(out)}))
    subprocess.run(["node", str(COMPILE_SCRIPT), str(job)], check=True, cwd=ROOT, stdout=subprocess.DEVNULL)
    census = json.loads((out / "census.json").read_text())
    census["out"] = out
    return census


def _zip_entry(zf: zipfile.ZipFile, name: str, data: bytes) -> None:
    info = zipfile.ZipInfo(name, FIXED_TIME)
    info.external_attr = (0o40755 if name.endswith("/") else 0o100644) << 16
    info.compress_type = zipfile.ZIP_STORED if name.endswith("/") else zipfile.ZIP_DEFLATED
    zf.writestr(info, data, compresslevel=ZIP_LEVEL)


def stdlib_zip(stock: Path, compiled: Path, target: Path) -> int:
    """The npm ``python_stdlib.zip`` with each compiled module's ``x.py`` replaced by its ``x.pyc``
    (sourceless: zipimport loads it as it is); same order, fixed dates. Returns the .pyc count."""
    with zipfile.ZipFile(compiled) as zc:
        pyc = {name[:-1]: zc.read(name) for name in zc.namelist() if name.endswith(".pyc")}
    with zipfile.ZipFile(stock) as src, zipfile.ZipFile(target, "w") as out:
        for info in src.infolist():
            if info.filename in pyc:
                _zip_entry(out, info.filename + "c", pyc[info.filename])
            else:
                _zip_entry(out, info.filename, src.read(info))
    return len(pyc)


def _record_hash(data: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def wheel_with_bytecode(source: Path, compiled: Path, cache_tag: str, out_dir: Path) -> Path:
    """The wheel pyodide-build compiled (its name says cp314), with the sources put back: each
    ``pkg/x.py`` is followed by ``pkg/__pycache__/x.<cache_tag>.pyc`` (hash-based, so it is used
    although unpacking loses file dates), and tracebacks keep their source lines."""
    with zipfile.ZipFile(compiled) as zc:
        pyc = {name[:-1]: zc.read(name) for name in zc.namelist() if name.endswith(".pyc")}
        wheel_tags = zc.read(next(n for n in zc.namelist() if n.endswith(".dist-info/WHEEL")))
    files: list[tuple[str, bytes]] = []
    with zipfile.ZipFile(source) as src:
        for name in src.namelist():
            data = src.read(name)
            if name.endswith(".dist-info/RECORD"):
                continue
            if name.endswith(".dist-info/WHEEL"):
                data = wheel_tags
            files.append((name, data))
            if name in pyc:
                folder, _, stem = name[:-3].rpartition("/")
                files.append((f"{folder}/__pycache__/{stem}.{cache_tag}.pyc", pyc[name]))
    missing = set(pyc) - {n for n, _ in files}
    if missing:
        raise SystemExit(f"compiled files without a source in {source.name}: {sorted(missing)}")
    record_name = next(n for n in zipfile.ZipFile(source).namelist() if n.endswith(".dist-info/RECORD"))
    record = "".join(f"{n},{_record_hash(d)},{len(d)}\n" for n, d in files) + f"{record_name},,\n"
    files.append((record_name, record.encode()))
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / compiled.name
    with zipfile.ZipFile(target, "w") as zf:
        for name, data in files:
            _zip_entry(zf, name, data)
    return target


# Small front-end libraries copied as they are: vendor folder -> (file in node_modules, name served).
FRONT_END_LIBRARIES = {
    "qrcode": [("qrcode-generator/dist/qrcode.mjs", "qrcode.mjs")],
    "qr-scanner": [
        ("qr-scanner/qr-scanner.min.js", "qr-scanner.min.js"),
        ("qr-scanner/qr-scanner-worker.min.js", "qr-scanner-worker.min.js"),
    ],
}


def minimal_lock_file(stock: Path) -> bytes:
    """pyodide-lock.json with only what the site loads through it: nothing (the wheel is unpacked
    by the worker, and no Pyodide package is used). loadPyodide reads ``info`` (ABI check)."""
    lock = json.loads(stock.read_text(encoding="utf-8"))
    return json.dumps({"info": lock["info"], "packages": {}}, sort_keys=True, separators=(",", ":")).encode()


def vendor(target: Path = VENDOR) -> dict:
    """Write the runtime into ``target`` (docs/assets/vendor/); returns runtime.mjs's data."""
    if not (NODE / "pyodide").is_dir() or not (NODE / "comlink").is_dir():
        raise SystemExit("node_modules is missing: run `npm ci` first (or `make vendor`)")
    version = pyodide_version()
    npm = NODE / "pyodide"
    with tempfile.TemporaryDirectory(prefix="petteia-vendor-") as tmp:
        work = Path(tmp)
        source_wheel = build_wheel(work / "source")
        census = compile_with_pyodide(source_wheel, work / "compiled")
        staged = work / "pyodide"
        staged.mkdir()
        for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm"):
            shutil.copyfile(npm / name, staged / name)
        compiled_modules = stdlib_zip(npm / "python_stdlib.zip", census["out"] / "used_stdlib.zip", staged / "python_stdlib.zip")
        (staged / "pyodide-lock.json").write_bytes(minimal_lock_file(npm / "pyodide-lock.json"))
        compiled_wheel = census["out"] / next(n for n in census["compiled"] if n.endswith(".whl"))
        wheel = wheel_with_bytecode(source_wheel, compiled_wheel, census["cache_tag"], work / "wheels")

        # The directory's name changes whenever one of its files does (cached for ever by hosts).
        digest = hashlib.sha256()
        for name in PYODIDE_FILES:
            digest.update(name.encode() + b"\0" + hashlib.sha256((staged / name).read_bytes()).digest())
        py_name = f"pyodide-{version}-{digest.hexdigest()[:10]}"
        if target.exists():
            shutil.rmtree(target)
        target.mkdir(parents=True)
        shutil.copytree(staged, target / py_name)
        (target / "wheels").mkdir()
        shutil.copyfile(wheel, target / "wheels" / wheel.name)
        wheel = target / "wheels" / wheel.name
    py_dir = target / py_name
    sizes = {name: (py_dir / name).stat().st_size for name in PYODIDE_FILES}
    (target / "comlink").mkdir()
    shutil.copyfile(NODE / "comlink" / "dist" / "esm" / "comlink.mjs", target / "comlink" / "comlink.mjs")
    for folder, files in FRONT_END_LIBRARIES.items():
        (target / folder).mkdir()
        for source, name in files:
            shutil.copyfile(NODE / source, target / folder / name)
    data = wheel.read_bytes()
    wheel_hash = hashlib.sha256(data).hexdigest()[:16]
    runtime = {
        "pyodideVersion": version,
        "pyodideDir": f"{py_name}/",
        "wheel": f"wheels/{wheel.name}?v={wheel_hash}",
        "wheelSize": len(data),
        # Every file the worker fetches, by name, with its size: a download of another size was
        # cut off or replaced (a page served in its place), and the worker says so, naming it.
        "sizes": {**{n: sizes[n] for n in PYODIDE_FILES if not n.endswith(".mjs")}, wheel.name: len(data)},
        # Bytes the worker's fetch() downloads while Pyodide starts (the .wasm, the standard
        # library and the lock file), for the progress bar; the JS glue comes through import()
        # and is not counted.
        "runtimeBytes": sizes["pyodide.asm.wasm"] + sizes["python_stdlib.zip"] + sizes["pyodide-lock.json"],
        # What was compiled, and for which Python (tests/site/test_runtime_build.py checks it).
        "bytecode": {
            "python": census["python"],
            "magic": census["magic"],
            "stdlibModules": compiled_modules,
            "pyodideBuild": census["pyodide_build"],
        },
        "version": hashlib.sha256(f"{py_name}:{wheel_hash}".encode()).hexdigest()[:12],
    }
    (target / "runtime.mjs").write_text(
        "// Generated by site_scripts/build/vendor.py: do not edit.\nexport default "
        + json.dumps(runtime, indent=2)
        + ";\n",
        encoding="utf-8",
    )
    write_words(target)
    write_catalogs(target=target)  # the pages' words (site_scripts/build/catalog.py), also made on its own by make
    return runtime


def words_by_language() -> dict:
    """:func:`petteia_core.web.words.front_end` in English and in every language the engine has a
    catalog for (petteia_core/locale/<lang>/LC_MESSAGES/petteia.po)."""
    from petteia_core.web import language, set_language
    from petteia_core.web.words import front_end
    from site_scripts.build.languages import compile_engine_catalogs

    localedir = compile_engine_catalogs()
    before = language()
    tables = {"en": None}
    tables.update((p.name, None) for p in sorted(localedir.iterdir()) if (p / "LC_MESSAGES" / "petteia.mo").exists())
    try:
        for lang in tables:
            set_language(lang, localedir=localedir)
            tables[lang] = front_end()
    finally:
        set_language(before, localedir=localedir)
    return tables


def write_words(target: Path = VENDOR) -> Path:
    """The words the pages share with the facade (the play page and the trainer import them), in every
    language: the module picks the page's."""
    from petteia_core.web.words import front_end_module

    target.mkdir(parents=True, exist_ok=True)
    path = target / "words.mjs"
    path.write_text(front_end_module(words_by_language()), encoding="utf-8")
    return path


def main() -> None:
    print(json.dumps(vendor(), indent=2))


if __name__ == "__main__":
    main()
