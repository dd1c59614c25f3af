"""The page never freezes while the computer thinks: the computer runs on the main thread
one decision at a time, and a long decision (``expert``) in slices of about 30 ms
(``skipbo_core.ai.get_thinker``); the page yields to the browser between decisions and
between slices. A PerformanceObserver records every long task (over 50 ms) while a human
plays turns against each level; the longest must stay under 200 ms for every level.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page
from skipbo_web.controller import Controller
from skipbo_web.settings import Seat, Settings

from e2e.game_support import open_game, play_turn, wait_for_turn
from e2e.support import Watched
from skipbo_core.ai import finish
from skipbo_core.moves import ALL_MOVES

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
    record_property(f"longest_task_ms_{level}", round(longest))
    print(f"\nlongest main-thread task with {level}: {longest:.0f} ms over {turns} turns")
    assert turns >= 1
    assert longest < BUDGET_MS, f"{level}: a {longest:.0f} ms task blocked the page"


def test_the_controller_plays_a_move_thought_in_slices_and_refuses_others() -> None:
    """Host side of the slicing: ``ai_think`` steps to a move, ``ai_move(move)`` plays
    it; a move that is not legal now is refused and changes nothing."""
    seats = tuple(Seat("", "human" if i == 0 else "expert") for i in range(6))
    ctrl = Controller.start(Settings(players=2, seats=seats, stock=6), seed=3)
    while not ctrl.ai_to_move:
        ctrl.play(next(str(m) for m in ctrl.game.legal_moves() if m.ends_turn))
    move = finish(ctrl.ai_think())
    legal = ctrl.game.legal_moves()
    assert move in legal
    before = (ctrl.record(), list(ctrl.log))
    with pytest.raises(ValueError):
        ctrl.ai_move(next(m for m in ALL_MOVES if m not in legal))
    assert (ctrl.record(), ctrl.log) == before
    entry = ctrl.ai_move(move)
    assert entry.move == move and ctrl.game.moves[-1] == move
