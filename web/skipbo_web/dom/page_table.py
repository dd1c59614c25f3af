"""Drawing the table: the view model (``table_view.table_view`` of the game's table
model, with the highlights in it: the tutorial's piles, a hint's move, the host's lit
piles) patched into ``#table`` in place, and the chrome around it (bar, notices, engine
version), which only changes with the language, the speed or the notices. A view: it
reads the page's state and patches; a move's motion sees where the cards were and where
they will be (the table's layouts, ``table_layout``) through ``before_patch``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..views.bar import bar_tree, foot_tree, notices_tree
from ..views.embed import embed_bar_tree
from ..views.table_layout import Layout
from ..views.table_marks import Mark
from ..views.table_model import table_model
from ..views.table_view import Table, table_view
from ..views.tree import El
from .page_dom import attr
from .patcher import TreeView

if TYPE_CHECKING:
    from ..state.look import Look
    from ..state.store import Store
    from .page_dom import Browser
    from .patcher import Patcher


class TableView:
    def __init__(self, store: Store, browser: Browser, patcher: Patcher, version: str, embed: bool) -> None:
        self.store = store
        self.browser = browser
        self.root: Any = browser.by_id("table")
        self.view = TreeView(patcher, self.root)
        self.bar = TreeView(patcher, browser.by_id("bar"))
        self.foot = TreeView(patcher, browser.by_id("foot"))
        self.notices = TreeView(patcher, browser.by_id("notices"))
        self.version = version
        self.embed = embed  # an embedded table: its own bar, no engine version
        self.bar_drawn: El | None = None  # the bar as last drawn with its menu closed ...
        self.bar_look: Look | None = None  # ... and the look it was drawn in
        # shown the table's layout before and after, just before the next patch (a move's motion)
        self.before_patch: Callable[[Layout, Layout], None] | None = None
        self.drawn: Table | None = None  # the table shown (its tree and, when asked, where its cards are)

    def render_chrome(self) -> None:
        """The bar, the engine version and the notices, patched in place (touched only when
        they change); a bar changed by the look (its language, theme, sound) starts with its
        menus closed, one that only shows another speed (chosen in its menu) keeps them: its
        More menu is open in the look it was opened in (``PageState.menu``)."""
        state = self.store.state
        look, speed = state.look, state.speed
        bar = self.closed_bar()
        if bar != self.bar_drawn:
            if look != self.bar_look:
                details = self.browser.query("details[open]", self.bar.node)
                if details is not None:
                    details.removeAttribute("open")
            self.bar_drawn, self.bar_look = bar, look
        if self.menu_shown():
            bar = bar_tree(look, speed, menu_open=True)
        self.bar.show(bar)
        self.foot.show(foot_tree(look.lang, None if self.embed else self.version))
        self.notices.show(notices_tree(state.notices, look.lang))

    def closed_bar(self) -> El:
        """The bar for the page's look and speed, its menus closed."""
        state = self.store.state
        return embed_bar_tree(state.look, state.speed) if self.embed else bar_tree(state.look, state.speed)

    def menu_shown(self) -> bool:
        """Whether the bar's More menu is open: it was opened in the look the page has now."""
        state = self.store.state
        return state.menu is not None and state.menu == state.look and not self.embed

    def toggle_menu(self, open_: bool | None = None) -> None:
        """Open or close the bar's More menu (a phone upright); ``None``: the other way."""
        shown = self.menu_shown()
        self.store.update(menu=self.store.state.look if (not shown if open_ is None else open_) else None)
        self.render_chrome()

    def render(self, marks: list[Mark]) -> None:
        """Patch the table to the game's state, with ``marks`` (highlights) in it."""
        browser = self.browser
        state = self.store.state
        active = browser.active()
        key = attr(active, "data-key") if active is not None and self.root.contains(active) else None
        table = table_view(table_model(state.ctrl, state.table), state.look, marks=marks)
        if self.before_patch is not None and self.drawn is not None and self.view.tree is not None:
            self.before_patch(self.drawn.layout, table.layout)
        self.view.show(table.tree)
        self.drawn = table
        self.root.removeAttribute("aria-busy")
        if key is not None and not self.root.contains(browser.active()):
            self.focus_key(key)  # the element in focus went away (a hand card played)

    def focus_key(self, key: str) -> None:
        """Focus the element with ``data-key=key``; for a hand card that went away, the
        card now at its place (or the last one)."""
        el = self.browser.query(f'[data-key="{key}"]', self.root)
        if el is None and key.startswith("H") and key[1:].isdigit():
            cards = self.root.querySelectorAll('[data-key^="H"]')
            el = cards.item(min(int(key[1:]), cards.length - 1)) if cards.length else None
        if el is not None:
            el.focus()
