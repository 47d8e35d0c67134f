// Run the petteia_core pytest suite inside Pyodide on Node.js, offline.
//
// Pyodide comes from node_modules (npm `pyodide`, core only: no micropip, no package index).
// pytest, hypothesis and their dependencies are pure-Python wheels fetched at build time into
// build/pywheels (see tests/pyodide/requirements.txt); they and our own wheel are unpacked
// straight into site-packages, which is all "installing" a pure-Python wheel means.
//
// usage: node tests/pyodide/run_core_tests.mjs [pytest args...]
//   default: every tests/test_*.py (the core suite; tests/site and tests/e2e need a browser or
//   a build and are not copied), with -m "not no_pyodide".
import { readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const wheelDirs = [join(root, "build", "pywheels"), join(root, "build", "dist")];
// Directories under tests/ that are not core tests (they drive mkdocs, servers or Chromium).
const SKIP_DIRS = new Set(["site", "e2e", "pyodide", "__pycache__", ".hypothesis", ".pytest_cache"]);

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) {
      if (!SKIP_DIRS.has(name)) yield* walk(full);
    } else if (!name.endsWith(".pyc")) {
      yield full;
    }
  }
}

const t0 = performance.now();
const pyodide = await loadPyodide();
// Raw writes, so pytest's progress dots stay on one line.
pyodide.setStdout({ write: (buf) => (process.stdout.write(buf), buf.length) });
pyodide.setStderr({ write: (buf) => (process.stderr.write(buf), buf.length) });
const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");

let wheels = 0;
for (const dir of wheelDirs) {
  for (const name of readdirSync(dir).filter((n) => n.endsWith(".whl"))) {
    // unpackArchive wants a Uint8Array, not a Node Buffer.
    pyodide.unpackArchive(new Uint8Array(readFileSync(join(dir, name))), "wheel", { extractDir: sitePackages });
    wheels++;
  }
}

// Copy the core tests (and pyproject.toml, for pytest's markers) into the in-memory file system.
pyodide.FS.mkdirTree("/work/tests");
pyodide.FS.writeFile("/work/pyproject.toml", readFileSync(join(root, "pyproject.toml")));
for (const file of walk(join(root, "tests"))) {
  const target = "/work/tests/" + relative(join(root, "tests"), file).split("\\").join("/");
  pyodide.FS.mkdirTree(dirname(target));
  pyodide.FS.writeFile(target, readFileSync(file));
}
console.log(`pyodide ${pyodide.version} ready in ${((performance.now() - t0) / 1000).toFixed(1)} s, ${wheels} wheels unpacked`);

const args = process.argv.slice(2);
pyodide.globals.set("extra_args", pyodide.toPy(args));
const code = await pyodide.runPythonAsync(`
import glob, os, sys
os.chdir("/work")
sys.path.insert(0, "/work/tests")
import pytest
args = list(extra_args)
if not any(not a.startswith("-") for a in args):
    args += sorted(glob.glob("tests/test_*.py"))
if "-m" not in args:
    args += ["-m", "not no_pyodide"]
print("pytest", " ".join(args))
int(pytest.main(["-p", "no:cacheprovider", "-q", *args]))
`);
// pytest exit code 5 = no tests collected: fine while the core suite is still being written.
process.exit(code === 5 ? 0 : code);
