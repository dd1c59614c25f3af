/* IndexedDB that cannot be opened must not stop the page from starting (issue 36).

   PyScript keeps small stores in IndexedDB (its "IDBMap": a cache of packages, which this
   site ships none of, and handles of local folders) and awaits the first one before Python
   starts. Where the browser refuses the page IndexedDB (a frame of another site when
   third-party storage is blocked, as in Chromium's off-the-record windows; a private window
   of some browsers; a broken profile), opening it fails, and PyScript's start-up fails with
   it. So an open that fails (by an error event or by throwing) succeeds instead with a
   database kept in memory for this visit: PyScript's stores then start empty and keep
   nothing, which costs the page nothing. An open that works is left alone.

   The memory database does what PyScript's IDBMap asks of one (node_modules/@pyscript/core,
   storage.js): transaction(store).objectStore(store) with count, clear, delete, get,
   getKey, getAll, getAllKeys, put and add, each answering through onsuccess; close. A
   classic script, loaded with "defer" before PyScript's module (so it runs first). */
(function () {
  "use strict";
  var Factory = window.IDBFactory;
  if (!Factory || typeof Factory.prototype.open !== "function") return;
  var open = Factory.prototype.open, kept = {};

  /* A request that answers with ``value`` once the caller has set its handlers. */
  function answer(value) {
    var request = { readyState: "pending", result: undefined, error: null, onsuccess: null, onerror: null };
    Promise.resolve().then(function () {
      request.readyState = "done";
      request.result = value;
      if (typeof request.onsuccess === "function") request.onsuccess({ type: "success", target: request });
    });
    return request;
  }

  function memoryStore() {
    var entries = new Map();
    return {
      count: function () { return answer(entries.size); },
      clear: function () { entries.clear(); return answer(undefined); },
      delete: function (key) { entries.delete(key); return answer(undefined); },
      get: function (key) { return answer(entries.get(key)); },
      getKey: function (key) { return answer(entries.has(key) ? key : undefined); },
      getAll: function () { return answer(Array.from(entries.values())); },
      getAllKeys: function () { return answer(Array.from(entries.keys())); },
      put: function (value, key) { entries.set(key, value); return answer(key); },
      add: function (value, key) { entries.set(key, value); return answer(key); }
    };
  }

  function memoryDatabase(name) {
    var stores = {};
    function store(storeName) {
      if (!stores[storeName]) stores[storeName] = memoryStore();
      return stores[storeName];
    }
    return {
      name: name,
      version: 1,
      objectStoreNames: { length: 0, contains: function (s) { return !!stores[s]; } },
      createObjectStore: store,
      transaction: function () {
        return { objectStore: store, oncomplete: null, onerror: null, onabort: null, commit: function () {},
                 abort: function () {} };
      },
      close: function () {},
      onabort: null, onclose: null, onerror: null, onversionchange: null
    };
  }

  /* The memory database of this name (the same one for every open in this visit). */
  function inMemory(name) {
    var key = String(name);
    if (!Object.prototype.hasOwnProperty.call(kept, key)) kept[key] = memoryDatabase(key);
    return kept[key];
  }

  Factory.prototype.open = function (name) {
    var request;
    try {
      request = open.apply(this, arguments);
    } catch (e) {
      return answer(inMemory(name));  /* refused at once (some browsers throw SecurityError) */
    }
    /* Refused later, by an error event: its handler is not told (the page would stop), and
       the success handler gets the memory database instead. */
    var onerror = null;
    Object.defineProperty(request, "onerror", {
      configurable: true,
      get: function () { return onerror; },
      set: function (handler) { onerror = handler; }
    });
    request.addEventListener("error", function (event) {
      event.preventDefault();
      event.stopImmediatePropagation();
      var handler = request.onsuccess;
      if (typeof handler === "function") handler.call(request, { type: "success", target: { result: inMemory(name) } });
    });
    return request;
  };
})();
