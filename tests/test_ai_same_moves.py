"""The AI plays exactly as it did: digests of whole AI-only games at every table size,
for every level, each decided at once (``Player.choose``) and in steps
(``Player.think``, stepped as the page steps it). The digests were recorded with the
code before one player per seat (issue 30), when bots and thinkers were separate
objects; any changed choice changes a digest. A change meant to make the AI play
differently records them anew (``python3 -m tests.test_ai_same_moves``) and says so."""

from __future__ import annotations

import hashlib
import random

import pytest

from skipbo_core import Game, Rules
from skipbo_core.ai import Bot, new_player, think_for

# (players, teams, stock): every table size, short stocks so that a game is quick
TABLES = [(2, None, 8), (3, None, 5), (4, None, 4), (4, True, 4), (5, None, 3), (6, None, 3), (6, True, 3)]
SEEDS = (1, 2)  # the expert, slow, plays the first only

EXPECTED = {
    "random": "63a8dcfb0733dc6b",
    "greedy": "4a710e97fa745267",
    "baseline": "59a7cda8a5ebcd06",
    "easy": "c47cc2bf8abc8c58",
    "medium": "b696227dd45edd6e",
    "hard": "57430feee64d478f",
    "expert": "e7621f54586719ef",
}


def lineup(level: str, players: int) -> list[str]:
    """``level`` at every seat; the expert at every other seat, against ``hard``."""
    return [level if level != "expert" or s % 2 == 0 else "hard" for s in range(players)]


def stepped(name: str) -> Bot:
    """A new player's decision in steps, stepped to its end as the page does."""
    think = new_player(name).think

    def decide(view, legal, rng):
        thinking = think(view, legal, rng)
        while (move := think_for(thinking, 0.0)) is None:
            pass
        return move
    return decide


def moves(level: str, table: tuple, seed: int, decider) -> str:
    """The moves of one game, one new player per seat (``decider(name)``)."""
    players, teams, stock = table
    game = Game.new(Rules(players=players, stock_size=stock, teams=teams), seed=f"same:{seed}",
                    first=seed % players)
    seats = [decider(name) for name in lineup(level, players)]
    rngs = [random.Random(f"{seed}:{s}") for s in range(players)]
    while not game.is_over:
        s = game.current_seat
        game.play(seats[s](game.view(s), game.legal_moves(), rngs[s]))
    return " ".join(map(str, game.moves))


def digest(level: str, decider) -> str:
    """One digest of the games of ``level`` on every table, for every seed."""
    seeds = SEEDS if level != "expert" else SEEDS[:1]
    text = "\n".join(moves(level, table, seed, decider) for table in TABLES for seed in seeds)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@pytest.mark.parametrize("level", sorted(EXPECTED))
def test_choose_plays_as_recorded(level):
    assert digest(level, lambda name: new_player(name).choose) == EXPECTED[level]


@pytest.mark.parametrize("level", sorted(EXPECTED))
def test_think_plays_as_recorded(level):
    assert digest(level, stepped) == EXPECTED[level]


if __name__ == "__main__":
    for name in ("random", "greedy", "baseline", "easy", "medium", "hard", "expert"):
        print(f'    "{name}": "{digest(name, lambda n: new_player(n).choose)}",')
