"""The seats in words: a seat's name, a sentence about two partners, the message line
and a move of the log, from the seats' names (``table_model.SeatName``) alone. No DOM
access here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from skipbo_core.history import LogEntry

from ..i18n import card_face, describe, t
from ..state.controller import Message
from ..state.look import Look
from .table_model import SeatName

Names = Sequence[SeatName]


# On a touch screen these messages say how to put the card back by touch, not with Esc.
TOUCH_WORDS = {key: f"{key}_touch" for key in ("msg.picked", "msg.picked_nowhere", "msg.picked_discard")}


def seat_name(names: Names, look: Look, seat: int) -> str:
    """A seat's name: the one given, else the default ("You", "Computer 2", "Player 3")."""
    name = names[seat]
    return name.given or t(look.lang, name.key, **dict(name.args))


def pair_text(names: Names, look: Look, pair: Sequence[int], key: str, **args: Any) -> str:
    """A sentence about two partners: ``key`` with ``a`` and ``b``, or ``key + "_you"``
    with ``partner`` when one of them is "You"."""
    you = [s for s in pair if names[s].is_you]
    if you:
        partner = next(s for s in pair if s != you[0])
        return t(look.lang, key + "_you", partner=seat_name(names, look, partner), **args)
    a, b = pair
    return t(look.lang, key, a=seat_name(names, look, a), b=seat_name(names, look, b), **args)


def message_text(names: Names, look: Look, msg: Message) -> str:
    """The message line in words: seats become names, cards become faces."""
    # an argument may itself be a message (a hint's reason, a pile in words)
    args = {k: message_text(names, look, v) if isinstance(v, Message) else v for k, v in msg.args.items()}
    if "seat" in args:
        args["name"] = seat_name(names, look, args.pop("seat"))
    for key in ("needs", "top"):
        if key in args:
            args[key] = card_face(args[key], look.faces, look.lang)
    key = TOUCH_WORDS.get(msg.key, msg.key) if look.touch else msg.key
    return describe(look.lang, key, args, faces=look.faces)


def log_text(names: Names, look: Look, e: LogEntry) -> str:
    """One move of the log in words."""
    name = seat_name(names, look, e.seat)
    m = e.move
    if m.is_end:
        return t(look.lang, "log.end", name=name)
    key = "log.discard" if m.is_discard else ("log.build_stock" if m.from_stock else "log.build")
    return t(look.lang, key, name=name, card=e.card, pile=m.slot + 1, faces=look.faces)
