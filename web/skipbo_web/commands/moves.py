"""Moves: a pile or card picked, lifted or dropped, a move played (the host's notation),
the end of a turn, the hot-seat curtain lifted."""

from __future__ import annotations

from typing import Any

from skipbo_core.cards import card_token

from ..host.host_api import refusal_error
from ..state.controller import Controller, LogEntry
from ..state.outcome import Outcome, Played, Refused
from ..state.store import GAME, PICKED, PLAYED, REFUSED, SHOWING, SHOWN, TABLE, Moved
from ..state.table_state import TableState
from .base import CommandsBase


class MoveCommands(CommandsBase):
    """Moves at the table."""

    def pick(self, slot: str | None, seat: int | None, card: str | None, top: str | None,
             keyboard: bool = False, drop: str | None = None, picked: str | None = None) -> bool:
        """A pile or hand card chosen (clicked, tapped, Enter, or a dragged card dropped on
        it: ``drop`` is the ``data-key`` of the pile or card it was dragged from): picked
        up, put down, or played.
        ``picked``: the ``data-key`` of the element chosen, where a refused move's reason
        shows while this command runs. Whether a move was played."""
        self.store.update(PICKED, picked=picked)  # an earlier refusal's note goes
        try:
            state = self.store.state
            table, outcome = state.ctrl.click(slot, seat, card, top, table=state.table)
            if drop is not None and isinstance(outcome, Refused):
                table = state.ctrl.put_back(table)  # a refused drag leaves nothing picked
            self.after_human(outcome, keyboard, drop, table)
        finally:
            self.store.update(picked=None)
        return outcome.played

    def after_human(self, outcome: Outcome, keyboard: bool = False, drop: str | None = None,
                    table: TableState | None = None) -> None:
        """A person's pick or move was taken, leaving the table's picked card and line at
        ``table``: a move played is kept, said and drawn; one refused is drawn (a dragged
        card flies back), heard and its reason shown."""
        rooms = self.rooms
        table = table if table is not None else self.store.state.table
        if isinstance(outcome, Played):
            entry = outcome.entry
            rooms.puzzles.judge()  # a puzzle: did this move reach its goal?
            self.played(entry, drop, table)
            self.draw_move(entry, drop)
        else:
            if drop is not None:
                rooms.motion.put_back(drop)
            # drawn; a refused move is heard, its reason shown by the pile picked
            self.store.update(REFUSED, table=table)
            if keyboard and table.selected is not None:
                rooms.keys.after_pick()
        rooms.computer.play_if_due()

    def played(self, entry: LogEntry, drop: str | None = None, table: TableState | None = None) -> None:
        """``entry`` was just played on the game on the table (``drop``: where its card was
        dragged from, a ``data-key``), leaving its picked card and line at ``table``: the
        save and the narration follow."""
        self.store.update(GAME, PLAYED, moved=Moved(entry, drop),
                          table=table if table is not None else self.store.state.table)

    def draw_move(self, entry: LogEntry, drop: str | None = None) -> None:
        """Draw the table after ``entry`` was played; the effects follow: before the patch
        an ended game is counted and the cards take off (``SHOWING``), after it they land,
        a win is celebrated and the move heard (``SHOWN``)."""
        if self.store.state.moved is None or self.store.state.moved.entry is not entry:
            self.store.update(moved=Moved(entry, drop))
        self.store.notify(SHOWING)
        self.store.notify(SHOWN)  # the page's screen hears it first: it patches the move now

    def lift(self, slot: str | None, seat: int | None, card: str | None, top: str | None) -> bool:
        """A drag begins: its card is picked (unless it is already). False: it may not move."""
        state = self.store.state
        ctrl, table = state.ctrl, state.table
        notation = ctrl.notation(slot, seat, card)
        if isinstance(notation, Refused):
            table, _ = ctrl.refuse(table, notation)
        elif table.selected != notation:
            table, _ = ctrl.click(slot, seat, card, top, table=table)
        self.store.update(table=table)
        return not isinstance(notation, Refused)

    def cancel_pick(self) -> None:
        """Put the picked card back (nothing changes when none is picked)."""
        self.store.update(table=Controller.cancel(self.store.state.table))

    def drop_nowhere(self) -> None:
        """A drag ended off the table's piles: the card goes back."""
        self.store.update(table=Controller.cancel(self.store.state.table))

    def play(self, move: str) -> dict[str, Any]:
        """Play ``move`` in the rules' notation for the person to move (the host's ``play``)."""
        self.table_free()
        ctrl = self.store.state.ctrl
        refused = ctrl.refusal(move)
        if refused is not None:
            raise refusal_error(refused, ctrl, self.store.state.look, move)
        table, outcome = ctrl.play(move, self.store.state.table)
        assert isinstance(outcome, Played)  # what refusal() let through is played
        self.after_human(outcome, table=table)
        entry = outcome.entry
        return {"move": str(entry.move), "card": card_token(entry.card) or None, "state": self.public_state()}

    def announce(self, entry: LogEntry) -> None:
        """A move was played (the computer's, or a person's on another device): said in
        words now (the narration follows the store) and on the line; kept and drawn by
        ``show_move``."""
        state = self.store.state
        self.store.update(PLAYED, moved=Moved(entry), table=state.table.saying(state.ctrl.said_after(entry)))

    def show_move(self, entry: LogEntry) -> None:
        """A move was played on the game on the table (the computer's): kept, then drawn."""
        self.store.notify(GAME)
        self.draw_move(entry)

    def end_turn(self) -> None:
        state = self.store.state
        table, outcome = state.ctrl.play("end", state.table)
        self.after_human(outcome, table=table)

    def reveal(self) -> None:
        """Hot-seat: the next player is at the device; their cards show."""
        state = self.store.state
        self.store.update(TABLE, table=state.ctrl.reveal(state.table))
        self.rooms.keys.focus('.me [data-playable="1"], .me [data-slot="H"]')
