"""Undo in practice games (``Controller.practice``: the new-game screen's Practice box, or
``practice=1`` in the address): it takes back the human's last move of the current turn,
if that move showed no hidden card (the engine's log says which did), with ``Game.pop``.
A change of the game on the table: the commands call it, no view does.
"""

from __future__ import annotations

from skipbo_core import Move

from .controller import Controller
from .messages import Message
from .table_state import TableState


def target_message(move: Move) -> Message:
    """Where ``move`` goes, in words: a building pile or one of your discard piles."""
    return Message("hint.to_build" if move.is_build else "hint.to_discard", {"n": move.slot + 1})


def undo_block(ctrl: Controller) -> str | None:
    """``None`` when Undo may take back the human's last move now, else the key of
    the message that says why not."""
    if not ctrl.practice:
        return "undo.not_practice"
    if not ctrl.my_turn:
        return "undo.not_now"
    last = ctrl.game.log(-1)
    if not last or last[0].move.ends_turn:  # a turn's moves so far are all building moves
        return "undo.none"
    if last[0].revealed:  # it showed a hidden card (a new stock top, cards drawn)
        return "undo.hidden"
    return None


def undo(ctrl: Controller, table: TableState) -> tuple[TableState, bool]:
    """Take back the human's last move if allowed; otherwise only say why not. The next
    state of ``table`` (nothing picked once a move is taken back), and whether one was."""
    why = undo_block(ctrl)
    if why is not None:
        return table.saying(Message(why)), False
    move = ctrl.game.pop()
    return TableState(Message("undo.done", {"source": move.source_text, "target": target_message(move)})), True
