"""Engine speed in CPython: greedy-vs-greedy games per second, random playouts (legal
moves + play) per second, Game.copy() per second and resamples (a world sampled from a
seat's view, what the expert pays per world) per second. Prints medians over several
rounds. Times are the process's CPU time, so other jobs on the machine disturb the
figures less.

    python bench/engine.py [--games 300] [--rounds 5] [--engine DIR] [--json]

``--engine DIR`` measures the skipbo_core package found in DIR instead of this
checkout's (e.g. a baseline: ``git worktree add /tmp/base <commit>``), so a change is
compared with its baseline in the same run on the same machine.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

_clock = time.process_time


def _load(engine: str | None):
    sys.path.insert(0, str(Path(engine).resolve() if engine else Path(__file__).resolve().parents[1]))
    global Game, Rules, get_bot, resample
    from skipbo_core import Game, Rules
    from skipbo_core.ai import get_bot
    if hasattr(Game, "from_view"):
        resample = Game.from_view
    else:  # engines before issue 14
        from skipbo_core.sampling import determinize as resample


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


def mid_game(rules, plies: int = 100, seed: int = 1):
    """A position after ``plies`` greedy moves."""
    game = Game.new(rules, seed=seed)
    greedy, rng = get_bot("greedy"), random.Random(seed)
    for _ in range(plies):
        game.play(greedy(game.view(game.current_seat), game.legal_moves(), rng))
    return game


def copy_rate(seconds: float = 0.5) -> float:
    """Game.copy() per second on a mid-game position (what search pays per node)."""
    game = mid_game(Rules(players=2))
    n, start = 0, _clock()
    while _clock() - start < seconds:
        for _ in range(200):
            game.copy()
        n += 200
    return n / (_clock() - start)


def resample_rate(rules, seconds: float = 0.5, turns: int = 0) -> float:
    """Worlds sampled per second from the view of the seat to move in a mid-game position
    (``turns`` > 0: each world is also played on for that many turns by random moves,
    so hidden cards dealt only when shown are paid for too)."""
    game = mid_game(rules)
    view = game.view(game.current_seat)
    rng, moves = random.Random(1), random.Random(2)
    n, start = 0, _clock()
    while _clock() - start < seconds:
        for _ in range(50):
            world = resample(view, rng)
            end = world.turn + turns
            while turns and world.turn < end and not world.is_over:
                legal = world.legal_moves()
                world.play(legal[moves.randrange(len(legal))])
        n += 50
    return n / (_clock() - start)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--engine", default=None, help="directory holding the skipbo_core package to measure")
    ap.add_argument("--json", action="store_true", help="print the medians as one JSON object")
    args = ap.parse_args()
    _load(args.engine)
    gps, mps, lps, cps, rps, rps4, rpt = [], [], [], [], [], [], []
    for r in range(args.rounds):
        secs, moves, turns = play_games(args.games, seed=r + 1)
        gps.append(args.games / secs)
        mps.append(moves / secs)
        secs2, done = generate_and_play(max(1, args.games // 10), seed=r + 1)
        lps.append(done / secs2)
        cps.append(copy_rate(0.3))
        rps.append(resample_rate(Rules(players=2), 0.3))
        rps4.append(resample_rate(Rules(players=4, teams=True), 0.3))
        rpt.append(resample_rate(Rules(players=2), 0.3, turns=2))
    med = statistics.median
    figures = {"games_per_s": med(gps), "playout_moves_per_s": med(lps), "copies_per_s": med(cps),
               "resamples_per_s": med(rps), "resample_us": 1e6 / med(rps), "resample_4p_us": 1e6 / med(rps4),
               "resample_2_turns_us": 1e6 / med(rpt), "load": os.getloadavg()[0]}
    if args.json:
        print(json.dumps(figures))
        return
    print(f"python {sys.version.split()[0]}, {args.rounds} rounds of {args.games} games; "
          f"load average {figures['load']:.2f}")
    print(f"greedy vs greedy (2 players, 30 cards): {med(gps):8.0f} games/s "
          f"(median; min {min(gps):.0f}, max {max(gps):.0f}); {med(mps):.0f} moves/s "
          f"incl. view + bot; {moves / args.games:.0f} moves/game")
    print(f"legal_moves() + play() (random playouts): {med(lps):8.0f} moves/s (median)")
    print(f"Game.copy(): {med(cps):8.0f} copies/s (median)")
    print(f"resample (a world from a view, 2 players mid-game): {med(rps):8.0f}/s = {figures['resample_us']:.1f} us; "
          f"4 players in teams: {figures['resample_4p_us']:.1f} us; "
          f"with 2 turns played in the world: {figures['resample_2_turns_us']:.1f} us")


if __name__ == "__main__":
    main()
