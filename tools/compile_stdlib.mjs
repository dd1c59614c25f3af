// Compile Pyodide's standard library to bytecode, with Pyodide itself (run by build.py).
//
//     node tools/compile_stdlib.mjs STDLIB_ZIP OUT_ZIP
//
// Pyodide ships python_stdlib.zip as source only, so every page load compiles the ~150
// modules that Python, Pyodide and PyScript import at start-up: seconds of main-thread
// work. OUT_ZIP holds the same modules as .pyc files instead (zipimport loads "x.pyc" from
// a zip like "x.py"), compiled by the same CPython that runs in the page, so the bytecode
// always matches it. Each code object is named by the path it would have had as source,
// so tracebacks still say which module and line; only the source lines themselves are not
// shown. A module that this Python cannot compile stays as source.
import { loadPyodide } from "pyodide";  // the project's node_modules/pyodide
import { readFileSync, writeFileSync } from "node:fs";

const [stdlibZip, outZip] = process.argv.slice(2);
if (!stdlibZip || !outZip) {
  console.error("usage: node tools/compile_stdlib.mjs STDLIB_ZIP OUT_ZIP");
  process.exit(2);
}
const pyodide = await loadPyodide();
pyodide.FS.writeFile("/tmp/stdlib.zip", readFileSync(stdlibZip));
const summary = pyodide.runPython(`
import importlib.util, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

prefix = f"/lib/python{sys.version_info.major}{sys.version_info.minor}.zip/"  # where Pyodide puts it
compiled = kept = 0
with zipfile.ZipFile("/tmp/stdlib.zip") as src, \\
        zipfile.ZipFile("/tmp/out.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
    for info in src.infolist():
        data = src.read(info)
        if info.filename.endswith(".py"):
            try:
                code = compile(data, prefix + info.filename, "exec", dont_inherit=True)
            except SyntaxError:
                kept += 1
            else:
                # unchecked hash-based: no source to compare with, nothing to check at import
                data = bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False))
                info = zipfile.ZipInfo(info.filename[:-3] + ".pyc", date_time=info.date_time)
                compiled += 1
        out.writestr(info, data, zipfile.ZIP_DEFLATED)
f"{compiled} modules compiled for Python {sys.version.split()[0]}, {kept} kept as source"
`);
writeFileSync(outZip, pyodide.FS.readFile("/tmp/out.zip"));
console.log(summary);
