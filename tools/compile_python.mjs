// Compile Python to bytecode with Pyodide itself, under Node (run by build.py), so that
// page loads do not compile it: the bytecode always matches the page's CPython.
//
//     node tools/compile_python.mjs stdlib STDLIB_ZIP OUT_ZIP
//     node tools/compile_python.mjs modules SOURCE_ZIP OUT_ZIP [COMPILED_STDLIB_ZIP [SOURCELESS]]
//
// stdlib: Pyodide ships python_stdlib.zip as source only, so every page load compiled the
// ~150 modules that Python, Pyodide and PyScript import at start-up. OUT_ZIP holds the same
// modules as .pyc files instead (zipimport loads "x.pyc" from a zip like "x.py"). Each code
// object is named by the path it would have had as source, so tracebacks still say which
// module and line, without the source text. A module this Python cannot compile stays as
// source.
//
// modules: for each "dir/name.py" in SOURCE_ZIP, OUT_ZIP gets "dir/__pycache__/name.<tag>.pyc",
// which the import system uses in place of compiling dir/name.py once both are unpacked
// side by side (as PyScript does with the "files" of its config). Modules whose path starts
// with one of the comma-separated SOURCELESS prefixes become "dir/name.pyc" instead, loaded
// without any source (the page's own modules: their sources need not be downloaded).
//
// COMPILED_STDLIB_ZIP, the output of the stdlib mode, makes Pyodide start three times faster.
//
// The bytecode carries line numbers but not the columns within a line (PYTHONNODEBUGRANGES:
// tracebacks name the line without underlining the expression): a quarter less to download.
//
// The bytecode leaves out the docstrings of modules and functions (a phone downloads 12 %
// less; nothing the page runs reads them; tracebacks keep their lines). Class docstrings
// stay: a dataclass without one computes its signature for a docstring at import, and
// Pyodide's own packages (pyodide, _pyodide) keep all of theirs, which it copies onto its
// JavaScript proxy types.
//
// The stdlib's .pyc files are "unchecked hash-based": used without looking at the source,
// which is right for files built together and never edited in place. Those of the modules
// mode are "checked": Python hashes the source beside them and compiles it if it differs
// (cheap), since some sources are written by PyScript at run time (its own package).
import { loadPyodide } from "pyodide";  // the project's node_modules/pyodide
import { readFileSync, writeFileSync } from "node:fs";

const [mode, sourceZip, outZip, stdLibURL, sourceless = ""] = process.argv.slice(2);
if (!["stdlib", "modules"].includes(mode) || !sourceZip || !outZip) {
  console.error("usage: node tools/compile_python.mjs stdlib|modules SOURCE_ZIP OUT_ZIP [COMPILED_STDLIB_ZIP]");
  process.exit(2);
}
const pyodide = await loadPyodide({ ...(stdLibURL ? { stdLibURL } : {}), env: { PYTHONNODEBUGRANGES: "1" } });
pyodide.FS.writeFile("/tmp/source.zip", readFileSync(sourceZip));
pyodide.globals.set("mode", mode);
pyodide.globals.set("sourceless", sourceless);
const summary = pyodide.runPython(`
import ast, importlib.util, posixpath, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

def without_docstrings(tree):
    def strip(body):
        first = body[0] if body else None
        if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
            body[0:1] = [ast.Pass(lineno=first.lineno, col_offset=first.col_offset)] if len(body) == 1 else []
    strip(tree.body)
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            strip(node.body)
    return tree

def bytecode(source, filename, checked=False):
    keep_docs = filename.startswith((stdlib_prefix + "pyodide/", stdlib_prefix + "_pyodide/"))
    tree = ast.parse(source, filename)
    code = compile(tree if keep_docs else without_docstrings(tree), filename, "exec", dont_inherit=True)
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=checked))

stdlib_prefix = f"/lib/python{sys.version_info.major}{sys.version_info.minor}.zip/"  # where Pyodide puts it
compiled = kept = 0
sourceless_prefixes = tuple(p for p in sourceless.split(",") if p)
with zipfile.ZipFile("/tmp/source.zip") as src, \\
        zipfile.ZipFile("/tmp/out.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
    for info in src.infolist():
        name, data = info.filename, src.read(info)
        if mode == "modules":
            if name.endswith(".py") and name.startswith(sourceless_prefixes):
                out.writestr(zipfile.ZipInfo(name[:-3] + ".pyc", date_time=info.date_time), bytecode(data, name),
                             zipfile.ZIP_DEFLATED)
                compiled += 1
            elif name.endswith(".py"):  # the import system fixes the file name on loading
                pyc = importlib.util.cache_from_source(name)
                out.writestr(zipfile.ZipInfo(pyc, date_time=info.date_time), bytecode(data, name, checked=True),
                             zipfile.ZIP_DEFLATED)
                compiled += 1
            continue
        if name.endswith(".py"):
            try:
                data = bytecode(data, stdlib_prefix + name)
            except SyntaxError:
                kept += 1
            else:
                info = zipfile.ZipInfo(name[:-3] + ".pyc", date_time=info.date_time)
                compiled += 1
        out.writestr(info, data, zipfile.ZIP_DEFLATED)
f"{compiled} modules compiled for Python {sys.version.split()[0]}" + (f", {kept} kept as source" if kept else "")
`);
writeFileSync(outZip, pyodide.FS.readFile("/tmp/out.zip"));
console.log(summary);
