"""The page's entry point, run by PyScript in Pyodide: it makes the page
(``skipbo_web.dom.page_app.App``, built of the ``page_*`` rooms) and binds its events.

Every listener is bound once, on containers that are never redrawn, with
``addEventListener`` (PyScript's ``when`` imports pyscript.web on first use: tens of ms
of every start-up). If start-up raises, web/rescue.js shows what failed and offers to put
the saved data aside and start afresh.
"""

from __future__ import annotations

import gc

from pyscript import document, window
from skipbo_web.dom.page_app import App
from skipbo_web.dom.page_dom import Browser, create_proxy
from skipbo_web.state.meta import installed_version

try:
    app = App(Browser(document, window), installed_version("skipbo_core"))  # the version of the wheel in Pyodide
    _proxies = []
    for _target, _event, _handler in (
            (app.browser.by_id("app"), "click", app.on_click), (app.browser.by_id("app"), "change", app.on_change),
            (app.browser.by_id("app"), "animationend", app.on_animationend),  # a notice that goes by itself
            (app.sheet.el, "submit", app.sheet.on_submit), (app.sheet.el, "close", app.sheet.on_close),
            (app.browser.by_id("app"), "pointerdown", app.drag.on_pointerdown),
            (window, "pointermove", app.drag.on_pointermove), (window, "pointerup", app.drag.on_pointerup),
            (window, "pointercancel", app.drag.on_pointercancel), (document, "keydown", app.keys.on_key),
            (window, "message", app.host.on_message),  # commands of the page around a frame
            (window, "storage", app.tabs.on_storage)):  # another tab took the game
        _proxies.append(create_proxy(_handler))
        _target.addEventListener(_event, _proxies[-1])
    for _event in ("pointerdown", "keydown"):  # the first interaction lets sounds play (autoplay rules)
        _proxies.append(create_proxy(app.sound.unlock))
        window.addEventListener(_event, _proxies[-1], True)
    app.start()
except Exception as _failure:  # start-up must never leave a dead table: say what failed, offer a way out
    window.skipboRescue(f"{type(_failure).__name__}: {_failure}")
    raise
# Everything made so far lives as long as the page: keep it out of the garbage collector's
# full passes, which would otherwise stall the page now and then for 100 ms and more. No
# full collection first: the garbage of start-up is small, and that first pass cost 0.45 s
# before the table was playable on a desktop, seconds on a phone (bench/load.py --phone).
gc.freeze()
