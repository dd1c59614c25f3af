"""A seat whose person is away, on the host's page (issue 38 part 2), without a browser: its
player area says ``data-link="away"`` (``computer`` while the computer plays it) and holds
the host's three choices (wait, the computer plays it until the person is back, end the
game), the controller lets the computer play it only when the host chose so, and the
invitation is offered again."""

from __future__ import annotations

import pytest
from skipbo_web.i18n import LANGUAGES, t
from skipbo_web.remote.guest import GuestTable
from skipbo_web.remote.host import COMPUTER, TableHost
from skipbo_web.remote.seat_game import seat_game
from skipbo_web.state.address import parse_url
from skipbo_web.state.controller import Controller
from skipbo_web.state.look import Look
from skipbo_web.state.pairing import AWAY, Invite, Pairing
from skipbo_web.state.settings import Settings
from skipbo_web.state.table_state import TableState
from skipbo_web.views.pairing import pairing_tree
from skipbo_web.views.seat_words import seat_name
from skipbo_web.views.table_model import controller_names, table_model
from skipbo_web.views.table_view import table_tree
from skipbo_web.views.tree import to_html


def hosted() -> tuple[Controller, TableHost]:
    """Three seats: the host's (0), a person on another device (1), the computer (2); seat 1
    is to move, its person away."""
    options = {"players": "3", "remote": "1", "stock": "3"}
    ctrl = Controller.start(parse_url(options, Settings(), LANGUAGES).settings, 9)
    table = TableHost(ctrl.game, ctrl.remote, apply=ctrl.remote_move)
    while ctrl.game.current_seat != 1:
        ctrl.play(str(next(m for m in ctrl.game.legal_moves() if m.ends_turn)))
    return ctrl, table


def area(html: str, seat: int) -> str:
    start = html.index(f'data-seat="{seat}"')
    return html[start:html.index("</section>", start)]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_away_seat_s_area_offers_the_host_three_choices(lang: str) -> None:
    ctrl, _ = hosted()
    html = to_html(table_tree(table_model(ctrl), Look(lang)))
    away = area(html, 1)
    assert 'data-link="away"' in html and 'data-away="wait"' in away
    for choice in ("wait", "computer", "end"):
        assert f'data-action="pair-away" data-seat="1" data-choice="{choice}"' in away
        assert t(lang, f"away.{choice}") in away
    assert 'data-choice="wait" aria-pressed="true"' in away and 'data-choice="computer" aria-pressed="false"' in away
    assert "pair-away" not in area(html, 0) + area(html, 2)  # only a seat whose person is away
    ctrl.connected = frozenset({1})
    assert "pair-away" not in to_html(table_tree(table_model(ctrl), Look(lang)))


def test_the_computer_plays_an_away_seat_only_when_the_host_chose_so_and_stops_when_its_person_is_back() -> None:
    ctrl, table = hosted()
    line = TableState(ctrl.said_after(ctrl.log[-1]))  # what the page says after the last move
    assert ctrl.link_of(1) == "away" and not ctrl.ai_to_move and line.message.key == "msg.remote_away"
    assert table.choose(1, COMPUTER) == []
    line = ctrl.stand_in(line, frozenset(s for s, c in table.away().items() if c == COMPUTER))
    assert ctrl.ai_to_move and ctrl.away_choice(1) == "computer" and line.message.key == "msg.ai_turn"
    html = to_html(table_tree(table_model(ctrl), Look("en")))
    assert 'data-away="computer"' in area(html, 1) and 'data-link="computer"' in area(html, 1)  # who plays it now
    entry = ctrl.ai_move()
    assert entry.seat == 1 and len(table.follow()) == 0  # nobody connected to hear of it
    guest = GuestTable(table.invites.token(1), name="Bea")
    for out in table.receive("c1", guest.hello()):
        guest.receive(out.text)
    ctrl.connected = frozenset({1})
    ctrl.stand_in(line, frozenset(s for s, c in table.away().items() if c == COMPUTER))
    assert guest.n == table.n == len(ctrl.game.moves) and guest.view == ctrl.game.view(1)
    if ctrl.game.current_seat == 1:
        assert not ctrl.ai_to_move
        with pytest.raises(ValueError):
            ctrl.ai_move()
    assert ctrl.away_choice(1) is None


def test_a_guest_s_page_shows_no_choices_and_an_ended_game_none() -> None:
    ctrl, table = hosted()
    guest = GuestTable(table.invites.token(1), name="Bea")
    for out in table.receive("c1", guest.hello()):
        guest.receive(out.text)
    seat = seat_game(guest, lambda move: None)
    assert "pair-away" not in to_html(table_tree(table_model(seat), Look("en")))
    ctrl.game.resign()
    assert ctrl.away_choice(1) is None and "pair-away" not in to_html(table_tree(table_model(ctrl), Look("en")))


def test_an_away_seat_s_invitation_is_offered_again_with_its_new_link() -> None:
    ctrl, _ = hosted()
    for lang in LANGUAGES:
        panel = to_html(pairing_tree(Pairing("host", [Invite(1, "http://x/#join=pNEW", AWAY)]), ctrl, Look(lang)))
        assert 'data-pairing="invite" data-seat="1" data-state="away"' in panel
        assert '<a class="pair-link" href="http://x/#join=pNEW"' in panel and 'data-action="pair-accept"' in panel
        name = seat_name(controller_names(ctrl), Look(lang), 1)
        assert t(lang, "pair.invite_away", name=name) in panel
        making = to_html(pairing_tree(Pairing("host", [Invite(1, None, AWAY)]), ctrl, Look(lang)))
        assert "<a " not in making  # the new link is being made
