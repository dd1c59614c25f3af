"""The built site in headless Chromium: it boots offline, clicks become engine moves, the
bot answers, texts follow the language, and it works under a sub-path.

Every test's page is also checked (see ``watched`` in conftest.py) for console errors and
for requests to any host but 127.0.0.1.
"""

from __future__ import annotations

import importlib.metadata
from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import Page
from skipbo_web.i18n import LANGUAGES
from skipbo_web.state.address import parse_url
from skipbo_web.state.controller import Controller
from skipbo_web.state.settings import Settings

from e2e.game_support import table_state
from e2e.support import BOOT_TIMEOUT_MS, DIST, READY, Watched, click_move, selector
from skipbo_core import Game, Rules
from skipbo_core.cards import BUILDING_SLOTS

SEED = 3


def first_game() -> Game:
    """The game the page deals for ``?seed=SEED`` (the human is seat 0 and moves first)."""
    return Game.new(Rules(players=2), seed=SEED, first=0)


def logged_moves(page: Page) -> list[str]:
    # in play order: the log shows the newest first
    return page.eval_on_selector_all(".log [data-move]", "els => els.map(e => e.dataset.move).reverse()")


def test_page_becomes_ready_with_engine_version_from_the_wheel(watched: Watched, site) -> None:
    page = watched.open(site.url)
    wheel = next((DIST / "wheels").glob("skipbo_core-*.whl")).name
    shown = page.get_attribute("#version", "data-version")
    assert shown == importlib.metadata.version("skipbo_core") == wheel.split("-")[1]
    state = table_state(page)
    assert state["turn"] == "0" and state["over"] is None
    assert len(state["hand"]) == 5 and state["next"] == ["1", "1", "1", "1"]
    assert page.locator('[data-seat="1"] [data-slot="S"]').get_attribute("data-top") != ""
    assert page.locator('[data-seat="0"] [data-slot^="D"]').count() == 4


def test_a_clicked_move_reaches_the_engine(watched: Watched, site) -> None:
    game = first_game()
    move = next(m for m in game.legal_moves() if m.is_build)
    page = watched.open(site.url)
    page.locator(selector(move.source_text)).first.click()
    legal = page.eval_on_selector_all('[data-legal="1"]', "els => els.map(e => e.dataset.slot)")
    expected = {m.target_text for m in game.legal_moves() if m.source_text == move.source_text}
    assert set(legal) == expected  # highlights come from the engine's legal moves
    page.locator(selector(move.target_text)).first.click()
    game.play(move)
    view = game.view(0)
    state = table_state(page)
    assert state["moves"] == [str(move)]
    assert state["next"] == [str(n) for n in view.next_needed]
    assert sorted(state["hand"]) == sorted("SB" if c == 0 else str(c) for c in view.hand)


def test_an_illegal_try_shows_a_message_and_changes_nothing(watched: Watched, site) -> None:
    game = first_game()
    legal = {str(m) for m in game.legal_moves()}
    hand = sorted({c for c in game.view(0).hand if c != 0})
    move = next(f"H{c}>B{k}" for c in hand for k in range(1, BUILDING_SLOTS + 1) if f"H{c}>B{k}" not in legal)
    page = watched.open(site.url)
    before = table_state(page)
    click_move(page, move)
    message = page.locator(".message")
    assert message.get_attribute("data-message") == "illegal.wrong-number"
    assert "needs a 1" in message.inner_text()
    assert table_state(page) == before


def test_after_a_discard_the_bot_plays_its_turn(watched: Watched, site) -> None:
    move = next(str(m) for m in first_game().legal_moves() if m.target_text == "D1")
    page = watched.page
    page.goto(f"{site.url}?seed={SEED}&lang=en&speed=0")  # speed=0: the computer plays at once
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    click_move(page, move)
    page.wait_for_selector('#table[data-turn="0"]')
    state = table_state(page)
    url = parse_url({"seed": str(SEED)}, Settings(), LANGUAGES)
    host = Controller.start(url.settings, SEED)  # the page's own controller, run on the host
    assert host.play(move)
    while host.ai_to_move:
        host.ai_move()
    assert state["moves"][0] == move and len(state["moves"]) > 1
    assert state["moves"] == [str(e.move) for e in host.log]  # the computer's moves, exactly
    assert state["turn"] == str(host.game.current_seat) == "0"
    assert page.locator(".message").get_attribute("data-message") == "msg.your_turn"


def test_texts_follow_the_chosen_language(watched: Watched, site) -> None:
    page = watched.open(site.url, lang="de")
    assert page.get_attribute("html", "lang") == "de"
    assert page.inner_text('[data-action="new"]') == "Neues Spiel"
    page.click('[data-lang="da"]')
    assert page.get_attribute("html", "lang") == "da"
    assert page.inner_text('[data-action="new"]') == "Nyt spil"
    assert "Din tur" in page.inner_text(".message")


def test_new_game_deals_again(watched: Watched, site) -> None:
    page = watched.open(site.url)
    click_move(page, next(str(m) for m in first_game().legal_moves() if m.target_text == "D1"))
    assert logged_moves(page)
    page.click('[data-action="new"]')  # the new-game screen, filled with the last settings
    page.click('#sheet [data-action="start"]')
    assert logged_moves(page) == []
    assert table_state(page)["turn"] == "0"


def test_every_request_stays_on_127_0_0_1(watched: Watched, site) -> None:
    watched.open(site.url)
    hosts = {urlsplit(u).hostname for u in watched.requests}
    assert hosts == {"127.0.0.1"}
    assert any(u.endswith("pyodide.asm.wasm") for u in watched.requests)
    assert any(u.endswith("-py3-none-any.whl") for u in watched.requests)


def test_the_site_works_under_a_sub_path(watched: Watched, site_under_path) -> None:
    assert urlsplit(site_under_path.url).path == "/skipbo/"
    page = watched.open(site_under_path.url)
    move = next(str(m) for m in first_game().legal_moves() if m.is_build)
    click_move(page, move)
    assert logged_moves(page) == [move]
    paths = {urlsplit(u).path for u in watched.requests}
    assert paths and all(p.startswith("/skipbo/") for p in paths)


def test_the_built_site_names_no_outside_host() -> None:
    import build

    build.check_site(DIST)  # raises on any http(s) URL to another host in our files
    assert Path(DIST / "pyscript.json").is_file()


def test_without_query_parameters_a_random_game_starts(watched: Watched, site) -> None:
    page = watched.page
    page.goto(site.url)
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    assert page.get_attribute("html", "lang") == "en"  # Playwright's Chromium prefers en-US
    assert len(table_state(page)["hand"]) == 5
