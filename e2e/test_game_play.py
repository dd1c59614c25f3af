"""Playing in the browser: a whole game by clicks, a refused move, resuming after a
reload, a turn by keyboard only, drag and drop, and the computer's speed.

Games are seeded through URL options (``?players=2&stock=5&ai=medium&seed=3``) so every
run deals the same cards; ``speed=0`` lets the computer play without pauses.
"""

from __future__ import annotations

from playwright.sync_api import Page
from skipbo_web.i18n import LANGUAGES
from skipbo_web.state.address import parse_url
from skipbo_web.state.controller import Controller
from skipbo_web.state.settings import Settings

from e2e.game_support import open_game, play_turn, stored, table_state, wait_for_turn
from e2e.support import Watched
from skipbo_core import Game, Move, Rules

SEED = 3


def deal(seed: int = SEED, stock: int = 5) -> Game:
    """The game the page deals for these URL options (seat 0 human, moves first)."""
    return Game.new(Rules(players=2, stock_size=stock), seed=seed, first=0)


def first_discard(seed: int) -> str:
    return next(str(m) for m in deal(seed).legal_moves() if m.target_text == "D1")


def computer_moves(seed: int, discard: str) -> int:
    """How many moves the computer makes in its first turn after ``discard``."""
    url = parse_url({"players": "2", "stock": "5", "ai": "medium", "seed": str(seed)}, Settings(), LANGUAGES)
    ctrl = Controller.start(url.settings, seed)
    ctrl.play(discard)
    n = 0
    while ctrl.ai_to_move and ctrl.game.current_seat == 1:
        ctrl.ai_move()
        n += 1
    return n


def test_a_whole_short_game_against_the_computer_by_clicks_only(watched: Watched, site) -> None:
    page = open_game(watched.page, site.url, players=2, stock=5, ai="medium", seed=SEED)
    turns = 0
    while True:
        wait_for_turn(page)
        if page.locator('#table[data-over="1"]').count():
            break
        play_turn(page)
        turns += 1
        assert turns < 200
    record = stored(page)
    assert record["result"]["reason"] in ("stock-empty", "stalled")
    assert Game.from_record(record).is_over  # the saved record replays under the engine's rules
    result = page.locator(".result")
    assert result.is_visible() and result.get_attribute("data-reason") == record["result"]["reason"]
    assert page.locator('.result [data-action="play-again"]').is_visible()
    page.click('.result [data-action="play-again"]')
    page.wait_for_selector("#table:not([data-over])")
    assert stored(page)["moves"] == []


def test_an_illegal_try_explains_itself_and_changes_nothing(watched: Watched, site) -> None:
    game = deal()
    legal = {str(m) for m in game.legal_moves()}
    card = next(c for c in sorted(set(game.view(0).hand)) if c != 0 and f"H{c}>B2" not in legal)
    page = open_game(watched.page, site.url, players=2, stock=5, ai="medium", seed=SEED)
    before, saved = table_state(page), stored(page)
    page.click(f'[data-seat="0"] [data-slot="H"][data-card="{card}"]')
    page.click('[data-slot="B2"]')
    message = page.locator(".message")
    assert message.get_attribute("data-message") == "illegal.wrong-number"
    assert message.inner_text() == f"Building pile 2 needs a 1 - this is a {card}."
    page.click('[data-seat="0"] [data-slot="S"]')
    page.click('[data-seat="0"] [data-slot="D1"]')
    assert message.inner_text().startswith("Stock cards cannot go to a discard pile")
    assert table_state(page) == before and stored(page) == saved
    page.keyboard.press("Escape")  # put the stock card back
    assert page.locator('[data-selected="1"]').count() == 0
    page.goto(site.url + "?lang=de")  # same game, German
    page.wait_for_selector('#table[data-ready="1"]')
    page.click('[data-seat="0"] [data-slot="S"]')
    page.click('[data-seat="0"] [data-slot="D1"]')
    assert "Vorratskarten" in message.inner_text()


def test_reloading_resumes_exactly_where_the_game_was(watched: Watched, site) -> None:
    page = open_game(watched.page, site.url, players=2, stock=5, ai="hard", seed=7)
    for _ in range(3):
        wait_for_turn(page)
        play_turn(page)
    wait_for_turn(page)
    before, saved = table_state(page), stored(page)
    assert len(saved["moves"]) == len(before["moves"]) > 3
    page.reload()  # the same address: the saved game, not a new deal
    page.wait_for_selector('#table[data-ready="1"]')
    assert table_state(page) == before and stored(page) == saved
    page.goto(site.url)  # no options at all: the saved game too
    page.wait_for_selector('#table[data-ready="1"]')
    assert table_state(page) == before
    play_turn(page)
    wait_for_turn(page)
    assert len(stored(page)["moves"]) > len(saved["moves"])


def hand_builds(game: Game) -> list:
    return [m for m in game.legal_moves() if m.is_build and m.from_hand]


