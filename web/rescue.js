/* The way out when the game cannot start (issue 29): if an error escapes before the table is
   playable (Python's start-up raised, Pyodide failed, a script broke), the #rescue box says
   what failed and offers to put the game's saved data aside and start afresh. It is plain
   JavaScript on purpose: it must work when Python itself does not. web/main.py also calls
   window.skipboRescue with the error when the page's own start-up raised.
   "Aside" means kept: every skipbo.* key is moved to skipbo.aside.<name> (skipbo.aside.<name>.2
   ... when that is taken), as skipbo_web.dom.page_session does with one damaged value. */
(function () {
  var box = document.getElementById("rescue");
  if (!box) return;
  function playable() {
    var table = document.getElementById("table");
    return !!table && table.dataset.ready === "1";
  }
  function show(what, always) {
    if ((playable() && !always) || !box.hidden) return;  /* the first failure says the most */
    box.querySelector(".rescue-what").textContent = String(what || "?").slice(0, 600);
    if (always) box.dataset.forced = "1";
    box.hidden = false;
    box.querySelector("button").focus();
  }
  window.skipboRescue = function (what) { show(what, true); };
  /* An error that did not stop the start (a warning Python printed, a failed side request):
     once the table is playable after all, the box goes again. web/main.py sets data-ready
     only when the page's start-up went through. */
  var table = document.getElementById("table");
  if (table) {
    new MutationObserver(function () {
      if (playable() && !box.dataset.forced) box.hidden = true;
    }).observe(table, { attributes: true, attributeFilter: ["data-ready"] });
  }
  addEventListener("error", function (event) { show(event.message || event.error); });
  addEventListener("unhandledrejection", function (event) {
    var reason = event.reason;
    show(reason && reason.message ? reason.message : reason);
  });
  /* PyScript shows a Python error that escaped as a .py-error element */
  new MutationObserver(function (records) {
    records.forEach(function (record) {
      record.addedNodes.forEach(function (node) {
        if (node.classList && node.classList.contains("py-error")) show(node.textContent);
      });
    });
  }).observe(document.body, { childList: true });
  function moveAside() {
    var keys = [], i;
    for (i = 0; i < localStorage.length; i++) keys.push(localStorage.key(i));
    keys.forEach(function (key) {
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
})();
