"""How fast the replay viewer opens a long record and steps through it, in headless
Chromium against the built site.

Opens the page (``?seed=5&speed=0``), then ``--runs`` times (default 5): picks the record
file in the records sheet, waits until the viewer shows it, steps forward 10 moves with the
arrow key, closes the viewer. Prints the medians of

- open: ms from choosing the file until the viewer is on screen (the engine checks the
  whole record and keeps a position every 16 moves);
- step: ms from a key press until the viewer shows the next move;
- the longest main-thread task (PerformanceObserver ``longtask``) while opening and while
  stepping.

Times depend on the machine's load, which is printed with the figures.

Run after ``python3 build.py``:  .venv/bin/python bench/replay.py [--runs 5] [--record FILE]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from tools.browser import launch_args  # noqa: E402
from tools.server import SiteServer  # noqa: E402

LONG_TASKS = """() => { window.__lt = []; new PerformanceObserver(list => list.getEntries()
  .forEach(e => window.__lt.push(e.duration))).observe({type: "longtask"}); }"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--record", type=Path,
                        default=ROOT / "tests" / "data" / "records" / "valid" / "2p-168cards.json")
    parser.add_argument("--dist", type=Path, default=Path(os.environ.get("SKIPBO_DIST") or ROOT / "dist"))
    args = parser.parse_args()
    opens, steps, open_tasks, step_tasks = [], [], [], []
    with SiteServer(args.dist) as server, sync_playwright() as p:
        browser = p.chromium.launch(**launch_args(p))
        page = browser.new_page()
        page.goto(f"{server.url}?seed=5&lang=en&speed=0")
        page.wait_for_selector('#table[data-ready="1"]', timeout=120_000)
        page.evaluate(LONG_TASKS)
        for _ in range(args.runs):
            page.click('#bar [data-action="records"]')
            page.wait_for_selector('input[name="record-file"]')
            page.evaluate("window.__lt = []")
            start = time.perf_counter()
            page.set_input_files('input[name="record-file"]', str(args.record))
            page.wait_for_selector('[data-replay="1"]')
            opens.append((time.perf_counter() - start) * 1000)
            open_tasks.append(max(page.evaluate("window.__lt.splice(0)"), default=0))
            for k in range(1, 11):
                start = time.perf_counter()
                page.keyboard.press("ArrowRight")
                page.wait_for_selector(f'[data-replay="1"][data-step="{k}"]')
                steps.append((time.perf_counter() - start) * 1000)
            step_tasks.append(max(page.evaluate("window.__lt.splice(0)"), default=0))
            page.click('[data-action="replay-close"]')
        browser.close()
    print(f"record: {args.record.name}, {args.runs} runs, load average {os.getloadavg()[0]:.1f}")
    for what, times, tasks in (("open", opens, open_tasks), ("step", steps, step_tasks)):
        print(f"{what}: median {statistics.median(times):.0f} ms; "
              f"longest task {statistics.median(tasks):.0f} ms (median)")


if __name__ == "__main__":
    main()
