// Compile Python for the site's runtime with pyodide-build's `py-compile`, run by Pyodide's own
// Python (3.14) on Node.js: bytecode is only valid for the interpreter that wrote it, and that
// interpreter is the one the browser runs. Called by site_scripts/build/vendor.py; no network.
//
//   node site_scripts/build/pyodide_compile.mjs JOB.json
//
// JOB.json: {
//   "tools": "build/pyodide-build",        pyodide-build and its pure-Python dependencies, wheels
//                                          from PyPI (site_scripts/build/pyodide_build_requirements.txt)
//   "wheel": "path/petteia_core-…-py3-none-any.whl",   the source wheel (read only)
//   "out":   "path/dir"                    where the results are written
//   "all":   false                         true: compile every module of the zip, not only the
//                                          census (for measuring the choice: see the README)
// }
//   out/census.json            {"magic": hex, "python": "3.14.2", "modules": [stdlib .py files
//                               in python_stdlib.zip that start-up and the site's imports load]}
//   out/used_stdlib.zip        those files, compiled by `pyodide py-compile` (sourceless .pyc)
//   out/<wheel>-cp314-….whl    the wheel, compiled by `pyodide py-compile`
//
// pyodide-build is installed with micropip from the local wheels (micropip's own wheel is
// unpacked first: the npm package has no packages but the core). SOURCE_DATE_EPOCH is set, so
// py_compile writes hash-based .pyc files (no build time in them): the same sources give the
// same bytes, and a hash-based .pyc is used even where unpacking loses file dates.
import { mkdirSync, readFileSync, readdirSync } from "node:fs";
import { basename, resolve } from "node:path";
import { loadPyodide } from "pyodide";

const job = JSON.parse(readFileSync(process.argv[2], "utf-8"));
const tools = resolve(job.tools);
const out = resolve(job.out);
const wheel = resolve(job.wheel);
mkdirSync(out, { recursive: true });

const quiet = { batched: () => {} };
const mount = (py, dir, at) => {
  py.FS.mkdirTree(at);
  py.FS.mount(py.FS.filesystems.NODEFS, { root: dir }, at);
};

// 1. Which standard-library modules the site loads: a clean Pyodide, the same start-up as the
// worker (docs/assets/js/worker.js), the petteia_core wheel and every module of the package.
const census = await loadPyodide({ stdout: quiet.batched, stderr: console.error });
const sitePackages = census.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
census.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel", { extractDir: sitePackages });
const report = census.runPython(`
import importlib, importlib.util, json, pkgutil, sys, time
import js
from pyodide.ffi import can_run_sync, run_sync
import petteia_core, petteia_core.web
for info in pkgutil.walk_packages(petteia_core.__path__, "petteia_core."):
    if not info.name.rsplit(".", 1)[-1].startswith("__"):
        importlib.import_module(info.name)
zip_path = next(p for p in sys.path if p.endswith(".zip"))
modules = set()
for module in list(sys.modules.values()):
    origin = getattr(getattr(module, "__spec__", None), "origin", None) or ""
    if origin.startswith(zip_path + "/") and origin.endswith(".py"):
        modules.add(origin[len(zip_path) + 1:])
json.dumps({
    "magic": importlib.util.MAGIC_NUMBER.hex(),
    "python": sys.version.split()[0],
    "cache_tag": sys.implementation.cache_tag,
    "modules": sorted(modules),
})
`);
const info = JSON.parse(report);

// 2. pyodide-build in a second Pyodide, installed with micropip from local files.
const py = await loadPyodide({ stdout: quiet.batched, stderr: console.error, env: { SOURCE_DATE_EPOCH: "315532800" } });
const sp = py.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
const names = readdirSync(tools).filter((n) => n.endsWith(".whl")).sort();
const micropipWheel = names.find((n) => n.startsWith("micropip-"));
if (!micropipWheel) throw new Error(`no micropip wheel in ${tools}: run make build/pyodide-build/.installed`);
py.unpackArchive(new Uint8Array(readFileSync(`${tools}/${micropipWheel}`)), "wheel", { extractDir: sp });
mount(py, tools, "/tools");
mount(py, out, "/out");
py.globals.set("wheel_urls", py.toPy(names.filter((n) => n !== micropipWheel).map((n) => `emfs:/tools/${n}`)));
await py.runPythonAsync(`
import micropip
# Every dependency is one of the local wheels: no index is asked (deps=False).
await micropip.install(list(wheel_urls), deps=False)
`);

// 3. The used modules, as one zip, and the wheel: compiled by pyodide-build's own command,
// `pyodide py-compile` (its click command, called without the `pyodide` launcher of pyodide-cli).
py.FS.mkdirTree("/tmp/compile");
py.FS.writeFile(`/tmp/compile/${basename(wheel)}`, new Uint8Array(readFileSync(wheel)));
py.globals.set("wheel_name", basename(wheel));
py.globals.set("modules", job.all ? null : py.toPy(info.modules));
const compiled = py.runPython(`
import shutil, sys, zipfile
from pathlib import Path
from pyodide_build.cli.py_compile import main as py_compile

work = Path("/tmp/compile")
stdlib = next(p for p in sys.path if p.endswith(".zip"))
with zipfile.ZipFile(stdlib) as src, zipfile.ZipFile(work / "used_stdlib.zip", "w") as dst:
    for name in modules or [n for n in src.namelist() if n.endswith(".py")]:
        dst.writestr(zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0)), src.read(name))
before = set(work.iterdir())
for target in ("used_stdlib.zip", wheel_name):
    py_compile([str(work / target), "--silent", "--compression-level", "0"], standalone_mode=False)
results = sorted(p.name for p in work.iterdir())
for name in results:
    shutil.copyfile(work / name, Path("/out") / name)
results
`).toJs();
info.compiled = compiled;
info.pyodide_build = py.runPython("from importlib.metadata import version; version('pyodide-build')");
py.FS.writeFile("/out/census.json", JSON.stringify(info, null, 1));
console.log(JSON.stringify({ modules: info.modules.length, magic: info.magic, compiled }));
