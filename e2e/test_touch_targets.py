"""On a touch screen every control is a finger's size, 44 x 44 px (WCAG 2.5.5; issue 39,
item 6): a 44 x 44 px square centred on it reaches it everywhere on screen. Before, at
740x360 the bar's theme, sound, ? and Records were 28 x 30 px, the languages 34 x 30 and
Hint, Undo and Read 30 px high (35 px on a phone upright), "Why?" 49 x 19, the result's
"Read the rule" 19 px high and the puzzle list's rows about 22 px. A mouse keeps the look."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from e2e.game_support import open_game
from e2e.support import BOOT_TIMEOUT_MS, KeptTab, screen_tab_of
from e2e.test_layout import resume

RECORDS = Path(__file__).resolve().parent.parent / "tests" / "data" / "records" / "valid"
SIZES = [(740, 360), (360, 740), (390, 844)]
# the controls in `sel` that a finger centred on them misses somewhere: every point on screen
# of a disc 44 px across (43 px, for the rounding) must meet the control or what it holds
MISSED = """sel => [...document.querySelectorAll(sel)]
  .filter(e => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden').map(e => {
    const r = e.getBoundingClientRect(), cx = r.left + r.width / 2, cy = r.top + r.height / 2;
    const missed = [];
    for (let i = 0; i <= 8; i++) for (let j = 0; j <= 8; j++) {
      const dx = -21.5 + i * 43 / 8, dy = -21.5 + j * 43 / 8, x = cx + dx, y = cy + dy;
      if (dx * dx + dy * dy > 21.5 * 21.5 + 0.01) continue;
      if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
      const hit = document.elementFromPoint(x, y);
      if (!hit || !e.contains(hit)) missed.push([Math.round(x), Math.round(y), hit && hit.className]);
    }
    return [e.dataset.action || e.dataset.lang || e.name || e.textContent.trim(),
            Math.round(r.width), Math.round(r.height), missed.length, missed[0]]; }).filter(c => c[3])"""
BAR = "#bar button, #bar select"


@pytest.fixture(scope="module", params=SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def touch_tab(request, browser: Browser) -> Iterator[KeptTab]:
    yield from screen_tab_of(browser, *request.param)


@pytest.fixture
def touch(touch_tab: KeptTab) -> Page:
    return touch_tab.page


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_bar_hint_undo_read_and_why_are_a_fingers_size(touch: Page, site, lang: str) -> None:
    page = open_game(touch, site.url, players=4, seed=5, lang=lang)
    page.evaluate("localStorage.clear()")
    assert page.evaluate("matchMedia('(pointer: coarse)').matches")
    assert page.evaluate(MISSED, f"{BAR}, #assist button") == []
    page.click('#bar [data-action="bar-menu"]')  # the rest of the bar: under More
    page.wait_for_selector('#bar[data-menu="open"]')
    shown = page.eval_on_selector_all(BAR, "es => es.filter(e => e.getClientRects().length).length")
    assert shown >= 11  # New game, More, the speed, three languages, theme, sound, ?, Records, Statistics
    assert page.evaluate(MISSED, "#bar-more button, #bar-more select") == []
    page.keyboard.press("Escape")
    # a refused move: the line under the table says why, with a link to the rule
    page.locator('[data-seat="0"] [data-slot="H"]:not([data-playable="1"])').first.click()
    page.click('[data-slot="B1"]')
    page.wait_for_selector(".message-row .why")
    page.wait_for_timeout(600)  # the pile's shake is over
    assert page.evaluate(MISSED, ".message-row .why") == []


def test_the_results_rule_link_is_a_fingers_size(touch: Page, site) -> None:
    record = json.loads((RECORDS / "2p-stalled.json").read_text())
    record["players"] = [{"name": "Ada", "kind": "human"}, {"name": "Bo", "kind": "ai:easy"}]
    resume(touch, site.url, record, lang="de")
    link = touch.locator(".result a.rule-link")
    link.scroll_into_view_if_needed()
    touch.wait_for_timeout(300)
    assert touch.evaluate(MISSED, ".result a.rule-link") == []


def test_the_puzzle_lists_rows_are_a_fingers_size(touch: Page, site) -> None:
    open_game(touch, site.url, players=2, seed=3)
    touch.click('#bar [data-action="new"]')  # the new-game screen, with its list of puzzles
    touch.wait_for_selector("#sheet[open] form#setup", timeout=BOOT_TIMEOUT_MS)
    touch.locator("#sheet").get_by_role("button", name="Puzzles", exact=True).click()
    rows = touch.locator('#sheet [data-action="puzzle-open"]')
    assert rows.count() > 20
    heights = rows.evaluate_all("es => es.map(e => e.getBoundingClientRect().height)")
    assert min(heights) >= 44, heights
    for number in (1, 8, 16):  # a finger meets the row whole, not the next one
        row = f'#sheet [data-action="puzzle-open"][data-puzzle="{number}"]'
        touch.eval_on_selector(row, "e => e.scrollIntoView({block: 'center'})")
        touch.wait_for_timeout(100)
        assert touch.evaluate(MISSED, row) == []


def test_a_mouse_keeps_the_bar_as_it_was(browser: Browser, site) -> None:
    """At 740x360 without touch the bar still shows every choice in its row, and New game its
    own height (the finger's hit area only comes with a touch screen)."""
    context = browser.new_context(viewport={"width": 740, "height": 360})
    page = open_game(context.new_page(), site.url, players=4, seed=5)
    assert not page.locator('#bar [data-action="bar-menu"]').is_visible()
    assert page.locator('#bar [data-action="help"]').is_visible()
    assert page.eval_on_selector('#bar [data-action="new"]', "e => getComputedStyle(e, '::after').content") == "none"
    context.close()
