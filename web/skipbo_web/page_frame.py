"""The page in its window: cards fitted to the screen (web/fit.js does the measuring), and
in embed mode (``?embed=1``) the messages posted to the page around it (skipbo_web.embed
says what they hold)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from .embed import Reporter

if TYPE_CHECKING:
    from .page_app import App


class Frame:
    def __init__(self, app: App) -> None:
        self.app = app
        self.reporter = Reporter()

    def fit(self) -> None:
        """Fit the cards to the screen now (web/fit.js, which also runs after any change of
        the page and on resize), so that what measures the table next (a card's flight)
        finds it at its final size."""
        fit = getattr(self.app.browser.window, "skipboFit", None)
        if fit is not None:
            fit()

    def tell(self, events: list[dict[str, Any]]) -> None:
        """Post ``events`` to the page around this one, if any. They hold only public
        facts, so any origin may read them."""
        window = self.app.browser.window
        if not events or window.parent == window:
            return
        for item in events:
            window.parent.postMessage(window.JSON.parse(json.dumps(item)), "*")

    def tell_updates(self) -> None:
        app = self.app
        self.tell(self.reporter.updates(app.ctrl, app.look, app.session.notices))

    def tell_ready(self) -> None:
        app = self.app
        self.tell(self.reporter.ready(app.ctrl, app.look, app.session.notices))
