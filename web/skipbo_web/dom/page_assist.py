"""Help at the table: the Hint, Undo and Read-the-table buttons (skipbo_web.views.practice),
and the screen readers' live region (``#announce``) that reads out every move
(skipbo_web.views.announce): the ``Narration``, an effect of the page's store that says each
move as soon as it is played (``PLAYED``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from skipbo_core.ai.hints import Hint

from ..i18n import t
from ..state.controller import LogEntry, Message
from ..state.store import GAME, PLAYED
from ..views.announce import move_sentences, table_sentences
from ..views.practice import assist_tree, hint_for, hint_marks, hint_message, undo
from ..views.table_marks import Mark
from ..views.tree import h, props
from .patcher import TreeView

if TYPE_CHECKING:
    from ..state.store import Store
    from .page_app import App
    from .patcher import Patcher

LIVE_KEEP = 12  # sentences kept in the screen readers' live region


class Assist:
    def __init__(self, app: App) -> None:
        self.app = app
        self.bar = TreeView(app.patcher, app.browser.by_id("assist"))  # Hint, Undo, Read the table
        self.hinted: tuple[int, Hint] | None = None  # (moves played when the hint was asked, the hint)

    @property
    def in_lesson(self) -> bool:
        """The tutorial is on: its coach teaches, so no hints and no undo."""
        return self.app.state.in_tutorial

    def render(self) -> None:
        """Patch the Hint/Undo/Read buttons (focus stays on them)."""
        app = self.app
        self.bar.show(assist_tree(app.ctrl, app.look, t(app.lang, "assist.label"), lesson=self.in_lesson))

    def marks(self) -> list[Mark]:
        """The hinted move's piles (``data-hint``), while no move has been played since the hint."""
        ctrl = self.app.ctrl
        if self.hinted is None:
            return []
        if self.hinted[0] != len(ctrl.game.moves) or not ctrl.my_turn:
            self.hinted = None
            return []
        return hint_marks(ctrl, self.hinted[1].move)

    def show_hint(self) -> Hint | None:
        """The hard computer player's move for the human to move, with its reason (the
        hint shown, or None)."""
        if self.in_lesson:
            return None
        ctrl = self.app.ctrl
        found = hint_for(ctrl)
        if found is None:
            ctrl.message = Message("hint.not_now")
        else:
            ctrl.selected = None
            ctrl.message = hint_message(found, ctrl.game.card_of(found.move))
            self.hinted = (len(ctrl.game.moves), found)
        self.app.render()
        return found

    def take_back(self) -> None:
        """Undo in a practice game; otherwise the message line says why not."""
        if self.in_lesson:
            return
        if undo(self.app.ctrl):
            self.app.store.notify(GAME)
        self.app.render()



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
