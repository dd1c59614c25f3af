"""Time per decision and per whole turn for each AI level, in CPython and in Pyodide.

    python bench/ai.py [--games 4] [--turns 120] [--levels easy,medium,hard,expert]
                       [--no-pyodide]

Each level plays ``--games`` two-player games against ``hard`` (it sits first in
even games, second in odd ones; at most ``--turns`` turns per game) and only its
own decisions are timed. The same measurement then runs inside Pyodide under
Node (bench/pyodide_ai.mjs, with node_modules/pyodide: the runtime the site
ships). Figures: mean and 95th percentile per decision, mean, 95th percentile
and worst per whole turn, the longest step of thinking and the longest task, in
milliseconds. The level thinks in steps (``skipbo_core.ai.Player.think``) driven as
the page drives them: ``think_for`` in slices of ``SLICE_S`` (page_computer.py's
``AI_SLICE_S``), each slice one task of the browser's main thread; a step is the
most work done without a chance to stop, a task what the page runs before it
yields to the browser.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from skipbo_core import Game, Rules  # noqa: E402
from skipbo_core.ai import get_bot, new_player, think_for  # noqa: E402

LEVELS = ("easy", "medium", "hard", "expert")
SLICE_S = 0.03
"""The page's slice of thinking per task (``AI_SLICE_S`` in web/skipbo_web/dom/page_computer.py)."""


def _pct(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def cpu_clock():
    """The process's CPU time in seconds: ``time.process_time`` in CPython; under
    Node (Pyodide, where the process clock is the wall clock) ``process.cpuUsage()``."""
    if sys.platform != "emscripten":
        return time.process_time
    from js import process  # type: ignore[import-not-found]

    def node_cpu() -> float:
        used = process.cpuUsage()
        return (used.user + used.system) / 1e6
    return node_cpu


CLOCK = time.perf_counter
"""The clock every figure is read from (``--cpu``: ``cpu_clock()``)."""


def _timed(thinking, steps: list[float]):
    """``thinking`` with the time of each of its steps appended to ``steps``."""
    clock = CLOCK
    while True:
        start = clock()
        try:
            next(thinking)
        except StopIteration as done:
            steps.append(clock() - start)
            return done.value
        steps.append(clock() - start)
        yield


def _think(thinking) -> tuple:
    """Drive a thinker as the page does (``think_for`` slices, one task each): the
    move, the time it took, its longest step, its longest task."""
    steps: list[float] = []
    timed = _timed(thinking, steps)
    longest_task = 0.0
    while True:
        start = CLOCK()
        move = think_for(timed, SLICE_S, CLOCK)
        longest_task = max(longest_task, CLOCK() - start)
        if move is not None:
            return move, sum(steps), max(steps), longest_task


def measure(level: str, games: int, turns: int, seed: int = 1, opponent: str = "hard", players: int = 2) -> dict:
    """Play ``games`` games of ``level`` against ``opponent`` (on every other seat);
    time ``level``'s moves."""
    other = get_bot(opponent)
    per_move: list[float] = []
    longest_step = longest_task = 0.0
    per_turn: list[float] = []
    for i in range(games):
        game = Game.new(Rules(players=players), seed=f"bench:{seed}:{i}")
        me = i % players
        player = new_player(level)  # a new player for each game
        rngs = [random.Random(f"bench:{seed}:{i}:{s}") for s in range(players)]
        spent = 0.0
        while not game.is_over and game.turn <= turns:
            seat = game.current_seat
            view, legal = game.view(seat), game.legal_moves()
            if seat != me:
                game.play(other(view, legal, rngs[seat]))
                continue
            move, took, longest, task = _think(player.think(view, legal, rngs[seat]))
            longest_step = max(longest_step, longest)
            longest_task = max(longest_task, task)
            per_move.append(took)
            spent += took
            game.play(move)
            if move.ends_turn or game.is_over:
                per_turn.append(spent)
                spent = 0.0
    ms = 1000.0
    return {"decisions": len(per_move), "turns": len(per_turn),
            "decision_mean": ms * sum(per_move) / max(1, len(per_move)),
            "decision_p95": ms * _pct(per_move, 0.95),
            "turn_mean": ms * sum(per_turn) / max(1, len(per_turn)),
            "turn_p95": ms * _pct(per_turn, 0.95), "turn_max": ms * max(per_turn, default=0.0),
            "step_max": ms * longest_step, "task_max": ms * longest_task}


def measure_all(levels: list[str] | tuple[str, ...] = LEVELS, games: int = 4, turns: int = 120,
                seed: int = 1, players: int = 2, cpu: bool = False) -> dict:
    """``measure`` for each level (the function bench/pyodide_ai.mjs calls); with
    ``cpu`` every time is the process's CPU time instead of the wall clock."""
    global CLOCK
    CLOCK = cpu_clock() if cpu else time.perf_counter
    return {level: measure(level, games, turns, seed, players=players) for level in levels}


def _table(title: str, figures: dict) -> str:
    lines = [title, f"{'level':8} {'decisions':>9} {'ms/decision':>11} {'p95':>8} "
                    f"{'ms/turn':>8} {'p95 turn':>9} {'max turn':>9} {'max step':>9} {'max task':>9}"]
    for level, f in figures.items():
        lines.append(f"{level:8} {f['decisions']:9d} {f['decision_mean']:11.2f} {f['decision_p95']:8.2f} "
                     f"{f['turn_mean']:8.2f} {f['turn_p95']:9.2f} {f['turn_max']:9.2f} "
                     f"{f['step_max']:9.2f} {f['task_max']:9.2f}")
    return "\n".join(lines)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--turns", type=int, default=120, help="at most this many turns per game")
    ap.add_argument("--levels", default=",".join(LEVELS))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, default=2, help="table size (the level on one seat, hard on the others)")
    ap.add_argument("--cpu", action="store_true",
                    help="read CPU time instead of the wall clock (for a machine busy with other work)")
    ap.add_argument("--no-pyodide", action="store_true", help="CPython only")
    args = ap.parse_args()
    options = {"levels": args.levels.split(","), "games": args.games, "turns": args.turns,
               "seed": args.seed, "players": args.players, "cpu": args.cpu}
    print(f"{args.players} players; {'CPU' if args.cpu else 'wall-clock'} time; load average before: {_load()}")
    print(_table(f"CPython {sys.version.split()[0]}", measure_all(**options)), flush=True)
    if args.no_pyodide:
        return 0
    script = ROOT / "bench" / "pyodide_ai.mjs"
    try:
        proc = subprocess.run(["node", str(script), json.dumps(options)], capture_output=True,
                              text=True, cwd=ROOT)
    except FileNotFoundError:
        print("Pyodide: skipped (node is not installed)")
        return 1
    if proc.returncode != 0:
        # Node echoes the minified source line of an uncaught error: keep the tail, cut long lines.
        tail = [line[:300] for line in proc.stderr.strip().splitlines()[-15:]]
        print("Pyodide: failed\n" + "\n".join(tail))
        return 1
    data = json.loads(proc.stdout.strip().splitlines()[-1])
    print()
    print(_table(f"Pyodide (Python {data['python']}, Node {_node_version()})", data["figures"]))
    print(f"load average after: {_load()}")
    return 0


def _load() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "?"


def _node_version() -> str:
    try:
        return subprocess.run(["node", "--version"], capture_output=True, text=True).stdout.strip()
    except OSError:
        return "?"


if __name__ == "__main__":
    sys.exit(main())
