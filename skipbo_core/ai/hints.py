"""Hints: the move the ``hard`` level would make, with the reason for it as a code.

``hint(view, legal_moves)`` asks the ``hard`` turn planner (``search.plan_turn``)
for its best line over the cards the seat can see, and names why its first move is
good from where the line leads: a stock card played, an emptied hand that draws five,
or the turn's discard. The reason is a code plus numbers (``details``), never player
text, so a page can say it in any language:

=======================  ======================================================
reason                   meaning (``details`` besides ``line``)
=======================  ======================================================
``win``                  this move plays the last stock card (``card``, ``pile``)
``toward-win``           the line ends with the last stock card (``card``, ``steps``)
``stock``                this move plays the stock card (``card``, ``pile``)
``free-stock``           the line ends with the stock card (``card``, ``steps``)
``before-stock``         the stock card fits already, but the line plays this move
                         first and the stock card last (``card``, ``steps``)
``partner-stock``        this move plays the partner's stock card (``card``, ``pile``)
``free-partner-stock``   the line ends with the partner's stock card (``card``, ``steps``)
``before-partner-stock`` as ``before-stock``, for the partner's stock card
``refill``               this move empties the hand: five new cards (``card``, ``pile``)
``toward-refill``        the line empties the hand (``card``, ``steps``)
``block``                the line moves the building piles away from the next
                         opponent's stock card (``seat``, ``card``)
``dig``                  a discard pile's top goes onto a building pile (``card``,
                         ``pile``, ``source``: discard pile 1-4)
``partner-dig``          the top of a partner's discard pile goes onto a building
                         pile (``card``, ``pile``, ``source``: its discard pile 1-4)
``cycle``                a hand card goes onto a building pile (``card``, ``pile``)
``discard``              the turn ends here (``card``, ``pile``, ``top``: the
                         pile's top card before, ``None`` when empty)
``end``                  the hand is empty and nothing can be drawn: ``end``
=======================  ======================================================

``details["line"]`` is the planned line in move notation, this move first. Every
move of it but the last shows no hidden card, so the line can be played as it is.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..game import Game
from ..moves import Move
from ..view import SeatView
from .evaluation import WIN
from .odds import cover_for, pile_values, reach_chance
from .search import Leaf, plan_turn

REASONS = ("win", "toward-win", "stock", "free-stock", "before-stock", "partner-stock",
           "free-partner-stock", "before-partner-stock",
           "refill", "toward-refill", "block", "dig", "partner-dig", "cycle", "discard", "end")
"""Every reason code ``hint`` gives."""

BLOCK_MARGIN = 0.25
"""How much the next opponent's chance to play their stock card must drop for ``block``."""


@dataclass(frozen=True)
class Hint:
    """A suggested move, the reason code and the numbers behind it."""

    move: Move
    reason: str
    details: dict[str, Any] = field(default_factory=dict)


def hint(view: SeatView, legal_moves: Sequence[Move]) -> Hint:
    """The ``hard`` level's move for the seat of ``view`` (it must be to move), and why.

    Raises ``ValueError`` when there is no legal move (the game is over, or it is
    not this seat's turn). The move is always one of ``legal_moves``.
    """
    if not legal_moves or not view.my_turn or view.is_over:
        raise ValueError("no move to hint: it is not this seat's turn")
    leaves = plan_turn(view)  # the same call as the hard bot, so the same move
    leaf = leaves[0] if leaves and leaves[0].moves else None
    if leaf is None or leaf.moves[0] not in legal_moves:
        return _plain(view, legal_moves[0])
    return _explain(view, leaf, legal_moves)


def _plain(view: SeatView, m: Move) -> Hint:
    """A move explained by itself (when the planner gives no line)."""
    line = {"line": (str(m),)}
    if m.is_end:
        return Hint(m, "end", line)
    card = view.card_of(m)
    if m.is_discard:
        top = view.discard_tops(view.seat)[m.slot]
        return Hint(m, "discard", {**line, "card": card, "pile": m.slot + 1, "top": top})
    partner = "partner-" if m.from_partner else ""
    if m.from_stock:
        return Hint(m, partner + "stock", {**line, "card": card, "pile": m.slot + 1})
    if m.from_discard:
        return Hint(m, partner + "dig", {**line, "card": card, "pile": m.slot + 1, "source": m.arg + 1})
    return Hint(m, "cycle", {**line, "card": card, "pile": m.slot + 1})


def _explain(view: SeatView, leaf: Leaf, legal_moves: Sequence[Move]) -> Hint:
    first, last = leaf.moves[0], leaf.moves[-1]
    line = tuple(str(m) for m in leaf.moves)
    steps = len(leaf.moves)
    alone = steps == 1
    if leaf.kind == "stock":
        card = view.card_of(last)
        if leaf.value >= WIN:
            code = "win" if alone else "toward-win"
        else:
            partner = "partner-" if last.from_partner else ""
            fits_now = any(m.source == last.source and m.is_build for m in legal_moves)
            code = partner + "stock" if alone else ("before-" if fits_now else "free-") + partner + "stock"
        extra = {"pile": first.slot + 1} if alone else {"steps": steps}
        return Hint(first, code, {"line": line, "card": card, **extra})
    if leaf.kind == "refill":
        if alone:
            return Hint(first, "refill", {"line": line, "card": view.card_of(first), "pile": first.slot + 1})
        return Hint(first, "toward-refill", {"line": line, "card": view.card_of(first), "steps": steps})
    if first.is_build:
        blocked = _blocked(view, leaf.moves)
        if blocked is not None:
            seat, card = blocked
            return Hint(first, "block", {"line": line, "seat": seat, "card": card})
    hint = _plain(view, first)
    return Hint(first, hint.reason, {**hint.details, "line": line})


def _blocked(view: SeatView, moves: Sequence[Move]) -> tuple[int, int] | None:
    """(seat, stock card) of the next opponent whose chance to play their stock card
    drops by at least ``BLOCK_MARGIN`` after the line's building moves; else None."""
    rules = view.rules
    team = rules.team_of(view.seat)
    opponent = next((o for o in ((view.seat + k) % rules.players for k in range(1, rules.players))
                     if o not in team), None)
    if opponent is None or view.stock_tops[opponent] is None:
        return None
    # The building piles after the line, as the engine builds them (no hidden card shows
    # before the line's last move, so any world consistent with the view will do).
    game = Game.from_view(view, random.Random(0))
    for m in moves:
        if not m.is_build:
            break
        game.play(m)
    after = game.next_needed()
    piles = list(view.discards[opponent])
    mate = rules.partner(opponent)
    if mate is not None:
        piles += list(view.discards[mate])
    values, wilds = pile_values(piles)
    top = view.stock_tops[opponent]
    cover = cover_for(rules.wild_cards)
    before_chance = reach_chance(top, view.next_needed, values, wilds, 5, cover)
    after_chance = reach_chance(top, after, values, wilds, 5, cover)
    if before_chance - after_chance >= BLOCK_MARGIN:
        return opponent, top  # type: ignore[return-value]
    return None
