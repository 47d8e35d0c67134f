// Speed of the computer opponent inside Pyodide on Node.js (part of the AI benchmark, not a test).
//
// Copies petteia_core (the working tree's sources: the very code the CPython side measures) and
// site_scripts/bench/ai_speed.py into Pyodide's in-memory file system and runs ai_speed there: level 5 on
// the same fixed positions as CPython. Prints ai_speed's JSON on stdout (site_scripts/bench/bench_ai.py
// --speed reads it and prints the comparison with CPython).
//
// usage: node site_scripts/bench/bench_ai_pyodide.mjs [game ...]
//   Pyodide comes from node_modules (npm `pyodide`); PYODIDE_MODULE=/path/to/pyodide.mjs overrides.
import { benchPyodide } from "./pyodide_node.mjs";

const pyodide = await benchPyodide("ai_speed.py", {
  stderr: { write: (buf) => (process.stderr.write(buf), buf.length) },
});

pyodide.globals.set("chosen", pyodide.toPy(process.argv.slice(2)));
// CPU seconds of this Node process (Pyodide's time.process_time follows the wall clock).
pyodide.globals.set("node_cpu_seconds", () => process.cpuUsage().user / 1e6);
const out = pyodide.runPython(`
import json
import ai_speed
ai_speed.clock = node_cpu_seconds
games = tuple(g for g in chosen if g in ai_speed.GAMES) or ai_speed.GAMES
result = ai_speed.run(games)
result["pyodide"] = ${JSON.stringify(pyodide.version)}
json.dumps(result)
`);
process.stdout.write(out + "\n");
