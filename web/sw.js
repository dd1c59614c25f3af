/* The service worker: after one visit the whole site sits in one cache per build, so the
   game loads and plays with the network off, and a second visit downloads nothing big.

   build.py fills in BUILD (a hash of every file of the site), FILES (each file's path,
   relative to this script, and its SHA-256 for subresource integrity) and SIZES (its
   length in bytes). A new deploy is a new sw.js: the browser installs it beside the old
   one, and it fetches the new files into a cache of its own. It takes over only once every
   file is there and checked: the bytes fetched, not only the list (their length, their
   SHA-256, and a zip or wheel complete to its last record, a wasm that is one); else the
   install fails and the previous build goes on (issue 36). It keeps the previous build's
   cache until a page of the new one has started the game ("skipbo: started", from
   sw-register.js); a new build whose start fails before that ("skipbo: start failed", from
   rescue.js) goes back to the previous build's files, once, and the page reloads on them.
   Every URL is relative, so the site works at "/" and under a sub-path such as "/skipbo/".
   Registered by sw-register.js. */

const BUILD = "dev";
const FILES = {};
const SIZES = {};

/* Caches are per origin: name ours by scope too, so two copies of the site on one host
   (say /skipbo/ and /skipbo-beta/) never delete each other's. */
const PREFIX = `skipbo ${self.registration.scope} `;
const CACHE = PREFIX + BUILD;
/* What the worker remembers across its restarts: the cache whose files last started the
   game ("started") and the one that went back to the previous build's files ("fellBack"). */
const BUILDS = `skipbo-builds ${self.registration.scope}`;
const BUILDS_URL = new URL("skipbo-builds.json", self.registration.scope).href;

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
      let response = await fromHttpCache(path, integrity);
      if (response && await damaged(path, response)) response = undefined;  // the server's, then
      if (!response && needed) {
        response = await fromServer(path, integrity);
        const problem = await damaged(path, response);
        if (problem) throw new Error(`${path}: ${problem}`);
      }
      if (response) await cache.put(path, response);
    }));
  } catch (error) {
    await caches.delete(CACHE);  // never leave half a build behind; the browser tries again later
    throw error;
  }
}

/* What is wrong with the bytes of ``response`` (a file of this build) as fetched: "" when
   nothing. The integrity option alone is not enough: a list made from a damaged upload
   names the damaged file's hash (issue 36), so a zip must also be complete and a wasm one. */
async function damaged(path, response) {
  const bytes = new Uint8Array(await response.clone().arrayBuffer());
  if (path in SIZES && bytes.length !== SIZES[path]) return `${bytes.length} bytes, not ${SIZES[path]}`;
  if (FILES[path]) {
    const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
    if ("sha256-" + btoa(String.fromCharCode(...hash)) !== FILES[path]) return "its SHA-256 is not the listed one";
  }
  if (/\.(zip|whl)$/.test(path) && !wholeZip(bytes)) return "not a complete zip";
  if (/\.wasm$/.test(path) && !(bytes[0] === 0 && bytes[1] === 0x61 && bytes[2] === 0x73 && bytes[3] === 0x6d)) {
    return "not WebAssembly";
  }
  return "";
}

/* A zip ends with its end-of-central-directory record, which says where the central
   directory starts and how long it is: right before that record. A cut zip has none. */
function wholeZip(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (view.getUint32(at, true) !== 0x06054b50) continue;
    if (at + 22 + view.getUint16(at + 20, true) !== bytes.length) continue;  // (its comment ends the file)
    return view.getUint32(at + 16, true) + view.getUint32(at + 12, true) === at;
  }
  return false;
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
/* Pages this worker served (their client ids): only they speak for this build's files. */
const served = new Set();

self.addEventListener("message", (event) => {
  if (event.data === "skipbo: started") {
    if (event.source && served.has(event.source.id)) event.waitUntil(started());
    return;
  }
  if (event.data === "skipbo: start failed" && event.ports[0]) {
    event.waitUntil(fallBack().catch(() => false)
      .then((back) => event.ports[0].postMessage(back ? "skipbo: fell back" : "skipbo: no")));
    return;
  }
  if (event.data !== "skipbo: wasm in the HTTP cache?" || !event.ports[0]) return;
  const url = new URL(WASM, self.location).href;
  event.waitUntil(fetch(url, { cache: "only-if-cached", mode: "same-origin" })
    .then((response) => { response.body?.cancel(); return response.ok; }, () => false)
    .then((yes) => event.ports[0].postMessage(yes)));
});

async function readBuilds() {
  try {
    const hit = await (await caches.open(BUILDS)).match(BUILDS_URL);
    const builds = hit ? await hit.json() : {};
    return builds && typeof builds === "object" ? builds : {};
  } catch {
    return {};
  }
}

async function writeBuilds(builds) {
  await (await caches.open(BUILDS)).put(BUILDS_URL, new Response(JSON.stringify(builds)));
}

/* The previous build's cache, to go back to: the one that last started the game, else (a
   worker from before these records) the newest other one of ours. */
async function previousBuild(builds) {
  const ours = (await caches.keys()).filter((name) => name.startsWith(PREFIX) && name !== CACHE);
  return ours.includes(builds.started) ? builds.started : ours.pop();
}

async function dropOthers(keep) {
  for (const name of await caches.keys()) {
    if (name.startsWith(PREFIX) && name !== CACHE && name !== keep) await caches.delete(name);
  }
}

/* A page of this build has started the game: these files work, the older builds can go. */
async function started() {
  const builds = await readBuilds();
  if (builds.started !== CACHE) await writeBuilds({ ...builds, started: CACHE });
  await dropOthers(null);
}

/* A page of this build failed to start: if these files never started the game and have not
   gone back before, they become the previous build's (this cache is the one the static
   routes read), and the page reloads on them. True when it went back. */
async function fallBack() {
  const builds = await readBuilds();
  if (builds.started === CACHE || builds.fellBack === CACHE) return false;
  const previous = await previousBuild(builds);
  if (!previous) return false;
  const from = await caches.open(previous), to = await caches.open(CACHE);
  const kept = new Set();
  for (const request of await from.keys()) {
    kept.add(request.url);
    await to.put(request, await from.match(request));
  }
  for (const request of await to.keys()) {
    if (!kept.has(request.url)) await to.delete(request);
  }
  await writeBuilds({ ...builds, fellBack: CACHE });
  return true;
}

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    await dropOthers(await previousBuild(await readBuilds()));  // kept until this build has started once
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(self.registration.scope)) return;
  if (request.mode === "navigate" && event.resultingClientId) served.add(event.resultingClientId);
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
  if (SAVE_DATA && response.ok && path in FILES && !await damaged(path, response)) {
    await cache.put(url.href, response.clone());  // kept for offline use, now that the page needed it
  }
  return response;
}
