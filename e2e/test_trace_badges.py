"""The order numbers of the computer's moves (the small "1 2", "4 6 7" boxes) never hide the
top card of a building pile, on every screen and at every number of players (issue 39,
item 2). Before, boxes like "1 4 5 6 7 8 14 16" covered building piles 1 and 2 in six-player
team games on phones."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from e2e.game_support import resume
from e2e.support import KeptTab, screen_tab_of
from skipbo_core import Game, Rules

SCREENS = [(360, 740), (740, 360), (390, 844), (1280, 800)]
TABLES = [(2, None), (3, None), (4, True), (5, None), (6, True)]  # players, teams
# every building pile's top card: whether a badge's box meets it, and what a finger meets at its number
COVERED = """() => {
  const meet = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5
                         && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  const badges = [...document.querySelectorAll('#table .trace-no')].map(b => b.getBoundingClientRect());
  return [...document.querySelectorAll('.center .pile.build')].filter(p => p.querySelector('.card:not(.empty)'))
    .map(pile => {
      const r = [...pile.querySelectorAll('.card')].pop().getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return {slot: pile.dataset.slot, trace: pile.dataset.trace || '', under: badges.some(b => meet(b, r)),
              hidden: !(hit && pile.contains(hit)) || (hit.closest('.trace-no') !== null)};
    });
}"""


def traced_game(players: int, teams: bool | None) -> dict:
    """A game where, since your last move, the computer players put as many cards on the
    building piles as they could (the page numbers them): you are to move."""
    for seed in range(11, 100):
        game = Game.new(Rules(players=players, teams=teams), seed=seed, first=0)
        for _ in range(3 * players):  # three rounds: you discard, the others build all they can
            while True:
                seat, legal = game.current_seat, game.legal_moves()
                builds = [m for m in legal if m.is_build] if seat != 0 else []
                discards = [m for m in legal if m.is_discard]
                game.play((builds or discards or legal)[0])
                if game.is_over or game.current_seat != seat:
                    break
        since = len(game.moves) - next(i for i, e in enumerate(reversed(game.log())) if e.seat == 0)
        if game.current_seat == 0 and not game.is_over and any(m.is_build for m in game.moves[since:]):
            record = game.to_record()
            record["players"] = [{"name": "", "kind": "human"}] + [{"name": "", "kind": "ai:easy"}] * (players - 1)
            return record
    raise AssertionError("no deal where the computer builds")


@pytest.fixture(scope="module", params=SCREENS, ids=[f"{w}x{h}" for w, h in SCREENS])
def screen_tab(request, browser: Browser) -> Iterator[KeptTab]:
    yield from screen_tab_of(browser, *request.param)


def open_record(page: Page, url: str, record: dict) -> None:
    resume(page, url, record, lang="de")
    page.wait_for_timeout(100)  # the fit runs after the table is drawn


@pytest.mark.parametrize("table", TABLES, ids=[f"{n} players" + (" in teams" if t else "") for n, t in TABLES])
def test_order_numbers_never_hide_a_building_pile(screen_tab: KeptTab, site, table) -> None:
    page = screen_tab.page
    open_record(page, site.url, traced_game(*table))
    piles = page.evaluate(COVERED)
    assert any(p["trace"] for p in piles), piles  # the computer built: there are numbers to show
    hidden = [p for p in piles if p["under"] or p["hidden"]]
    assert hidden == [], f"building piles whose top card a badge covers: {hidden}"
