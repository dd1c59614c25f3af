"""Cards that move, watched frame by frame in the browser (real Pyodide and wheel): a
completed building pile visibly leaves for the completed cards beside the draw pile, and
the cards drawn into your hand come from the draw pile. Also: the page's own measure of
what the animations cost the main thread (``skipbo:flight``, see page_motion) stays far
under a long task for every move of a computer turn at speed 2."""

from __future__ import annotations

import json
import random

from playwright.sync_api import Page
from skipbo_web.state.controller import Controller
from skipbo_web.state.settings import Seat, Settings

from e2e.game_support import open_game, table_state, wait_for_turn
from e2e.support import ME, READY, Watched
from e2e.tasks import longest, main_thread_tasks
from skipbo_core import Game, Move, Rules
from skipbo_core.ai import get_bot

# Every frame: where each flying copy (.fly) is, its centre relative to the viewport.
COPIES = """() => {
  window.__copies = [];
  const look = () => {
    for (const el of document.querySelectorAll("body > .card.fly")) {
      const r = el.getBoundingClientRect();
      window.__copies.push({x: r.left + r.width / 2, y: r.top + r.height / 2,
                            opacity: parseFloat(getComputedStyle(el).opacity)});
    }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}"""
# Every animation of a hand card of yours: the card and its first keyframe's offset.
ARRIVALS = """() => {
  window.__arrivals = new Map();
  const look = () => {
    for (const a of document.getAnimations()) {
      const el = a.effect && a.effect.target;
      if (!el || !el.matches || !el.matches('.me [data-slot="H"][data-card]') || window.__arrivals.has(a)) continue;
      const found = /translate\\(([-\\d.]+)px, ([-\\d.]+)px\\)/.exec(a.effect.getKeyframes()[0].transform || "");
      if (found) window.__arrivals.set(a, [el, parseFloat(found[1]), parseFloat(found[2])]);
    }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}"""
# Where each of those cards started, relative to the centre of the draw pile.
STARTS = """() => {
  const d = document.querySelector(".drawpile").getBoundingClientRect();
  return [...window.__arrivals.values()].map(([el, dx, dy]) => {
    const r = el.getBoundingClientRect();
    return {card: el.dataset.card, width: r.width, connected: el.isConnected,
            x: r.left + r.width / 2 + dx - (d.left + d.width / 2),
            y: r.top + r.height / 2 + dy - (d.top + d.height / 2)};
  });
}"""


def centre(page: Page, selector: str) -> tuple[float, float]:
    box = page.locator(selector).bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def near(point: dict, at: tuple[float, float], within: float) -> bool:
    return abs(point["x"] - at[0]) <= within and abs(point["y"] - at[1]) <= within


def before_a_completing_move(seed: int = 5) -> tuple[Controller, Move]:
    """A game against the computer (stock 10), played by bots on the host until you could
    complete a building pile with a hand card; the controller and that move."""
    seats = tuple(Seat("", "human" if i == 0 else "medium") for i in range(6))
    ctrl = Controller.start(Settings(players=2, seats=seats, stock=10), seed=seed)
    mine, rng = get_bot("medium"), random.Random(seed)
    while not ctrl.game.is_over:
        game = ctrl.game
        if ctrl.ai_to_move:
            ctrl.ai_move()
            continue
        needed = game.next_needed()
        done = [m for m in game.legal_moves(source="H") if m.is_build and needed[m.slot] == 12]
        if done:
            return ctrl, done[0]
        assert ctrl.play(str(mine(game.view(0), game.legal_moves(), rng))).played
    raise AssertionError("no pile completed in this game")


def test_a_completed_pile_leaves_for_the_completed_cards(watched: Watched, site) -> None:
    ctrl, move = before_a_completing_move()
    page = watched.page
    page.goto(site.url + "?lang=en")
    page.evaluate("([r, m]) => { localStorage.setItem('skipbo.current', r); localStorage.setItem('skipbo.match', m); }",
                  [json.dumps(ctrl.record()), json.dumps(ctrl.match_data())])
    page.goto(site.url + "?lang=en&speed=3")  # the saved game, at the slowest speed
    page.wait_for_selector(READY)
    pile = f'[data-slot="{move.target_slot}"]'
    assert page.get_attribute(pile, "data-next") == "12"
    done_before = int(page.get_attribute(".drawpile [data-completed]", "data-completed"))
    at_pile, at_done = centre(page, pile), centre(page, ".drawpile .done")
    page.evaluate(COPIES)
    page.click(f'{ME} [data-slot="H"][data-card="{move.source_text[1:]}"]')
    page.click(pile)
    page.wait_for_timeout(1600)  # the pile's way out: 2.2 x 560 ms
    path = page.evaluate("window.__copies")
    assert table_state(page)["moves"][-1] == str(move)
    # the table itself: the pile is empty at once, its 12 cards counted beside the draw pile
    assert page.get_attribute(pile, "data-next") == "1"
    assert int(page.get_attribute(".drawpile [data-completed]", "data-completed")) == done_before + 12
    # the copy was seen on the pile, then travelling, and last near the completed cards, fading
    width = page.locator(pile).bounding_box()["width"]
    assert len(path) >= 10, path
    assert any(near(p, at_pile, width / 4) for p in path), (at_pile, path)
    assert near(path[-1], at_done, width) and path[-1]["opacity"] < 0.5, (at_done, path[-1])
    assert abs(path[-1]["x"] - at_pile[0]) + abs(path[-1]["y"] - at_pile[1]) > width, "the copy never left the pile"
    assert page.locator(".fly").count() == 0  # and it is gone when it arrived


