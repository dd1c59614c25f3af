"""Two people play one game by link (issue 38 part 1), each on a device of their own (two
browser contexts in the tests' network namespace, a real WebRTC data channel): the host
starts a game with a seat for a person on another device, the guest opens the invitation,
the host opens the guest's reply in a new tab of its own browser, and both play by clicks;
both tables agree, and the guest never receives a card it may not see."""

from __future__ import annotations

import json
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page

from e2e.game_support import open_game, over, play_turn, table_state, wait_for_turn
from e2e.rtc_support import RtcPages, join_by_link
from e2e.support import BOOT_TIMEOUT_MS, READY
from tools.server import SiteServer

pytestmark = pytest.mark.netns

# Every string a page's data channels receive, kept in window.__got (before any script of the page).
RECEIVED = """(() => {
  const make = RTCPeerConnection.prototype.createDataChannel;
  window.__got = [];
  RTCPeerConnection.prototype.createDataChannel = function (...args) {
    const channel = make.apply(this, args);
    channel.addEventListener("message", (e) => window.__got.push(String(e.data)));
    return channel;
  };
})();"""
VIEW_FIELDS = {"rules", "seat", "current_seat", "turn", "hand", "hand_sizes", "stock_sizes", "stock_tops", "discards",
               "building", "next_needed", "draw_size", "completed_size", "stall_count", "partner", "result"}
TIMEOUT = 20_000


