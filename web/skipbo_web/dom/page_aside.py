"""What is kept aside, on the page: the "Kept aside" sheet's list (every ``skipbo.aside.*``
value, and the damaged values left in place for want of room), its downloads, and
deleting one once it was downloaded (the player makes room). The sheet is a view
(``views.aside_view``); opening it is a command (``Commands.open_sheet("aside")``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..state.saves import ASIDE_PREFIX
from ..views.aside_view import Kept, aside_tree
from ..views.tree import El

if TYPE_CHECKING:
    from ..commands import Commands
    from ..state.store import PageState
    from .page_dom import Browser
    from .page_session import Session


class AsideDesk:
    """The "Kept aside" sheet and its buttons."""

    def __init__(self, commands: Commands, session: Session, browser: Browser) -> None:
        self.commands = commands
        self.session = session
        self.browser = browser
        self.downloaded: set[str] = set()  # downloaded since the page started: these may go

    def kept(self) -> list[Kept]:
        storage = self.session.storage
        # a page in a frame shows (and may delete) only what its own keys set aside, never the visitor's
        own = f"{ASIDE_PREFIX}embed." if self.session.apart else ASIDE_PREFIX
        keys = [(key, False) for key in storage.kept_aside() if key.startswith(own)] + \
            [(key, True) for key in sorted(storage.stuck)]
        return [Kept(key, len(text), stuck) for key, stuck in keys if (text := storage.text(key)) is not None]

    def sheet_tree(self, state: PageState) -> El:
        return aside_tree(state.look.lang, self.kept(), frozenset(self.downloaded))

    def action(self, action: str, key: str | None) -> None:
        """Download a value kept aside, or delete one that was downloaded."""
        listed = {item.key for item in self.kept()}
        if key not in listed:
            return
        storage = self.session.storage
        if action == "aside-download":
            text = storage.text(key)
            if text is not None:
                self.browser.save_file(text, f"{key}.txt", "text/plain")
                self.downloaded.add(key)
        elif action == "aside-delete" and key in self.downloaded:
            storage.remove(key)  # room made: the next save tries again (a stuck key is free now)
            self.downloaded.discard(key)
        self.commands.redraw_sheet()
        if action == "aside-delete":
            self.browser.focus_first('[data-action="close"]', self.browser.by_id("sheet"))
