"""Putting a card back: on a touch screen the page says how to do it by touch (a second
tap, not Esc), and a card dragged where it may not go comes back unpicked, its reason
standing clear of the players' names, at phone and desktop sizes."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from e2e.game_support import open_game, table_state
from e2e.support import Watched
from skipbo_core import Game, Rules

SIZES = [(360, 740), (390, 844), (740, 360), (1280, 800)]
# the area the refusal's note shares with the players' headers (their names), in px²
ON_NAMES = """() => { const n = document.querySelector('.refusal');
  if (!n || n.hidden) return null;
  const a = n.getBoundingClientRect();
  return [...document.querySelectorAll('#table .player > header')].map(h => {
    const b = h.getBoundingClientRect();
    const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
    const t = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
    return Math.max(w, 0) * Math.max(t, 0); }).reduce((x, y) => x + y, 0); }"""


def watch(browser: Browser, width: int, height: int, touch: bool) -> Watched:
    context = browser.new_context(viewport={"width": width, "height": height}, has_touch=touch, is_mobile=touch)
    page = context.new_page()
    w = Watched(page)
    page.on("console", lambda msg: w.errors.append(msg.text) if msg.type == "error" else None)
    page.on("pageerror", lambda exc: w.errors.append(f"uncaught: {exc}"))
    return w


@pytest.fixture
def sized(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Watched]:
    """A page of the size ``request.param`` (width, height), a touch screen below 1000 px."""
    width, height = request.param
    w = watch(browser, width, height, touch=width < 1000)
    yield w
    w.page.context.close()
    assert w.errors == []


def message(page: Page) -> str:
    return page.locator("#table .message").inner_text()


@pytest.mark.parametrize("lang,words", [("en", "tap the card again"), ("de", "noch einmal antippen"),
                                        ("da", "tryk på kortet igen")])
def test_on_a_touch_screen_a_picked_card_goes_back_by_a_second_tap(browser: Browser, site, lang: str,
                                                                    words: str) -> None:
    w = watch(browser, 360, 740, touch=True)
    page = open_game(w.page, site.url, players=2, stock=5, seed=3, lang=lang)
    card = page.locator('[data-seat="0"] [data-slot="H"]').first
    card.tap()
    assert page.locator('[data-selected="1"]').count() == 1
    assert words in message(page) and "Esc" not in message(page)
    card.tap()  # what the message said: the card goes back
    assert page.locator('[data-selected="1"]').count() == 0
    assert page.locator("#table .message").get_attribute("data-message") == "msg.cancelled"
    w.page.context.close()
    assert w.errors == []


@pytest.mark.parametrize("sized", SIZES, indirect=True, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("players", [2, 4])
def test_a_refused_drag_puts_the_card_back_unpicked(sized: Watched, site, players: int) -> None:
    game = Game.new(Rules(players=players, stock_size=5), seed=3, first=0)
    wrong = next(c for c in game.view(0).hand if c not in (0, 1, 2))  # fits no building pile (all need a 1)
    page = open_game(sized.page, site.url, players=players, stock=5, seed=3)
    card = f'[data-seat="0"] [data-slot="H"][data-card="{wrong}"]'
    for pile in ("B1", "B4"):
        page.drag_and_drop(card, f'[data-slot="{pile}"]')
        assert page.locator("#table .message").get_attribute("data-message") == "illegal.wrong-number"
        assert page.locator('[data-selected="1"]').count() == 0, "the refused card stays picked"
        assert page.evaluate(ON_NAMES) == 0, f"the reason covers a player's name ({pile})"
    page.locator('[data-seat="0"] [data-slot="D1"]').click()  # a tap on a pile now plays nothing
    assert table_state(page)["moves"] == []
    assert page.locator("#table .message").get_attribute("data-message") == "illegal.empty-source"
