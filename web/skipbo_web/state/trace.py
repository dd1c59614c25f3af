"""What the computer did since you last moved: its moves in order, the piles its cards
landed on (the table marks them with small order numbers) and one line in words for each
computer player ("Computer: 7 from stock to pile 2, discarded 12"). It lasts until you
move, so a turn that flew by can still be read. No DOM access here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..i18n import t

if TYPE_CHECKING:
    from .controller import Controller, LogEntry

LOOK_BACK = 300  # moves: far more than the computer players make between two of yours


@dataclass(frozen=True)
class Trace:
    entries: tuple[LogEntry, ...] = ()  # oldest first, numbered 1, 2, ... on the table
    marks: dict[str, tuple[int, ...]] = field(default_factory=dict)  # pile key -> order numbers

    def seats(self) -> list[int]:
        """The computer players in the trace, in the order they moved."""
        return list(dict.fromkeys(e.seat for e in self.entries))


def pile_key(seat: int, slot: str) -> str:
    """The key of the pile a card landed on: ``"B2"`` for a building pile, ``"1:D3"`` for
    seat 1's discard pile 3."""
    return slot if slot.startswith("B") else f"{seat}:{slot}"


def trace(ctrl: Controller) -> Trace:
    """The computer's moves since the human at the table last moved (nothing once they
    move, nor when no human is to move or the game is over)."""
    game = ctrl.game
    if not ctrl.my_turn:
        return Trace()
    viewer, played = ctrl.viewer, len(game.moves)
    entries: list[LogEntry] = []
    for e in reversed(game.log(max(0, played - LOOK_BACK))):
        if e.seat == viewer:
            break
        if ctrl.is_ai(e.seat):
            entries.append(e)
    entries.reverse()
    marks: dict[str, tuple[int, ...]] = {}
    for number, e in enumerate(entries, start=1):
        if not e.move.is_end:
            key = pile_key(e.seat, e.move.target_slot)
            marks[key] = (*marks.get(key, ()), number)
    return Trace(tuple(entries), marks)


def move_phrase(lang: str, e: LogEntry, faces: str = "skipbo") -> str:
    """One move of the trace, short: "7 from stock to pile 2", "discarded 12"."""
    m = e.move
    if m.is_end:
        return t(lang, "trace.end")
    if m.is_discard:
        return t(lang, "trace.discarded", card=e.card, faces=faces)
    if m.from_stock:
        key = "trace.partner_stock" if m.from_partner else "trace.stock"
    elif m.from_discard:
        key = "trace.partner_discard" if m.from_partner else "trace.discard"
    else:
        key = "trace.hand"
    return t(lang, key, card=e.card, pile=m.slot + 1, src=m.source_slot[-1], faces=faces)


def moves_text(lang: str, entries: list[LogEntry], faces: str = "skipbo") -> str:
    """Moves of the trace, in order: "7 from stock to pile 2, discarded 12"."""
    return ", ".join(move_phrase(lang, e, faces) for e in entries)


def line(lang: str, name: str, entries: list[LogEntry], faces: str = "skipbo") -> str:
    """One computer player's part of the trace in one line, with its name."""
    return t(lang, "trace.line", name=name, moves=moves_text(lang, entries, faces))
