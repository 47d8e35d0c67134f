// Check every .pyc the site ships against the vendored runtime's own Python (run by
// tests/site/test_runtime_build.py): prints one JSON report, no network.
//
//   node tests/pyodide/check_bytecode.mjs [VENDOR_DIR]     (default docs/assets/vendor)
//
// For the compiled standard library (python_stdlib.zip) and the petteia_core wheel: the magic
// number of each .pyc against importlib.util.MAGIC_NUMBER of the Pyodide that runs it, its flags
// (hash-based), its source hash against the source it was compiled from (the wheel's .py beside
// it; the npm package's zip for the sourceless stdlib modules), and that it unmarshals to code.
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const vendor = resolve(process.argv[2] || join(root, "docs", "assets", "vendor"));
const runtime = (await import(join(vendor, "runtime.mjs"))).default;
const pyodide = await loadPyodide({ indexURL: join(vendor, runtime.pyodideDir) + "/" });
pyodide.FS.mkdirTree("/vendor");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: vendor }, "/vendor");
pyodide.FS.mkdirTree("/npm");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: join(root, "node_modules", "pyodide") }, "/npm");
pyodide.globals.set("pyodide_dir", runtime.pyodideDir);
const report = pyodide.runPython(`
import glob, importlib.util, json, marshal, sys, zipfile

MAGIC = importlib.util.MAGIC_NUMBER
problems = []

def check(where, data, source):
    if data[:4] != MAGIC:
        problems.append(f"{where}: magic {data[:4].hex()} is not {MAGIC.hex()}")
    flags = int.from_bytes(data[4:8], "little")
    if not flags & 1:
        problems.append(f"{where}: not hash-based (flags {flags})")
    if source is None:
        problems.append(f"{where}: no source to compare with")
    elif data[8:16] != importlib.util.source_hash(source):
        problems.append(f"{where}: compiled from another source")
    try:
        marshal.loads(data[16:])
    except Exception as exc:
        problems.append(f"{where}: {exc}")

counts = {}
stdlib = f"/vendor/{pyodide_dir}python_stdlib.zip"
with zipfile.ZipFile(stdlib) as z, zipfile.ZipFile("/npm/python_stdlib.zip") as npm:
    npm_names = set(npm.namelist())
    pyc = [n for n in z.namelist() if n.endswith(".pyc")]
    for name in pyc:
        check(f"python_stdlib.zip/{name}", z.read(name), npm.read(name[:-1]) if name[:-1] in npm_names else None)
    counts["stdlib_pyc"] = len(pyc)
    counts["stdlib_py"] = sum(n.endswith(".py") for n in z.namelist())
    missing = sorted(n for n in npm_names if n.endswith(".py") and n not in z.namelist() and n + "c" not in z.namelist())
    if missing:
        problems.append(f"python_stdlib.zip lost modules: {missing[:5]}")
wheels = glob.glob("/vendor/wheels/*.whl")
for wheel in wheels:
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
        pyc = [n for n in names if n.endswith(".pyc")]
        for name in pyc:
            folder, _, file = name.rpartition("/__pycache__/")
            source = f"{folder}/{file.split('.')[0]}.py"
            if not file.endswith(f".{sys.implementation.cache_tag}.pyc"):
                problems.append(f"{name}: not named for {sys.implementation.cache_tag}")
            check(name, z.read(name), z.read(source) if source in names else None)
        sources = [n for n in names if n.endswith(".py")]
        counts["wheel_pyc"] = len(pyc)
        counts["wheel_py"] = len(sources)
json.dumps({"magic": MAGIC.hex(), "python": sys.version.split()[0], "wheels": len(wheels), "counts": counts, "problems": problems})
`);
console.log(report);