def shared(page: Page) -> dict[str, object]:
    """What both devices see alike: whose turn, the building piles, every stock and discard top."""
    state = table_state(page)
    tops = page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('#table section[data-seat]')]
      .map(s => [s.dataset.seat, [...s.querySelectorAll('[data-slot="S"], [data-slot^="D"]')]
        .map(p => p.dataset.top + '/' + p.dataset.count)]))""")
    return {"turn": state["turn"], "over": state["over"], "next": state["next"], "tops": tops}


def guest_turn(page: Page) -> int:
    """One turn of the guest (seat 1) by clicks; each move waits for the host's answer (the
    pairing panel's ``data-n``, the host's latest change, moves on). Returns the moves made."""
    me = '[data-seat="1"]'
    made = 0
    for _ in range(60):
        if over(page):
            return made
        n = page.get_attribute("#pairing", "data-n")
        source = page.locator(f'{me} [data-playable="1"]')
        builds = source.count() > 0
        if builds:
            source.first.click()
            page.locator('[data-slot^="B"][data-legal="1"]').first.click()
        else:
            page.locator(f'{me} [data-slot="H"]').last.click()
            page.locator(f'{me} [data-slot="D1"]').click()
        page.wait_for_selector(f'#pairing:not([data-n="{n}"])', state="attached", timeout=TIMEOUT)
        made += 1
        if not builds or page.locator('#table[data-turn="1"]').count() == 0:
            return made
    raise AssertionError("a turn of the guest that never ends")


def test_two_devices_play_one_game_by_link(rtc_pages: RtcPages, site: SiteServer) -> None:
    host = rtc_pages.new_page()
    open_game(host, site.url, players=2, remote=1, seed=11, stock=2)
    invitation = host.locator('[data-pairing="invite"][data-seat="1"] a')
    invitation.wait_for(timeout=TIMEOUT)
    assert host.locator('[data-seat="1"][data-link="away"]').count() == 1
    assert host.locator('[data-seat="0"][data-link="here"]').count() == 1

    guest = rtc_pages.new_page()
    tab = join_by_link(guest, host, 1, TIMEOUT, init_script=RECEIVED)
    assert guest.locator('[data-pairing="reply"]').count() == 0
    assert guest.evaluate("localStorage.getItem('skipbo.current')") is None  # no saved game of its own

    turns = {"host": 0, "guest": 0}
    for _ in range(40):
        if over(host):
            break
        turn = host.get_attribute("#table", "data-turn")
        if turn == "0":
            play_turn(host, 0)
            turns["host"] += 1
        else:
            guest.wait_for_selector('#table[data-turn="1"], #table[data-over="1"]', timeout=TIMEOUT)
            assert shared(guest) == shared(host)
            guest_turn(guest)
            turns["guest"] += 1
        wait_for_turn(host, 0 if host.get_attribute("#table", "data-turn") == "0" else 1, timeout=TIMEOUT)
        guest.wait_for_function("n => document.getElementById('pairing').dataset.n === n",
                                arg=str(host.evaluate("Number(document.querySelector('.log ol').dataset.count)")),
                                timeout=TIMEOUT)
        assert shared(guest) == shared(host)
        if min(turns.values()) >= 4 and not over(host):
            break
    assert min(turns.values()) >= 3, turns

    got = [json.loads(text) for text in guest.evaluate("window.__got")]
    assert got and got[0]["kind"] == "welcome" and {m["kind"] for m in got} <= {"welcome", "update", "over"}
    views = [m["view"] for m in got if "view" in m]
    assert views and all(set(v) == VIEW_FIELDS and v["seat"] == 1 for v in views)  # its own hand, no other
    assert all(len(v["hand"]) == v["hand_sizes"][1] for v in views)
    assert not any("record" in m for m in got) or over(host)  # the deck only at the end
    tab.close()


def in_step(guest: Page, host: Page) -> None:
    """Until the guest's table shows the host's latest change; then both show the same cards."""
    guest.wait_for_function("n => document.getElementById('pairing').dataset.n === n",
                            arg=str(host.evaluate("Number(document.querySelector('.log ol').dataset.count)")),
                            timeout=TIMEOUT)
    assert shared(guest) == shared(host)


def one_turn(host: Page, guest: Page) -> None:
    """A turn of the seat to move, the host's (0) or the guest's (1), by clicks; then the
    guest's table shows the host's."""
    if host.get_attribute("#table", "data-turn") == "0":
        play_turn(host, 0)
    else:
        guest.wait_for_selector('#table[data-turn="1"], #table[data-over="1"]', timeout=TIMEOUT)
        guest_turn(guest)
    in_step(guest, host)


def test_play_again_deals_a_new_game_to_the_same_seats(rtc_pages: RtcPages, site: SiteServer) -> None:
    host = rtc_pages.new_page()
    open_game(host, site.url, players=2, remote=1, seed=2, stock=1)
    guest = rtc_pages.new_page()
    join_by_link(guest, host, 1, TIMEOUT, paste=True)
    for _ in range(40):  # a whole game, one stock card each
        if over(host):
            break
        one_turn(host, guest)
    assert over(host)
    guest.wait_for_selector('#table[data-over="1"]', timeout=TIMEOUT)
    assert guest.locator('.result [data-action="play-again"]').count() == 0  # the host deals, not the guest
    assert guest.locator(".result .host-deals").count() == 1
    first = table_state(host)

    host.locator('[data-action="play-again"]').click()
    host.wait_for_selector("#table:not([data-over])", timeout=TIMEOUT)
    guest.wait_for_selector("#table:not([data-over])", timeout=TIMEOUT)  # the new deal, at its own seat
    assert table_state(host) != first
    assert guest.locator('#table [data-seat="1"].me').count() == 1 and guest.locator(".result").count() == 0
    assert host.locator('#table [data-seat="1"][data-link="connected"]').count() == 1  # nobody scans again
    assert host.locator('[data-pairing="invite"] a').count() == 0
    in_step(guest, host)
    for _ in range(2):  # and they play on
        one_turn(host, guest)


def test_each_device_keeps_its_own_language_and_the_links_carry_none_of_the_host_s_options(
        rtc_pages: RtcPages, site: SiteServer) -> None:
    host = rtc_pages.new_page()
    open_game(host, site.url, players=2, remote=1, seed=9, stock=2, lang="de", theme="dark")
    href = host.locator(f"{INVITE} a").get_attribute("href", timeout=TIMEOUT)
    assert urlsplit(href).query == "" and href.startswith(site.url.split("?")[0])  # the seat, and nothing else

    guest = rtc_pages.new_page(prefs={"lang": "da", "speed": 0})  # the guest's device speaks Danish
    guest.goto(href)
    guest.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    reply = guest.locator(f"{REPLY} a").get_attribute("href", timeout=TIMEOUT)
    assert urlsplit(reply).query == ""
    assert guest.evaluate("document.documentElement.lang") == "da"
    assert "sætter dig ved" in guest.locator("#pairing h2").inner_text()  # "You are joining ...'s table"
    assert guest.evaluate("document.documentElement.dataset.themeChoice") == "auto"  # nor the host's colours

    host.locator(f'{INVITE} input[name="reply"]').fill(reply)
    host.locator(f'{INVITE} [data-action="pair-accept"]').click()
    guest.wait_for_selector('#table [data-seat="1"].me', timeout=TIMEOUT)
    assert guest.evaluate("document.documentElement.lang") == "da"  # the host's table, in the guest's words
    assert host.evaluate("document.documentElement.lang") == "de"
    assert guest.evaluate("localStorage.getItem('skipbo.current')") is None


def test_a_bad_invitation_is_said_and_the_page_starts(rtc_pages: RtcPages, site: SiteServer) -> None:
    page = rtc_pages.new_page()
    page.goto(f"{site.url}?lang=en#join=pNotALink")
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    page.wait_for_selector('#notices:has-text("cannot be used (malformed)")', timeout=TIMEOUT)
    assert page.locator('[data-pairing="reply"]').count() == 0
    assert page.locator('#table [data-seat="0"][data-link="here"]').count() == 1


INVITE = '[data-pairing="invite"][data-seat="1"]'
REPLY = '[data-pairing="reply"]'
# Before any script of a page: a share sheet (which headless Chromium lacks), keeping what it was given.
SHARE_SHEET = "navigator.share = async (data) => { window.__shared = data.url; };"
# Before any script of a page: a browser that refuses every copy.
NO_COPY = "navigator.clipboard.writeText = () => Promise.reject(new DOMException('denied', 'NotAllowedError'));"


# a phone: a small touch screen with three device pixels to a CSS pixel, what a camera
# pointed at it sees
PHONE = {"viewport": {"width": 360, "height": 740}, "device_scale_factor": 3, "is_mobile": True, "has_touch": True}


def scanned(page: Page, selector: str) -> str:
    """What a camera app reads from the QR code at ``selector``: a screenshot of it, as the
    screen shows it, decoded by OpenCV's QR detectors ('' when they find no code)."""
    import cv2
    import numpy

    png = page.locator(selector).screenshot()
    image = cv2.imdecode(numpy.frombuffer(png, numpy.uint8), cv2.IMREAD_GRAYSCALE)
    # two detectors, as a camera app tries harder than one: OpenCV's first missed about one
    # valid code in three of these sizes (symbols equal to the qrcode package's, tests/web/test_qr.py)
    for detector in (cv2.QRCodeDetector(), cv2.QRCodeDetectorAruco()):
        text, _, _ = detector.detectAndDecode(image)
        if text:
            return text
    return ""


