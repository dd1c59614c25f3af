"""Deprecated: use ``Game.from_view(view, rng)`` (or ``game.resample(seat, rng)``) and
``SeatView.unseen_cards()``. Kept until the AI package has switched."""

from __future__ import annotations

import random

from .game import Game
from .view import SeatView


def unseen_cards(view: SeatView) -> list[int]:
    """``view.unseen_cards()``."""
    return view.unseen_cards()


def determinize(view: SeatView, rng: random.Random) -> Game:
    """``Game.from_view(view, rng)``."""
    return Game.from_view(view, rng)