def test_drawn_cards_come_from_the_draw_pile(watched: Watched, site) -> None:
    game = Game.new(Rules(players=2, stock_size=5), seed=3, first=0)
    discard = next(m for m in game.legal_moves() if m.is_discard)
    page = open_game(watched.page, site.url, players=2, stock=5, ai="medium", seed=3, speed=2)
    page.click(f'{ME} [data-slot="H"][data-card="{discard.source_text[1:]}"]')
    page.click(f'{ME} [data-slot="{discard.target_slot}"]')
    kept = len(table_state(page)["hand"])
    page.evaluate(ARRIVALS)
    wait_for_turn(page)  # the computer's last move ends its turn: you draw
    page.wait_for_timeout(800)
    drawn = 5 - kept
    starts = page.evaluate(STARTS)
    assert kept == 4 and len(table_state(page)["hand"]) == 5
    from_draw = [s for s in starts if s["connected"] and near(s, (0, 0), s["width"] / 3)]
    assert len(from_draw) == drawn, starts


def flight_costs(page: Page) -> list[float]:
    return page.evaluate("performance.getEntriesByName('skipbo:flight').map(e => e.duration)")


def test_the_animations_of_a_computer_turn_cost_the_main_thread_little(watched: Watched, site) -> None:
    """Each move's flight is measured by the page (``skipbo:flight``: measuring the cards
    before and after the patch and starting their animations); the animations themselves
    run on the compositor (transform and opacity only), so these few milliseconds are
    all that the main thread pays for them. No main-thread task of the turn (the
    computer's decisions, the patches and the flights) takes 60 ms of CPU time (clock
    times on a busy machine also count waits for a core: e2e/tasks.py)."""
    page = open_game(watched.page, site.url, players=2, stock=5, ai="medium", seed=29, speed=2)
    page.evaluate("""() => { window.__props = new Set();
      const look = () => { for (const a of document.getAnimations())
        for (const k of a.effect.getKeyframes()) for (const p of Object.keys(k))
          if (!["offset", "easing", "composite", "computedOffset"].includes(p)) window.__props.add(p);
        requestAnimationFrame(look); };
      requestAnimationFrame(look); }""")
    page.click(f'{ME} [data-slot="H"]')  # end the turn with a discard
    page.click(f'{ME} [data-slot="D1"]')
    with main_thread_tasks(page) as tasks:  # the computer's turn (its first move waits 600 ms)
        wait_for_turn(page)
        page.wait_for_timeout(600)  # the last flight lands
    moves = len(table_state(page)["moves"])
    costs = sorted(flight_costs(page))
    assert moves >= 3 and len(costs) == moves, (moves, costs)  # one measure per move, yours and the computer's
    assert costs[len(costs) // 2] < 50, costs  # clock times: a few ms each on a quiet machine
    cpu, wall = longest(tasks)
    print(f"\nflights: {costs} ms; longest task {cpu:.0f} ms CPU, {wall:.0f} ms on the clock")
    # the longest task of the computer's turn: 33-52 ms CPU on a
    # quiet machine here, before and after the scheduled render alike (6 runs each, 2026-12-07);
    # issue 39's aim is no task over 100 ms
    assert cpu < 60, (cpu, wall)
    assert set(page.evaluate("[...window.__props]")) <= {"transform", "opacity"}


def test_no_flight_is_measured_at_speed_0(watched: Watched, site) -> None:
    page = open_game(watched.page, site.url, players=2, stock=5, ai="medium", seed=29, speed=0)
    page.click(f'{ME} [data-slot="H"]')
    page.click(f'{ME} [data-slot="D1"]')
    wait_for_turn(page)
    assert flight_costs(page) == [] and page.evaluate("document.getAnimations().length") == 0


def test_a_computer_turn_leaves_the_page_s_language_alone(watched: Watched, site) -> None:
    """A move's redraw writes nothing that did not change: the page's language written
    again, even the same, has the browser restyle the whole page before a flight can
    measure where its cards start (``skipbo:flight`` twice as dear)."""
    page = open_game(watched.page, site.url, players=2, stock=5, ai="medium", seed=29, speed=2)
    page.evaluate("""() => { window.__lang = 0;
      new MutationObserver(list => { window.__lang += list.length; })
        .observe(document.documentElement, {attributes: true, attributeFilter: ["lang"]}); }""")
    page.click(f'{ME} [data-slot="H"]')  # end the turn with a discard
    page.click(f'{ME} [data-slot="D1"]')
    wait_for_turn(page)
    assert page.evaluate("window.__lang") == 0