def touch_sizes(page: Page, selector: str) -> list[tuple[float, float]]:
    """Width and height of each button and field at ``selector``."""
    return [(box["width"], box["height"]) for el in page.locator(selector).all() if (box := el.bounding_box())]


def test_a_phone_camera_reads_the_invitation_and_the_reply_from_their_qr_codes(rtc_pages: RtcPages,
                                                                                 site: SiteServer) -> None:
    host = rtc_pages.new_page(**PHONE)
    host.context.add_init_script(NO_COPY)
    open_game(host, site.url, players=2, remote=1, seed=5)
    invitation = host.locator(f"{INVITE} a")
    invitation.wait_for(timeout=TIMEOUT)
    host.locator(f"{INVITE} svg.pair-qr").scroll_into_view_if_needed()
    assert scanned(host, f"{INVITE} svg.pair-qr") == invitation.get_attribute("href")
    sizes = touch_sizes(host, f"{INVITE} button, {INVITE} input")
    assert len(sizes) == 4 and all(w >= 44 and h >= 44 for w, h in sizes), sizes  # Copy, field, Connect, room code
    assert host.locator(f'{INVITE} [data-action="pair-share"]').count() == 0  # no share sheet in this browser
    host.locator(f'{INVITE} [data-action="pair-copy"]').click()
    host.wait_for_selector(f'{INVITE} .pair-note:has-text("did not let the page copy")', timeout=TIMEOUT)

    guest = rtc_pages.new_page(**PHONE)
    guest.context.add_init_script(SHARE_SHEET)
    guest.goto(invitation.get_attribute("href"))
    reply = guest.locator(f"{REPLY} a")
    reply.wait_for(timeout=BOOT_TIMEOUT_MS)
    guest.locator(f"{REPLY} svg.pair-qr").scroll_into_view_if_needed()
    assert scanned(guest, f"{REPLY} svg.pair-qr") == reply.get_attribute("href")
    guest.locator(f'{REPLY} [data-action="pair-share"]').click()
    guest.wait_for_function("window.__shared !== undefined", timeout=TIMEOUT)
    assert guest.evaluate("window.__shared") == reply.get_attribute("href")


