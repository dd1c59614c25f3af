"""A controller at a table, as the page's store keeps it: each click or move takes the
table's state (the picked card and the message line) and the next one is kept here."""

from __future__ import annotations

from typing import Any

from skipbo_web.state.controller import Controller
from skipbo_web.state.messages import Message
from skipbo_web.state.outcome import Outcome
from skipbo_web.state.table_state import TableState
from skipbo_web.state.undo import undo
from skipbo_web.views.table_model import TableModel, table_model

from skipbo_core import Move
from skipbo_core.history import LogEntry


class AtTable:
    """``ctrl`` and its ``table`` (what it opens with, then the state each step returns);
    anything else is read from ``ctrl``. ``table_model(at)`` draws the table now (its
    ``opening`` is the state kept here), as ``at.model()`` does."""

    def __init__(self, ctrl: Controller) -> None:
        self.ctrl = ctrl
        self.table: TableState = ctrl.opening

    def __getattr__(self, name: str) -> Any:
        return getattr(self.ctrl, name)

    @property
    def opening(self) -> TableState:
        return self.table

    @property
    def message(self) -> Message:
        return self.table.message

    @property
    def selected(self) -> str | None:
        return self.table.selected

    def click(self, slot: str, seat: int | None = None, card: str | None = None, top: str | None = None) -> Outcome:
        self.table, outcome = self.ctrl.click(slot, seat, card, top, table=self.table)
        return outcome

    def play(self, text: str) -> Outcome:
        self.table, outcome = self.ctrl.play(text, self.table)
        return outcome

    def ai_move(self, move: Move | None = None) -> LogEntry:
        """The computer's move, said on the line as the page says it (``announce``)."""
        entry = self.ctrl.ai_move(move)
        self.table = self.table.saying(self.ctrl.said_after(entry))
        return entry

    def remote_move(self, move: Move | str) -> LogEntry:
        """A move of a person on another device, said on the line as the page says it."""
        entry = self.ctrl.remote_move(move)
        self.table = self.table.saying(self.ctrl.said_after(entry))
        return entry

    def undo(self) -> bool:
        """Undo in a practice game (``state.undo``); whether a move was taken back."""
        self.table, taken = undo(self.ctrl, self.table)
        return taken

    def cancel(self) -> None:
        self.table = self.ctrl.cancel(self.table)

    def put_back(self) -> None:
        self.table = self.ctrl.put_back(self.table)

    def reveal(self) -> None:
        self.table = self.ctrl.reveal(self.table)

    def legal_targets(self, source: str | None = None) -> set[str]:
        """From ``source`` (default: the card picked here)."""
        return self.ctrl.legal_targets(source or self.table.selected)

    def model(self) -> TableModel:
        """The table model the page draws now."""
        return table_model(self.ctrl, self.table)
