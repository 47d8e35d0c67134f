// Speed of the computer opponent inside Pyodide on Node.js (part of the AI benchmark, not a test).
//
// Copies petteia_core (the working tree's sources: the very code the CPython side measures) and
// site_scripts/bench/ai_speed.py into Pyodide's in-memory file system and runs ai_speed there: level 5 on
// the same fixed positions as CPython. Prints ai_speed's JSON on stdout (site_scripts/bench/bench_ai.py
// --speed reads it and prints the comparison with CPython).
//
// usage: node site_scripts/bench/bench_ai_pyodide.mjs [game ...]
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
pyodide.setStderr({ write: (buf) => (process.stderr.write(buf), buf.length) });
for (const file of pythonFiles(join(root, "petteia_core"))) {
  const target = "/bench/" + relative(root, file).split("\\").join("/");
  pyodide.FS.mkdirTree(dirname(target));
  pyodide.FS.writeFile(target, readFileSync(file));
}
pyodide.FS.writeFile("/bench/ai_speed.py", readFileSync(join(root, "site_scripts", "bench", "ai_speed.py")));
process.stderr.write(`pyodide ${pyodide.version} ready in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);

pyodide.globals.set("chosen", pyodide.toPy(process.argv.slice(2)));
// CPU seconds of this Node process (Pyodide's time.process_time follows the wall clock).
pyodide.globals.set("node_cpu_seconds", () => process.cpuUsage().user / 1e6);
const out = pyodide.runPython(`
import json, sys
sys.path.insert(0, "/bench")
import ai_speed
ai_speed.clock = node_cpu_seconds
games = tuple(g for g in chosen if g in ai_speed.GAMES) or ai_speed.GAMES
result = ai_speed.run(games)
result["pyodide"] = ${JSON.stringify(pyodide.version)}
json.dumps(result)
`);
process.stdout.write(out + "\n");
