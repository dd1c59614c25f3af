"""The position editor (issue 40, part 1) in the browser: a table built by taps on a phone
and by mouse on a desktop, its link copied and opened in a fresh context (the same table,
in the game and in the editor), "Play from here", a table the engine refuses shown at its
pile with no link, and a broken ``pos=`` with ``edit=1`` that changes nothing.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from playwright.sync_api import Browser, Page, expect
from skipbo_web.state.editor import Editor

from e2e.game_support import axe_scan, stored, table_state
from e2e.support import BOOT_TIMEOUT_MS, READY, Watched
from skipbo_core import to_compact

EDITOR = "[data-editor]"
LINK = "[data-editor-link] a"


def open_page(page: Page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)


def pile(page: Page, key: str):
    return page.locator(f'{EDITOR} .ed-pile[data-pile="{key}"]')


def place(page: Page, card: str, key: str, tap: bool) -> None:
    """Pick ``card`` from the palette, then tap (or click) pile ``key``."""
    for target in (page.locator(f'{EDITOR} [data-action="ed-card"][data-card="{card}"]'),
                   page.locator(f'{EDITOR} [data-action="ed-pile"][data-pile="{key}"]')):
        target.tap() if tap else target.click()


def press(page: Page, selector: str, tap: bool) -> None:
    target = page.locator(f"{EDITOR} {selector}")
    target.tap() if tap else target.click()


def the_built_table(page: Page) -> None:
    """The table both tests build: three players, 1 and a Skip-Bo card on building pile 1,
    a 7 on seat 0's first discard pile, its stock's top a 4, its hand 5 5 9."""
    me = page.locator('[data-seat="0"]')
    expect(me.locator('[data-slot="S"]')).to_have_attribute("data-top", "4")
    expect(page.locator('[data-slot="B1"]')).to_have_attribute("data-next", "3")
    expect(me.locator('[data-slot="D1"]')).to_have_attribute("data-top", "7")
    expect(page.locator("#table [data-seat]")).to_have_count(3)
    assert sorted(table_state(page)["hand"]) == ["5", "5", "9"]


def build(page: Page, tap: bool) -> None:
    """Build the_built_table in the open editor."""
    press(page, '[data-action="ed-players"][data-n="3"]', tap)
    expect(page.locator(EDITOR)).to_have_attribute("data-players", "3")
    place(page, "1", "B1", tap)
    place(page, "0", "B1", tap)
    place(page, "7", "0:D1", tap)
    place(page, "4", "0:S", tap)
    press(page, '[data-action="ed-clear"][data-pile="0:H"]', tap)
    place(page, "5", "0:H", tap)
    press(page, '[data-action="ed-pile"][data-pile="0:H"]', tap)  # the 5 is still picked
    place(page, "9", "0:H", tap)
    press(page, '[data-action="ed-turn"][data-seat="0"]', tap)
    expect(pile(page, "B1")).to_have_attribute("data-cards", "1 SB")
    expect(pile(page, "0:H")).to_have_attribute("data-cards", "5 5 9")
    expect(pile(page, "0:S")).to_have_attribute("data-cards", "4")
    expect(page.locator(EDITOR)).to_have_attribute("data-valid", "1")


def opens_the_same_table(browser: Browser, href: str, name: str = "") -> None:
    """``href`` in a fresh context plays the built table (seat 0 called ``name``, if
    given); with ``edit=1``, the editor has it."""
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        open_page(page, f"{href}&speed=0")
        the_built_table(page)
        if name:
            expect(page.locator('#table [data-seat="0"]')).to_contain_text(name)
        open_page(page, href.replace("?", "?edit=1&", 1))
        expect(page.locator(EDITOR)).to_be_visible()
        expect(page.locator(EDITOR)).to_have_attribute("data-players", "3")
        expect(pile(page, "B1")).to_have_attribute("data-cards", "1 SB")
        expect(pile(page, "0:D1")).to_have_attribute("data-cards", "7")
        expect(pile(page, "0:H")).to_have_attribute("data-cards", "5 5 9")
        expect(page.locator(LINK)).to_have_attribute("href", href)
        expect(page.locator(f'{EDITOR} input[name="editor-name"][data-seat="0"]')).to_have_value(name)
        level = re.search(r"&ai=(\w+)", href)
        expect(page.locator(f'{EDITOR} [data-action="ed-level"][aria-pressed="true"]')).to_have_attribute(
            "data-n", level[1] if level else "medium")
    finally:
        context.close()


def test_a_table_built_by_taps_on_a_phone_opens_again_from_its_link(browser: Browser, site) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True,
                                  service_workers="block")
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site.url.rstrip("/"))
    try:
        page = context.new_page()
        open_page(page, f"{site.url}?edit=1&lang=en&speed=0")  # edit=1 alone: the table on screen
        expect(page.locator(EDITOR)).to_be_visible()
        build(page, tap=True)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 360, f"the editor widens the phone's page to {width} px"
        href = page.locator(LINK).get_attribute("href")
        assert href is not None and "pos=p1." in href
        press(page, '[data-action="ed-copy"]', tap=True)
        expect(page.locator(f"{EDITOR} .ed-status")).to_have_text("The link is copied.")
        assert page.evaluate("navigator.clipboard.readText()") == href
        press(page, '[data-action="ed-copy-embed"]', tap=True)
        expect(page.locator(f"{EDITOR} .ed-status")).to_have_text("The embed code is copied: paste it into your page.")
        code = page.evaluate("navigator.clipboard.readText()")
        assert code == page.locator("[data-editor-embed]").inner_text()
        assert code.startswith('<iframe src="' + href.replace("?", "?embed=1&amp;", 1).replace("&lang", "&amp;lang"))
        assert 'width="360" height="640"' in code  # three players' smallest frame
    finally:
        context.close()
    opens_the_same_table(browser, href)


def test_a_table_built_by_mouse_plays_from_here_and_opens_from_its_link(browser: Browser, site) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800}, service_workers="block")
    try:
        page = context.new_page()
        open_page(page, f"{site.url}?seed=3&lang=de&speed=0")
        page.click('[data-action="new"]')
        page.click('#sheet [data-action="editor"]')  # "Tisch aufbauen", on the new-game screen
        expect(page.locator(f"{EDITOR} h2")).to_have_text("Tisch aufbauen")
        build(page, tap=False)
        page.fill(f'{EDITOR} input[name="editor-name"][data-seat="0"]', "Anna")
        page.keyboard.press("Tab")
        page.click(f'{EDITOR} [data-action="ed-level"][data-n="hard"]')
        expect(page.locator(LINK)).to_have_attribute("href", re.compile(r"&names=Anna%2C%2C&ai=hard&"))
        href = page.locator(LINK).get_attribute("href")
        # saved as a file, which opens in the editor again; a broken file changes nothing
        with page.expect_download() as download:
            page.click(f'{EDITOR} [data-action="ed-save"]')
        assert download.value.suggested_filename == "skipbo-position.json"
        saved = download.value.path()
        assert json.loads(Path(saved).read_text(encoding="utf-8"))["format"] == "skipbo-position"
        page.click(f'{EDITOR} [data-action="ed-clear"][data-pile="B1"]')
        expect(pile(page, "B1")).to_have_attribute("data-cards", "")
        files = page.locator(f'{EDITOR} input[name="editor-file"]')
        files.set_input_files(saved)
        expect(pile(page, "B1")).to_have_attribute("data-cards", "1 SB")
        expect(page.locator(f"{EDITOR} .ed-status")).to_have_text("Der Tisch aus der Datei ist im Editor.")
        files.set_input_files({"name": "broken.json", "mimeType": "application/json", "buffer": b'{"seats": '})
        expect(page.locator(f"{EDITOR} .ed-status")).to_have_text("Diese Stellung ist kein lesbares JSON.")
        expect(pile(page, "B1")).to_have_attribute("data-cards", "1 SB")
        page.click(f'{EDITOR} [data-action="ed-play"]')
        expect(page.locator(EDITOR)).to_have_count(0)
        the_built_table(page)
        expect(page.locator("#table")).to_have_attribute("data-turn", "0")
        expect(page.locator('[data-seat="1"]')).to_have_attribute("data-link", "computer")
    finally:
        context.close()
    opens_the_same_table(browser, href.replace("lang=de", "lang=en"), "Anna")


def test_a_table_the_engine_refuses_is_shown_at_its_pile_with_no_link(watched: Watched, site) -> None:
    page = watched.page
    open_page(page, f"{site.url}?edit=1&lang=en&speed=0")
    expect(page.locator(LINK)).to_have_count(1)
    hand = pile(page, "0:H")
    expect(hand).to_have_attribute("data-cards", re.compile(r"^\S+( \S+){4}$"))  # the table on screen: five cards
    place(page, "3", "0:H", tap=False)  # a sixth hand card
    expect(hand).to_have_attribute("data-problem", "1")
    expect(hand.locator(".ed-why")).to_have_text("a hand holds too many cards, or the player to move holds none")
    expect(page.locator(LINK)).to_have_count(0)
    expect(page.locator(f'{EDITOR} [data-action="ed-play"]')).to_be_disabled()
    expect(page.locator(f'{EDITOR} [data-action="ed-copy"]')).to_be_disabled()
    assert axe_scan(page) == []  # the sheet with a problem shown, read out and seen by all
    page.click(f'{EDITOR} [data-action="ed-pop"][data-pile="0:H"]')  # its top taken away: a table again
    expect(page.locator(LINK)).to_have_count(1)
    expect(hand).not_to_have_attribute("data-problem", "1")
    place(page, "5", "B1", tap=False)  # a 5 on an empty building pile
    expect(pile(page, "B1").locator(".ed-why")).to_have_text(
        "a building pile does not climb from 1 one number at a time")
    expect(page.locator(LINK)).to_have_count(0)
    page.click(f'{EDITOR} [data-action="ed-clear"][data-pile="B1"]')
    expect(page.locator(LINK)).to_have_count(1)


def test_a_broken_position_with_edit_gives_a_notice_and_changes_nothing(watched: Watched, site) -> None:
    page = watched.page
    open_page(page, f"{site.url}?seed=3&lang=en&speed=0")
    page.click('[data-seat="0"] [data-slot="H"][data-card="1"]')
    page.click('[data-slot="B1"]')
    save, before = stored(page), table_state(page)
    open_page(page, f"{site.url}?edit=1&pos=p1.not-a-position&lang=en&speed=0")
    expect(page.locator('[data-notice="position.bad"]')).to_contain_text("pos=")
    expect(page.locator(EDITOR)).to_have_count(0)
    assert table_state(page) == before and stored(page) == save
    # a good one opens the editor over the saved game, which stays as it was
    pos = to_compact(Editor.dealt(4, seed=2).position())
    open_page(page, f"{site.url}?edit=1&pos={pos}&names=Ada,Bo&ai=easy&lang=en&speed=0")
    expect(page.locator(EDITOR)).to_have_attribute("data-players", "4")
    expect(page.locator(f'{EDITOR} input[name="editor-name"][data-seat="1"]')).to_have_value("Bo")
    expect(page.locator("[data-notice]")).to_have_count(0)  # names= and ai= are the editor's: no game waits
    assert table_state(page) == before and stored(page) == save


def test_a_phone_on_its_side_builds_the_table_by_taps_too(browser: Browser, site) -> None:
    """740 x 360, opened from the bar's menu: the palette stays in sight above the piles and
    never covers the one tapped."""
    context = browser.new_context(viewport={"width": 740, "height": 360}, has_touch=True, is_mobile=True,
                                  service_workers="block")
    try:
        page = context.new_page()
        open_page(page, f"{site.url}?seed=3&lang=da&speed=0")
        page.locator('#bar [data-action="bar-menu"]').tap()  # the menu: "Byg et bord"
        page.locator('#bar [data-action="editor"]').tap()
        expect(page.locator(f"{EDITOR} h2")).to_have_text("Byg et bord")
        build(page, tap=True)
        palette = page.locator(f"{EDITOR} .ed-palette").bounding_box()
        assert palette["y"] >= 0 and palette["y"] + palette["height"] <= 360 / 2  # in sight, half the screen at most
        assert page.evaluate("document.documentElement.scrollWidth") <= 740
        expect(page.locator(LINK)).to_have_count(1)
    finally:
        context.close()
