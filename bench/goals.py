"""How long ``skipbo_core.find_line`` takes to prove or give up on a goal, with its
default bound (``goals.MAX_NODES`` moves tried): median, 99th percentile and slowest
over every goal kind at positions from random games, and how many goals that a longer
search proves the default one gives up on. The page runs the same code in Pyodide,
several times slower; a teacher's own goal (issue "lessons") is proved while they wait.

    python bench/goals.py [--positions 200] [--seed 1] [--compare 200000]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from skipbo_core import Game, Goal, Rules, find_line  # noqa: E402
from skipbo_core.goals import MAX_NODES  # noqa: E402

GOALS = [Goal("stock_played", 1), Goal("stock_played", 3), Goal("stock_empty"), Goal("build_complete", 1),
         Goal("build_complete", 3), Goal("block_next"),
         Goal("all", goals=(Goal("stock_played", 2), Goal("block_next"))),
         Goal("all", goals=(Goal("build_complete", 2), Goal("block_next"), Goal("stock_empty")))]


def positions(count: int, seed: int) -> list[Game]:
    """Games at the start of some seat's turn or inside it, from random play."""
    rng = random.Random(seed)
    out: list[Game] = []
    while len(out) < count:
        players = rng.choice((2, 3, 4, 6))
        teams = players in (4, 6) and rng.random() < 0.5
        rules = Rules(players=players, stock_size=rng.choice((5, 10, 20)), teams=teams)
        game = Game.new(rules, seed=rng.getrandbits(32))
        for _ in range(rng.randrange(300)):
            legal = game.legal_moves()
            builds = [m for m in legal if m.is_build]
            game.play(rng.choice(builds if builds and rng.random() < 0.9 else legal))
            if game.is_over:
                game.pop()
                break
        out.append(game)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--compare", type=int, default=0,
                        help="also search with this bound, to count the goals the default gives up on")
    args = parser.parse_args()
    times: list[float] = []
    proved = lost = 0
    for game in positions(args.positions, args.seed):
        for goal in GOALS:
            start = time.perf_counter()
            line = find_line(game, goal)
            times.append(time.perf_counter() - start)
            proved += line is not None
            if args.compare and line is None:
                lost += find_line(game, goal, max_nodes=args.compare) is not None
    times.sort()
    ms = [t * 1000 for t in times]
    print(f"find_line, bound {MAX_NODES:,} moves: {len(ms)} goals, {proved} proved")
    print(f"  median {statistics.median(ms):.2f} ms, 99th percentile {ms[int(len(ms) * 0.99)]:.0f} ms, "
          f"slowest {ms[-1]:.0f} ms")
    if args.compare:
        print(f"  proved only with a bound of {args.compare:,}: {lost}")


if __name__ == "__main__":
    main()
