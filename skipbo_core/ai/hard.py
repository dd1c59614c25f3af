"""The ``hard`` level: the best line of the whole-turn search over visible cards
(``search.plan_turn``, scored by ``evaluation.Evaluator``). It is also the hint engine
(``hints``) and the source of the plans ``expert`` compares."""

from __future__ import annotations

import random
from collections.abc import Generator, Sequence

from ..moves import Move
from ..view import SeatView
from .registry import Player
from .search import STEP_NODES, Leaf, plan_steps, plan_turn


def hard_bot(view: SeatView, legal_moves: Sequence[Move], rng: random.Random) -> Move:
    """The first move of the best line the turn search finds."""
    return first_move(plan_turn(view), legal_moves)


def hard_thinker(view: SeatView, legal_moves: Sequence[Move],
                 rng: random.Random) -> Generator[None, None, Move]:
    """``hard_bot`` one step at a time (``plan_steps``), for the browser's main thread:
    the same move, with pauses."""
    leaves = yield from plan_steps(view, every=STEP_NODES)
    return first_move(leaves, legal_moves)


def first_move(leaves: list[Leaf], legal_moves: Sequence[Move]) -> Move:
    """The first move of the best leaf (the first legal move when there is none)."""
    if leaves and leaves[0].moves and leaves[0].moves[0] in legal_moves:
        return leaves[0].moves[0]
    return legal_moves[0]


HARD = Player(hard_bot, hard_thinker)
