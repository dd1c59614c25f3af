"""Hints and Undo for the human at the table (no DOM access here).

A hint is the move the ``hard`` computer player would make (``skipbo_core.ai.hints``),
shown as a message whose reason the catalogue words. Undo exists in practice games
(``MatchState.practice``: the new-game screen's Practice box, or ``practice=1`` in the
address). Its rule is ours, not the engine's: it takes back the human's last move of the
current turn, unless that move showed a card that was hidden before (a new stock top or
drawn cards: ``LogEntry.revealed``), since the player has seen it; the engine's
``Game.pop`` then takes the move back exactly.
"""

from __future__ import annotations

from html import escape

from skipbo_core import Move
from skipbo_core.ai.hints import Hint, hint
from skipbo_core.cards import card_token

from .controller import Controller, Message
from .i18n import t
from .table import Look, attrs


def hint_for(ctrl: Controller) -> Hint | None:
    """The hint for the human to move; ``None`` when no human may act now."""
    if not ctrl.my_turn:
        return None
    seat = ctrl.game.current_seat
    return hint(ctrl.game.view(seat), ctrl.game.legal_moves())


def _target(move: Move) -> Message:
    return Message("hint.to_build" if move.is_build else "hint.to_discard", {"n": move.slot + 1})


def hint_message(h: Hint) -> Message:
    """The message line for a hint: the move in words, then its reason."""
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
    return Message("hint.line", {"source": h.move.source_text, "target": _target(h.move), "reason": reason})


def hint_selectors(ctrl: Controller, move: Move) -> list[str]:
    """CSS selectors (the table's stable hooks) of the hint's source and target."""
    me = f'[data-seat="{ctrl.viewer}"]'
    if move.is_end:
        return ['[data-action="end"]']
    if move.from_hand:
        first = f'{me} [data-slot="H"][data-card="{card_token(move.arg)}"]'
    elif move.from_partner:  # the table names the partner's piles as its own: S, D1-D4
        first = f'[data-seat="{ctrl.partner(ctrl.viewer)}"] [data-slot="{move.source_slot[1:]}"]'
    else:
        first = f'{me} [data-slot="{move.source_slot}"]'
    second = f'[data-slot="{move.target_slot}"]' if move.is_build else f'{me} [data-slot="{move.target_slot}"]'
    return [first, second]


def undo_block(ctrl: Controller) -> str | None:
    """``None`` when Undo may take back the human's last move now, else the key of
    the message that says why not."""
    if not ctrl.match.practice:
        return "undo.not_practice"
    if not ctrl.my_turn:
        return "undo.not_now"
    last = ctrl.game.log(-1)
    if not last or last[0].move.ends_turn:  # a turn's moves so far are all building moves
        return "undo.none"
    if last[0].revealed:  # the player has seen the card it showed
        return "undo.hidden"
    return None


def undo(ctrl: Controller) -> bool:
    """Take back the human's last move if allowed; otherwise only say why not."""
    why = undo_block(ctrl)
    if why is not None:
        ctrl.message = Message(why)
        return False
    move = ctrl.game.pop()
    ctrl.log.pop()
    ctrl.selected = None
    ctrl.message = Message("undo.done", {"source": move.source_text, "target": _target(move)})
    return True


def render_assist(ctrl: Controller, look: Look, lesson: bool = False) -> str:
    """The Hint, Undo and Read-the-table buttons. A button that cannot act now stays
    focusable (``aria-disabled``) and its title says why; pressing it says so too.
    In a lesson (the tutorial) only Read-the-table: the tutorial's coach teaches."""
    lang = look.lang
    no_hint = None if ctrl.my_turn else t(lang, "hint.not_now")
    why_not = undo_block(ctrl)
    no_undo = t(lang, why_not) if why_not is not None else None

    def button(action: str, key: str, label: str, title: str, blocked: str | None) -> str:
        return (f'<button type="button" class="tool"'
                f'{attrs(data_action=action, aria_keyshortcuts=key, title=blocked or title, aria_disabled="true" if blocked else None)}>'
                f'{escape(label)}</button>')

    read = button("read-table", "R", t(lang, "read.button"), t(lang, "read.title"), None)
    if lesson:
        return read
    return (button("hint", "H", t(lang, "hint.button"), t(lang, "hint.title"), no_hint)
            + button("undo", "U", t(lang, "undo.button"), t(lang, "undo.title"), no_undo) + read)
