// Make a memory snapshot of Pyodide with the page's Python already imported, under Node
// (run by build.py), so that a warm page load restores it instead of starting Python and
// importing ~230 modules (see web/pyodide-boot.mjs, which loads it).
//
//     node tools/make_snapshot.mjs STDLIB_ZIP SITE_DIR OUT MODULE...
//
// STDLIB_ZIP is the site's python_stdlib.zip (the snapshot's imports came from it, so the
// page must use the very same file). The files that SITE_DIR/pyscript.json lists are put
// where PyScript puts them (archives unpacked into the working directory), then each
// MODULE is imported; one that cannot be imported outside a browser (say, it needs the
// DOM) is left out and imported by the page as usual.
//
// OUT is sparse: the snapshot is mostly zero pages, so OUT holds only the others:
//   "SKSN", u32 format (1), u32 snapshot bytes, u32 page size, u32 page count N,
//   N x u32 page numbers, then the N pages.
// Pyodide refuses a snapshot made by another Pyodide build (it checks its build id).
import { loadPyodide } from "pyodide";  // the project's node_modules/pyodide
import { readFileSync, writeFileSync } from "node:fs";

const [stdLibURL, site, out, ...modules] = process.argv.slice(2);
if (!stdLibURL || !site || !out) {
  console.error("usage: node tools/make_snapshot.mjs STDLIB_ZIP SITE_DIR OUT MODULE...");
  process.exit(2);
}
// sys.executable as in a browser; Node would put this script's path there.
const pyodide = await loadPyodide({ stdLibURL, _makeSnapshot: true, _sysExecutable: "./this.program" });
const config = JSON.parse(readFileSync(`${site}/pyscript.json`, "utf8"));
for (const [source, target] of Object.entries(config.files || {})) {
  const data = new Uint8Array(readFileSync(`${site}/${source}`));
  if (target === "./*") {
    pyodide.unpackArchive(data, source.endsWith(".whl") ? "wheel" : "zip");
  } else {
    const path = `${pyodide.FS.cwd()}/${target.replace(/^\.\//, "")}`;
    pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    pyodide.FS.writeFile(path, data);
  }
}
// The names go in as text: a JS array handed to Python would stay referenced, and the
// snapshot cannot hold references to JS objects.
const summary = pyodide.runPython(`
import gc, importlib, json, sys
left_out = []
for name in json.loads(${JSON.stringify(JSON.stringify(modules))}):
    try:
        importlib.import_module(name)
    except BaseException as exc:  # (SystemExit too) the page imports it itself
        left_out.append(f"{name} ({type(exc).__name__}: {exc})")
gc.collect()
gc.freeze()  # what is imported lives as long as the page: the collector need not scan it again
f"{len(sys.modules)} modules imported" + (f"; left out: {', '.join(left_out)}" if left_out else "")
`);
const snapshot = pyodide.makeMemorySnapshot();

const PAGE = 4096;
const pages = [];
for (let at = 0; at < snapshot.length; at += PAGE) {
  const page = snapshot.subarray(at, at + PAGE);
  if (page.some((byte) => byte !== 0)) pages.push(at / PAGE);
}
const header = new Uint32Array([0x4e534b53, 1, snapshot.length, PAGE, pages.length, ...pages]);
const sparse = new Uint8Array(header.byteLength + pages.length * PAGE);
sparse.set(new Uint8Array(header.buffer));
pages.forEach((n, i) => {
  const page = snapshot.subarray(n * PAGE, (n + 1) * PAGE);
  sparse.set(page, header.byteLength + i * PAGE);  // (the last page may be short: zeros follow)
});
writeFileSync(out, sparse);
console.log(`${summary}; snapshot ${(snapshot.length / 1e6).toFixed(1)} MB, ` +
            `${(sparse.length / 1e6).toFixed(1)} MB without its zero pages`);
