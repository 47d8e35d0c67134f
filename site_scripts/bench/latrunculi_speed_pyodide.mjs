// The computer's move times in Ludus latrunculorum inside Pyodide on Node.js (a benchmark, not a
// test): site_scripts/bench/latrunculi_speed.py run in Pyodide on the working tree's petteia_core, the
// WebAssembly engine a Chromium page uses (V8). Seconds are wall-clock seconds of this process.
//
// usage: node site_scripts/bench/latrunculi_speed_pyodide.mjs [--levels 5] [--capped] [--each] [RULESET ...]
//   (default: latrunculi-kowalski latrunculi-kowalski-11x10 --levels 5 --each, the largest boards)
//   Pyodide comes from node_modules (npm `pyodide`); PYODIDE_MODULE=/path/to/pyodide.mjs overrides.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const spec = process.env.PYODIDE_MODULE ? pathToFileURL(resolve(process.env.PYODIDE_MODULE)).href : "pyodide";
const { loadPyodide } = await import(spec);

function* pythonFiles(dir) {
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) {
      if (name !== "__pycache__") yield* pythonFiles(full);
    } else if (name.endsWith(".py")) {
      yield full;
    }
  }
}

const t0 = performance.now();
const pyodide = await loadPyodide();
pyodide.setStdout({ batched: (line) => process.stdout.write(line + "\n") });
pyodide.setStderr({ batched: (line) => process.stderr.write(line + "\n") });
for (const file of pythonFiles(join(root, "petteia_core"))) {
  const target = "/bench/" + relative(root, file).split("\\").join("/");
  pyodide.FS.mkdirTree(dirname(target));
  pyodide.FS.writeFile(target, readFileSync(file));
}
pyodide.FS.writeFile("/bench/latrunculi_speed.py", readFileSync(join(root, "site_scripts", "bench", "latrunculi_speed.py")));
process.stderr.write(`pyodide ${pyodide.version} ready in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);

const argv = process.argv.slice(2);
const args = argv.length ? argv : ["latrunculi-kowalski", "latrunculi-kowalski-11x10", "--levels", "5", "--each"];
pyodide.globals.set("bench_args", pyodide.toPy(args));
pyodide.runPython(`
import sys
sys.path.insert(0, "/bench")
import latrunculi_speed
print("Pyodide", ${JSON.stringify(pyodide.version)}, "on Node", ${JSON.stringify(process.version)}, "(wall-clock seconds)")
latrunculi_speed.main(list(bench_args))
`);
