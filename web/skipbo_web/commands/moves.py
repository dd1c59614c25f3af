"""Moves: a pile or card picked, lifted or dropped, a move played (the host's notation),
the end of a turn, the hot-seat curtain lifted."""

from __future__ import annotations

from typing import Any

from skipbo_core.cards import card_token

from ..host.host_api import refusal_error
from ..state.controller import LogEntry
from ..state.outcome import Outcome, Played, Refused
from ..state.store import GAME, PICKED, PLAYED, REFUSED, SHOWING, SHOWN, TABLE, Moved
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
            outcome = self.store.state.ctrl.click(slot, seat, card, top)
            if drop is not None and isinstance(outcome, Refused):
                self.store.state.ctrl.put_back()  # a refused drag leaves nothing picked
            self.after_human(outcome, keyboard, drop)
        finally:
            self.store.update(picked=None)
        return outcome.played

    def after_human(self, outcome: Outcome, keyboard: bool = False, drop: str | None = None) -> None:
        """A person's pick or move was taken: a move played is kept, said and drawn; one
        refused is drawn (a dragged card flies back), heard and its reason shown."""
        rooms = self.rooms
        if isinstance(outcome, Played):
            entry = outcome.entry
            rooms.puzzles.judge()  # a puzzle: did this move reach its goal?
            self.played(entry, drop)
            self.draw_move(entry, drop)
        else:
            if drop is not None:
                rooms.motion.put_back(drop)
            self.store.notify(REFUSED)  # drawn; a refused move is heard, its reason shown by the pile picked
            if keyboard and self.store.state.ctrl.selected is not None:
                rooms.keys.after_pick()
        rooms.computer.play_if_due()

    def played(self, entry: LogEntry, drop: str | None = None) -> None:
        """``entry`` was just played on the game on the table (``drop``: where its card was
        dragged from, a ``data-key``): the save and the narration follow."""
        self.store.update(GAME, PLAYED, moved=Moved(entry, drop))

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
        ctrl = self.store.state.ctrl
        notation = ctrl.notation(slot, seat, card)
        if isinstance(notation, Refused):
            ctrl.refuse(notation)
        elif ctrl.selected != notation:
            ctrl.click(slot, seat, card, top)
        self.store.notify(TABLE)
        return not isinstance(notation, Refused)

    def cancel_pick(self) -> None:
        """Put the picked card back (nothing changes when none is picked)."""
        ctrl = self.store.state.ctrl
        if ctrl.selected is not None:
            ctrl.cancel()
            self.store.notify(TABLE)

    def drop_nowhere(self) -> None:
        """A drag ended off the table's piles: the card goes back."""
        self.store.state.ctrl.cancel()
        self.store.notify(TABLE)

    def play(self, move: str) -> dict[str, Any]:
        """Play ``move`` in the rules' notation for the person to move (the host's ``play``)."""
        self.table_free()
        ctrl = self.store.state.ctrl
        refused = ctrl.refusal(move)
        if refused is not None:
            raise refusal_error(refused, ctrl, self.store.state.look, move)
        outcome = ctrl.play(move)
        assert isinstance(outcome, Played)  # what refusal() let through is played
        self.after_human(outcome)
        entry = outcome.entry
        return {"move": str(entry.move), "card": card_token(entry.card) or None, "state": self.public_state()}

    def announce(self, entry: LogEntry) -> None:
        """A move was played (the computer's): said in words now (the narration follows
        the store), kept and drawn by ``show_move``."""
        self.store.update(PLAYED, moved=Moved(entry))

    def show_move(self, entry: LogEntry) -> None:
        """A move was played on the game on the table (the computer's): kept, then drawn."""
        self.store.notify(GAME)
        self.draw_move(entry)

    def end_turn(self) -> None:
        self.after_human(self.store.state.ctrl.play("end"))

    def reveal(self) -> None:
        """Hot-seat: the next player is at the device; their cards show."""
        self.store.state.ctrl.reveal()
        self.store.notify(TABLE)
        self.rooms.keys.focus('.me [data-playable="1"], .me [data-slot="H"]')
