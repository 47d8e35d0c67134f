// The computer's move times in Ludus latrunculorum inside Pyodide on Node.js (a benchmark, not a
// test): site_scripts/bench/latrunculi_speed.py run in Pyodide on the working tree's petteia_core, the
// WebAssembly engine a Chromium page uses (V8). Seconds are wall-clock seconds of this process.
//
// usage: node site_scripts/bench/latrunculi_speed_pyodide.mjs [--levels 5] [--capped] [--each] [RULESET ...]
//   (default: latrunculi-kowalski latrunculi-kowalski-11x10 --levels 5 --each, the largest boards)
//   Pyodide comes from node_modules (npm `pyodide`); PYODIDE_MODULE=/path/to/pyodide.mjs overrides.
import { benchPyodide } from "./pyodide_node.mjs";

const pyodide = await benchPyodide("latrunculi_speed.py", {
  stdout: { batched: (line) => process.stdout.write(line + "\n") },
  stderr: { batched: (line) => process.stderr.write(line + "\n") },
});

const argv = process.argv.slice(2);
const args = argv.length ? argv : ["latrunculi-kowalski", "latrunculi-kowalski-11x10", "--levels", "5", "--each"];
pyodide.globals.set("bench_args", pyodide.toPy(args));
pyodide.runPython(`
import latrunculi_speed
print("Pyodide", ${JSON.stringify(pyodide.version)}, "on Node", ${JSON.stringify(process.version)}, "(wall-clock seconds)")
latrunculi_speed.main(list(bench_args))
`);
