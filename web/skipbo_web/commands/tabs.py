"""One tab owns the game (``page_tabs``): step back when another tab takes it, take it over."""

from __future__ import annotations

from ..state.store import SetAside
from .base import CommandsBase


class TabCommands(CommandsBase):
    """One tab owns the game."""

    def step_back(self) -> None:
        """Another tab has the game: stop, close any sheet, cover the table."""
        rooms = self.rooms
        self.store.update_look(elsewhere=True)
        rooms.computer.stop()
        rooms.drag.drop_gesture()
        if self.store.state.sheet is not None:
            rooms.sheet.close()
        rooms.keys.focus('[data-action="take-over"]')

    def take_over(self) -> None:
        """Uncover the table and go on from the newest save (the tab has claimed the game)."""
        rooms = self.rooms
        self.store.update_look(elsewhere=False)
        saved = rooms.session.load_saved()
        rooms.stats.forget()  # the other tab may have counted games meanwhile
        if saved is not None:
            rooms.computer.stop()
            aside = self.store.state.tutorial_aside
            if self.store.state.in_tutorial:  # the tutorial goes on; leaving it finds the newest game
                self.store.update(tutorial_aside=SetAside(saved, setup=aside is not None and aside.setup))
            else:
                self.set_table_game(saved)
        rooms.keys.focus('.me [data-playable="1"], .me [data-slot="H"]')
        rooms.computer.play_if_due()
