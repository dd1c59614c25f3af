"""Joining by room code (issue 38, part 3): the host's invitation shows a short code; a
friend on another device types it under "Join a table" on the new-game screen; the pages
meet through a real MQTT broker (mosquitto, in the tests' network namespace: e2e/broker.py),
the host sees the joiner's name and lets them in (or not), and then both play over the same
data channel as on the link path. A code that no table answers, or that is not a code, is
said in the player's words and changes nothing."""

from __future__ import annotations

from collections.abc import Iterator
from urllib.parse import quote

import pytest
from playwright.sync_api import Page

from e2e import netns
from e2e.broker import Broker, Turn
from e2e.game_support import open_game, play_turn, wait_for_turn
from e2e.rtc_support import RtcPages
from e2e.support import BOOT_TIMEOUT_MS, READY
from e2e.test_together import guest_turn, shared
from tools.server import SiteServer

pytestmark = pytest.mark.netns

TIMEOUT = 20_000
INVITE = '[data-pairing="invite"][data-seat="1"]'


@pytest.fixture
def broker() -> Iterator[Broker]:
    started = Broker()
    yield started
    started.stop()


def newcomer(rtc_pages: RtcPages, site: SiteServer, broker: Broker, more: str = "") -> Page:
    """A first visit on another device, naming the tests' broker (and ``more`` options):
    the new-game screen is open."""
    page = rtc_pages.new_page()
    page.goto(f"{site.url}?lang=en&speed=0&relay={quote(broker.url)}{more}")
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    page.locator('input[name="room-code"]').wait_for(timeout=TIMEOUT)
    return page


def room_code(host: Page) -> str:
    """The host asks for its invitation's room code ("Make a room code") and reads it."""
    host.locator(f'{INVITE} [data-action="pair-code"]').click()
    code = host.locator(f"{INVITE} [data-room-code]")
    code.wait_for(timeout=TIMEOUT)
    return code.inner_text()


def type_code(page: Page, code: str, name: str = "") -> None:
    if name:
        page.locator('#setup input[name="name0"]').fill(name)
    page.locator('input[name="room-code"]').fill(code)
    page.locator('[data-action="pair-code-join"]').click()


def test_a_friend_types_the_room_code_and_the_host_lets_them_in(rtc_pages: RtcPages, site: SiteServer,
                                                                 broker: Broker) -> None:
    host = rtc_pages.new_page()
    open_game(host, site.url, players=2, remote=1, seed=11, stock=2, names="Ann", relay=broker.url)
    assert host.locator(f"{INVITE} [data-room-code]").count() == 0  # no relay is contacted unless asked
    shown = room_code(host)
    code = host.locator(f"{INVITE} [data-room-code]")
    assert len(shown) == 9 and shown[4] == "-" and shown.replace("-", "") == code.get_attribute("data-room-code")

    guest = newcomer(rtc_pages, site, broker)
    type_code(guest, f" {shown.lower().replace('-', ' ')} ", name="Bea")  # typed as a person may
    knock = host.locator(f'{INVITE} [data-knock="1"]')
    knock.wait_for(timeout=TIMEOUT)
    assert "Bea wants to take seat 2" in knock.inner_text()
    guest.wait_for_selector("#pairing:has-text(\"Ann's table has heard you\")", timeout=TIMEOUT)
    host.locator(f'{INVITE} [data-action="pair-refuse"]').click()  # not now...
    guest.wait_for_selector('#notices:has-text("The host did not let you in")', timeout=TIMEOUT)
    assert host.locator('[data-knock="1"]').count() == 0
    assert host.locator('[data-seat="1"][data-link="away"]').count() == 1

    guest.locator('[data-action="new"]').first.click()  # the new-game screen again
    type_code(guest, shown, name="Bea")  # ...then yes
    knock.wait_for(timeout=TIMEOUT)
    host.locator(f'{INVITE} [data-action="pair-let-in"]').click()
    host.wait_for_selector('[data-seat="1"][data-link="connected"]', timeout=TIMEOUT)
    guest.wait_for_selector('#table [data-seat="1"].me', timeout=TIMEOUT)
    assert guest.locator('[data-pairing="reply"]').count() == 0  # no reply link to carry: the relay took it

    play_turn(host, 0)  # a move each way, over the data channel
    guest.wait_for_selector('#table[data-turn="1"]', timeout=TIMEOUT)
    guest_turn(guest)
    wait_for_turn(host, 0, timeout=TIMEOUT)
    guest.wait_for_function("n => document.getElementById('pairing').dataset.n === n",
                            arg=str(host.evaluate("Number(document.querySelector('.log ol').dataset.count)")),
                            timeout=TIMEOUT)
    assert shared(guest) == shared(host)


