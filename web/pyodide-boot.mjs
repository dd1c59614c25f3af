/* Starts Pyodide for PyScript (pyscript.json names this file as the "interpreter": PyScript
   imports it and calls its loadPyodide like Pyodide's own).

   A memory snapshot of Python with the engine and the page's modules already imported
   skips Python's start-up and those imports. It is made in the player's browser, by
   web/snapshot-worker.mjs, which this module starts once the page is playable and idle
   after a start without one; a later visit finds it in the caches and restores it.
   Anything wrong with it (another build's, unreadable, refused by Pyodide) means a normal
   start, never a broken page. build.py fills in SNAPSHOT: a name per build (from what the
   snapshot is made of), so a page can never restore another build's Python. */
import { loadPyodide as startRuntime, version } from "./vendor/pyodide/pyodide.mjs";

export { version };

const SNAPSHOT = "";
const SNAPSHOT_CACHE = `skipbo-snapshot ${new URL("./", import.meta.url).href}`;  // (snapshot-worker.mjs)
const MAKE_SNAPSHOT_AFTER_MS = 3000;  // once playable: the first moments are the player's
const INDEX_URL = new URL("./vendor/pyodide/", import.meta.url).href;
/* The site ships none of Pyodide's packages: Pyodide gets a lock that lists none, with the
   "info" of the npm package's pyodide-lock.json (filled in by build.py), instead of
   fetching and parsing that 119 kB list. */
const LOCK_INFO = {};
const WASM_URL = new URL("pyodide.asm.wasm", INDEX_URL).href;
const WASM_INTEGRITY = "";

/* Looked up as soon as this module runs, while PyScript still reads its config. */
const cached = SNAPSHOT && typeof caches !== "undefined"
  ? caches.match(new URL(SNAPSHOT, import.meta.url).href).catch(() => undefined)
  : Promise.resolve(undefined);

/* The snapshot, from the sparse file (see web/snapshot-worker.mjs). */
async function expand(response) {
  const file = await response.arrayBuffer();
  const head = new Uint32Array(file, 0, 5);
  const [magic, format, size, pageSize, count] = head;
  if (magic !== 0x4e534b53 || format !== 1 || file.byteLength !== 20 + count * 4 + count * pageSize) {
    throw new Error("not a snapshot file");
  }
  const pages = new Uint32Array(file, 20, count);
  const data = new Uint8Array(file, 20 + count * 4);
  const snapshot = new Uint8Array(size);
  pages.forEach((n, i) => {
    const page = data.subarray(i * pageSize, (i + 1) * pageSize);
    snapshot.set(page.subarray(0, Math.max(0, Math.min(pageSize, size - n * pageSize))), n * pageSize);
  });
  return snapshot;
}

export async function loadPyodide(options = {}) {
  try {
    return await start(options);
  } catch (error) {  // a file of the runtime missing or damaged: the rescue box says so at once
    globalThis.skipboRescue?.(String(error && error.message || error), "download");
    throw error;
  }
}

async function start(options) {
  options = { ...options, indexURL: INDEX_URL, lockFileContents: { info: LOCK_INFO, packages: {} } };
  const fetch = globalThis.fetch;
  const watch = watchTheRuntime();
  globalThis.fetch = watch.fetch(wasmFromTheCaches(fetch));
  const startPyodide = (more) => Promise.race([watch.failed, startRuntime(more)]);
  try {
    const response = await cached;
    if (response) {
      try {
        const snapshot = expand(response);
        // Pyodide awaits the snapshot only after other steps of its start: a damaged file
        // rejects before then, which would be reported as an uncaught error (it is caught below).
        snapshot.catch(() => {});
        const pyodide = await startPyodide({ ...options, _loadSnapshot: snapshot });
        // The snapshot holds the random generator's state and the time zone of the build.
        pyodide.runPython("import random, time\nrandom.seed()\nif hasattr(time, 'tzset'): time.tzset()");
        started("snapshot");
        return pyodide;
      } catch (error) {
        console.warn(`Skip-Bo: starting Python without the snapshot (${error})`);
      }
    }
    const pyodide = await startPyodide(options);
    started("fresh");
    makeSnapshotLater();
    return pyodide;
  } finally {
    watch.stop();
    if (globalThis.fetch !== fetch) globalThis.fetch = fetch;
  }
}

/* Pyodide only logs a wasm it cannot instantiate (missing, damaged) or a standard library it
   cannot fetch, and then waits for ever ("Loading the game: 13 %"). While it starts, a
   failed response for one of its files or a refused instantiation fails the start instead
   (``failed`` rejects), with the file's name. */
