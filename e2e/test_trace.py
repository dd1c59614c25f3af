"""The computer's turn leaves a trace in the browser until you move: order numbers on the
piles its cards went to, one line in its area, and the move log with the newest first."""

from __future__ import annotations

from e2e.game_support import open_game, over, play_turn, stored, wait_for_turn
from e2e.support import Watched
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
    assert head.locator(".name").inner_text() == "Computer:"
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
