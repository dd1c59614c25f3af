"""Two builds' click handlers measured round by round in turn (A, B, A, B, ...), so that
the machine's drift over a run falls on both alike: a card played onto a building pile at
speed 2 (``move + flight``) and at speed 3 with its frames watched (``click, speed 3``),
as ``bench/render.py`` measures them. Prints medians and the ratio of the first build to
the second.

Run after ``python3 build.py``:  .venv/bin/python bench/render_ab.py DIST_A DIST_B [--rounds 15]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parent)]

import render  # noqa: E402  (bench/render.py: its path set-up and scenarios)
from render import SiteServer, launch_args, open_game, sync_playwright  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("dists", type=Path, nargs=2)
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args()
    seen: dict[Path, dict[str, list[float]]] = {d: {"move + flight": [], "click, speed 3": []} for d in args.dists}
    with SiteServer(args.dists[0].resolve()) as a, SiteServer(args.dists[1].resolve()) as b, \
            sync_playwright() as pw:
        browser = pw.chromium.launch(**launch_args(pw))
        tabs = []
        for server in (a, b):
            page = browser.new_context(viewport={"width": 1280, "height": 800}, service_workers="block").new_page()
            open_game(page, server.url, players=2, stock=10, seed=1)  # warm up: compile, caches
            tabs.append((server, page))
        for _ in range(args.rounds):
            for dist, (server, page) in zip(args.dists, tabs):
                seen[dist]["move + flight"] += render.clicks(page, server.url, 10, 1, speed=2)["move"]
                seen[dist]["click, speed 3"] += render.flights(page, server.url, 10, 1)["handler"]
        browser.close()
    first, second = args.dists
    for name in seen[first]:
        m1, m2 = statistics.median(seen[first][name]), statistics.median(seen[second][name])
        print(f"{name:15} {first}: {m1:5.1f} ms   {second}: {m2:5.1f} ms   x{m1 / m2:.2f}   "
              f"(n={len(seen[first][name])})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
