// Which files of Pyodide's standard library the site needs (run by build.py), derived from
// what the site's Python imports: the page ships only these (issue "weight": the whole
// library is 2.5 MB zipped as source, 4.5 MB as bytecode; the page uses a few hundred kB).
//
//     node tools/stdlib_modules.mjs STDLIB_ZIP SOURCES_ZIP OUT_JSON ENTRY...
//
// STDLIB_ZIP is Pyodide's python_stdlib.zip as the npm package ships it (source).
// SOURCES_ZIP holds the site's own Python (engine, page, PyScript's package), as build.py
// writes it. ENTRY... are the modules the page starts from (its main module, PyScript's
// package): the site's modules they import, directly or not, are the page's modules (the
// engine's command line, say, is not one).
//
// What is kept: every standard-library module that Python has imported once Pyodide has
// started and then imported the page's modules and every module that any of them names in
// an import statement, wherever it sits (inside a function, on one path of an \`if\`, behind
// TYPE_CHECKING: all of them are imported here), less those built into Pyodide as frozen
// modules (os, site, codecs, importlib's bootstrap...), and with the codecs that a string
// in the page's modules names (they are imported by name when a text is decoded). That follows the library's own imports as
// they really run in Pyodide, not every branch of them (modulefinder's way takes in
// 1.7 MB: doctest, pdb, multiprocessing and more that no path of ours reaches).
// OUT_JSON gets {"files": [zip entry names to keep], "imported": [module names]}.
import { loadPyodide } from "pyodide";  // the project's node_modules/pyodide
import { readFileSync, writeFileSync } from "node:fs";

const [stdlibZip, sourcesZip, out, ...entries] = process.argv.slice(2);
if (!stdlibZip || !sourcesZip || !out || !entries.length) {
  console.error("usage: node tools/stdlib_modules.mjs STDLIB_ZIP SOURCES_ZIP OUT_JSON ENTRY...");
  process.exit(2);
}
const pyodide = await loadPyodide({ stdLibURL: stdlibZip });
pyodide.FS.writeFile("/tmp/stdlib.zip", readFileSync(stdlibZip));
pyodide.FS.writeFile("/tmp/sources.zip", readFileSync(sourcesZip));
const result = pyodide.runPython(`
import ast, importlib, json, posixpath, sys, zipfile

APP = "/tmp/app"
zipfile.ZipFile("/tmp/sources.zip").extractall(APP)
entries = json.loads(${JSON.stringify(JSON.stringify(entries))})

def named_in(source, package):
    """Every module name an import statement in source names (x, and x.y for from x import y);
    relative ones resolved against package, the one the source belongs to."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{parent}.{base}" if base else parent
            if base:
                found.add(base)
                found.update(f"{base}.{alias.name}" for alias in node.names if alias.name != "*")
    return found

def module_name(entry):
    return entry[:-3].replace("/", ".").removesuffix(".__init__")

with zipfile.ZipFile("/tmp/sources.zip") as sources:
    named = {}
    for e in sources.namelist():
        if e.endswith(".py"):
            name = module_name(e)
            named[name] = named_in(sources.read(e), name if e.endswith("/__init__.py") else name.rpartition(".")[0])
page, todo = set(), list(entries)
while todo:  # the site's modules the entries reach (a package's __init__ runs with each of its modules)
    name = todo.pop()
    for candidate in [name, *(name.rsplit(".", i)[0] for i in range(1, name.count(".") + 1))]:
        if candidate in named and candidate not in page:
            page.add(candidate)
            todo += named[candidate]
wanted = set().union(*(named[m] for m in page)) - set(named)

# Codecs are imported by name when a text is decoded ("utf-8-sig" imports
# encodings.utf_8_sig): every string in the page's modules that names a codec is looked up.
import codecs, re
with zipfile.ZipFile("/tmp/sources.zip") as sources:
    for entry in sources.namelist():
        if entry.endswith(".py") and module_name(entry) in page:
            for node in ast.walk(ast.parse(sources.read(entry))):
                if isinstance(node, ast.Constant) and isinstance(node.value, str) and re.fullmatch(r"[\\w.-]{2,30}", node.value):
                    try:
                        codecs.lookup(node.value)
                    except LookupError:
                        pass
sys.path.insert(0, APP)
for name in [*sorted(page), *sorted(wanted)]:
    if name.endswith("__main__"):  # runs a command line
        continue
    try:
        importlib.import_module(name)
    except BaseException:  # not a module (a name in one), or needs a browser: the others stay
        pass

lib = f"/lib/python{sys.version_info.major}{sys.version_info.minor}.zip/"
stdlib = zipfile.ZipFile("/tmp/stdlib.zip").namelist()
def from_the_zip(module):  # (a frozen module names its file in the zip too, but is built in)
    spec = getattr(module, "__spec__", None)
    return (getattr(module, "__file__", None) or "").startswith(lib) and getattr(spec, "origin", None) != "frozen"

keep = {m.__file__[len(lib):] for m in list(sys.modules.values()) if from_the_zip(m)}
packages = {posixpath.dirname(f) for f in keep if f.endswith("/__init__.py")}
keep |= {f for f in stdlib if not f.endswith((".py", "/")) and posixpath.dirname(f) in packages}
json.dumps({"files": sorted(keep & set(stdlib)), "page": sorted(page), "imported": sorted(sys.modules)})
`);
writeFileSync(out, result);
const { files, page } = JSON.parse(result);
console.log(`${files.length} of the standard library's files are imported by the page's ${page.length} modules`);
