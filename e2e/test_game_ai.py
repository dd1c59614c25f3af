"""The page never freezes while the computer thinks: the computer runs on the main thread
one decision at a time, and a long decision (``expert``) in slices of about 30 ms
(``skipbo_core.ai.Player.think``); the page yields to the browser between decisions and
between slices. Chromium's trace records every main-thread task while a human plays turns
against each level; the longest must stay under 200 ms of the main thread's CPU time for
every level. The same task's clock time is printed beside it: on a quiet machine the two
are close, on a busy one the clock time also counts the waits for a core (e2e/tasks.py).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page
from skipbo_web.state.controller import Controller
from skipbo_web.state.settings import Seat, Settings

from e2e.game_support import open_game, play_turn, wait_for_turn
from e2e.support import Watched
from e2e.tasks import longest, main_thread_tasks
from skipbo_core.ai import finish
from skipbo_core.moves import ALL_MOVES

BUDGET_MS = 200
TURNS = {"easy": 4, "medium": 4, "hard": 5, "expert": 5}


def longest_task(page: Page, base_url: str, level: str) -> tuple[float, float, int]:
    """Play up to ``TURNS[level]`` turns; the longest task by CPU time and by the clock
    (ms), and the turns played."""
    open_game(page, base_url, players=2, stock=10, ai=level, seed=5)
    page.wait_for_timeout(300)  # let the boot's own long tasks pass
    turns = 0
    with main_thread_tasks(page) as tasks:
        for _ in range(TURNS[level]):
            wait_for_turn(page, timeout=120_000)
            if page.locator('#table[data-over="1"]').count():
                break
            play_turn(page)
            turns += 1
        wait_for_turn(page, timeout=120_000)
    return *longest(tasks), turns


@pytest.mark.parametrize("level", list(TURNS))
def test_the_longest_main_thread_task_while_the_computer_plays(watched: Watched, site, level: str,
                                                                record_property) -> None:
    cpu, wall, turns = longest_task(watched.page, site.url, level)
    record_property(f"longest_task_cpu_ms_{level}", round(cpu))
    record_property(f"longest_task_ms_{level}", round(wall))
    print(f"\nlongest main-thread task with {level} over {turns} turns: {cpu:.0f} ms CPU, {wall:.0f} ms on the clock")
    assert turns >= 1
    assert cpu < BUDGET_MS, f"{level}: a task of {cpu:.0f} ms CPU blocked the page"


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