def test_the_host_pastes_the_reply_and_bad_text_changes_nothing(rtc_pages: RtcPages, site: SiteServer) -> None:
    host = rtc_pages.new_page()
    open_game(host, site.url, players=2, remote=1, seed=7)
    invitation = host.locator(f"{INVITE} a")
    invitation.wait_for(timeout=TIMEOUT)
    href = invitation.get_attribute("href")

    guest = rtc_pages.new_page()
    guest.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site.url)
    guest.goto(href)
    guest.locator(f"{REPLY} a").wait_for(timeout=BOOT_TIMEOUT_MS)
    guest.locator(f'{REPLY} [data-action="pair-copy"]').click()  # the guest copies its reply...
    guest.wait_for_selector('#pairing .pair-note:has-text("The link is copied.")', timeout=TIMEOUT)
    copied = guest.evaluate("navigator.clipboard.readText()")
    assert copied == guest.locator(f"{REPLY} a").get_attribute("href")

    box, connect = host.locator(f'{INVITE} input[name="reply"]'), host.locator(f'{INVITE} [data-action="pair-accept"]')
    for text, said in [("let's play!", "not a reply to this invitation (malformed)"),
                       (href, "That is an invitation, not a reply"),
                       (copied.replace("#reply=", "#reply=p") + "x", "not a reply to this invitation (malformed)")]:
        box.fill(text)
        connect.click()
        host.wait_for_selector(f'{INVITE} .pair-note:has-text("{said}")', timeout=TIMEOUT)
        assert host.get_attribute(INVITE, "data-state") == "waiting"
        assert invitation.get_attribute("href") == href
        assert host.locator('[data-seat="1"][data-link="away"]').count() == 1
        assert guest.locator(REPLY).count() == 1  # the guest still waits for its host

    box.fill(f"Here is my reply: {copied} - see you!")  # ...and the host pastes it, words around it and all
    connect.click()
    host.wait_for_selector('[data-seat="1"][data-link="connected"]', timeout=TIMEOUT)
    guest.wait_for_selector('#table [data-seat="1"].me', timeout=TIMEOUT)
    assert len(host.context.pages) == 1  # no tab of the reply: the pasted text did it
    guest.wait_for_function("n => document.getElementById('pairing').dataset.n === n",
                            arg=str(host.evaluate("Number(document.querySelector('.log ol').dataset.count)")),
                            timeout=TIMEOUT)
    assert shared(guest) == shared(host)
