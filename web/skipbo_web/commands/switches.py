"""The page's switches: language, speed, theme, sound, the result shown, notices."""

from __future__ import annotations

from typing import Any

from ..state.messages import Message
from ..state.prefs import next_theme
from .base import CommandsBase


class SwitchCommands(CommandsBase):
    """The page's switches."""

    def set_lang(self, lang: str) -> dict[str, Any]:
        rooms = self.rooms
        rooms.session.set_language(lang)
        rooms.sheet.relanguage()
        return {"lang": lang}

    def show_lang(self, lang: str) -> None:
        """The page in ``lang`` for now (the new-game form's choice: kept when its game starts)."""
        self.store.update_look(lang=lang)

    def set_speed(self, speed: int) -> dict[str, Any]:
        """The computer's pace (the bar shows it)."""
        self.rooms.session.set_speed(speed)
        return {"speed": speed}

    def set_theme(self, choice: str) -> None:
        """Colour the table as ``choice`` says (index.html's ``skipboTheme`` resolves
        ``auto`` with the device's setting, and follows it when it changes)."""
        rooms = self.rooms
        rooms.session.set_theme(choice)
        apply = getattr(rooms.browser.window, "skipboTheme", None)
        if apply is not None:
            apply(choice)

    def next_theme(self) -> None:
        self.set_theme(next_theme(self.store.state.look.theme))

    def close_menu(self) -> None:
        """Fold the bar's menu (on a narrow screen)."""
        self.rooms.table.toggle_menu(False)

    def toggle_sound(self) -> None:
        self.rooms.session.set_sound(not self.store.state.look.sound)  # the sound hears the look change

    def show_result(self, shown: bool) -> None:
        self.store.update_look(result_hidden=not shown)

    def notice(self, message: Message) -> None:
        """Say ``message`` above the table (what is wrong with an address, a file, a save)."""
        self.store.add_notice(message)

    def dismiss(self, index: int) -> None:
        """Close a notice (the address's game waiting for a yes: no, the game goes on)."""
        notices = self.store.state.notices
        if 0 <= index < len(notices):
            if notices[index].key == "notice.url_replace":
                self.rooms.session.waiting = None
            self.store.update(notices=(*notices[:index], *notices[index + 1:]))
