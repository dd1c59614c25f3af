"""Hints and Undo for the human at the table (no DOM access here).

A hint is the move the ``hard`` computer player would make (``skipbo_core.ai.hints``),
shown as a message whose reason the catalogue words. Undo exists in practice games
(``Controller.practice``: the new-game screen's Practice box, or ``practice=1`` in the
address): it takes back the human's last move of the current turn, if that move showed
no hidden card (the engine's log says which did), with ``Game.pop``.
"""

from __future__ import annotations

from skipbo_core import Move
from skipbo_core.ai.hints import Hint, hint
from skipbo_core.cards import card_token

from ..i18n import t
from ..state.controller import Controller, Message
from ..state.look import Look
from .table_marks import Mark
from .tree import El, h, props


def hint_for(ctrl: Controller) -> Hint | None:
    """The hint for the human to move; ``None`` when no human may act now."""
    if not ctrl.my_turn:
        return None
    seat = ctrl.game.current_seat
    return hint(ctrl.game.view(seat), ctrl.game.legal_moves())


def _target(move: Move) -> Message:
    return Message("hint.to_build" if move.is_build else "hint.to_discard", {"n": move.slot + 1})


def _source(move: Move, card: int | None) -> str | Message:
    """The hint's source in words, naming the card ("The 7 on your discard pile 2"); a
    hand card names itself ("Your 7")."""
    kind = move.source_slot.rstrip("1234")
    if move.from_hand or card is None or kind not in ("S", "D", "PS", "PD"):
        return move.source_text
    return Message(f"src.{kind}_card", {"card": card, "n": move.source_slot[-1]})


def hint_message(h: Hint, card: int | None = None) -> Message:
    """The message line for a hint: the move in words (``card``: the card it moves, as
    ``Game.card_of`` says), then its reason."""
    d = h.details
    args = {k: d[k] for k in ("card", "steps", "seat") if k in d}
    key = "hint." + h.reason
    if "source" in d:
        args["from_pile"] = d["source"]
    if h.reason == "discard":
        if d.get("top") is None:
            key = "hint.discard_empty"
        else:
            args["top"] = d["top"]
    reason = Message(key, args)
    if h.move.is_end:
        return Message("hint.line_end", {"reason": reason})
    return Message("hint.line", {"source": _source(h.move, card), "target": _target(h.move), "reason": reason})


def hint_marks(ctrl: Controller, move: Move) -> list[Mark]:
    """The hint's source and target as marks (``data-hint="1"``) for the table's tree."""
    me = ctrl.viewer
    if move.is_end:
        return [Mark(None, "end", "data-hint", "1")]
    owner = ctrl.partner(me) if move.from_partner else me
    if move.from_hand:
        first = Mark(me, "H" + card_token(move.hand_card), "data-hint", "1")
    else:
        first = Mark(owner, move.source_slot.removeprefix("P"), "data-hint", "1")
    dst = move.target_slot
    return [first, Mark(None if move.is_build else me, dst, "data-hint", "1")]


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


def undo(ctrl: Controller) -> bool:
    """Take back the human's last move if allowed; otherwise only say why not."""
    why = undo_block(ctrl)
    if why is not None:
        ctrl.message = Message(why)
        return False
    move = ctrl.game.pop()
    ctrl.selected = None
    ctrl.message = Message("undo.done", {"source": move.source_text, "target": _target(move)})
    return True


def assist_tree(ctrl: Controller, look: Look, label: str = "", lesson: bool = False) -> El:
    """The Hint, Undo and Read-the-table buttons in their ``<nav>`` (named ``label``). A
    button that cannot act now stays focusable (``aria-disabled``) and its title says why;
    pressing it says so too. In a lesson (the tutorial) only Read-the-table: the
    tutorial's coach teaches."""
    lang = look.lang
    no_hint = None if ctrl.my_turn else t(lang, "hint.not_now")
    why_not = undo_block(ctrl)
    no_undo = t(lang, why_not) if why_not is not None else None

    def button(action: str, key: str, label: str, title: str, blocked: str | None) -> El:
        return h("button", props(type="button", class_="tool", data_action=action, aria_keyshortcuts=key,
                                 title=blocked or title, aria_disabled="true" if blocked else None),
                 label, key=action)

    read = button("read-table", "R", t(lang, "read.button"), t(lang, "read.title"), None)
    buttons = [read] if lesson else [
        button("hint", "H", t(lang, "hint.button"), t(lang, "hint.title"), no_hint),
        button("undo", "U", t(lang, "undo.button"), t(lang, "undo.title"), no_undo), read]
    return h("nav", props(aria_label=label or None), buttons)

