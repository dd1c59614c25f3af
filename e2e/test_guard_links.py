"""Issue 36, item 5: no link replaces a game in progress unasked. ``?pos=``,
``?position=<address>`` and ``?puzzle=<n>`` ask first, as the game options do ("Start the
new game" / "Keep playing mine"): the saved game stays in ``localStorage`` until the
player says yes, "no" keeps it, and the same address again resumes the link's own game
with no question."""

from __future__ import annotations

import json

from playwright.sync_api import Page, expect
from skipbo_web.i18n import t

from e2e.game_support import play_turn, stored, wait_for_turn
from e2e.support import click_move
from e2e.test_positions import LESSON, lesson_table
from e2e.test_robust_page import game_in_progress, load, notices, same_game
from skipbo_core import to_compact

ASK = '[data-notice="notice.url_replace"]'
BOX = "#puzzle"  # a puzzle's box above the table


def asked(page: Page, game: str, lang: str = "en") -> None:
    """The page asks, in ``lang``, and the game in progress is still the one on the table
    and in storage."""
    expect(page.locator(ASK)).to_be_visible(timeout=20_000)  # (?position= asks once its file is in)
    assert notices(page) == ["notice.url_replace"]
    assert page.locator(f"{ASK} p").inner_text() == t(lang, "notice.url_replace")
    assert same_game(page, game) and page.locator("#table").get_attribute("data-players") == "2"


def keep_mine(page: Page, game: str) -> None:
    """"Keep playing mine": the question goes, the saved game goes on as it was."""
    page.locator(ASK).locator('[data-action="dismiss"]').click()
    expect(page.locator(ASK)).to_have_count(0)
    assert notices(page) == [] and same_game(page, game)
    page.locator('[data-seat="0"] [data-slot="H"][data-card]').first.wait_for()


def take_link(page: Page) -> None:
    """"Start the new game": the link's game replaces the one in progress."""
    page.locator(ASK).locator('[data-action="url-game"]').click()
    expect(page.locator(ASK)).to_have_count(0)


def no_then_yes(page: Page, address: str, game: str, lang: str = "en") -> None:
    """The link asks; "Keep playing mine" keeps the game; the same link asks again, and
    "Start the new game" puts the link's game on the table."""
    load(page, address)
    asked(page, game, lang)
    keep_mine(page, game)
    load(page, address)
    asked(page, game, lang)
    take_link(page)


def lesson_goes_on(page: Page, address: str) -> None:
    """The link's position is the game: one move in it, then the same address again goes
    on with it, no question."""
    lesson_table(page)
    assert stored(page)["position"] == LESSON
    page.click('[data-seat="0"] [data-slot="S"]')
    page.click('[data-slot="B1"]')
    expect(page.locator('[data-slot="B1"]')).to_have_attribute("data-top", "4")
    load(page, address)
    expect(page.locator('[data-slot="B1"]')).to_have_attribute("data-top", "4")
    assert notices(page) == [] and stored(page)["moves"] == ["S>B1"]


def test_a_compact_position_link_asks_before_it_replaces_a_game_in_progress(watched, site) -> None:
    page = watched.page
    game = game_in_progress(page, site.url)
    address = f"{site.url}?pos={to_compact(LESSON)}&lang=de&speed=0"
    no_then_yes(page, address, game, "de")
    assert stored(page, "skipbo.match")["origin"] == f"pos={to_compact(LESSON)}"
    lesson_goes_on(page, address)


def test_a_position_file_link_asks_before_it_replaces_a_game_in_progress(watched, site) -> None:
    page = watched.page
    page.route(f"{site.url}positions/lesson.json",
               lambda route: route.fulfill(json=LESSON, headers={"Cache-Control": "no-store"}))
    game = game_in_progress(page, site.url)
    address = f"{site.url}?position=positions/lesson.json&lang=en&speed=0"
    no_then_yes(page, address, game)
    assert stored(page, "skipbo.match")["origin"] == "position=positions/lesson.json"
    lesson_goes_on(page, address)


def test_a_position_file_arriving_while_the_tutorial_is_shown_asks_for_the_game_it_keeps(watched, site) -> None:
    """The tutorial keeps the game in progress for later: a position link asks before it
    takes that game's place too."""
    page = watched.page
    page.route(f"{site.url}positions/lesson.json", lambda route: route.fulfill(json=LESSON))
    game = game_in_progress(page, site.url)
    load(page, f"{site.url}?tutorial=1&position=positions/lesson.json&lang=en&speed=0")
    asked(page, game)
    keep_mine(page, game)


def test_a_puzzle_link_asks_before_it_replaces_a_game_in_progress(watched, site) -> None:
    page = watched.page
    game = game_in_progress(page, site.url)
    address = f"{site.url}?puzzle=3&lang=da&speed=0"
    load(page, address)
    asked(page, game, "da")
    expect(page.locator(BOX)).to_be_hidden()
    keep_mine(page, game)
    wait_for_turn(page, 0)
    play_turn(page)  # the game goes on, and is saved as ever
    assert same_game(page, game) and len(stored(page)["moves"]) > len(json.loads(game)["moves"])
    game = page.evaluate("localStorage.getItem('skipbo.current')")
    load(page, address)
    asked(page, game, "da")
    take_link(page)
    expect(page.locator(BOX)).to_have_attribute("data-puzzle", "3")
    expect(page.locator(BOX)).to_have_attribute("data-status", "open")
    assert stored(page, "skipbo.match")["origin"] == "puzzle=3"
    click_move(page, "H2>B1")
    expect(page.locator('[data-slot="B1"]')).to_have_attribute("data-top", "2")
    load(page, address)  # the same address again: the try goes on, no question
    assert notices(page) == []
    expect(page.locator(BOX)).to_have_attribute("data-puzzle", "3")
    expect(page.locator('[data-slot="B1"]')).to_have_attribute("data-top", "2")


def test_a_link_replaces_a_game_nobody_has_moved_in_without_asking(watched, site) -> None:
    page = load(watched.page, f"{site.url}?seed=5&lang=en&speed=0")
    load(page, f"{site.url}?puzzle=3&lang=en&speed=0")
    assert notices(page) == []
    expect(page.locator(BOX)).to_have_attribute("data-puzzle", "3")
    load(page, f"{site.url}?pos={to_compact(LESSON)}&lang=en&speed=0")  # a puzzle not tried yet
    assert notices(page) == []
    lesson_table(page)