def test_a_turn_by_keyboard_only(watched: Watched, site) -> None:
    seed = next(s for s in range(100) if hand_builds(deal(s)))  # a first hand with a building move
    game = deal(seed)
    build = hand_builds(game)[0]
    page = open_game(watched.page, site.url, players=2, stock=5, ai="medium", seed=seed)
    kb = page.keyboard
    index = list(game.view(0).hand).index(build.arg)
    kb.press(str(index + 1))  # pick hand card by position; focus jumps to a legal building pile
    assert page.locator('[data-selected="1"]').count() == 1
    focused = page.evaluate("document.activeElement.dataset.slot")
    assert focused.startswith("B") and page.evaluate("document.activeElement.dataset.legal") == "1"
    kb.press("Enter")
    assert table_state(page)["moves"] == [f"{build.source_text}>{focused}"]
    kb.press("s")  # the stock card: picked; Escape puts it back
    kb.press("Escape")
    assert page.locator('[data-selected="1"]').count() == 0
    # discard with Tab/arrows and Enter: hand card 1, then discard pile 3
    kb.press("1")
    kb.press("Shift+Digit3")
    assert page.evaluate("document.activeElement.dataset.slot") == "D3"
    kb.press("Enter")
    wait_for_turn(page)
    moves = table_state(page)["moves"]
    assert any(m.endswith(">D3") for m in moves) and moves[-1] and table_state(page)["turn"] == "0"
    kb.press("?")
    assert page.locator("#sheet[open] .help").is_visible()
    assert "Enter" in page.inner_text("#sheet .keys")
    kb.press("Escape")
    assert page.locator("#sheet[open]").count() == 0


def test_arrow_keys_move_between_piles(watched: Watched, site) -> None:
    page = open_game(watched.page, site.url, players=2, stock=5, ai="medium", seed=SEED)
    page.focus('[data-seat="0"] [data-slot="S"]')
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.slot") == "D1"
    page.keyboard.press("ArrowUp")
    assert page.evaluate("document.activeElement.dataset.slot").startswith("B")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    assert page.evaluate("document.activeElement.dataset.slot") == "H"


def test_drag_and_drop_with_the_mouse(watched: Watched, site) -> None:
    game = deal()
    move = next(m for m in game.legal_moves() if m.is_build)
    page = open_game(watched.page, site.url, players=2, stock=5, ai="medium", seed=SEED)
    source = ('[data-seat="0"] [data-slot="S"]' if move.source_text == "S"
              else f'[data-seat="0"] [data-slot="H"][data-card="{move.source_text[1:]}"]')
    page.drag_and_drop(source, f'[data-slot="{move.target_text}"]')
    assert table_state(page)["moves"] == [str(move)]
    # a drop where the card may not go changes nothing and says why
    wrong = next(c for c in game.view(0).hand if c not in (0, 1, 2))
    page.drag_and_drop(f'[data-seat="0"] [data-slot="H"][data-card="{wrong}"]', '[data-slot="B4"]')
    assert page.locator(".message").get_attribute("data-message") == "illegal.wrong-number"
    assert table_state(page)["moves"] == [str(move)]


def test_the_computer_plays_move_by_move_at_the_chosen_speed(watched: Watched, site) -> None:
    seed, discard = next((s, d) for s in range(100) for d in [first_discard(s)] if computer_moves(s, d) >= 3)
    page: Page = open_game(watched.page, site.url, players=2, stock=5, ai="medium", seed=seed, speed=2)
    page.click(f'[data-seat="0"] [data-slot="H"][data-card="{Move.parse(discard).source_text[1:]}"]')
    page.click('[data-seat="0"] [data-slot="D1"]')
    page.wait_for_selector('#table[data-turn="1"] .message[data-message="msg.ai_turn"]')
    counts = set()
    for _ in range(40):  # the log grows one move at a time while the computer plays
        counts.add(len(table_state(page)["moves"]))
        if table_state(page)["turn"] == "0":
            break
        page.wait_for_timeout(150)
    assert len(counts) >= 3
    assert page.locator("#bar select[name=speed]").input_value() == "2"
    page.select_option("#bar select[name=speed]", "0")
    assert stored(page, "skipbo.settings")["speed"] == 0


def test_the_keyboard_works_right_after_a_drag(watched: Watched, site) -> None:
    def fits(seed: int) -> bool:  # the stock card goes onto a pile by drag, then hand card 1 onto one too
        game = deal(seed)
        stock = next((m for m in game.legal_moves("S") if m.is_build), None)
        if stock is None:
            return False
        game.play(stock)
        return any(m.is_build and m.arg == game.view(0).hand[0] for m in game.legal_moves("H"))

    seed = next(s for s in range(83, 300) if fits(s))  # 83: the deal
    game = deal(seed)
    stock = next(m for m in game.legal_moves("S") if m.is_build)
    page = open_game(watched.page, site.url, players=2, stock=5, ai="medium", seed=seed)
    page.drag_and_drop('[data-seat="0"] [data-slot="S"]', f'[data-slot="{stock.target_text}"]')
    assert table_state(page)["moves"] == [str(stock)]
    page.keyboard.press("1")
    assert page.locator('[data-selected="1"]').count() == 1
    target = page.evaluate("document.activeElement.dataset.slot")
    page.keyboard.press("Enter")  # was swallowed: the drag's click guard waited for a mouse click
    assert len(table_state(page)["moves"]) == 2 and table_state(page)["moves"][1].endswith(f">{target}")
