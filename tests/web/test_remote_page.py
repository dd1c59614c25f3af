"""The page's side of play across devices (issue 38 part 1), without a browser: the host's
table follows moves made on the host's page (``TableHost.follow``) and plays a guest's move
through the page (``apply``); the guest's table is drawn from its seat view (``seat_game``)
and sends its moves instead of playing them; the pairing panel's hooks; an invitation's
words (``read_meta``) read strictly."""

from __future__ import annotations

import json
from html import escape

import pytest
from skipbo_web.i18n import LANGUAGES, t
from skipbo_web.remote.guest import GuestTable
from skipbo_web.remote.host import Send, TableHost
from skipbo_web.remote.invites import read_meta, write_meta
from skipbo_web.remote.seat_game import seat_game
from skipbo_web.state.address import parse_url
from skipbo_web.state.controller import Controller
from skipbo_web.state.look import Look
from skipbo_web.state.pairing import CONNECTED, WAITING, Invite, Pairing
from skipbo_web.state.settings import Settings
from skipbo_web.views import qr
from skipbo_web.views.pairing import pairing_tree
from skipbo_web.views.table_model import table_model
from skipbo_web.views.table_view import table_tree
from skipbo_web.views.tree import to_html


def hosted() -> tuple[Controller, TableHost, GuestTable]:
    """A page's game with seat 1 on another device, its table, and a guest seated at it."""
    ctrl = Controller.start(parse_url({"players": "2", "remote": "1", "stock": "3"}, Settings(), LANGUAGES).settings,
                            9)
    table = TableHost(ctrl.game, ctrl.remote, apply=ctrl.remote_move)
    guest = GuestTable(table.invites.token(1), name="Bea")
    for out in table.receive("c1", guest.hello()):
        guest.receive(out.text)
    return ctrl, table, guest


def deliver(outs: list, guest: GuestTable) -> None:
    for out in outs:
        if isinstance(out, Send):
            guest.receive(out.text)


def test_moves_on_the_hosts_page_reach_the_guest_and_the_guests_go_through_the_page() -> None:
    ctrl, table, guest = hosted()
    assert guest.seated and guest.n == 0 and table.follow() == []
    while ctrl.game.current_seat == 0:
        ctrl.play(str(ctrl.game.legal_moves()[0]))
        deliver(table.follow(), guest)
        assert guest.n == len(ctrl.game.moves) and guest.view == ctrl.game.view(1)
    move = str(next(m for m in ctrl.game.legal_moves()))
    deliver(table.receive("c1", guest.play(move)), guest)
    assert str(ctrl.game.moves[-1]) == move and ctrl.log[-1].seat == 1  # played through the page's controller
    assert guest.n == len(ctrl.game.moves) and table.follow() == []  # told once


def test_the_guests_table_is_its_seat_and_sends_its_moves() -> None:
    ctrl, table, guest = hosted()
    while ctrl.game.current_seat == 0:
        ctrl.play(str(next(m for m in ctrl.game.legal_moves() if m.ends_turn)))
        deliver(table.follow(), guest)
    sent: list[str] = []
    seat = seat_game(guest, lambda move: sent.append(move))
    assert seat.viewer == 1 and seat.my_turn and seat.link_of(0) == "connected" and seat.link_of(1) == "here"
    assert seat.view() == guest.view
    html = to_html(table_tree(table_model(seat), Look("en")))
    assert html.count('data-link="here"') == 1 and 'class="player me" data-seat="1"' in html
    moves = len(seat.game.moves)
    legal = str(seat.game.legal_moves()[0])
    line, outcome = seat.play(legal)
    assert outcome.played is False and sent == [legal] and len(seat.game.moves) == moves
    assert line.message.key == "pair.sent"
    assert seat.play("S>B9").played is False and sent == [legal]  # bad notation: said here, never sent


