"""Help at the table: a hint, undo (practice games), the table read aloud, the host
page's highlight and caption."""

from __future__ import annotations

from typing import Any

from skipbo_core.ai.hints import Hint

from ..state.messages import Message
from ..state.protocol import NO_PILE, NOT_NOW, HostError, Pile
from ..state.store import GAME, Highlight, Hinted
from ..state.table_state import TableState
from ..state.undo import undo, undo_block
from ..views.practice import hint_for, hint_message
from ..views.seat_words import message_text
from ..views.table_model import controller_names
from .base import CommandsBase

UNDO_REFUSALS = {"undo.not_practice": "Undo works in practice games only",
                 "undo.not_now": "no person may move now",
                 "undo.none": "there is no move of this turn to take back",
                 "undo.hidden": "the last move showed a hidden card, so it stays",
                 "undo.tutorial": "the tutorial takes no moves back"}


class HelpCommands(CommandsBase):
    """Help at the table."""

    def hint(self, strict: bool = False) -> dict[str, Any]:
        """The hard computer player's move for the person to move, shown on the table."""
        if strict:
            self.person_to_move()
            if self.store.state.in_tutorial:
                raise HostError(NOT_NOW, "the tutorial gives no hints")
        found = None if self.store.state.in_tutorial else self._show_hint()
        if found is None:
            if strict:
                raise HostError(NOT_NOW, "no hint now")
            return {}
        state = self.store.state
        # "text": the hint just shown, in words
        return {"move": str(found.move), "reason": found.reason,
                "text": message_text(controller_names(state.ctrl), state.look, state.table.message)}

    def _show_hint(self) -> Hint | None:
        """The hard computer player's move for the person to move, with its reason, on the
        message line and marked on the table (the hint shown; None: no hint now)."""
        state = self.store.state
        ctrl = state.ctrl
        found = hint_for(ctrl)
        if found is None:  # the message line says it
            self.store.update(table=state.table.saying(Message("hint.not_now")))
        else:
            self.store.update(hinted=Hinted(len(ctrl.game.moves), found),
                              table=TableState(hint_message(found, ctrl.game.card_of(found.move))))
        return found

    def undo(self, strict: bool = False) -> dict[str, Any]:
        """Take back the last move of this turn (practice games); ``strict``: refused with
        the reason instead of saying it on the message line."""
        if strict:
            self.table_free()
            why = "undo.tutorial" if self.store.state.in_tutorial else undo_block(self.store.state.ctrl)
            if why is not None:
                raise HostError(NOT_NOW, UNDO_REFUSALS[why], reason_key=why)
        moves = self.store.state.ctrl.game.moves
        move = moves[-1] if moves else None
        if not self.store.state.in_tutorial:  # the tutorial's coach teaches: no undo
            # the move taken back, or the message line saying why not
            state = self.store.state
            table, taken = undo(state.ctrl, state.table)
            self.store.update(*((GAME,) if taken else ()), table=table)
        return {"move": str(move), "state": self.public_state()}

    def read_table(self) -> None:
        self.rooms.narration.read_table()

    def highlight(self, piles: list[Pile], caption: str) -> dict[str, Any]:
        """Light up ``piles`` (each must be on the table now) and show ``caption``."""
        rooms = self.rooms
        self.table_free()
        players = self.store.state.ctrl.players
        missing = [p.name for p in piles if (p.seat is not None and p.seat >= players)
                   or rooms.browser.query(p.selector(), rooms.root) is None]
        if missing:
            raise HostError(NO_PILE, f"not on the table now: {', '.join(missing)}", piles=missing)
        self.store.update(highlight=Highlight(tuple(piles), caption, self.store.state.ctrl.game))
        return {"piles": [p.name for p in piles], "caption": caption}
