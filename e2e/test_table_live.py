"""The table as a card game, in the browser with the real Pyodide and wheel: it changes in
place (elements held before a pick or a refusal stay attached, the message line stays
one node, the move log stays open, focus stays put), cards move (the computer's at speed
2, none at speed 0, a fade instead with reduced motion; a dropped card settles from where it
was dropped; no copy left behind), and the
keyboard fixes (a card that fits no building pile keeps the focus, the game-over sheet
keeps the focus, Tab reaches your own cards before anybody else's)."""

from __future__ import annotations

from playwright.sync_api import Browser, Page

from e2e.game_support import open_game, play_turn, table_state, wait_for_turn
from e2e.support import ME, Watched
from skipbo_core import Game, Move, Rules

SEED = 3
MUTATIONS = """() => {
  window.__nodes = [];
  new MutationObserver(list => {
    for (const m of list) if (m.type === "childList")
      window.__nodes.push(m.target.closest(".message-row") ? "message" : (m.target.className || m.target.tagName));
  }).observe(document.getElementById("table"), {subtree: true, childList: true});
}"""
# Every running animation of a card on the table, each frame, with where the card is.
ANIMATIONS = """() => {
  window.__anims = [];
  const look = () => {
    for (const a of document.getAnimations()) {
      const el = a.effect && a.effect.target;
      if (!el || a.playState !== "running" || !el.classList || !el.classList.contains("card")) continue;
      const seat = el.closest("[data-seat]");
      window.__anims.push({where: seat ? "seat" + seat.dataset.seat : (el.closest("#table") ? "center" : "body"),
                           moves: a.effect.getKeyframes().some(k => k.transform && k.transform !== "none")});
    }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}"""


def deal(seed: int = SEED, stock: int = 5) -> Game:
    """The game the page deals for ``players=2&stock=5&seed=...`` (seat 0 moves first)."""
    return Game.new(Rules(players=2, stock_size=stock), seed=seed, first=0)


def refused_card(game: Game) -> int:
    """A hand card (not a Skip-Bo card) that may not go onto building pile 2."""
    legal = {str(m) for m in game.legal_moves()}
    return next(c for c in sorted(set(game.view(0).hand)) if c != 0 and f"H{c}>B2" not in legal)


def discard_move(game: Game) -> str:
    return next(str(m) for m in game.legal_moves() if m.target_text == "D1")


def test_a_pick_and_a_refusal_keep_every_element_and_the_focus(watched: Watched, site) -> None:
    card = refused_card(deal())
    page = open_game(watched.page, site.url, players=2, stock=5, ai="medium", seed=SEED)
    page.evaluate(MUTATIONS)
    pile = page.query_selector('[data-slot="B2"]')
    hand = page.query_selector(f'{ME} [data-slot="H"][data-card="{card}"]')
    status = page.query_selector('.message[role="status"]')
    hand.click()
    assert hand.get_attribute("data-selected") == "1" and pile.get_attribute("data-legal") is None
    assert hand.evaluate("e => e.isConnected && document.activeElement === e")  # focus stayed on the card
    assert page.evaluate("window.__nodes") in ([], ["message"])  # only the message's text was rewritten
    pile.click()
    assert status.get_attribute("data-message") == "illegal.wrong-number"
    assert status.inner_text() == f"Building pile 2 needs a 1 - this is a {card}."
    assert status.evaluate("e => e === document.querySelector('.message[role=status]')")  # the same node
    assert pile.evaluate("e => e.isConnected") and hand.evaluate("e => e.isConnected")
    assert set(page.evaluate("window.__nodes")) <= {"message"}
    assert table_state(page)["moves"] == []


