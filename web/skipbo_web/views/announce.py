"""Sentences for screen readers: each move as it happens, and the whole table on request.

Built from the controller's data only (its log entry, the seats' view, the result);
no rules are decided here. The page puts the sentences into an ``aria-live`` region.
"""

from __future__ import annotations

from typing import Any

from ..i18n import card_face, t
from ..state.controller import Controller, LogEntry
from ..state.look import Look
from .result_sheet import result_headline
from .seat_words import seat_name
from .table_model import controller_names, table_model


def move_sentences(ctrl: Controller, look: Look, entry: LogEntry) -> list[str]:
    """What ``entry`` did, read right after it was played: the move, a completed building
    pile, and then whose turn it is (or how the game ended)."""
    lang, faces = look.lang, look.faces
    view = ctrl.game.view(ctrl.viewer)
    names = controller_names(ctrl)
    you = names[entry.seat].is_you
    prefix = "ann.you." if you else "ann."
    name = seat_name(names, look, entry.seat)
    out: list[str] = []
    move = entry.move
    if move.is_end:
        out.append(t(lang, prefix + "end", name=name))
    else:
        slot = move.slot + 1
        what = card_face(entry.card, faces, lang)
        if move.is_build:
            pile = view.building[move.slot]
            if entry.card == 0:  # a Skip-Bo card: say which number it stands for
                what = t(lang, "ann.wild_as", n=card_face(len(pile) if pile else 12, faces, lang))
            kind = move.source_slot.rstrip("1234")  # H, S, D, PS or PD
            from_pile = move.source_slot[-1] if move.from_discard else ""
            out.append(t(lang, f"{prefix}build.{kind}", name=name, what=what, pile=slot, from_pile=from_pile))
            if not pile:
                out.append(t(lang, "ann.complete", pile=slot))
        else:
            out.append(t(lang, prefix + "discard", name=name, what=what, pile=slot))
    if ctrl.game.is_over:
        out.append(result_headline(table_model(ctrl), look))
    elif move.ends_turn:
        seat = ctrl.game.current_seat
        out.append(t(lang, "ann.your_turn") if names[seat].is_you
                   else t(lang, "ann.turn", name=seat_name(names, look, seat)))
    return out


def table_sentences(ctrl: Controller, look: Look) -> list[str]:
    """The whole table in words: what the building piles need, the hand, every player's
    stock and discard piles (the viewer first, then in turn order), the draw pile, and
    whose turn it is."""
    lang, faces = look.lang, look.faces
    names = controller_names(ctrl)
    view = ctrl.game.view(ctrl.viewer)

    def face(value: Any) -> str:
        return t(lang, "read.empty") if value is None else card_face(value, faces, lang)

    out = [t(lang, "read.building", needs=", ".join(face(n) for n in view.next_needed))]
    if ctrl.shows_hand:
        out.append(t(lang, "read.hand", cards=", ".join(face(c) for c in view.hand) or t(lang, "read.empty")))
    else:
        out.append(t(lang, "read.hand_hidden"))
    n = ctrl.players
    for seat in [(ctrl.viewer + k) % n for k in range(n)]:
        tops = ", ".join(face(top) for top in view.discard_tops(seat))
        name = seat_name(names, look, seat)
        top = view.stock_tops[seat]
        if top is None:
            out.append(t(lang, "read.seat_no_stock", name=name, tops=tops, hand=view.hand_sizes[seat]))
        else:
            out.append(t(lang, "read.seat", name=name, top=face(top), count=view.stock_sizes[seat],
                         tops=tops, hand=view.hand_sizes[seat]))
    out.append(t(lang, "read.draw", count=view.draw_size, done=view.completed_size))
    if ctrl.game.is_over:
        out.append(result_headline(table_model(ctrl), look))
    else:
        seat = ctrl.game.current_seat
        out.append(t(lang, "ann.your_turn") if names[seat].is_you
                   else t(lang, "ann.turn", name=seat_name(names, look, seat)))
    return out
