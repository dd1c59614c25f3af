"""Your piles stay where they are all game: your stock, your discard piles and the five
places of your hand do not move when you play a card, when a discard pile grows or when
the hand fills up again; nor do the other players' stocks and discard piles. (Your area
was centred and narrowed by one card width per hand card played: on a desktop your stock
moved x = 90, 144, 198, 252, 306 px and jumped back when five cards were drawn.)"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from e2e.game_support import click_one_move, fresh_visit, moves_played, open_game, over, wait_for_turn
from e2e.support import KeptTab, screen_tab_of

SCREENS = [(1280, 800), (360, 740), (740, 360)]
# where each piece is: your stock, discard piles and the hand's places, the others' piles
WHERE = """async () => {
  const landing = document.getAnimations().filter(a => a.effect && a.effect.getTiming().iterations !== Infinity);
  await Promise.race([Promise.all(landing.map(a => a.finished.catch(() => null))),  // cards still landing
                      new Promise(done => setTimeout(done, 3000))]);
  const out = {};
  const put = (name, e) => { const r = e.getBoundingClientRect();
    out[name] = [Math.round(r.left), Math.round(r.top), Math.round(r.width)]; };
  for (const area of document.querySelectorAll('#table [data-seat]')) {
    const seat = area.dataset.seat;
    for (const pile of area.querySelectorAll('[data-slot="S"], [data-slot^="D"]'))
      put(seat + ':' + pile.dataset.slot, pile.querySelector('.card'));
  }
  const places = document.querySelectorAll('.me .hand > :is(.hand-card, .hand-slot)');
  places.forEach((e, i) => put('hand ' + (i + 1), e));
  out.places = places.length;
  return out; }"""


@pytest.fixture(scope="module", params=SCREENS, ids=["desktop", "phone", "phone-sideways"])
def screen_tab(request, browser: Browser) -> Iterator[KeptTab]:
    yield from screen_tab_of(browser, *request.param)


@pytest.fixture
def screen(screen_tab: KeptTab) -> Page:
    return screen_tab.page


def play_and_look(page: Page, turns: int) -> list[dict]:
    """Play ``turns`` turns of seat 0 by clicks (every playable card onto a building pile,
    then the last hand card onto a discard pile, D1 to D4 in turn); where everything is
    after every move."""
    seen = [page.evaluate(WHERE)]
    for turn in range(turns):
        wait_for_turn(page)
        if over(page):
            break
        seen.append(page.evaluate(WHERE))  # the hand filled up again
        for _ in range(40):
            played = moves_played(page)
            click_one_move(page, discard=turn % 4 + 1)
            page.wait_for_function("n => +document.querySelector('.log ol').dataset.count > n", arg=played)
            page.wait_for_timeout(50)  # the fit runs after the table is drawn
            seen.append(page.evaluate(WHERE))
            if page.locator('#table[data-turn="0"]').count() == 0:
                break
    return seen


@pytest.mark.parametrize("options", [{"players": 2, "seed": 12}, {"players": 6, "seed": 7},
                                     {"players": 4, "teams": 1, "seed": 5}], ids=["2 players", "6 players", "teams"])
def test_your_piles_and_the_others_stay_where_they_are(screen: Page, site, options) -> None:
    fresh_visit(screen)
    open_game(screen, site.url, stock=12, **options)
    seen = play_and_look(screen, 4)
    first = seen[0]
    assert first["places"] == 5, "five places in your hand"
    assert len(seen) >= 10, "enough moves to see anything move"
    moved = {name: (where, now.get(name))
             for now in seen[1:] for name, where in first.items() if now.get(name) != where}
    assert moved == {}, moved


def test_a_refusal_and_its_why_link_move_nothing(screen: Page, site) -> None:
    """A refused move brings a "Why?" link to the line under the table; on a phone it took a
    line of its own, and the table shrank to make room."""
    fresh_visit(screen)
    open_game(screen, site.url, players=2, seed=3)
    before = screen.evaluate(WHERE)
    screen.locator('[data-seat="0"] [data-slot="H"]:not([data-playable="1"])').first.click()
    screen.click('[data-slot="B1"]')
    screen.wait_for_selector(".message-row .why")
    screen.wait_for_timeout(600)  # the pile's shake is over
    after = screen.evaluate(WHERE)
    assert {k: (v, after[k]) for k, v in before.items() if after[k] != v} == {}