def test_the_panel_shows_each_invitation_and_a_reply_with_their_hooks() -> None:
    ctrl, _, _ = hosted()
    for lang in LANGUAGES:
        look = Look(lang)
        panel = to_html(pairing_tree(Pairing("host", [Invite(1, "http://x/#join=pAAA", WAITING)]), ctrl, look))
        assert 'data-pairing="invite" data-seat="1"' in panel
        assert '<a class="pair-link" href="http://x/#join=pAAA"' in panel
        assert t(lang, "pair.copy") in panel and 'data-action="pair-share"' not in panel
        shared = to_html(pairing_tree(Pairing("host", [Invite(1, "http://x/#join=pAAA", WAITING)], share=True),
                                      ctrl, look))
        assert 'data-action="pair-share"' in shared
        done = to_html(pairing_tree(Pairing("host", [Invite(1, "http://x/#join=pAAA", CONNECTED)]), ctrl, look))
        assert "<a " not in done and "<svg" not in done  # a used invitation is no longer offered
        reply = to_html(pairing_tree(Pairing("guest", host="Ann <b>", reply="http://x/#reply=pBBB"), ctrl, look))
        assert 'data-pairing="reply"' in reply and 'href="http://x/#reply=pBBB"' in reply
        for html, link in ((panel, "http://x/#join=pAAA"), (reply, "http://x/#reply=pBBB")):
            code = qr.encode(link, "M")  # its QR code: dark modules on a light square, in any theme
            width = code.size + 2 * qr.QUIET
            assert (f'<svg class="pair-qr" role="img" aria-label="{escape(t(lang, "pair.qr"))}" '
                    f'viewBox="0 0 {width} {width}"') in html
            assert f'<rect width="{width}" height="{width}" fill="#fff"' in html
            assert f'<path d="{qr.svg_path(code)}" fill="#000"' in html
        assert "Ann &lt;b&gt;" in reply and "<b>" not in reply
    assert to_html(pairing_tree(None, ctrl, Look("en"))) == '<section id="pairing" class="pairing"></section>'
    long_link = "http://x/#join=p" + "A" * 2400  # more than a QR code holds: the link alone
    panel = to_html(pairing_tree(Pairing("host", [Invite(1, long_link, WAITING)]), ctrl, Look("en")))
    assert f'href="{long_link}"' in panel and "<svg" not in panel and 'data-action="pair-copy"' in panel


@pytest.mark.parametrize("text", ["", "[]", '{"host": "A"}', '{"host": "A", "token": "no spaces"}',
                                  '{"host": 3, "token": "abc"}', '{"host": "A", "token": "abc", "x": 1}',
                                  '{"host": "' + "A" * 25 + '", "token": "abc"}', '{"host": {"a": 1}, "token": "a"}'])
def test_an_invitations_words_are_read_strictly(text: str) -> None:
    assert read_meta(text) is None


def test_an_invitations_words() -> None:
    assert read_meta(json.dumps({"host": " Ann\u202e ", "token": "abc-_9"})) == ("Ann", "abc-_9")
    assert read_meta(write_meta("Bo", "tok")) == ("Bo", "tok")


def test_at_the_end_a_guest_s_sheet_says_the_host_deals_the_next_game() -> None:
    """Only the host's page deals "Play again" (to the same seats): a guest's offers no
    game of its own over the host's table."""
    ctrl, table, guest = hosted()
    deliver(table.end(), guest)
    for lang in LANGUAGES:
        assert 'data-action="play-again"' in to_html(table_tree(table_model(ctrl), Look(lang)))
        sheet = to_html(table_tree(table_model(seat_game(guest, lambda move: None)), Look(lang)))
        assert 'class="result"' in sheet and escape(t(lang, "end.host_deals")) in sheet
        assert not any(f'data-action="{a}"' in sheet for a in ("play-again", "new", "next-game", "new-match"))
        assert 'data-action="hide-result"' in sheet  # the table stays one click away
