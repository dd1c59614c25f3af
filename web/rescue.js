/* The way out when the game cannot start (issues 29 and 36): if an error escapes before the
   table is playable, the #rescue box says what failed and what helps, by the kind of failure:
   - "download": a file of the site did not come or could not be read (a 404, a damaged
     download, a broken connection; Pyodide's wasm included, see web/pyodide-boot.mjs). Nothing
     saved is the cause and nothing saved is touched: "Try again" reloads the page.
   - "data": the page's own start-up raised (web/main.py calls window.skipboRescue): something
     saved may be the cause, so it also offers to put the game's saved data aside.
   - "slow": the watchdog below saw no progress for WATCHDOG_MS: "Try again". It goes again if
     the page gets there after all, and gives way to a real failure.
   It is plain JavaScript on purpose: it must work when Python itself does not.
   On a new build that never started the game (see web/sw.js), the service worker is asked
   first: when it can go back to the previous build, the page reloads once on that one
   instead of showing the box.
   "Aside" means kept: every skipbo.* key is moved to skipbo.aside.<name> (skipbo.aside.<name>.2
   ... when that is taken), as skipbo_web.dom.page_session does with one damaged value; the
   started page offers a game set aside back (skipbo_web.dom.page_restore). An embedded or
   framed page moves only its own skipbo.embed.* keys, never the visitor's. */
(function () {
  var box = document.getElementById("rescue");
  if (!box) return;
  var WATCHDOG_MS = 12000;  /* no sign of progress this long before the table is playable */
  var FELL_BACK = "skipbo.fell-back";  /* (sessionStorage) this tab reloaded on the previous build once */
  var shown = "", asking = false;
  function playable() {
    var table = document.getElementById("table");
    return !!table && table.dataset.ready === "1";
  }
  function reveal(what, kind, always) {
    if ((playable() && !always) || (!box.hidden && shown !== "slow")) return;  /* the first failure says the most */
    shown = kind;
    box.dataset.kind = kind;
    var text = String(what || "?").trim(), lines = text.split("\n");
    if (/^Traceback/.test(text)) text = lines[lines.length - 1];  /* Python's: the last line says what */
    box.querySelector(".rescue-what").textContent = text.slice(0, 600);
    if (always) box.dataset.forced = "1";
    [].forEach.call(box.querySelectorAll("[data-for]"), function (el) {
      el.hidden = el.dataset.for.split(" ").indexOf(kind) < 0;
    });
    box.hidden = false;
    box.querySelector(kind === "data" ? "#rescue-fresh" : "#rescue-retry").focus();
  }
  /* A failure that stops the start (not the watchdog's guess): a new build's worker may go
     back to the previous build, once per tab; otherwise (or when it does not answer) the box. */
  function failed(what, kind, always) {
    if (playable() && !always) return;
    var worker = navigator.serviceWorker && navigator.serviceWorker.controller;
    var again = true;
    if (asking) return;  /* the first failure says the most */
    try { again = !sessionStorage.getItem(FELL_BACK); } catch (e) {}
    if (!worker || !again || typeof MessageChannel === "undefined") return reveal(what, kind, always);
    var channel = new MessageChannel(), answered = false;
    asking = true;
    function answer(back) {
      if (answered) return;
      answered = true;
      if (!back) {
        asking = false;
        return reveal(what, kind, always);
      }
      try { sessionStorage.setItem(FELL_BACK, "1"); } catch (e) {}
      location.reload();
    }
    channel.port1.onmessage = function (event) { answer(event.data === "skipbo: fell back"); };
    setTimeout(function () { answer(false); }, 5000);  /* copying the previous build may take a moment */
    worker.postMessage("skipbo: start failed", [channel.port2]);
  }
  window.skipboRescue = function (what, kind) { failed(what, kind || "data", true); };
  /* An error that did not stop the start (a warning Python printed, a failed side request):
     once the table is playable after all, the box goes again. web/main.py sets data-ready
     only when the page's start-up went through. */
  var table = document.getElementById("table");
  if (table) {
    new MutationObserver(function () {
      if (!playable()) return;
      if (!box.dataset.forced) box.hidden = true;
      try { sessionStorage.removeItem(FELL_BACK); } catch (e) {}
    }).observe(table, { attributes: true, attributeFilter: ["data-ready"] });
  }
  addEventListener("error", function (event) { failed(event.message || event.error, "download"); });
  addEventListener("unhandledrejection", function (event) {
    var reason = event.reason;
    failed(reason && reason.message ? reason.message : reason, "download");
  });
  /* PyScript shows a Python error that escaped as a .py-error element: Python could not run
     the page (its files missing or damaged), or the page's start-up raised (then web/main.py
     has called skipboRescue already, which said more). */
  new MutationObserver(function (records) {
    records.forEach(function (record) {
      record.addedNodes.forEach(function (node) {
        if (node.classList && node.classList.contains("py-error")) failed(node.textContent, "download");
      });
    });
  }).observe(document.body, { childList: true });
  /* The watchdog: a start that hangs (a download that stalls, a runtime that never comes up)
     shows the box too. Progress is a finished request, more bytes of the first visit's
     downloads (index.html's first script), a step of Python's start, or a busy main thread
     (a late tick: Python at work). */
  var last = Date.now(), tick = last, seen = "";
  var watchdog = setInterval(function () {
    var now = Date.now(), line = document.querySelector(".getting-ready");
    if (playable() || !box.hidden) return clearInterval(watchdog);
    var sign = [document.readyState, performance.getEntriesByType("resource").length,
      line && line.dataset.progress, document.documentElement.dataset.python].join(" ");
    if (sign !== seen || now - tick > 3000) last = now;
    seen = sign;
    tick = now;
    if (now - last >= WATCHDOG_MS) reveal("no progress for " + Math.round((now - last) / 1000) + " s", "slow");
  }, 1000);
  /* An embedded table, and any page in a frame, keeps its games apart from the visitor's
     (skipbo_web.dom.page_apart): its box sets aside only its own skipbo.embed.* keys. */
  function apart() {
    if (document.documentElement.classList.contains("embed")) return true;
    try { return window.top !== window.self; } catch (e) { return true; }  /* a refused check: a frame */
  }
  function moveAside() {
    var keys = [], i, own = apart();
    for (i = 0; i < localStorage.length; i++) keys.push(localStorage.key(i));
    keys.forEach(function (key) {
      if (own && key.indexOf("skipbo.embed.") !== 0) return;  /* the visitor's: not this frame's to move */
      if (key.indexOf("skipbo.") !== 0 || key.indexOf("skipbo.aside.") === 0) return;
      var name = "skipbo.aside." + key.slice("skipbo.".length), place = name, n = 1;
      /* the first free place, or one that holds the same text: nothing kept aside is written over */
      while (localStorage.getItem(place) !== null && localStorage.getItem(place) !== localStorage.getItem(key))
        place = name + "." + (++n);
      localStorage.setItem(place, localStorage.getItem(key));
      localStorage.removeItem(key);
    });
  }
  document.getElementById("rescue-fresh").addEventListener("click", function () {
    try { moveAside(); } catch (e) {}  /* no storage at all: nothing saved to be the cause */
    location.replace(location.pathname);  /* without the address's options: a fresh start */
  });
  document.getElementById("rescue-retry").addEventListener("click", function () {
    location.reload();  /* the same address: the saved game resumes */
  });
})();
