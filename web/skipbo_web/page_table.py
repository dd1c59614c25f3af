"""Drawing the table: the view model (``table.table_tree``, with the highlights in it:
the tutorial's piles, a hint's move, the host's lit piles) patched into ``#table`` in
place, and the chrome
around it (bar, notices, engine version), which only changes with the language, the
speed or the notices.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .bar import render_bar, render_foot, render_notices
from .embed import render_embed_bar
from .page_dom import attr
from .table import table_tree
from .table_marks import Mark
from .view_tree import TreeView

if TYPE_CHECKING:
    from .page_app import App


class TableView:
    def __init__(self, app: App, version: str) -> None:
        self.app = app
        browser = app.browser
        self.root = browser.by_id("table")
        self.view = TreeView(app.patcher, self.root)
        self.bar, self.foot = browser.by_id("bar"), browser.by_id("foot")
        self.notice_box = browser.by_id("notices")
        self.version = version
        self.chrome: tuple[str, str, str] | None = None

    def render_chrome(self) -> None:
        """The bar, the engine version and the notices (written only when they change)."""
        app = self.app
        look, session = app.look, app.session
        chrome = (render_embed_bar(look, session.speed) if session.embed else render_bar(look, session.speed),
                  "" if session.embed else render_foot(look.lang, self.version),
                  render_notices(session.notices, look.lang))
        if chrome != self.chrome:
            self.chrome = chrome
            self.bar.innerHTML, self.foot.innerHTML, self.notice_box.innerHTML = chrome
            self.bar.removeAttribute("data-menu")  # a new bar starts with its menu closed

    def toggle_menu(self, open_: bool | None = None) -> None:
        """Open or close the bar's More menu (a phone upright); ``None``: the other way."""
        button = self.bar.querySelector(".more-tool")
        if button is None:
            return
        if open_ is None:
            open_ = self.bar.getAttribute("data-menu") != "open"
        if open_:
            self.bar.setAttribute("data-menu", "open")
        else:
            self.bar.removeAttribute("data-menu")
        button.setAttribute("aria-expanded", "true" if open_ else "false")

    def render(self, marks: list[Mark]) -> None:
        """Patch the table to the game's state, with ``marks`` (highlights) in it."""
        app = self.app
        browser = app.browser
        active = browser.active()
        key = attr(active, "data-key") if active is not None and self.root.contains(active) else None
        self.view.show(table_tree(app.ctrl, app.look, marks=marks))
        self.root.removeAttribute("aria-busy")
        if key is not None and not self.root.contains(browser.active()):
            self.focus_key(key)  # the element in focus went away (a hand card played)

    def focus_key(self, key: str) -> None:
        """Focus the element with ``data-key=key``; for a hand card that went away, the
        card now at its place (or the last one)."""
        el = self.app.browser.query(f'[data-key="{key}"]', self.root)
        if el is None and key.startswith("H") and key[1:].isdigit():
            cards = self.root.querySelectorAll('[data-key^="H"]')
            el = cards.item(min(int(key[1:]), cards.length - 1)) if cards.length else None
        if el is not None:
            el.focus()