def test_the_move_log_stays_open_and_grows_at_its_end(watched: Watched, site) -> None:
    game = deal()
    page = open_game(watched.page, site.url, players=2, stock=5, ai="medium", seed=SEED)
    page.click(".log summary")
    assert page.locator(".log").evaluate("e => e.open")
    discard = discard_move(game)
    page.click(f'{ME} [data-slot="H"][data-card="{Move.parse(discard).source_text[1:]}"]')
    page.click(f'{ME} [data-slot="D1"]')
    first = page.query_selector(".log li")
    wait_for_turn(page)
    assert page.locator(".log").evaluate("e => e.open")
    assert page.locator(".log li").count() > 1 and first.evaluate("e => e.isConnected")


def computer_turn_animations(page: Page, seed: int = SEED) -> list[dict]:
    """Discard to end the human's turn, let the computer play its turn; the running card
    animations seen meanwhile outside the human's own area."""
    discard = discard_move(deal(seed))
    page.click(f'{ME} [data-slot="H"][data-card="{Move.parse(discard).source_text[1:]}"]')
    page.click(f'{ME} [data-slot="D1"]')
    page.wait_for_timeout(100)
    page.evaluate(ANIMATIONS)
    wait_for_turn(page)
    page.wait_for_timeout(300)
    return [a for a in page.evaluate("window.__anims") if a["where"] != "seat0"]


def test_a_computer_move_flies_at_speed_2(watched: Watched, site) -> None:
    page = open_game(watched.page, site.url, players=2, stock=5, ai="medium", seed=SEED, speed=2)
    seen = computer_turn_animations(page)
    assert any(a["moves"] and a["where"] in ("center", "seat1") for a in seen), seen


def test_no_flight_at_speed_0(watched: Watched, site) -> None:
    page = open_game(watched.page, site.url, players=2, stock=5, ai="medium", seed=SEED, speed=0)
    assert computer_turn_animations(page) == []


def test_reduced_motion_fades_instead_of_flying(browser: Browser, site) -> None:
    context = browser.new_context(reduced_motion="reduce", service_workers="block")
    page = open_game(context.new_page(), site.url, players=2, stock=5, ai="medium", seed=SEED, speed=2)
    seen = computer_turn_animations(page)
    context.close()
    assert seen and not any(a["moves"] for a in seen)


def test_your_own_move_flies_to_its_pile(watched: Watched, site) -> None:
    seed = next(s for s in range(100) if any(m.is_build for m in deal(s).legal_moves()))
    move = next(m for m in deal(seed).legal_moves() if m.is_build)
    page = open_game(watched.page, site.url, players=2, stock=5, ai="medium", seed=seed, speed=2)
    page.evaluate(ANIMATIONS)
    source = (f'{ME} [data-slot="S"]' if move.source_text == "S"
              else f'{ME} [data-slot="H"][data-card="{move.source_text[1:]}"]')
    page.click(source)
    page.click(f'[data-slot="{move.target_text}"]')
    page.wait_for_timeout(150)
    assert table_state(page)["moves"] == [str(move)]
    assert any(a["moves"] and a["where"] == "center" for a in page.evaluate("window.__anims"))


def test_no_copy_of_a_moved_card_is_left_on_screen(watched: Watched, site) -> None:
    page = open_game(watched.page, site.url, players=2, stock=10, ai="medium", seed=11, speed=2)
    for _ in range(4):
        wait_for_turn(page)
        if page.locator('#table[data-over="1"]').count():
            break
        play_turn(page)
        wait_for_turn(page)
        page.wait_for_timeout(1200)  # every flight is over
        assert page.locator(".fly, .ghost").count() == 0


def test_a_card_that_fits_no_building_pile_keeps_the_focus(watched: Watched, site) -> None:
    game = deal()
    hand = list(game.view(0).hand)
    builds = {m.source_text for m in game.legal_moves() if m.is_build}
    index = next(i for i, c in enumerate(hand) if f"H{'SB' if c == 0 else c}" not in builds)
    page = open_game(watched.page, site.url, players=2, stock=5, ai="medium", seed=SEED)
    page.keyboard.press(str(index + 1))
    assert page.locator('[data-selected="1"]').count() == 1
    assert page.evaluate("document.activeElement.dataset.key") == f"H{index}"
    page.keyboard.press("Enter")  # on the picked card: puts it back, never a discard
    assert page.locator('[data-selected="1"]').count() == 0
    assert table_state(page)["moves"] == [] and table_state(page)["turn"] == "0"


