"""Embed mode (``?embed=1``) on the page: cards sized to the frame, and the messages
posted to the page around it (skipbo_web.embed says what they hold)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from .embed import Reporter

if TYPE_CHECKING:
    from .page_app import App

FIT_FLOOR = 0.5  # embed mode shrinks cards to half their size at most


class Frame:
    def __init__(self, app: App) -> None:
        self.app = app
        self.reporter = Reporter()
        self.fit, self.fit_game = 1.0, None  # the cards' scale, and the game it was fitted for

    def fit_frame(self, fresh: bool = False) -> None:
        """Embed mode: shrink the cards (the CSS variable ``--fit``) until the page needs no
        scrollbar. A resized frame or another game starts again from full size; each
        redraw first tries them a little larger, so they grow back when there is room."""
        app = self.app
        if not app.session.embed:
            return
        doc = app.browser.document.documentElement
        if fresh or self.fit_game is not app.ctrl.game:
            self.fit, self.fit_game = 1.0, app.ctrl.game
        elif self.fit < 1:  # try a little larger again: the table may have shrunk since
            self.fit = min(1.0, self.fit * 1.08)
        doc.style.setProperty("--fit", f"{self.fit:.3f}")
        for _ in range(12):  # each step reads the layout once
            high, room = doc.scrollHeight, doc.clientHeight
            if high <= room or self.fit <= FIT_FLOOR:
                return
            # the cards are a good half of the height: shrink them by more than the overflow
            self.fit = max(FIT_FLOOR, self.fit * max(0.8, min(0.97, 1 - 1.6 * (high - room) / high)))
            doc.style.setProperty("--fit", f"{self.fit:.3f}")

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
