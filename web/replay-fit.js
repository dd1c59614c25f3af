/* The replay viewer's table, whole in its sheet (issue 39, item 10).

   style.css sizes the viewer's cards from the sheet's width only, so at 1280x800 and in a
   420x600 frame the bottom player's hand lay below the sheet's bottom. After every change
   of the viewer and of the window this measures and shrinks the viewer's cards by the
   factor --rfit (down to half their size), as little as it must, so that the whole table
   shows: below the viewer's title and controls as the sheet opens, where that leaves the
   cards at least 40 px wide; else below the controls alone, which stay at the top of the
   sheet while the rest scrolls under them (a small frame or screen).

   A plain script beside fit.js (which fits the game's table, not the sheet's). */
(function () {
  "use strict";
  var FLOOR = 0.5, SMALLEST = 40;
  var sheet = document.getElementById("sheet");
  if (!sheet) return;

  /* How far the table runs past the sheet's bottom, in px, when the sheet is scrolled so
     that the part of the sheet above the table is ``above`` px high. */
  function overflow(table, body, above) {
    var box = table.getBoundingClientRect(), room = body.getBoundingClientRect();
    var style = getComputedStyle(body);
    var bottom = room.top + body.clientTop + body.clientHeight - (parseFloat(style.paddingBottom) || 0);
    return Math.ceil(box.height - (bottom - room.top - body.clientTop - above));
  }

  function set(table, fit) {  // on the sheet, which the page never redraws: the table inherits it
    sheet.style.setProperty("--rfit", fit.toFixed(3));
  }

  /* The largest --rfit (to 1%) at which the table fits below ``above`` px, or FLOOR. */
  function search(table, body, above) {
    set(table, 1);
    if (overflow(table, body, above) <= 0) return 1;
    var lo = FLOOR, hi = 1;
    set(table, lo);
    if (overflow(table, body, above) > 0) return lo;
    while (hi - lo > 0.01) {
      var mid = Math.round((lo + hi) * 500) / 1000;
      set(table, mid);
      if (overflow(table, body, above) <= 0) lo = mid; else hi = mid;
    }
    return lo;
  }

  function cardWidth(table) {
    var card = table.querySelector(".player.me .card") || table.querySelector(".card");
    return card ? card.getBoundingClientRect().width : SMALLEST;
  }

  function fit() {
    var table = sheet.querySelector(".replay-table");
    if (!table || !sheet.open) return;
    var body = table.closest(".sheet-body");
    if (!body) return;
    var controls = body.querySelector(".replay-controls");
    var bodyTop = body.getBoundingClientRect().top + body.clientTop;
    // above the table as the sheet opens: title, hint and controls
    var fit = search(table, body, table.getBoundingClientRect().top - bodyTop + body.scrollTop);
    set(table, fit);
    if (cardWidth(table) < SMALLEST && controls) {  // too small: the controls alone above it
      fit = search(table, body, controls.getBoundingClientRect().height);
    }
    set(table, fit);
    if (watcher) watcher.takeRecords();  // its own changes are not news
  }

  var watcher = window.MutationObserver ? new MutationObserver(fit) : null;
  if (watcher) {
    watcher.observe(sheet, {
      childList: true, subtree: true, characterData: true,
      attributes: true, attributeFilter: ["open", "data-step", "data-count", "hidden"]
    });
  }
  window.addEventListener("resize", fit);
  if (window.visualViewport) window.visualViewport.addEventListener("resize", fit);
})();
