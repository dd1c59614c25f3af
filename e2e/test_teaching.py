"""Teaching in the browser: a hint lights up a legal move, Undo in a practice game, the
"Why?" link to the rules page (under a sub-path), and the screen reader's live region.
Two page loads in all: each costs seconds here."""

from __future__ import annotations

from playwright.sync_api import expect

from e2e.game_support import axe_scan, open_game, stored, table_state, wait_for_turn
from e2e.support import ME, Watched, click_move, selector
from skipbo_core import Game, Rules
from skipbo_core.ai.hints import hint

SEED = 13  # the human starts with 1, 3, 5, 7, 12 in hand: the hint plays the 1


def deal(seed: int = SEED) -> Game:
    return Game.new(Rules(players=2, stock_size=5), seed=seed, first=0)


def announced(page) -> list[str]:
    return page.locator("#announce p").all_inner_texts()


def test_a_hint_shows_a_legal_move_and_undo_takes_it_back(watched: Watched, site) -> None:
    game = deal()
    expected = hint(game.view(0), game.legal_moves())
    assert str(expected.move) == "H1>B1"
    page = open_game(watched.page, site.url, players=2, stock=5, ai="medium", seed=SEED, practice=1)
    before, saved = table_state(page), stored(page)
    undo_button = page.locator('#assist [data-action="undo"]')
    assert undo_button.get_attribute("aria-disabled") == "true"
    page.keyboard.press("u")  # nothing to take back yet: it says so and changes nothing
    message = page.locator(".message")
    assert message.get_attribute("data-message") == "undo.none" and stored(page) == saved

    page.click('#assist [data-action="hint"]')
    assert message.get_attribute("data-message") == "hint.line"
    assert message.inner_text().startswith("Hint: Your 1 to building pile 1.")
    assert page.locator('[data-hint="1"]').count() == 2
    assert page.locator(selector("H1")).first.get_attribute("data-hint") == "1"
    assert page.locator(selector("B1")).get_attribute("data-hint") == "1"
    click_move(page, "H1>B1")  # playing the hinted move works
    assert stored(page)["moves"] == ["H1>B1"] and page.locator('[data-hint="1"]').count() == 0
    expect(page.locator("#announce p").last).to_have_text("You played 1 from your hand onto building pile 1.")

    assert undo_button.get_attribute("aria-disabled") is None
    undo_button.click()
    assert message.get_attribute("data-message") == "undo.done"
    assert table_state(page) == before and stored(page) == saved  # the save is the undone game

    page.keyboard.press("r")
    expect(page.locator("#announce p").first).to_have_text("Building piles need 1, 1, 1, 1.")
    assert announced(page)[1] == "Your hand: 1, 3, 5, 7, 12."


def test_why_opens_the_rule_and_the_computers_moves_are_announced(watched: Watched, site_under_path) -> None:
    page = open_game(watched.page, site_under_path.url, players=2, stock=5, ai="medium", seed=SEED)
    page.click(f'{ME} [data-slot="S"]')
    page.click(f'{ME} [data-slot="D1"]')
    why = page.locator(".message-row a.why")
    href = why.evaluate("a => a.href")
    assert href == f"{site_under_path.url}rules.html?lang=en#rule-discard"
    with page.context.expect_page() as opened:
        why.click()
    rules = opened.value
    rules.wait_for_load_state()
    assert rules.url == href
    expect(rules.locator("#rule-discard h2:visible, #rule-discard h3:visible").first).to_be_visible()
    rules.close()
    assert axe_scan(page) == []  # with the Why? link and the Hint/Undo/Read buttons

    page.keyboard.press("Escape")
    click_move(page, "H12>D1")  # the turn ends; the computer plays
    wait_for_turn(page)
    lines = announced(page)
    assert lines[:2] == ["You discarded 12 onto discard pile 1.", "Computer's turn."]
    assert any(line.startswith("Computer ") for line in lines[2:]) and lines[-1] == "Your turn."

    # Practice on the new-game screen: remembered with the settings and kept by the game
    page.click('[data-action="new"]')
    page.check('#setup input[name="practice"]')
    page.click('#setup [data-action="start"]')
    page.wait_for_function("() => !document.getElementById('sheet').open")
    assert stored(page, "skipbo.settings")["practice"] is True and stored(page, "skipbo.match")["practice"] is True
    assert "practice" not in (page.locator('#assist [data-action="undo"]').get_attribute("title") or "")
