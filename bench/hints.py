"""How long a hint takes in CPython (``skipbo_core.ai.hints.hint``: the ``hard`` planner
plus its reason): median and slowest over positions from random games. The page runs
the same code in Pyodide, several times slower; a hint is computed only when asked.

    python bench/hints.py [--positions 300] [--seed 1]
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
from skipbo_core.ai.hints import hint  # noqa: E402


def positions(count: int, seed: int) -> list[Game]:
    """Games at the moment a seat must move, from random play (building moves preferred)."""
    rng = random.Random(seed)
    out: list[Game] = []
    while len(out) < count:
        game = Game.new(Rules(players=rng.choice((2, 3, 4)), stock_size=10), seed=rng.getrandbits(32))
        while not game.is_over and len(out) < count:
            if rng.random() < 0.2:
                out.append(game.copy())
            legal = game.legal_moves()
            builds = [m for m in legal if m.is_build]
            game.play(rng.choice(builds if builds and rng.random() < 0.9 else legal))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    times = []
    for game in positions(args.positions, args.seed):
        view, legal = game.view(game.current_seat), game.legal_moves()
        start = time.perf_counter()
        hint(view, legal)
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    print(f"hint over {len(times)} positions: median {statistics.median(times):.2f} ms, "
          f"90th percentile {times[int(len(times) * 0.9)]:.2f} ms, slowest {times[-1]:.2f} ms")


if __name__ == "__main__":
    main()
