"""Drops and rejoins on the link path (issue 38 part 2), two devices in the tests' network
namespace over a real WebRTC data channel: a guest closes its tab mid-game, the host's page
shows its seat away with the three choices and offers its invitation again; the host lets
the computer play the seat, which moves; a new guest opens the new invitation, the host
opens its reply, the seat is connected again and both tables show the same cards. And the
host's tab reloaded: its guest says it lost the table, the host's page offers the
invitation again, and the guest opens it in the same tab. The host ends the game for an
away seat; an invitation whose connection failed is offered again."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from e2e.game_support import moves_played, open_game, over, play_turn, wait_for_turn
from e2e.rtc_support import RtcPages, join_by_link
from e2e.support import BOOT_TIMEOUT_MS, READY
from e2e.test_together import guest_turn, shared
from tools.server import SiteServer

pytestmark = pytest.mark.netns

TIMEOUT = 20_000
AWAY = '#table [data-seat="1"][data-link="away"]'


def in_step(guest: Page, host: Page) -> None:
    """Until the guest's table shows the host's latest change; then both show the same cards."""
    guest.wait_for_function("n => document.getElementById('pairing').dataset.n === n",
                            arg=str(moves_played(host)), timeout=TIMEOUT)
    assert shared(guest) == shared(host)


def test_a_guest_who_left_is_played_by_the_computer_until_a_new_guest_takes_the_seat_again(
        rtc_pages: RtcPages, site: SiteServer) -> None:
    host = rtc_pages.new_page()
    open_game(host, site.url, players=2, remote=1, seed=5, stock=3)
    first_link = host.locator('[data-pairing="invite"][data-seat="1"] a')
    first_link.wait_for(timeout=TIMEOUT)
    first = first_link.get_attribute("href")
    guest = rtc_pages.new_page()
    join_by_link(guest, host, 1, TIMEOUT, paste=True)  # the host pastes the reply into the invitation
    assert host.locator(".away-choices").count() == 0  # nothing to choose while the seat is played

    play_turn(host, 0)  # mid-game: the host plays a turn, then the guest's device leaves in its turn
    host.wait_for_selector('#table[data-turn="1"]', timeout=TIMEOUT)
    guest.wait_for_selector('#table[data-turn="1"]', timeout=TIMEOUT)
    in_step(guest, host)
    guest.close()  # its tab closed

    host.wait_for_selector(AWAY, timeout=TIMEOUT)
    choices = host.locator('[data-seat="1"] .away-choices')
    assert choices.get_attribute("data-away") == "wait"
    assert host.locator('[data-seat="1"] [data-choice="wait"]').get_attribute("aria-pressed") == "true"
    size = host.viewport_size
    for width, height in ((360, 740), (740, 360), (size["width"], size["height"])):  # phones, then the desktop
        host.set_viewport_size({"width": width, "height": height})
        for button in choices.locator("button").all():
            box = button.bounding_box()
            assert box is not None and box["width"] >= 44 and box["height"] >= 44, box  # targets a finger hits
            assert 0 <= box["x"] and box["x"] + box["width"] <= width, (width, box)  # none cut off at the side
    again = host.locator('[data-pairing="invite"][data-seat="1"][data-state="away"] a')
    again.wait_for(timeout=TIMEOUT)
    assert again.get_attribute("href") != first  # a new link for the seat
    before = moves_played(host)
    host.wait_for_timeout(500)
    assert moves_played(host) == before and host.locator('#table[data-turn="1"]').count() == 1  # it waits

    host.locator('[data-seat="1"] [data-choice="computer"]').click()
    host.wait_for_selector('[data-seat="1"] .away-choices[data-away="computer"]', timeout=TIMEOUT)
    assert host.locator('[data-seat="1"] [data-choice="computer"]').get_attribute("aria-pressed") == "true"
    wait_for_turn(host, 0, timeout=TIMEOUT)  # the computer played the seat's turn through
    assert moves_played(host) > before and host.locator(AWAY).count() == 0
    assert host.locator('#table [data-seat="1"][data-link="computer"]').count() == 1  # who plays it now

    back = rtc_pages.new_page()  # another device (or the same person's page, reopened): no seat key
    join_by_link(back, host, 1, TIMEOUT, paste=True)
    assert host.locator(".away-choices").count() == 0
    in_step(back, host)
    if host.locator('#table[data-turn="0"]').count():
        play_turn(host, 0)  # the computer no longer plays the seat: its person does
        back.wait_for_selector('#table[data-turn="1"], #table[data-over="1"]', timeout=TIMEOUT)
        in_step(back, host)
        if not over(host):
            guest_turn(back)
            in_step(back, host)


def test_the_host_s_tab_reloaded_offers_the_invitation_again_and_its_guest_waits(
        rtc_pages: RtcPages, site: SiteServer) -> None:
    host = rtc_pages.new_page()
    open_game(host, site.url, players=2, remote=1, seed=8, stock=3)
    guest = rtc_pages.new_page()
    join_by_link(guest, host, 1, TIMEOUT, paste=True)
    play_turn(host, 0)
    in_step(guest, host)
    played = moves_played(host)

    host.reload()
    host.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    guest.wait_for_selector('#pairing:has-text("Waiting for the host")', timeout=TIMEOUT)
    assert guest.locator('#table [data-seat="1"].me').count() == 1  # its table stays in sight
    assert moves_played(host) == played  # the game was saved, as always
    host.wait_for_selector('[data-pairing="invite"][data-seat="1"] a', timeout=TIMEOUT)
    assert host.locator(AWAY).count() == 1 and host.locator('[data-seat="1"] .away-choices').count() == 1

    guest.locator('#table [data-seat="1"] [data-slot="H"]').last.click()
    guest.locator('#table [data-seat="1"] [data-slot="D1"]').click()  # a move now goes nowhere, and says why
    guest.wait_for_selector('#table .message:has-text("lost the connection")', timeout=TIMEOUT)
    assert moves_played(host) == played

    join_by_link(guest, host, 1, TIMEOUT, paste=True)  # the new invitation opened in the same tab: only its # changes
    in_step(guest, host)
    assert guest.locator('[data-pairing="reply"]').count() == 0
    if host.locator('#table[data-turn="1"]').count() and not over(host):
        guest_turn(guest)  # and it plays on
        in_step(guest, host)


def test_the_host_s_choice_to_let_the_computer_play_a_seat_outlives_a_reload(rtc_pages: RtcPages,
                                                                           site: SiteServer) -> None:
    host = rtc_pages.new_page()
    open_game(host, site.url, players=2, remote=1, seed=6, stock=3)
    play_turn(host, 0)
    host.wait_for_selector('#table[data-turn="1"]', timeout=TIMEOUT)  # its person never came
    host.locator('[data-seat="1"] [data-choice="computer"]').click()
    wait_for_turn(host, 0, timeout=TIMEOUT)
    played = moves_played(host)

    host.reload()
    host.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    assert moves_played(host) == played
    host.wait_for_selector('[data-pairing="invite"][data-seat="1"] a', timeout=TIMEOUT)  # offered again
    assert host.locator('#table [data-seat="1"][data-link="computer"]').count() == 1
    assert host.locator('[data-seat="1"] .away-choices').get_attribute("data-away") == "computer"
    if not over(host):
        play_turn(host, 0)
        wait_for_turn(host, 0, timeout=TIMEOUT)  # the computer played the seat's turn, as chosen before
        assert moves_played(host) > played + 1 or over(host)
    if not over(host):
        guest = rtc_pages.new_page()
        join_by_link(guest, host, 1, TIMEOUT, paste=True)  # its person is back: the computer stops
        assert host.locator(".away-choices").count() == 0
        in_step(guest, host)


def test_the_host_may_end_the_game_for_a_seat_whose_person_is_away(rtc_pages: RtcPages, site: SiteServer) -> None:
    host = rtc_pages.new_page()
    open_game(host, site.url, players=2, remote=1, seed=3, stock=3)
    host.locator('[data-pairing="invite"][data-seat="1"] a').wait_for(timeout=TIMEOUT)
    play_turn(host, 0)
    host.wait_for_selector('#table[data-turn="1"]', timeout=TIMEOUT)
    assert "not at the table" in host.locator("#table .message").inner_text()  # the game waits for them
    host.locator('[data-seat="1"] [data-choice="end"]').click()
    host.wait_for_selector('#table[data-over="1"]', timeout=TIMEOUT)
    assert host.locator(".away-choices").count() == 0
    assert host.locator('[data-pairing="invite"]').count() == 0 and host.locator("#pairing").is_hidden()


def test_an_invitation_whose_connection_failed_is_offered_again(rtc_pages: RtcPages, site: SiteServer) -> None:
    host = rtc_pages.new_page()
    open_game(host, site.url, players=2, remote=1, seed=4, stock=3)
    invite = host.locator('[data-pairing="invite"][data-seat="1"]')
    first = invite.locator("a").get_attribute("href", timeout=TIMEOUT)
    guest = rtc_pages.new_page()
    guest.goto(first)
    reply = guest.locator('[data-pairing="reply"] a').get_attribute("href", timeout=BOOT_TIMEOUT_MS)
    guest.close()  # gone before the host took its reply: no connection can be made
    invite.locator('input[name="reply"]').fill(reply)
    invite.locator('[data-action="pair-accept"]').click()
    host.wait_for_selector('[data-pairing="invite"][data-seat="1"]:has-text("no-path")', timeout=30_000)
    again = invite.locator("a")
    again.wait_for(timeout=TIMEOUT)
    assert again.get_attribute("href") != first and invite.get_attribute("data-state") == "waiting"
    assert host.locator(AWAY).count() == 1
