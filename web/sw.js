/* The service worker: after one visit the whole site sits in one cache per build, so the
   game loads and plays with the network off, and a second visit downloads nothing big.

   build.py fills in BUILD (a hash of every file of the site) and FILES (each file's path,
   relative to this script, and its SHA-256 for subresource integrity). A new deploy is a
   new sw.js: the browser installs it beside the old one, it fetches the new files into a
   cache of its own, takes over at once and deletes the caches of older builds. Every URL
   is relative, so the site works at "/" and under a sub-path such as "/skipbo/".
   Registered by sw-register.js. */

const BUILD = "dev";
const FILES = {};

/* Caches are per origin: name ours by scope too, so two copies of the site on one host
   (say /skipbo/ and /skipbo-beta/) never delete each other's. */
const PREFIX = `skipbo ${self.registration.scope} `;
const CACHE = PREFIX + BUILD;

/* A browser that asks to save data (navigator.connection.saveData; sw-register.js then
   registers "sw.js?save-data=1") gets no more than the game needs: the worker keeps what the
   page has fetched already (from the HTTP cache, no download) and each further file when the
   page first asks for it, instead of the whole site. */
const SAVE_DATA = new URL(self.location.href).searchParams.get("save-data") === "1";

self.addEventListener("install", (event) => {
  event.waitUntil(Promise.all([SAVE_DATA || addRoutes(event), precache()]).then(() => self.skipWaiting()));
});

/* Chromium (123+) can serve the site's files straight from this build's cache, without
   running this worker for each of them (bench/load.py: warm loads 0.1-0.4 s faster).
   Pages still go through the fetch handler: their address carries the game's options.
   Pyodide's wasm goes to the network, that is the HTTP cache (a 304 at most): Chromium keeps
   a wasm's compiled code beside an HTTP-cache copy but never beside a Cache Storage one, so
   from here every load compiled its 9.6 MB again (bench/load.py: ~1800 functions compiled
   lazily on the main thread, 0.3-0.5 s). web/pyodide-boot.mjs asks (the message below)
   whether the HTTP cache holds it, and reads it from this cache when not. Browsers without
   static routes use the fetch handler for everything. */
async function addRoutes(event) {  // (runs up to its first await during the event, as it must)
  if (!event.addRoutes || typeof URLPattern === "undefined") return;
  try {
    const scope = new URL(self.registration.scope);
    const path = scope.pathname.replace(/[\\:*?+(){}]/g, "\\$&");
    const files = new URLPattern({ baseURL: scope.href, pathname: path + "*" });
    const wasm = new URLPattern({ baseURL: scope.href, pathname: path + "vendor/pyodide/*.wasm" });
    await event.addRoutes([
      { condition: { requestMode: "navigate" }, source: "fetch-event" },
      { condition: { urlPattern: wasm, requestMethod: "GET" }, source: "network" },
      { condition: { urlPattern: files, requestMethod: "GET" }, source: { cacheName: CACHE } },
    ]);
  } catch (error) {  // the fetch handler does the same job, only slower
    console.warn("Skip-Bo: no static routes (" + error + ")");
  }
}

async function precache() {
  const cache = await caches.open(CACHE);
  try {
    await Promise.all(Object.entries(FILES).map(async ([path, integrity]) => {
      if (await cache.match(path)) return;  // this build's worker again (save-data changed)
      /* (the page itself always: the HTTP cache knows it by its address, options included) */
      const needed = !SAVE_DATA || path === "index.html";
      const response = await fromHttpCache(path, integrity) || (needed ? await fromServer(path, integrity) : null);
      if (response) await cache.put(path, response);
    }));
  } catch (error) {
    await caches.delete(CACHE);  // never leave half a build behind; the browser tries again later
    throw error;
  }
}

/* What the page has just fetched is in the HTTP cache: take it from there, downloading
   nothing again (a revalidation costs a 304 at most). Integrity refuses a copy of another
   build's file; then, or when it is not there, undefined. */
async function fromHttpCache(path, integrity) {
  try {
    const response = await fetch(new Request(path, { cache: "only-if-cached", mode: "same-origin", integrity }));
    return response.ok ? response : undefined;
  } catch {
    return undefined;
  }
}

/* "no-cache": revalidate with the server (a 304 costs nothing) rather than trust a stale
   HTTP-cache copy from the previous build; integrity: refuse a file from another build, as
   a host may serve while a deploy is half done. */
async function fromServer(path, integrity) {
  const response = await fetch(new Request(path, { cache: "no-cache", integrity }));
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return response;
}

/* web/pyodide-boot.mjs asks whether the HTTP cache holds the wasm (answered on the port it
   sends): a miss here is silent, a miss in the page would log an error. */
const WASM = "vendor/pyodide/pyodide.asm.wasm";
self.addEventListener("message", (event) => {
  if (event.data !== "skipbo: wasm in the HTTP cache?" || !event.ports[0]) return;
  const url = new URL(WASM, self.location).href;
  event.waitUntil(fetch(url, { cache: "only-if-cached", mode: "same-origin" })
    .then((response) => { response.body?.cancel(); return response.ok; }, () => false)
    .then((yes) => event.ports[0].postMessage(yes)));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(self.registration.scope)) return;
  event.respondWith(cacheFirst(request));
});

/* Every file of the build is in the cache, so the network is asked only for what is not:
   a URL outside the site's files, or anything at all while the cache is being replaced. */
async function cacheFirst(request) {
  const url = new URL(request.url);
  if (url.pathname.endsWith("/")) url.pathname += "index.html";
  const cache = await caches.open(CACHE);
  /* A page's address carries the game's options (?seed=3&lang=de): the same page. */
  const hit = await cache.match(url.href, { ignoreSearch: request.mode === "navigate" });
  if (hit) return hit;
  const response = await fetch(request);
  const scope = self.registration.scope;
  const path = url.href.startsWith(scope) ? url.href.slice(scope.length) : "";
  if (SAVE_DATA && response.ok && path in FILES) {
    await cache.put(url.href, response.clone());  // kept for offline use, now that the page needed it
  }
  return response;
}
