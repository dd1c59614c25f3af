"""The game in two tabs: the tab opened last has it, the other is covered ("this game is
open in another tab") and takes no input until it takes the game over, which goes on
from the newest save; and a save never overwrites a newer one."""

from __future__ import annotations

import json

from playwright.sync_api import Page

from e2e.game_support import axe_scan, moves_played, open_game, play_turn, stored, table_state, wait_for_turn
from e2e.support import BOOT_TIMEOUT_MS, READY, Watched
from skipbo_core import Game

GAME = {"players": 2, "stock": 5, "ai": "easy", "seed": 21}
COVER = ".curtain.elsewhere"


def saved_moves(page: Page) -> list[str]:
    return stored(page)["moves"]


def covered(page: Page) -> bool:
    return page.locator(COVER).count() == 1 and page.locator(COVER).is_visible()


def take_over(page: Page) -> None:
    page.click(f'{COVER} [data-action="take-over"]')
    page.wait_for_selector(COVER, state="detached")


def test_the_tab_opened_last_has_the_game_and_the_other_takes_it_over_with_every_move(watched: Watched,
                                                                                       site) -> None:
    first = open_game(watched.page, site.url, **GAME)
    errors: list[str] = []
    second = watched.page.context.new_page()
    second.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    open_game(second, site.url, **GAME)
    first.wait_for_selector(COVER)
    assert covered(first) and not covered(second)
    assert "This game is open in another tab" in first.locator(COVER).inner_text()
    assert first.locator(COVER).get_attribute("role") == "dialog"
    assert first.evaluate("document.activeElement.dataset.action") == "take-over"
    assert axe_scan(first) == []
    # the steps: two turns in the first tab, one move in the second, reload the first
    take_over(first)
    second.wait_for_selector(COVER)
    for _ in range(2):
        wait_for_turn(first)
        play_turn(first)
    wait_for_turn(first)
    played = saved_moves(first)
    assert len(played) >= 4 and table_state(first)["turn"] == "0"
    second.locator('[data-seat="0"] [data-slot="H"]').first.click(force=True)  # covered: nothing happens
    second.keyboard.press("1")
    assert saved_moves(second) == played and second.locator('[data-selected="1"]').count() == 0
    take_over(second)
    first.wait_for_selector(COVER)
    assert moves_played(second) == len(played)  # the first tab's turns go on here
    assert table_state(second) == table_state(first)
    second.locator('[data-seat="0"] [data-slot="H"]').last.click()
    second.locator('[data-seat="0"] [data-slot="D2"]').click()  # one move: a discard
    second.wait_for_function("n => Number(document.querySelector('.log ol').dataset.count) > n", arg=len(played))
    wait_for_turn(second)
    now = saved_moves(second)
    assert now[:len(played)] == played and len(now) > len(played)
    first.reload()
    first.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    second.wait_for_selector(COVER)
    assert not covered(first) and moves_played(first) == len(now) and saved_moves(first) == now
    assert errors == []


def test_a_save_never_overwrites_a_newer_one(watched: Watched, site) -> None:
    page = open_game(watched.page, site.url, **GAME)
    wait_for_turn(page)
    # another writer (no storage event reaches this tab): the game one move further on
    game = Game.from_record(stored(page))
    game.play(next(m for m in game.legal_moves() if str(m).endswith(">D4")))  # not this tab's move
    newer = json.dumps(game.to_record())
    page.evaluate("r => localStorage.setItem('skipbo.current', r)", newer)
    page.locator('[data-seat="0"] [data-slot="H"]').last.click()
    page.locator('[data-seat="0"] [data-slot="D1"]').click()
    page.wait_for_selector(COVER)
    assert page.evaluate("() => localStorage.getItem('skipbo.current')") == newer
    take_over(page)
    wait_for_turn(page)  # the computer's turn after that discard
    assert saved_moves(page)[0] == str(game.moves[0]) and str(game.moves[0]) in table_state(page)["moves"]


def test_embedded_tables_are_never_covered(watched: Watched, site) -> None:
    """Two tables embedded in one lesson share their store and play on side by side."""
    first = open_game(watched.page, site.url, embed=1, **GAME)
    second = open_game(watched.page.context.new_page(), site.url, embed=1, **GAME)
    for page in (second, first, second):
        wait_for_turn(page)
        play_turn(page)
    wait_for_turn(first)
    assert not covered(first) and not covered(second)
    assert moves_played(first) > 0 and moves_played(second) > 0
