"""A seeded random player for fuzzing and perft: any legal move, preferring building
moves with probability ``eagerness`` so that games progress and end."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from skipbo_core import Game


def choose(game: Game, rng: random.Random, eagerness: float = 0.8):
    moves = game.legal_moves()
    builds = [m for m in moves if m.is_build]
    if builds and rng.random() < eagerness:
        return builds[rng.randrange(len(builds))]
    return moves[rng.randrange(len(moves))]


def play_randomly(game: Game, rng: random.Random, max_plies: int = 100_000, eagerness: float = 0.8,
                  after_move: Callable[[Game], None] | None = None) -> Game:
    """Play until the game is over or ``max_plies`` moves were made."""
    for _ in range(max_plies):
        if game.is_over:
            break
        game.play(choose(game, rng, eagerness))
        if after_move is not None:
            after_move(game)
    return game


def positions_along(game: Game, rng: random.Random, eagerness: float, skip: int, count: int) -> Iterator[Game]:
    """The game after ``skip`` random moves, then after each of up to ``count`` more (the
    same ``game``, moved on; it stops when the game is over)."""
    play_randomly(game, rng, skip, eagerness)
    for _ in range(count):
        yield game
        if game.is_over:
            return
        game.play(choose(game, rng, eagerness))
