"""One tab owns the game. The page opened last claims it (``skipbo.tab`` in
``localStorage`` names the owning tab); every other tab hears of it through the
``storage`` event, stops its computer players, covers its table with "this game is open
in another tab" and a button to take the game over, and takes no input until then.
Taking over reads the newest save, so what was played in the other tab goes on here.

Saving checks too (``Session.save``): a tab whose game in storage is no longer the one it
last read or wrote never overwrites it, and gives up the game instead. An embedded table,
like any page in a frame, keeps to itself (two tables may share one page; page_apart): it
never claims the game, so it never covers the visitor's tab, and is never covered.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from ..state.saves import TAB_KEY
from .page_dom import JsException, js

if TYPE_CHECKING:
    from ..commands import Commands
    from .page_session import Session



class TabGuard:
    """Which tab owns the game (``skipbo.tab``); covering and taking over are commands
    (``Commands.step_back``, ``Commands.take_over``)."""

    def __init__(self, session: Session, commands: Commands) -> None:
        self.session = session
        self.commands = commands
        self.id = f"{random.SystemRandom().randrange(16**12):012x}"
        self.on = not session.apart and session.storage.ok

    def claim(self) -> None:
        """This tab owns the game now (the others hear of it and step back)."""
        if self.on:
            try:
                self.session.storage.ls.setItem(TAB_KEY, self.id)
            except JsException:  # storage full: no claim now, but the others' claims and saves still cover this tab
                pass

    def on_storage(self, event: Any) -> None:
        """Another tab changed the store: when it claimed the game, or saved it, that tab
        owns it."""
        key = js(event.key)
        if not self.on or self.session.store.state.covered:  # covered: another tab owns the game
            return
        if (key == TAB_KEY and js(event.newValue) != self.id) or key == self.session.keys.current:
            self.step_back()

    def step_back(self) -> None:
        """Another tab has the game: this one is covered (never a table kept apart)."""
        if self.on:
            self.commands.step_back()

    def take_over(self) -> None:
        """The button on the cover: claim the game and go on from its newest save."""
        self.claim()
        self.commands.take_over()
