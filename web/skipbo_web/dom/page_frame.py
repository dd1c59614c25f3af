"""The page in its window: cards fitted to the screen (web/fit.js does the measuring), and
in embed mode (``?embed=1``) the messages posted to the page around it (skipbo_web.views.embed
says what they hold).

An effect of the page's store: after every patch of the page (``DRAWN``) the cards are
fitted and the host told what changed."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from ..state.store import DRAWN
from ..views.embed import Reporter

if TYPE_CHECKING:
    from ..state.store import Store
    from .page_dom import Browser


class Frame:
    def __init__(self, store: Store, browser: Browser, host_origin: str | None) -> None:
        self.store = store
        self.browser = browser
        self.host_origin = host_origin  # host= of the address ("": unreadable; None: not given)
        self.reporter = Reporter()

    def on_change(self, what: frozenset[str]) -> None:
        """The store's listener: the page was patched, the cards fit and the host hears of it."""
        if DRAWN in what:
            self.fit()
            self.tell_updates()

    def fit(self) -> None:
        """Fit the cards to the screen now (web/fit.js, which also runs after any change of
        the page and on resize), so that what measures the table next (a card's flight)
        finds it at its final size."""
        fit = getattr(self.browser.window, "skipboFit", None)
        if fit is not None:
            fit()

    def tell(self, events: list[dict[str, Any]]) -> None:
        """Post ``events`` to the page around this one, if any. They hold only public
        facts, so any origin may read them; with ``host=<origin>`` in the address only
        a page of that origin gets them (the browser drops them for any other)."""
        window = self.browser.window
        if not events or window.parent == window:
            return
        host = self.host_origin
        if host == "":  # host= could not be read: nobody is told anything
            return
        for item in events:
            window.parent.postMessage(window.JSON.parse(json.dumps(item)), host or "*")

    def tell_updates(self) -> None:
        state = self.store.state
        self.tell(self.reporter.updates(state.ctrl, state.look, state.notices))

    def tell_ready(self) -> None:
        state = self.store.state
        self.tell(self.reporter.ready(state.ctrl, state.look, state.notices))
