"""Sound in a real browser: nothing before the first interaction, a move and a refused
move sound after it, the switch is remembered, sound=0 silences a visit, an embedded
table starts muted, and a browser without WebAudio stays silent without an error."""

from __future__ import annotations

from playwright.sync_api import Page

from e2e.game_support import open_game, play_turn, stored, wait_for_turn
from e2e.support import BOOT_TIMEOUT_MS, READY, Watched

SWITCH = '#bar [data-action="sound"]'
# a phone's vibration motor, as the page would call it: each pattern is noted
BUZZ = "window.__buzz = []; navigator.vibrate = p => { __buzz.push(Array.from(p)); return true; };"


def sounds(page: Page) -> tuple[str | None, int]:
    """(the last sound played, how many) as the page notes them."""
    root = "document.documentElement.dataset"
    got = page.evaluate(f"[{root}.soundPlayed || null, {root}.sounds]")
    return got[0], int(got[1] or 0)


def refuse_and_discard(page: Page) -> None:
    """A move the rules refuse (a 3 onto an empty building pile), then a discard."""
    page.click('[data-seat="0"] [data-slot="H"][data-card="3"]')
    page.click('[data-slot="B1"]')
    page.keyboard.press("Escape")
    play_turn(page)
    wait_for_turn(page)


def test_sounds_play_only_after_the_first_interaction(watched: Watched, site) -> None:
    page = open_game(watched.page, site.url, seed=3, players=3)
    assert page.locator(SWITCH).get_attribute("aria-pressed") == "true"
    assert sounds(page) == (None, 0)  # the page loaded and dealt: silence
    page.click('[data-seat="0"] [data-slot="H"][data-card="3"]')
    page.click('[data-slot="B1"]')
    assert sounds(page) == ("illegal", 1)
    page.keyboard.press("Escape")
    assert play_turn(page)[-1].endswith(">D1")
    wait_for_turn(page)
    played, count = sounds(page)
    assert played == "turn" and count >= 3  # your discard, the computers' moves, your turn again


def test_the_switch_is_remembered(watched: Watched, site) -> None:
    page = open_game(watched.page, site.url, seed=3, players=3)
    page.click(SWITCH)
    assert page.locator(SWITCH).get_attribute("aria-pressed") == "false" and stored(page, "skipbo.sound") is False
    page.reload()
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    assert page.locator(SWITCH).get_attribute("aria-pressed") == "false"
    refuse_and_discard(page)
    assert sounds(page) == (None, 0)
    page.click(SWITCH)
    assert stored(page, "skipbo.sound") is True
    page.click('[data-seat="0"] [data-slot="H"]')
    page.click('[data-slot="B4"]')
    assert sounds(page)[0] is not None


def test_sound_0_in_the_address_silences_one_visit(watched: Watched, site) -> None:
    page = open_game(watched.page, site.url, seed=3, players=3, sound=0)
    assert page.locator(SWITCH).get_attribute("aria-pressed") == "false"
    refuse_and_discard(page)
    assert sounds(page) == (None, 0) and stored(page, "skipbo.sound") is None
    open_game(page, site.url, seed=3, players=3, sound="loud")
    notice = page.locator('[data-notice="notice.bad_url"]')
    assert notice.is_visible() and "sound" in notice.inner_text()


def test_an_embedded_table_starts_muted(watched: Watched, site) -> None:
    page = open_game(watched.page, site.url, seed=3, embed=1)
    page.click(".menu summary")
    switch = page.locator('.menu-panel [data-action="sound"]')
    assert switch.get_attribute("aria-pressed") == "false"
    switch.click()
    assert stored(page, "skipbo.embed.sound") is True and stored(page, "skipbo.sound") is None


def test_without_webaudio_the_game_stays_silent_and_error_free(watched: Watched, site) -> None:
    page = watched.page
    page.add_init_script("delete window.AudioContext; delete window.webkitAudioContext;")
    open_game(page, site.url, seed=3, players=3)
    refuse_and_discard(page)
    assert sounds(page) == (None, 0)
    assert watched.errors == []  # (the fixture checks it again at the end)


def test_your_turn_buzzes_on_a_phone_unless_sound_is_off(watched: Watched, site) -> None:
    page = watched.page
    page.add_init_script(BUZZ)
    open_game(page, site.url, seed=3, players=3)
    assert page.evaluate("__buzz") == []  # dealt, your turn, but nobody has touched the page yet
    refuse_and_discard(page)  # the computers move, then it is your turn again: one buzz
    assert page.evaluate("__buzz") == [[60, 60, 60]]
    page.click(SWITCH)  # sound off: no buzz either
    play_turn(page)
    wait_for_turn(page)
    assert page.evaluate("__buzz") == [[60, 60, 60]]
    page.click(SWITCH)
    play_turn(page)
    wait_for_turn(page)
    assert page.evaluate("__buzz") == [[60, 60, 60]] * 2
