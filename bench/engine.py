"""Engine speed in CPython: greedy-vs-greedy games per second, and legal-move
generation + play per second. Prints medians over several rounds. Times are the
process's CPU time, so other jobs on the machine disturb the figures less.

    python bench/engine.py [--games 300] [--rounds 5]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from skipbo_core import Game, Rules  # noqa: E402
from skipbo_core.ai import get_bot  # noqa: E402

_clock = time.process_time


def play_games(count: int, seed: int) -> tuple[float, int, int]:
    """Play ``count`` greedy-vs-greedy games (2 players, 30 cards); returns seconds, moves, turns."""
    greedy = get_bot("greedy")
    rules = Rules(players=2, stock_size=30)
    rng = random.Random(seed)
    moves = turns = 0
    start = _clock()
    for i in range(count):
        game = Game.new(rules, seed=seed * 100_000 + i)
        while not game.is_over:
            seat = game.current_seat
            game.play(greedy(game.view(seat), game.legal_moves(), rng))
        moves += len(game.moves)
        turns += game.turn
    return _clock() - start, moves, turns


def generate_and_play(count: int, seed: int) -> tuple[float, int]:
    """Random playouts: legal_moves() + play() only, no bot logic; returns seconds, moves."""
    rules = Rules(players=2, stock_size=30)
    rng = random.Random(seed)
    done = 0
    start = _clock()
    for i in range(count):
        game = Game.new(rules, seed=seed * 100_000 + i)
        while not game.is_over:
            legal = game.legal_moves()
            game.play(legal[rng.randrange(len(legal))])
            done += 1
    return _clock() - start, done


def copy_rate(seconds: float = 0.5) -> float:
    """Game.copy() per second on a mid-game position (what search pays per node)."""
    game = Game.new(Rules(players=2), seed=1)
    greedy, rng = get_bot("greedy"), random.Random(1)
    for _ in range(100):
        game.play(greedy(game.view(game.current_seat), game.legal_moves(), rng))
    n, start = 0, _clock()
    while _clock() - start < seconds:
        for _ in range(200):
            game.copy()
        n += 200
    return n / (_clock() - start)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    gps, mps, lps = [], [], []
    for r in range(args.rounds):
        secs, moves, turns = play_games(args.games, seed=r + 1)
        gps.append(args.games / secs)
        mps.append(moves / secs)
        secs2, done = generate_and_play(max(1, args.games // 10), seed=r + 1)
        lps.append(done / secs2)
    print(f"python {sys.version.split()[0]}, {args.rounds} rounds of {args.games} games")
    print(f"greedy vs greedy (2 players, 30 cards): {statistics.median(gps):8.0f} games/s "
          f"(median; min {min(gps):.0f}, max {max(gps):.0f}); {statistics.median(mps):.0f} moves/s "
          f"incl. view + bot; {moves / args.games:.0f} moves/game")
    print(f"legal_moves() + play() (random playouts): {statistics.median(lps):8.0f} moves/s (median)")
    print(f"Game.copy(): {copy_rate():8.0f} copies/s")


if __name__ == "__main__":
    main()
