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

  if (navigator.serviceWorker.controller) return register();
  var table = document.getElementById("table");
  if (!table) return register();
  var ready = function () { return table.getAttribute("data-ready") === "1"; };
  if (ready()) return register();
  var observer = new MutationObserver(function () {
    if (ready()) {
      observer.disconnect();
      register();
    }
  });
  observer.observe(table, { attributes: true, attributeFilter: ["data-ready"] });
})();
