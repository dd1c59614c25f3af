"""The computer's turn leaves a trace in the browser until you move: order numbers on the
piles its cards went to, one line in its area, and the move log with the newest first."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Browser

from e2e.game_support import open_game, over, play_turn, stored, wait_for_turn
from e2e.support import BOOT_TIMEOUT_MS, READY, Watched
from skipbo_core import Game


def expected(seat: int, e) -> tuple[str, str]:
    """Where a move's card went (the pile's selector) and the move in words, as written here."""
    m, card = e.move, "Skip-Bo" if e.card == 0 else str(e.card)
    if m.is_discard:
        return f'[data-seat="{seat}"] [data-slot="{m.target_slot}"]', f"discarded {card}"
    source = m.source_slot
    words = {"S": f"{card} from stock", "H": card}.get(source, f"{card} from discard pile {source[-1]}")
    return f'.center [data-slot="{m.target_slot}"]', f"{words} to pile {m.slot + 1}"


def test_the_computers_turn_is_marked_until_you_move(watched: Watched, site) -> None:
    page = open_game(watched.page, site.url, players=2, stock=5, ai="easy", seed=5)
    for _ in range(12):  # until the computer has played a card onto a building pile
        wait_for_turn(page)
        play_turn(page)
        wait_for_turn(page)
        assert not over(page)
        log = Game.from_record(stored(page)).log()
        mine = max(e.index for e in log if e.seat == 0)
        theirs = log[mine + 1:]
        if any(e.move.is_build for e in theirs) and page.locator('[data-seat="0"] [data-playable="1"]').count():
            break
    else:
        raise AssertionError("no turn in 12 where the computer built and you can build")
    numbers: dict[str, list[str]] = {}
    words = []
    for k, e in enumerate(theirs, start=1):
        where, said = expected(1, e)
        numbers.setdefault(where, []).append(str(k))
        words.append(said)
    for where, ns in numbers.items():
        pile = page.locator(where)
        assert pile.get_attribute("data-trace") == pile.locator(".trace-no").inner_text() == " ".join(ns)
    assert page.locator("[data-trace]").count() == len(numbers)
    head = page.locator('[data-seat="1"] .who')
    assert head.locator(".name").inner_text() == "Computer (easy):"  # the level stays by the name (issue 39 item 4)
    assert head.locator(".trace-line").inner_text() == ", ".join(words)
    assert head.locator(".trace-line").get_attribute("title") == "Computer: " + ", ".join(words)
    page.click(".log summary")  # the log: the newest move first
    items = page.locator(".log li")
    assert items.first.get_attribute("data-move") == str(theirs[-1].move)
    assert items.last.get_attribute("data-move") == str(log[0].move)
    assert items.first.bounding_box()["y"] < items.last.bounding_box()["y"]
    page.locator('[data-seat="0"] [data-playable="1"]').first.click()  # a card picked: still there
    assert page.locator("[data-trace]").count() == len(numbers)
    page.locator('[data-slot^="B"][data-legal="1"]').first.click()  # you moved: the trace is gone
    page.wait_for_selector("[data-trace], .trace-line", state="detached")
    assert "(easy)" in head.locator(".name").inner_text()


READABLE = """seat => {
  // the seat's area on the table, or its large copy while that is open
  const area = document.querySelector('dialog.zoom[open] .opp') || document.querySelector(`.opp[data-seat="${seat}"]`);
  const line = area.querySelector('.trace-line');
  const across = (r, b) => r.left >= b.left - 0.5 && r.right <= b.right + 0.5;
  const down = (r, b) => r.top >= b.top - 0.5 && r.bottom <= b.bottom + 0.5;
  const inside = (r, b) => across(r, b) && down(r, b);
  // an element's whole text on screen: every box that clips it holds it, and so does the screen
  const whole = e => {
    if (!e.getClientRects().length) return false;
    const range = document.createRange(); range.selectNodeContents(e);
    const text = range.getBoundingClientRect();
    let holder = e;  // the boxes that clip a positioned box: its containing block and theirs
    for (let a = e; a && a !== document.body; a = a.parentElement) {
      if (a !== holder.parentElement && a !== holder) continue;
      const st = getComputedStyle(a);
      // a box clips only along the axes whose overflow is not visible ('clip' may be one of them)
      const box = a.getBoundingClientRect();
      if ((st.overflowX !== 'visible' && !across(text, box)) || (st.overflowY !== 'visible' && !down(text, box)))
        return false;
      holder = ['absolute', 'fixed'].includes(st.position) ? a.offsetParent || a : a;
    }
    return inside(text, {left: 0, top: 0, right: innerWidth, bottom: innerHeight});
  };
  return whole(line) || [...area.querySelectorAll('*')].some(e => e.textContent.trim() === line.title && whole(e));
}"""
NAMES_FROM_THE_START = """() => [...document.querySelectorAll('#table .opp > .who')].every(who =>
  who.scrollLeft === 0
  && who.querySelector('.name').getBoundingClientRect().left >= who.getBoundingClientRect().left - 0.5)"""
PILES = """() => [...document.querySelectorAll('#table .pile, .me .hand > *')].map(e => {
  const r = e.getBoundingClientRect(); return [Math.round(r.left), Math.round(r.top)]; })"""


def after_the_computers(players: int) -> dict:
    """A game where the computers have just played a turn of several moves each and seat 0
    (a human) is to move."""
    import random

    from skipbo_core import Rules
    from skipbo_core.ai import get_bot
    for seed in range(100):
        game, bot, rng = Game.new(Rules(players=players, stock_size=10), seed=seed, first=0), get_bot("greedy"), \
            random.Random(seed)
        while not game.is_over and len(game.moves) < 40 * players:
            if game.current_seat == 0 and game.moves:
                log = game.log()
                theirs = log[max(e.index for e in log if e.seat == 0) + 1:]
                if len(theirs) >= 3 * (players - 1):
                    record = game.to_record()
                    computers = [{"name": "", "kind": "ai:easy"}] * (players - 1)
                    record["players"] = [{"name": "", "kind": "human"}, *computers]
                    return record
            game.play(bot(game.view(game.current_seat), game.legal_moves(), rng))
    raise AssertionError("no such game")


def tap_where_seen(page, seat: str) -> None:
    """A finger on the part of the seat's line that the screen shows (its header clips the
    rest; Playwright's own tap aims at the middle, which may be clipped away). A second tap
    at the same place takes the whole line away again."""
    x, y = page.evaluate(SEEN_PART, seat)
    page.touchscreen.tap(x, y)


SEEN_PART = """seat => {
  const area = document.querySelector(`.opp[data-seat="${seat}"]`);
  const r = area.querySelector('.trace-line').getBoundingClientRect();
  const b = area.querySelector('.who').getBoundingClientRect();
  const left = Math.max(r.left, b.left), right = Math.min(r.right, b.right, innerWidth);
  return [(left + right) / 2, (r.top + Math.min(r.bottom, b.bottom)) / 2];
}"""


@pytest.mark.parametrize("players", [3, 6])
@pytest.mark.parametrize("size", [(360, 740), (740, 360)], ids=["phone", "phone-sideways"])
def test_the_computers_turn_in_words_can_be_read_whole_on_a_phone(browser: Browser, site, size, players: int) -> None:
    """On a phone with three players or more the line was cut short ("11 from discard pile
    1 …") with no way to read the rest: a tap on it shows it whole, over the area, and
    moves nothing; another tap takes it away. Where the table shows no line (four to six
    players upright), a tap on the area shows it large, with the line whole."""
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, has_touch=True, is_mobile=True)
    page = context.new_page()
    match = {"version": 1, "target": None, "first": 0, "history": [], "game_no": 0, "seed": 1, "origin": ""}
    page.goto(site.url + "?lang=en&speed=0")
    page.evaluate("([r, m]) => { localStorage.clear(); localStorage.setItem('skipbo.current', r);"
                  " localStorage.setItem('skipbo.match', m); }", [json.dumps(after_the_computers(players)),
                                                                  json.dumps(match)])
    page.reload()
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    page.wait_for_timeout(100)
    seats = page.eval_on_selector_all(".opp .trace-line", "es => es.map(e => e.closest('.opp').dataset.seat)")
    assert len(seats) == players - 1
    where = page.evaluate(PILES)
    cut = [s for s in seats if not page.evaluate(READABLE, s)]
    assert cut, "every line already fits: this screen does not show the case"
    for seat in cut:
        line = page.locator(f'.opp[data-seat="{seat}"] .trace-line')
        if not line.is_visible():
            # four to six players on an upright phone: the table has room for the others'
            # cards, not for the line; a tap on the area shows it large, the line whole in it
            page.locator(f'.opp[data-seat="{seat}"] [data-slot="S"]').tap()
            page.wait_for_selector("dialog.zoom[open]")
            assert page.evaluate(READABLE, seat), f"seat {seat}: {line.get_attribute('title')!r} not whole, large"
            page.keyboard.press("Escape")
            page.wait_for_selector("dialog.zoom[open]", state="detached")
            continue
        tap_where_seen(page, seat)
        assert page.evaluate(READABLE, seat), f"seat {seat}: {line.get_attribute('title')!r} not readable whole"
        assert page.evaluate(PILES) == where, "something moved"
        tap_where_seen(page, seat)
        page.wait_for_timeout(50)
    assert page.evaluate(PILES) == where
    # what a browser's find-in-page or a screen reader does, bring each line into view, leaves
    # each header reading from its name's first letter (a scrollable header kept showing it
    # from the middle on after that)
    for seat in seats:
        if (line := page.locator(f'.opp[data-seat="{seat}"] .trace-line')).is_visible():
            line.scroll_into_view_if_needed()
    assert page.evaluate(NAMES_FROM_THE_START), "a header shows its name from the middle on"
    context.close()
