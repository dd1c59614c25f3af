// Runs bench/ai.py's measurement inside Pyodide under Node, with the same npm
// runtime the site ships (node_modules/pyodide). Used by `python bench/ai.py`.
//
//   node bench/pyodide_ai.mjs '<json options for ai.measure_all>'
//
// Prints one JSON line: the figures per level.
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { existsSync } from "node:fs";

const repo = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const dir = process.env.PYODIDE_DIR || join(repo, "node_modules", "pyodide");
if (!existsSync(join(dir, "pyodide.mjs"))) {
  console.error(`no Pyodide in ${dir}: run 'npm ci' in ${repo} (or set PYODIDE_DIR)`);
  process.exit(3);
}
const { loadPyodide } = await import(pathToFileURL(join(dir, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: dir + "/" });
py.mountNodeFS("/repo", repo);
py.globals.set("options_json", process.argv[2] || "{}");
const out = py.runPython(`
import json, sys
sys.path[:0] = ["/repo", "/repo/bench"]
import ai
json.dumps({"python": sys.version.split()[0], "figures": ai.measure_all(**json.loads(options_json))})
`);
console.log(out);
