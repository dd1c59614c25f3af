"""The page never freezes while the computer thinks: the computer runs on the main thread
one decision at a time and yields to the browser between decisions. A PerformanceObserver
records every long task (over 50 ms) while a human plays turns against each level; the
longest must stay under 200 ms for easy, medium and hard. Expert's figure is measured
and printed (``pytest -s``), not asserted: its search is allowed more time per decision.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from e2e.game_support import open_game, play_turn, wait_for_turn
from e2e.support import Watched

BUDGET_MS = 200
TURNS = {"easy": 4, "medium": 4, "hard": 5, "expert": 5}

OBSERVE = """() => {
  window.__longTasks = [];
  new PerformanceObserver(list => {
    for (const e of list.getEntries()) window.__longTasks.push(e.duration);
  }).observe({type: "longtask"});
}"""


def longest_task(page: Page, base_url: str, level: str) -> tuple[float, int]:
    """Play up to ``TURNS[level]`` turns; the longest task (ms) and the turns played."""
    open_game(page, base_url, players=2, stock=10, ai=level, seed=5)
    page.wait_for_timeout(300)  # let the boot's own long tasks pass
    page.evaluate(OBSERVE)
    turns = 0
    for _ in range(TURNS[level]):
        wait_for_turn(page, timeout=120_000)
        if page.locator('#table[data-over="1"]').count():
            break
        play_turn(page)
        turns += 1
    wait_for_turn(page, timeout=120_000)
    return max(page.evaluate("window.__longTasks"), default=0.0), turns


@pytest.mark.parametrize("level", list(TURNS))
def test_the_longest_main_thread_task_while_the_computer_plays(watched: Watched, site, level: str,
                                                                record_property) -> None:
    longest, turns = longest_task(watched.page, site.url, level)
    if level != "expert" and longest >= BUDGET_MS:
        # One more game before failing: on a shared 2-core machine another process can
        # stall the browser's main thread; a page that really blocks does it again.
        again, turns = longest_task(watched.page, site.url, level)
        print(f"\n{level}: {longest:.0f} ms, then {again:.0f} ms on a second try")
        longest = min(longest, again)
    record_property(f"longest_task_ms_{level}", round(longest))
    print(f"\nlongest main-thread task with {level}: {longest:.0f} ms over {turns} turns")
    assert turns >= 1
    if level != "expert":
        assert longest < BUDGET_MS, f"{level}: a {longest:.0f} ms task blocked the page"
