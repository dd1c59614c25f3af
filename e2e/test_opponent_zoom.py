"""A tap on another player's area, with no card of yours picked, shows that area large: on
an upright phone with four to six players the others' discard piles are small (12-14 px
wide before), and the game depends on reading them (issue 39, item 3). The large copy
closes by a tap, Esc or its close button (a 44 x 44 px target); a tap on another's pile
with a card of yours picked is refused as before."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from e2e.game_support import open_game

PHONES = [(360, 740), (390, 844)]
ZOOM = "dialog.zoom[open]"
# the copy's piles: each top card's width and the size of its number
SEEN = """() => {
  const d = document.querySelector('dialog.zoom[open]');
  const close = d.querySelector('.zoom-close').getBoundingClientRect();
  const tops = [...d.querySelectorAll('.pile')].map(p => [...p.querySelectorAll('.card')].pop())
    .filter(c => c && c.querySelector('.big'))
    .map(c => [c.getBoundingClientRect().width, parseFloat(getComputedStyle(c.querySelector('.big')).fontSize)]);
  return {tops, close: [close.width, close.height], label: d.getAttribute('aria-label'),
          targets: d.querySelectorAll('[data-slot], [data-seat]').length};
}"""


@pytest.mark.parametrize("players", [4, 6])
@pytest.mark.parametrize("size", PHONES, ids=[f"{w}x{h}" for w, h in PHONES])
def test_a_tap_shows_another_players_area_large(browser: Browser, site, size, players: int) -> None:
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, has_touch=True, is_mobile=True)
    page = open_game(context.new_page(), site.url, players=players, teams=1, seed=5, lang="de")
    page.locator('[data-seat="1"] [data-slot="S"]').click()  # nothing of yours picked
    page.wait_for_selector(ZOOM)
    seen = page.evaluate(SEEN)
    assert seen["label"] == "Die Karten von Computer 1, groß"
    assert seen["tops"] and all(w >= 28 and font >= 14 for w, font in seen["tops"]), seen["tops"]
    assert seen["close"][0] >= 44 and seen["close"][1] >= 44, seen["close"]
    assert seen["targets"] == 0  # a picture: nothing in it is a pile to play on
    page.keyboard.press("Escape")
    page.wait_for_selector(ZOOM, state="detached")
    page.locator('[data-seat="1"]').click()  # anywhere on the area
    page.wait_for_selector(ZOOM)
    page.locator(f"{ZOOM} .zoom-close").click()
    page.wait_for_selector(ZOOM, state="detached")
    page.locator('[data-seat="1"] [data-slot="D1"]').click()
    page.wait_for_selector(ZOOM)
    page.locator(f"{ZOOM} .opp").click()  # a tap on the copy itself
    page.wait_for_selector(ZOOM, state="detached")
    # a finger's tap (touch events, not a mouse's click) on a pile opens it, and the click
    # that ends that tap does not close it again; a second tap does
    page.locator('[data-seat="1"] [data-slot="S"]').tap()
    page.wait_for_selector(ZOOM)
    page.wait_for_timeout(400)
    assert page.locator(ZOOM).count() == 1, "the tap that opened the large copy closed it"
    page.locator(f"{ZOOM} .opp").tap()
    page.wait_for_selector(ZOOM, state="detached")
    # a card of yours picked: a tap on another's pile is refused, as before
    page.locator('[data-seat="0"] [data-slot="H"]').first.click()
    page.locator('[data-seat="1"] [data-slot="D1"]').click()
    page.wait_for_selector(".refusal:not([hidden])", timeout=10_000)
    assert page.locator(ZOOM).count() == 0
    context.close()
