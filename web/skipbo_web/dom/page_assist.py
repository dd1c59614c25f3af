"""Help at the table: the Hint, Undo and Read-the-table buttons (skipbo_web.views.practice),
and the screen readers' live region (``#announce``) that reads out every move
(skipbo_web.views.announce): the ``Narration``, an effect of the page's store that says each
move as soon as it is played (``PLAYED``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..i18n import t
from ..state.controller import LogEntry
from ..state.store import PLAYED, stale_parts
from ..views.announce import move_sentences, table_sentences
from ..views.practice import assist_tree, hint_marks
from ..views.table_marks import Mark
from ..views.tree import h, props
from .patcher import TreeView

if TYPE_CHECKING:
    from ..state.store import Store
    from .patcher import Patcher

LIVE_KEEP = 12  # sentences kept in the screen readers' live region


class Assist:
    """The Hint, Undo and Read-the-table buttons, and the hinted move's marks on the table:
    a view of the page's state (the commands ``hint`` and ``undo`` change it)."""

    def __init__(self, store: Store, patcher: Patcher, bar: Any) -> None:
        self.store = store
        self.bar = TreeView(patcher, bar)  # #assist: Hint, Undo, Read the table

    def render(self) -> None:
        """Patch the Hint/Undo/Read buttons (focus stays on them); the tutorial's coach
        teaches, so in a lesson there are no hints and no undo."""
        state = self.store.state
        self.bar.show(assist_tree(state.ctrl, state.look, t(state.look.lang, "assist.label"),
                                  lesson=state.in_tutorial))

    def marks(self) -> list[Mark]:
        """The hinted move's piles (``data-hint``), while no move has been played since the
        hint (the store drops a stale hint: ``stale_parts``). Reads the state only."""
        state = self.store.state
        if state.hinted is None or "hinted" in stale_parts(state):
            return []
        return hint_marks(state.ctrl, state.hinted.hint.move)


class Narration:
    """The screen readers' live region: each move in words as it is played, the whole
    table on request."""

    def __init__(self, store: Store, patcher: Patcher, live: Any) -> None:
        self.store = store
        self.live = TreeView(patcher, live) if live is not None else None  # #announce, if the page has it
        self.said: list[tuple[int, str]] = []  # the sentences it holds, each with its number
        self.count = 0  # sentences said so far

    def on_change(self, what: frozenset[str]) -> None:
        """The store's listener: a move just played is said."""
        moved = self.store.state.moved
        if PLAYED in what and moved is not None:
            self.say_move(moved.entry)

    def say(self, lines: list[str], fresh: bool = False) -> None:
        """Add sentences to the live region (``fresh``: in place of what it held)."""
        if self.live is None:
            return
        said = [] if fresh else self.said
        for line in lines:
            self.count += 1
            said.append((self.count, line))
        self.said = said[-LIVE_KEEP:]
        # keyed by number: a new sentence is a new node (read out), the old ones stay as they are
        self.live.show(h("div", props(id="announce", class_="sr-only", role="log", aria_live="polite"),
                         [h("p", None, line, key=str(n)) for n, line in self.said]))

    def say_move(self, entry: LogEntry) -> None:
        state = self.store.state
        self.say(move_sentences(state.ctrl, state.look, entry))

    def read_table(self) -> None:
        state = self.store.state
        self.say(table_sentences(state.ctrl, state.look), fresh=True)
