"""The page's main-thread tasks, from Chromium's own trace: how long each took on the
clock and how much CPU time the main thread spent in it.

The clock time is what a player feels, and what a ``longtask`` PerformanceObserver
reports; but on a machine shared with other jobs (2 cores here, often a load of 10) the
operating system takes the core away in the middle of a task, and a task of 20 ms of work
can last 400 ms. The CPU time (the trace's ``tdur``) counts only the work, so a test that
holds the page's tasks short asserts on it and reports the clock time beside it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from playwright.sync_api import Page

CATEGORIES = ["toplevel", "disabled-by-default-devtools.timeline"]


@dataclass(frozen=True)
class Task:
    start_ms: float
    wall_ms: float
    cpu_ms: float


@contextmanager
def main_thread_tasks(page: Page) -> Iterator[list[Task]]:
    """The tasks of the page's renderer main thread while the ``with`` block runs (the
    list is filled when the block ends)."""
    browser = page.context.browser
    assert browser is not None
    browser.start_tracing(page=page, categories=CATEGORIES)
    tasks: list[Task] = []
    try:
        yield tasks
    finally:
        tasks += read_tasks(json.loads(browser.stop_tracing()))


def read_tasks(trace: dict | list) -> list[Task]:
    """The renderer main threads' ``RunTask`` events of a Chromium trace."""
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    main = {(e["pid"], e["tid"]) for e in events
            if e.get("ph") == "M" and e.get("name") == "thread_name" and e["args"].get("name") == "CrRendererMain"}
    tasks = [e for e in events if e.get("name") == "RunTask" and e.get("ph") == "X" and "dur" in e
             and (e["pid"], e["tid"]) in main]
    assert any("tdur" in e for e in tasks), "the trace has no main-thread tasks with their CPU time"
    # (a few tasks of some microseconds come without their CPU time: counted as all CPU)
    return [Task(e["ts"] / 1000, e["dur"] / 1000, e.get("tdur", e["dur"]) / 1000) for e in tasks]


def longest(tasks: list[Task]) -> tuple[float, float]:
    """The longest task by CPU time and the longest by the clock (ms)."""
    return max(t.cpu_ms for t in tasks), max(t.wall_ms for t in tasks)
