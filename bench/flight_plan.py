"""What a computer move's flight costs in Python, on the host (CPython, no browser):
``motion_plan.plan`` (what travels, from the table's layouts before and after the move),
working out one table's layout (where its cards are: the view works it out only for a
flight, once per table drawn),
and how many calls into the DOM ``Patcher.find`` makes to find where the cards start and
land (in the stand-in DOM of tests/web; in the page each is a crossing from Python to
JavaScript, a few microseconds in Pyodide): medians and 90th percentiles over the
computer's moves of whole games. The page runs the same Python in Pyodide, about twice
as slow; the page's own measure of a flight is ``skipbo:flight`` (bench/render.py).

    python bench/flight_plan.py [--moves 300] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "web")]

from skipbo_web.dom.patcher import Patcher  # noqa: E402
from skipbo_web.state.controller import Controller  # noqa: E402
from skipbo_web.state.look import Look  # noqa: E402
from skipbo_web.state.settings import Seat, Settings  # noqa: E402
from skipbo_web.views.motion_plan import plan  # noqa: E402
from skipbo_web.views.table_model import table_model  # noqa: E402
from skipbo_web.views.table_view import Table, table_view  # noqa: E402

from tests.web.fake_dom import Document, Node  # noqa: E402


class Counted:
    """A stand-in DOM node that counts what is asked of it: each attribute read and each
    call (a crossing into JavaScript in the page); what it returns is counted as well."""

    calls = 0

    def __init__(self, target: Any) -> None:
        self._target = target

    def __getattr__(self, name: str) -> Any:
        Counted.calls += 1
        value = getattr(self._target, name)
        if not callable(value):
            return Counted(value) if isinstance(value, (Node, list)) else value

        def called(*args: Any) -> Any:
            Counted.calls += 1
            result = value(*args)
            return Counted(result) if isinstance(result, (Node, list)) else result
        return called


def computer_moves(count: int, seed: int) -> list[tuple[Table, Table]]:
    """The table (tree and layout) before and after each computer move, from games of 2 to 4 seats
    (seat 0 plays at random; the others are ``medium`` computers)."""
    rng = random.Random(seed)
    pairs: list[tuple[Table, Table]] = []
    while len(pairs) < count:
        players = rng.choice((2, 3, 4))
        seats = tuple(Seat("", "human" if i == 0 else "medium") for i in range(players))
        ctrl = Controller.start(Settings(players=players, stock=10, seats=seats), rng.getrandbits(32))
        old = table_view(table_model(ctrl), Look())
        while not ctrl.game.is_over and len(pairs) < count:
            computer = ctrl.ai_to_move
            if computer:
                ctrl.ai_move()
            else:
                ctrl.play(str(rng.choice(ctrl.game.legal_moves())))
            new = table_view(table_model(ctrl), Look())
            if computer:
                pairs.append((old, new))
            old = new
    return pairs


def timed(run: Any, repeat: int = 20) -> float:
    """Microseconds per call of ``run``, the fastest of three rounds."""
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        for _ in range(repeat):
            run()
        best = min(best, (time.perf_counter() - start) / repeat)
    return best * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    pairs = computer_moves(args.moves, args.seed)
    plans, layouts, calls = [], [], []
    patcher = Patcher(Document())
    for was, now in pairs:
        plans.append(timed(lambda was=was, now=now: plan(was.layout, now.layout)))
        layouts.append(timed(now._locate))  # what ``now.layout`` cost the first time
        travels = plan(was.layout, now.layout)
        old, new = was.tree, now.tree
        before, after = Node(old.tag), Node(new.tag)
        patcher.mount(before, old)
        patcher.mount(after, new)
        starts = [path for t in travels for path in t.source]
        ends = [t.target for t in travels] + [path for t in travels for path in t.away]
        Counted.calls = 0
        patcher.find(Counted(before), old, starts)
        patcher.find(Counted(after), new, ends)
        calls.append(Counted.calls)
    print(f"{len(pairs)} computer moves (CPython {sys.version.split()[0]}), median and 90th percentile:")
    for name, values, unit in (("plan", plans, "us"), ("layout of one table", layouts, "us"),
                               ("calls into the DOM by find", calls, "")):
        p90 = statistics.quantiles(values, n=10)[-1]
        print(f"  {name:28s} {statistics.median(values):7.1f} {p90:7.1f} {unit}")


if __name__ == "__main__":
    main()
