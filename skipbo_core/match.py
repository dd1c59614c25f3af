"""A match: games in a row until a seat reaches the target score."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from .game import Game
from .rules import Rules


class Match:
    """A series of games; the dealer moves one seat left after each game, so the
    seat that moves first does too. Points of each game are added per seat
    (partners get their team's points each). Over once a seat reaches ``target``."""

    def __init__(self, rules: Rules, target: int = 500, seed: Any = None,
                 players: Sequence[dict[str, str]] | None = None, first: int = 0) -> None:
        if not isinstance(target, int) or isinstance(target, bool) or target < 1:
            raise ValueError(f"target must be a whole number of at least 1, not {target!r}")
        if type(first) is not int or not 0 <= first < rules.players:
            raise ValueError(f"first must be a seat from 0 to {rules.players - 1}, not {first!r}")
        self.rules = rules
        self.target = target
        self.players = players
        self.first = first
        self.scores = [0] * rules.players
        self.games: list[Game] = []
        self._added: list[Game] = []
        self._rng = random.Random(seed)

    @property
    def is_over(self) -> bool:
        return max(self.scores) >= self.target

    @property
    def leaders(self) -> list[int]:
        """The seats with the highest total."""
        best = max(self.scores)
        return [s for s, v in enumerate(self.scores) if v == best]

    def next_first(self) -> int:
        """The seat that moves first in the next game."""
        return (self.first + len(self.games)) % self.rules.players

    def new_game(self) -> Game:
        """Start the next game (the previous one must be over)."""
        if self.is_over:
            raise ValueError("the match is over")
        if self.games and not self.games[-1].is_over:
            raise ValueError("the current game is not over yet")
        game = Game.new(self.rules, seed=self._rng.getrandbits(64), first=self.next_first(),
                        players=self.players)
        self.games.append(game)
        return game

    def add_result(self, game: Game) -> None:
        """Add a finished game's points to the totals (once per game)."""
        if game.result is None:
            raise ValueError("the game is not over")
        if not any(g is game for g in self.games):
            raise ValueError("that game does not belong to this match")
        if any(g is game for g in self._added):
            raise ValueError("that game's points were already added")
        self._added.append(game)
        for seat, points in enumerate(game.result.scores):
            self.scores[seat] += points
