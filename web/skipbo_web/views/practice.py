"""Hints and Undo for the human at the table, in views (no DOM access, nothing changed here).

A hint is the move the ``hard`` computer player would make (``skipbo_core.ai.hints``),
shown as a message whose reason the catalogue words. Undo (skipbo_web.state.undo) is
offered in practice games; its button says why it cannot act now.
"""

from __future__ import annotations

from skipbo_core import Move
from skipbo_core.ai.hints import Hint, hint
from skipbo_core.cards import card_token

from ..i18n import t
from ..state.controller import Controller, Message
from ..state.look import Look
from ..state.undo import target_message, undo_block
from .table_marks import Mark
from .tree import El, h, props


def hint_for(ctrl: Controller) -> Hint | None:
    """The hint for the human to move; ``None`` when no human may act now."""
    if not ctrl.my_turn:
        return None
    seat = ctrl.game.current_seat
    return hint(ctrl.game.view(seat), ctrl.game.legal_moves())


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
    return Message("hint.line", {"source": _source(h.move, card), "target": target_message(h.move), "reason": reason})


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

