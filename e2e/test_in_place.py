"""The table changes in place, also where test_table_live.py does not look: a hint only
changes attributes and the message, the screen readers' live region is one node through
every move, and the replay viewer patches its board as the game's table does."""

from __future__ import annotations

from e2e.game_support import open_game, wait_for_turn
from e2e.support import ME, Watched
from e2e.test_records_ui import VALID, VIEW, open_records
from e2e.test_table_live import MUTATIONS

HELD = """sel => { window.__held = [...document.querySelectorAll(sel)]; return window.__held.length; }"""
STILL_HELD = """sel => window.__held.every(e => e.isConnected) &&
                      window.__held.length === document.querySelectorAll(sel).length"""


def test_a_hint_changes_attributes_and_the_message_only(watched: Watched, site) -> None:
    page = open_game(watched.page, site.url, players=2, stock=5, ai="medium", seed=3)
    held = page.evaluate(HELD, "#table [data-key], .message")
    page.evaluate(MUTATIONS)
    page.keyboard.press("h")
    page.wait_for_selector('#table [data-hint="1"]')
    assert page.get_attribute(".message", "data-message").startswith("hint.")
    assert held >= 20 and page.evaluate(STILL_HELD, "#table [data-key], .message")
    assert set(page.evaluate("window.__nodes")) <= {"message"}


def test_the_live_region_is_one_node_through_every_move(watched: Watched, site) -> None:
    page = open_game(watched.page, site.url, players=2, stock=5, ai="medium", seed=3)
    region = page.query_selector("#announce")
    page.click(f'{ME} [data-slot="H"]')
    page.click(f'{ME} [data-slot="D1"]')
    wait_for_turn(page)
    assert region.evaluate("e => e === document.getElementById('announce')")
    said = region.evaluate("e => [...e.querySelectorAll('p')].map(p => p.textContent)")
    # your discard, then the computer's turn, move by move, all said in the same region
    assert said[0].startswith("You discarded") and any(s.startswith("Computer discarded") for s in said), said


def test_the_replay_viewer_patches_its_board_in_place(watched: Watched, site) -> None:
    page = open_game(watched.page, site.url, players=3, stock=10, seed=5, ai="easy")
    open_records(page)
    page.set_input_files('input[name="record-file"]', str(VALID))
    page.wait_for_selector(f'{VIEW}[data-step="0"]')
    board = f'{VIEW} [data-key]:not([data-slot="H"])'  # every pile (a played hand card leaves)
    held = page.evaluate(HELD, board)
    for step in range(1, 4):
        page.click('[data-action="replay-forward"]')
        page.wait_for_selector(f'{VIEW}[data-step="{step}"]')
    assert held == 3 * 5 + 4 and page.evaluate(STILL_HELD, board)