def test_tab_reaches_your_own_cards_before_anybody_elses(watched: Watched, site) -> None:
    page = open_game(watched.page, site.url, players=3, stock=5, ai="medium", seed=SEED)
    page.focus('[data-action="read-table"]')  # the last control before the table
    keys = []
    for _ in range(20):
        page.keyboard.press("Tab")
        keys.append(page.evaluate("document.activeElement.dataset.key || ''"))
        if keys[-1].startswith("H"):
            break
    assert keys[-1].startswith("H"), keys
    assert "0:S" in keys and not any(k[:2] in ("1:", "2:") for k in keys), keys


def test_the_game_over_sheet_keeps_the_focus(watched: Watched, site) -> None:
    # a one-card stock whose card goes straight onto a building pile: the game ends at once
    seed = next(s for s in range(200) if "S>B1" in {str(m) for m in deal(s, stock=1).legal_moves()})
    page = open_game(watched.page, site.url, players=2, stock=1, ai="medium", seed=seed)
    page.click(f'{ME} [data-slot="S"]')
    page.click('[data-slot="B1"]')
    page.wait_for_selector('#table[data-over="1"] .result')
    assert page.evaluate("document.activeElement.closest('.result') !== null")
    for key in ["Tab"] * 7 + ["Shift+Tab"] * 9:
        page.keyboard.press(key)
        assert page.evaluate("document.activeElement.closest('.result') !== null"), key


def test_the_tutorial_says_why_a_move_was_refused_in_its_lesson_box(watched: Watched, site) -> None:
    from skipbo_web.state.tutorial import STEPS

    from e2e.test_tutorial import do_step, load, wait_step

    page = watched.page
    load(page, f"{site.url}?tutorial=1&lang=en&speed=0")
    wait_step(page, 0)
    index = 0
    while STEPS[index].key != "start_pile":
        index = do_step(page, index)
    page.click(f'{ME} [data-slot="H"][data-card="1"]')
    page.click('[data-slot="B2"]')  # legal, but not the lesson's move
    note = page.locator('#coach .coach-note[data-message="tut.refused_build"]')
    assert note.is_visible() and note.inner_text() == page.locator(".message").inner_text()
    box = note.bounding_box()
    assert box["y"] + box["height"] <= page.viewport_size["height"]  # in sight, not below the fold
    page.keyboard.press("Escape")
    page.click(f'{ME} [data-slot="H"][data-card="1"]')
    page.click('[data-slot="B1"]')  # the lesson's move: the note goes
    wait_step(page, index + 1)
    assert page.locator("#coach .coach-note").inner_text() == ""


def test_a_dropped_card_settles_from_where_it_was_dropped(watched: Watched, site) -> None:
    seed = next(s for s in range(100) if any(m.is_build for m in deal(s).legal_moves()))
    move = next(m for m in deal(seed).legal_moves() if m.is_build)
    wrong = next(c for c in deal(seed).view(0).hand if c not in (0, 1, 2))
    page = open_game(watched.page, site.url, players=2, stock=5, ai="medium", seed=seed, speed=2)
    page.evaluate(ANIMATIONS)
    source = (f'{ME} [data-slot="S"]' if move.source_text == "S"
              else f'{ME} [data-slot="H"][data-card="{move.source_text[1:]}"]')
    page.drag_and_drop(source, f'[data-slot="{move.target_text}"]')
    assert table_state(page)["moves"] == [str(move)]
    assert any(a["moves"] and a["where"] == "center" for a in page.evaluate("window.__anims"))
    page.drag_and_drop(f'{ME} [data-slot="H"][data-card="{wrong}"]', '[data-slot="B4"]')  # refused: it glides back
    assert table_state(page)["moves"] == [str(move)]
    page.wait_for_timeout(800)
    assert page.locator(".fly, .ghost").count() == 0
