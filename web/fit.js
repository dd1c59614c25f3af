/* Cards as large as the room allows, and the whole table on screen.

   style.css sizes the cards from the viewport's width and height for the usual table
   (--cw). What it cannot know: how many cards lie in the discard piles, how long the
   names and texts are, a notice or the tutorial's box above the table. So after every
   change of the page and of the window, this measures, and when the page runs past
   the bottom of the screen (in a frame: when the page would need a scrollbar) it shrinks
   the cards by the factor --fit (down to half their size), as little as it must; it
   grows them back when there is room again.

   A plain script, not Python: it also fits the first paint, before Python has started,
   and it runs in the same task as the change that needs it, so nothing jumps. */
(function () {
  "use strict";
  var FLOOR = 0.5;
  var root = document.documentElement;
  var current = 1;
  root.style.setProperty("--fit", "1.000");

  /* How far the page runs past the bottom of the screen, in px (0 or less: it fits). The
     normal page must show everything down to the line under the table; a frame, the whole
     page. (The width is style.css's business: nothing may be wider than the screen at
     any card size.) */
  function overflow() {
    if (root.classList.contains("embed")) {
      var app = document.getElementById("app");
      return app ? Math.ceil(app.getBoundingClientRect().bottom + window.scrollY - root.clientHeight) : 0;
    }
    var line = document.querySelector("#table .message");
    if (!line) return 0;
    var bottom = line.getBoundingClientRect().bottom;
    // your area, where the line stands beside it (a phone on its side)
    var me = document.querySelector("#table > .player.me");
    if (me) bottom = Math.max(bottom, me.getBoundingClientRect().bottom);
    // below them the move log's line and the version: on screen too, unless the log is open
    // (where the page hides them, the page's own margin below the rest)
    var log = document.querySelector("#table .log"), foot = document.getElementById("foot");
    if (foot && !(log && log.open)) {
      var pad = parseFloat(getComputedStyle(document.getElementById("app")).paddingBottom) || 0;
      var shown = foot.getClientRects().length > 0;
      var last = shown ? foot : document.getElementById("table") || line;
      bottom = Math.max(bottom, last.getBoundingClientRect().bottom + pad);
    }
    return Math.ceil(bottom + window.scrollY - window.innerHeight);
  }

  function fits(fit) {
    fit = Math.round(fit * 1000) / 1000;
    if (fit !== current) {
      current = fit;
      root.style.setProperty("--fit", fit.toFixed(3));
    }
    return overflow() <= 0;
  }

  function fit() {
    var was = current;
    // the usual cases: full size fits; or the size found last time still fits, and a
    // little larger does not (one or two looks at the layout)
    if (fits(was) && (was === 1 || !fits(was + 0.01))) return fits(was);
    if (fits(1)) return;
    if (!fits(FLOOR)) return;  // even the smallest cards do not fit: keep them smallest
    var lo = FLOOR, hi = 1;  // lo fits, hi does not: halve the gap down to 1%
    while (hi - lo > 0.01) {
      var mid = Math.round((lo + hi) * 500) / 1000;
      if (fits(mid)) lo = mid; else hi = mid;
    }
    fits(lo);
  }

  var app = document.getElementById("app"), watcher = null;
  // The page calls this right after it patched the table (a card's flight then measures
  // the cards at their final size); the changes it saw are fitted, so the watcher below
  // drops them instead of measuring the same layout again at the end of the task.
  window.skipboFit = function () {
    if (watcher) watcher.takeRecords();
    fit();
  };
  if (app && window.MutationObserver) {
    // content, not highlights: cards and texts come and go, sheets and boxes open and close
    watcher = new MutationObserver(fit);
    watcher.observe(app, {
      childList: true, subtree: true, characterData: true,
      attributes: true, attributeFilter: ["hidden", "open", "data-players", "data-count"]
    });
  }
  window.addEventListener("resize", fit);
  if (window.visualViewport) window.visualViewport.addEventListener("resize", fit);
  fit();
})();
