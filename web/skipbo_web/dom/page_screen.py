"""The page patched to its state: the bar, the table with its marks (the hint, the
tutorial's piles, the host's highlight), the assist bar, the coach box, the caption and
the puzzle box; then where the keyboard's focus goes, and the effects hear that the page
was drawn (``DRAWN``).

The screen follows the store: a change marks the page as due and schedules one patch, a
microtask after the task that changed it (``queueMicrotask``: before the browser paints,
and once however many changes the task made). What reads the patched page in the same
task patches first: the effects of a move shown or refused (``SHOWN``, ``REFUSED``: the
screen hears them before the effects do, so a move's flight measures the old layout at
``SHOWING`` and the new one in this patch), and whatever asks ``Browser.settle`` (focus,
a drag's lifted card, the host's answer). ``flush`` patches now what is due."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from ..state.store import DRAWN, PICKED, PLAYED, REFUSED, SHOWN, Change, Event
from .page_dom import create_proxy

if TYPE_CHECKING:
    from ..state.controller import Controller
    from ..state.store import Store
    from ..views.table_marks import Mark
    from .page_dom import Browser
    from .page_table import TableView

# What the screen does not draw: a move played is drawn when it is shown (its flight's
# patch, at ``SHOWN``), a pick when it is shown or refused (``REFUSED``: the pile picked is
# for the refusal's note), the sheet draws itself (page_sheet, page_records), and
# ``DRAWN`` is the screen's own.
UNDRAWN = frozenset({DRAWN, PLAYED, "moved", PICKED, "picked", "sheet", "draft", "draft_errors", "replay",
                     "editor", "editor_note"})
# Heard by effects that read the page as patched: the patch comes first.
AFTER_PATCH = frozenset({SHOWN, REFUSED})


class Part(Protocol):
    """A view of the state drawn beside the table (the assist bar, the coach box...)."""

    def render(self) -> None: ...


class Marking(Part, Protocol):
    """A view that also marks piles of the table (``data-hint``, ``data-coach``...)."""

    def marks(self) -> list[Mark]: ...


class Screen:
    """Patches the page to the state, once for every batch of changes; focus stays where
    it is, but for a game just over (the result's first button) and the hot-seat
    curtain (its button)."""

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
        self.due = False        # a change the page does not show yet ...
        self.changed: set[str | Event] = set()  # ... and what changed since the last patch
        self.scheduled = False  # a patch waits for the end of this task
        self.patching = False
        self._soon = create_proxy(self._scheduled)
        browser.settle = self.flush  # what reads the page (focus...) finds it patched

    def on_change(self, what: Change) -> None:
        """The store's listener (the first one): a change makes a patch due; a move shown
        or refused is patched now, before the effects that measure it hear of it."""
        if self.patching:
            return  # what the patch itself writes (a stale hint dropped), it reads as it goes
        if what - UNDRAWN:
            self.due = True
            self.changed |= what - UNDRAWN
        if what & AFTER_PATCH:
            self.flush()
        elif PLAYED in what:
            pass  # what changed with a move played (its line) is drawn with the move, at SHOWN:
            # a patch before that would draw the new table before the flight measured the old
        elif self.due and not self.scheduled:
            self.scheduled = True
            self.browser.window.queueMicrotask(self._soon)

    def _scheduled(self, *_: Any) -> None:
        self.scheduled = False
        self.flush()

    def flush(self) -> None:
        """Patch the page now if a change is not shown yet; then ``DRAWN``."""
        if not self.due or self.patching:
            return
        # only another speed, chosen in the bar: focus stays in the bar, curtain or not
        only_speed, self.due, self.changed = self.changed == {"speed"}, False, set()
        self.patching = True
        try:
            self._patch(move_focus=not only_speed)
        finally:
            self.patching = False
        self.store.notify(DRAWN)  # the frame fits the cards and tells the host

    def render(self) -> None:
        """Patch the whole page now (at start-up)."""
        self.due = True
        self.flush()

    def _patch(self, move_focus: bool = True) -> None:
        """Patch the page to the state: bar, table, assist bar, coach box; focus stays
        (``move_focus``: but for a result just shown and the curtain)."""
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
        if ctrl.curtain and state.sheet is None and move_focus:
            self.browser.focus_first('[data-action="reveal"]', self.root)
