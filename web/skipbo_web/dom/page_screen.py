"""The page patched to its state in one step (``Screen.render``): the bar, the table with
its marks (the hint, the tutorial's piles, the host's highlight), the assist bar, the coach
box, the caption and the puzzle box; then where the keyboard's focus goes, and the
effects hear that the page was drawn (``DRAWN``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from ..state.store import DRAWN

if TYPE_CHECKING:
    from ..state.controller import Controller
    from ..state.store import Store
    from ..views.table_marks import Mark
    from .page_dom import Browser
    from .page_table import TableView


class Part(Protocol):
    """A view of the state drawn beside the table (the assist bar, the coach box...)."""

    def render(self) -> None: ...


class Marking(Part, Protocol):
    """A view that also marks piles of the table (``data-hint``, ``data-coach``...)."""

    def marks(self) -> list[Mark]: ...


class Screen:
    """Patches the page to the state; focus stays where it is, but for a game just over
    (the result's first button) and the hot-seat curtain (its button)."""

    def __init__(self, store: Store, browser: Browser, table: TableView, marking: Sequence[Marking],
                 parts: Sequence[Part]) -> None:
        self.store = store
        self.browser = browser
        self.table = table
        self.root: Any = table.root
        self.marking = marking  # their marks on the table, drawn in this order
        self.parts = (*marking, *parts)  # drawn after the table
        self.shown: Controller | None = None  # the game drawn last ...
        self.result_focused = False  # ... and whether its result got the focus

    def render(self) -> None:
        """Patch the page to the state: bar, table, assist bar, coach box; focus stays."""
        state = self.store.state
        root = self.browser.document.documentElement
        if root.lang != state.look.lang:  # written even unchanged, it restyles the whole page
            root.lang = state.look.lang
        self.table.render_chrome()
        self.table.render([mark for part in self.marking for mark in part.marks()])
        for part in self.parts:
            part.render()
        ctrl = state.ctrl
        if ctrl is not self.shown:  # another game on the table: its result will get the focus
            self.shown, self.result_focused = ctrl, False
        if ctrl.game.is_over and not state.look.result_hidden and not self.result_focused:
            self.result_focused = True  # keyboard users land on "next game" / "play again"
            # without scrolling: the sheet opens at its top, the band saying how it ended in sight
            self.browser.focus_first(".result .primary", self.root, scroll=False)
        if ctrl.curtain and state.sheet is None:
            self.browser.focus_first('[data-action="reveal"]', self.root)
        self.store.notify(DRAWN)  # the frame fits the cards and tells the host