function watchTheRuntime() {
  const wasm = globalThis.WebAssembly, kept = {};
  let fail;
  const failed = new Promise((_, reject) => { fail = reject; });
  failed.catch(() => {});
  for (const name of ["instantiateStreaming", "instantiate"]) {
    const original = wasm && wasm[name];
    if (typeof original !== "function") continue;
    kept[name] = original;
    wasm[name] = function (...args) {
      const result = original.apply(this, args);
      result.catch((error) => fail(new Error(`pyodide.asm.wasm: ${error && error.message || error}`)));
      return result;
    };
  }
  return {
    failed,
    stop: () => Object.assign(wasm, kept),
    fetch: (fetch) => function (input, init) {
      const url = String(input instanceof Request ? input.url : input);
      const result = fetch.call(this, input, init);
      if (url.startsWith(INDEX_URL)) {
        result.then((response) => {
          if (!response.ok) fail(new Error(`${url.slice(INDEX_URL.length)}: HTTP ${response.status}`));
        }, (error) => fail(new Error(`${url.slice(INDEX_URL.length)}: ${error && error.message || error}`)));
      }
      return result;
    },
  };
}

/* Pyodide's fetch of its wasm. On a later visit the service worker leaves that one file to
   the network stack (see web/sw.js): Chromium keeps a wasm's compiled code beside the HTTP
   cache's copy, never beside a Cache Storage one. So when the worker has seen this build's
   wasm in the HTTP cache, it comes from there (checked against WASM_INTEGRITY, filled in by
   build.py; a 304 at most); otherwise (an HTTP cache too small for it, as in a private
   window) from the worker's cache, so a later visit never downloads it again. A first visit
   fetches it as usual. Every other request goes through untouched. */
function wasmFromTheCaches(fetch) {
  return function (input, init) {
    if (String(input instanceof Request ? input.url : input) !== WASM_URL || !inHttpCache) {
      return fetch.call(this, input, init);
    }
    return (async () => {
      if (WASM_INTEGRITY && await inHttpCache) {
        try {
          const offline = typeof navigator !== "undefined" && navigator.onLine === false;
          return await fetch.call(globalThis, WASM_URL, {
            integrity: WASM_INTEGRITY, mode: "same-origin", cache: offline ? "only-if-cached" : "default" });
        } catch {}  // another build's, or gone meanwhile
      }
      const hit = await caches.match(WASM_URL).catch(() => undefined);
      return hit || fetch.call(globalThis, input, init);
    })();
  };
}

/* Asked as soon as this module runs: does the HTTP cache hold the wasm? The service worker
   looks (a miss there is silent; in the page it would log an error). Undefined on a first
   visit, when no worker is in charge. */
const inHttpCache = typeof navigator !== "undefined" && navigator.serviceWorker?.controller
  && typeof caches !== "undefined" && typeof MessageChannel !== "undefined"
  ? new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = (event) => resolve(event.data === true);
      setTimeout(() => resolve(false), 500);  // a worker that does not answer: its cache, then
      navigator.serviceWorker.controller.postMessage("skipbo: wasm in the HTTP cache?", [channel.port2]);
    })
  : undefined;

/* Once the table is playable (data-ready), the service worker keeps the site (its cache
   complete: the snapshot belongs to the offline copy) and the page is idle: have
   web/snapshot-worker.mjs make this build's snapshot for the next visit. Not for a browser
   that asks to save data (the worker downloads nothing, but its files might have left the
   caches), nor where no service worker runs (it would never be restored from a cache). */
function makeSnapshotLater() {
  if (!SNAPSHOT || typeof document === "undefined" || typeof Worker === "undefined" || typeof caches === "undefined"
      || !navigator.serviceWorker) {
    return;
  }
  if (navigator.connection && navigator.connection.saveData) return madeSnapshot("skipped");
  const table = document.getElementById("table");
  const start = () => navigator.serviceWorker.ready.then(() => {
    const idle = globalThis.requestIdleCallback || ((run) => setTimeout(run, 0));
    setTimeout(() => idle(makeSnapshot, { timeout: 5000 }), MAKE_SNAPSHOT_AFTER_MS);
  });
  if (!table || table.dataset.ready === "1") return start();
  const observer = new MutationObserver(() => {
    if (table.dataset.ready === "1") {
      observer.disconnect();
      start();
    }
  });
  observer.observe(table, { attributes: true, attributeFilter: ["data-ready"] });
}

function makeSnapshot() {
  let worker;
  const done = (how, why) => {
    worker.terminate();
    if (why) console.warn(`Skip-Bo: no snapshot for the next visit (${why})`);
    madeSnapshot(how);
  };
  try {
    worker = new Worker(new URL("./snapshot-worker.mjs", import.meta.url), { type: "module" });
  } catch (error) {
    console.warn(`Skip-Bo: no snapshot for the next visit (${error})`);
    return madeSnapshot("failed");
  }
  worker.onmessage = (event) => done(event.data.ok ? "made" : "failed", event.data.ok ? "" : event.data.error);
  worker.onerror = (event) => {
    event.preventDefault();
    done("failed", event.message || "the worker failed");
  };
  worker.postMessage({ snapshot: new URL(SNAPSHOT, import.meta.url).href, cacheName: SNAPSHOT_CACHE });
}

function madeSnapshot(how) {
  document.documentElement.dataset.snapshot = how;
}

/* How Python started, for the tests and the curious: <html data-python="snapshot|fresh">. */
function started(how) {
  if (typeof document !== "undefined") document.documentElement.dataset.python = how;
}
