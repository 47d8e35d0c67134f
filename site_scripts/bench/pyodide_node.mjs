// Pyodide on Node.js with the working tree's petteia_core and one benchmark script of this folder
// in its in-memory file system (under /bench): the start shared by the *_pyodide.mjs benchmarks.
//
// Pyodide comes from node_modules (npm `pyodide`); PYODIDE_MODULE=/path/to/pyodide.mjs overrides.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

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

/** A Pyodide with petteia_core and site_scripts/bench/<script> importable from /bench; `output`
 * sets its stdout/stderr (Pyodide's setStdout/setStderr options). The start time goes to stderr. */
export async function benchPyodide(script, output = {}) {
  const spec = process.env.PYODIDE_MODULE ? pathToFileURL(resolve(process.env.PYODIDE_MODULE)).href : "pyodide";
  const { loadPyodide } = await import(spec);
  const t0 = performance.now();
  const pyodide = await loadPyodide();
  if (output.stdout) pyodide.setStdout(output.stdout);
  if (output.stderr) pyodide.setStderr(output.stderr);
  for (const file of pythonFiles(join(root, "petteia_core"))) {
    const target = "/bench/" + relative(root, file).split("\\").join("/");
    pyodide.FS.mkdirTree(dirname(target));
    pyodide.FS.writeFile(target, readFileSync(file));
  }
  pyodide.FS.writeFile(`/bench/${script}`, readFileSync(join(root, "site_scripts", "bench", script)));
  pyodide.runPython('import sys\nsys.path.insert(0, "/bench")');
  process.stderr.write(`pyodide ${pyodide.version} ready in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
  return pyodide;
}
