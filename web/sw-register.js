/* Registers the service worker (sw.js, next to this page) that keeps the whole site for
   offline play. On a first visit it waits until the game is ready, so that filling the
   cache never competes with the first load; with a worker already in charge it registers
   at once, which only checks for a new build. A browser without service workers (or one
   that refuses them) plays as before, online. */
(function () {
  if (!("serviceWorker" in navigator)) return;

  /* A browser that asks to save data gets a worker that keeps only what the game uses (sw.js). */
  var script = navigator.connection && navigator.connection.saveData ? "./sw.js?save-data=1" : "./sw.js";

  function register() {
    navigator.serviceWorker.register(script, { scope: "./" }).catch(function (error) {
      console.warn("Skip-Bo: no offline copy (" + error + ")");
    });
  }

  /* The game is playable: the worker in charge learns that its build works, and keeps it
     (and only then deletes the previous build's files; see sw.js). */
  function started() {
    var worker = navigator.serviceWorker.controller;
    if (worker) worker.postMessage("skipbo: started");
  }

  var table = document.getElementById("table");
  function whenReady(then) {
    var ready = function () { return table.getAttribute("data-ready") === "1"; };
    if (!table || ready()) return then();
    var observer = new MutationObserver(function () {
      if (ready()) {
        observer.disconnect();
        then();
      }
    });
    observer.observe(table, { attributes: true, attributeFilter: ["data-ready"] });
  }

  if (!navigator.serviceWorker.controller) return whenReady(register);
  register();
  whenReady(started);
})();
