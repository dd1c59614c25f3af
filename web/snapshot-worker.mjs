/* Makes the memory snapshot of Python that web/pyodide-boot.mjs restores on later visits:
   Python with the engine's and the page's modules already imported, which skips Python's
   start-up and ~290 imports (seconds on a phone).

   It is made here, in the player's browser, not downloaded: the file is 15 MB (6 MB
   compressed), more than the rest of a first visit together (issue "weight"). The page
   starts this worker once it is playable and idle after a start without a snapshot (a
   first visit, or the first visit after a new build). It downloads nothing: every file
   comes from the service worker's cache or the HTTP cache, where the page's own load left
   it; when one is in neither, there is no snapshot this time. The snapshot goes into a
   cache of its own under its build's name (build.py fills in MODULES and the name), and
   the snapshots of older builds are deleted. The page says how it went on
   <html data-snapshot="made|failed|skipped">.

   The files the page unpacks into Python's working directory (pyscript.json's "files") are
   put there as PyScript puts them; a module that cannot be imported outside the page (it
   needs the DOM) is left out and imported by the page as usual. */
import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";

const MODULES = [];
const LOCK_INFO = {};  // as in pyodide-boot.mjs

/* A fetch that never downloads: the caches, else nothing. */
async function cachedOnly(input) {
  const url = String(input instanceof Request ? input.url : input);
  const hit = await caches.match(url).catch(() => undefined);
  if (hit) return hit;
  const response = await fetch(url, { cache: "only-if-cached", mode: "same-origin" });
  if (!response.ok) throw new Error(`${url} is not in the caches`);
  return response;
}

/* The snapshot without its zero pages (most of it):
   "SKSN", u32 format (1), u32 snapshot bytes, u32 page size, u32 page count N,
   N x u32 page numbers, then the N pages. pyodide-boot.mjs expands it. */
function sparse(snapshot) {
  const PAGE = 4096;
  const pages = [];
  for (let at = 0; at < snapshot.length; at += PAGE) {
    const page = snapshot.subarray(at, at + PAGE);
    if (page.some((byte) => byte !== 0)) pages.push(at / PAGE);
  }
  const header = new Uint32Array([0x4e534b53, 1, snapshot.length, PAGE, pages.length, ...pages]);
  const file = new Uint8Array(header.byteLength + pages.length * PAGE);
  file.set(new Uint8Array(header.buffer));
  pages.forEach((n, i) => file.set(snapshot.subarray(n * PAGE, (n + 1) * PAGE), header.byteLength + i * PAGE));
  return file;
}

async function make({ snapshot, cacheName }) {
  const started = performance.now();
  globalThis.fetch = cachedOnly;  // Pyodide's own fetches (wasm, standard library) too
  const pyodide = await loadPyodide({
    indexURL: new URL("./vendor/pyodide/", import.meta.url).href, _makeSnapshot: true,
    lockFileContents: { info: LOCK_INFO, packages: {} } });
  const config = await (await cachedOnly(new URL("./pyscript.json", import.meta.url).href)).json();
  for (const [source, target] of Object.entries(config.files || {})) {
    const data = new Uint8Array(await (await cachedOnly(new URL(source, import.meta.url).href)).arrayBuffer());
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
  const imported = pyodide.runPython(`
import gc, importlib, json, sys
for name in json.loads(${JSON.stringify(JSON.stringify(MODULES))}):
    try:
        importlib.import_module(name)
    except BaseException:  # (SystemExit too) the page imports it itself
        pass
gc.collect()
gc.freeze()  # what is imported lives as long as the page: the collector need not scan it again
len(sys.modules)
`);
  const file = sparse(pyodide.makeMemorySnapshot());
  const cache = await caches.open(cacheName);
  for (const request of await cache.keys()) {
    if (request.url !== snapshot) await cache.delete(request);  // older builds'
  }
  await cache.put(snapshot, new Response(file, { headers: { "Content-Type": "application/octet-stream" } }));
  return { imported, bytes: file.byteLength, ms: Math.round(performance.now() - started) };
}

self.onmessage = (event) => {
  make(event.data).then(
    (made) => self.postMessage({ ok: true, ...made }),
    (error) => self.postMessage({ ok: false, error: String(error && error.message || error) }));
};