def test_a_wrong_code_is_said_and_the_page_stays_its_own(rtc_pages: RtcPages, site: SiteServer,
                                                         broker: Broker) -> None:
    page = newcomer(rtc_pages, site, broker)
    type_code(page, "7K3Q-X9")
    page.wait_for_selector('#notices:has-text("“7K3Q-X9” is not a room code")', timeout=TIMEOUT)
    assert page.locator("#setup").count() == 1  # still on the new-game screen
    type_code(page, "7K3Q-X9MD")  # a code no table has (or whose game is over)
    page.wait_for_selector("#pairing:has-text(\"Looking for the table with the room code 7K3Q-X9MD\")",
                           timeout=TIMEOUT)
    page.wait_for_selector('#notices:has-text("No table answered the room code 7K3Q-X9MD within 20 seconds")',
                           timeout=30_000)
    assert page.locator("#pairing").is_hidden()
    assert page.locator('#table [data-seat="0"][data-link="here"]').count() == 1


def test_the_code_of_a_game_that_is_over_says_it_has_expired(rtc_pages: RtcPages, site: SiteServer,
                                                             broker: Broker) -> None:
    host = rtc_pages.new_page()
    open_game(host, site.url, players=2, remote=1, seed=3, stock=3, relay=broker.url)
    shown = room_code(host)
    play_turn(host, 0)
    host.wait_for_selector('#table[data-turn="1"]', timeout=TIMEOUT)
    host.locator('[data-seat="1"] [data-choice="end"]').click()  # the host ends the game: the code expires
    host.wait_for_selector('#table[data-over="1"]', timeout=TIMEOUT)

    guest = newcomer(rtc_pages, site, broker)
    type_code(guest, shown, name="Bea")
    guest.wait_for_selector('#notices:has-text("That table\'s game is over: its room code has expired")',
                            timeout=TIMEOUT)
    assert guest.locator('#table [data-seat="0"][data-link="here"]').count() == 1
    assert host.locator('[data-pairing="invite"]').count() == 0  # nothing was offered, nobody let in


def test_after_a_drop_the_same_code_brings_the_player_back(rtc_pages: RtcPages, site: SiteServer,
                                                           broker: Broker) -> None:
    host = rtc_pages.new_page()
    open_game(host, site.url, players=2, remote=1, seed=5, stock=3, relay=broker.url)
    shown = room_code(host)
    for name in ("Bea", "Bea again"):  # the second time on a page opened anew, as after a lost phone
        guest = newcomer(rtc_pages, site, broker)
        type_code(guest, shown, name=name)
        host.locator(f'{INVITE} [data-knock="1"]:has-text("{name} wants")').wait_for(timeout=TIMEOUT)
        host.locator(f'{INVITE} [data-action="pair-let-in"]').click()
        host.wait_for_selector('[data-seat="1"][data-link="connected"]', timeout=TIMEOUT)
        guest.wait_for_selector('#table [data-seat="1"].me', timeout=TIMEOUT)
        if name == "Bea":
            play_turn(host, 0)
            guest.wait_for_selector('#table[data-turn="1"]', timeout=TIMEOUT)
            guest.close()  # its tab closed: the seat is away, and the code still takes it
            host.wait_for_selector('#table [data-seat="1"][data-link="away"]', timeout=TIMEOUT)
            assert host.locator(f"{INVITE} [data-room-code]").inner_text() == shown
    guest.wait_for_function("n => document.getElementById('pairing').dataset.n === n",
                            arg=str(host.evaluate("Number(document.querySelector('.log ol').dataset.count)")),
                            timeout=TIMEOUT)
    assert shared(guest) == shared(host)
    guest_turn(guest)  # and it plays on


# Before any script of a page: every connection only through a TURN server (as between two
# networks that keep devices apart), which the page's own options do not ask for.
RELAY_ONLY = """(() => {
  const Native = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends Native {
    constructor(config = {}, ...rest) { super({...config, iceTransportPolicy: "relay"}, ...rest); }
  };
})();"""


def test_through_a_turn_server_when_the_devices_cannot_reach_each_other(rtc_pages: RtcPages, site: SiteServer,
                                                                       broker: Broker) -> None:
    turn = Turn(netns.V0)
    try:
        host = rtc_pages.new_page()
        host.context.add_init_script(RELAY_ONLY)
        open_game(host, site.url, players=2, remote=1, seed=11, stock=2, relay=broker.url, ice=turn.ice)
        shown = room_code(host)
        guest = rtc_pages.new_page()
        guest.context.add_init_script(RELAY_ONLY)
        guest.goto(f"{site.url}?lang=en&speed=0&relay={quote(broker.url)}&ice={quote(turn.ice)}")
        guest.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
        type_code(guest, shown, name="Bea")
        host.locator(f'{INVITE} [data-knock="1"]').wait_for(timeout=TIMEOUT)
        host.locator(f'{INVITE} [data-action="pair-let-in"]').click()
        host.wait_for_selector('[data-seat="1"][data-link="connected"]', timeout=TIMEOUT)
        guest.wait_for_selector('#table [data-seat="1"].me', timeout=TIMEOUT)
        assert rtc_pages.candidates and all(" typ relay " in c for c in rtc_pages.candidates), rtc_pages.candidates
        play_turn(host, 0)
        guest.wait_for_selector('#table[data-turn="1"]', timeout=TIMEOUT)
        guest_turn(guest)
        wait_for_turn(host, 0, timeout=TIMEOUT)
    finally:
        turn.stop()

