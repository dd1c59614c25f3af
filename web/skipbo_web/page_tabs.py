"""One tab owns the game. The page opened last claims it (``skipbo.tab`` in
``localStorage`` names the owning tab); every other tab hears of it through the
``storage`` event, stops its computer players, covers its table with "this game is open
in another tab" and a button to take the game over, and takes no input until then.
Taking over reads the newest save, so what was played in the other tab goes on here.

Saving checks too (``Session.save``): a tab whose game in storage is no longer the one it
last read or wrote never overwrites it, and gives up the game instead. An embedded table
keeps to itself (two tables may share one page), so it is never covered.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from .page_dom import JsException, js

if TYPE_CHECKING:
    from .page_app import App

OWNER_KEY = "skipbo.tab"


class TabGuard:
    def __init__(self, app: App) -> None:
        self.app = app
        self.id = f"{random.SystemRandom().randrange(16**12):012x}"
        self.on = not app.session.embed and app.session.storage.ok

    @property
    def elsewhere(self) -> bool:
        """Another tab owns the game: this one is covered (the page's state)."""
        return self.app.state.covered

    def claim(self) -> None:
        """This tab owns the game now (the others hear of it and step back)."""
        if self.on:
            try:
                self.app.session.storage.ls.setItem(OWNER_KEY, self.id)
            except JsException:
                self.on = False

    def on_storage(self, event: Any) -> None:
        """Another tab changed the store: when it claimed the game, or saved it, that tab
        owns it."""
        key = js(event.key)
        if not self.on or self.elsewhere:
            return
        if (key == OWNER_KEY and js(event.newValue) != self.id) or key == self.app.session.keys.current:
            self.step_back()

    def step_back(self) -> None:
        """Another tab has the game: stop, close any sheet, cover the table."""
        app = self.app
        if not self.on:
            return
        app.look.elsewhere = True
        app.computer.stop()
        app.drag.drop_gesture()
        if app.state.sheet is not None:
            app.sheet.close()
        app.render()
        app.keys.focus('[data-action="take-over"]')

    def take_over(self) -> None:
        """The button on the cover: claim the game and go on from its newest save."""
        app, session = self.app, self.app.session
        self.claim()
        app.look.elsewhere = False
        saved = session.load_saved()
        app.stats.forget()  # the other tab may have counted games meanwhile
        if saved is not None:
            app.computer.stop()
            if app.state.in_tutorial:  # the tutorial goes on; leaving it finds the newest game
                app.tutorial.normal, app.tutorial.normal_unsaved = saved, False
            else:
                app.show_game(saved)
        app.render()
        app.keys.focus('.me [data-playable="1"], .me [data-slot="H"]')
        app.computer.kick()
