"""Seats played by people on other devices (issue 38 part 1): ``remote=N`` in the address
and the host API's ``newgame``, the new-game screen's choice, who may act at the table, and
each player area's ``data-link``."""

from __future__ import annotations

import pytest
from skipbo_web.host.host_api import HOST_SOURCE, check_command
from skipbo_web.i18n import LANGUAGES, t
from skipbo_web.state.address import parse_url
from skipbo_web.state.controller import Controller
from skipbo_web.state.look import Look
from skipbo_web.state.outcome import NOT_YOUR_TURN, Refused
from skipbo_web.state.settings import KINDS, REMOTE, Settings
from skipbo_web.views.sheets import setup_tree
from skipbo_web.views.table_model import table_model
from skipbo_web.views.table_view import table_tree
from skipbo_web.views.tree import to_html

from .table_support import AtTable


def url(**options: str):
    return parse_url(options, Settings(), LANGUAGES)


def test_remote_in_the_address_makes_the_seats_after_this_devices_people_remote() -> None:
    got = url(players="4", humans="1", remote="2")
    assert got.bad == () and [s.kind for s in got.settings.table] == ["human", REMOTE, REMOTE, "medium"]
    assert got.settings.remote == [1, 2] and got.settings.humans == [0]
    assert "remote=2" in got.origin
    assert [s.kind for s in url(players="3", humans="2", remote="1").settings.table] == ["human", "human", REMOTE]


@pytest.mark.parametrize("value", ["2", "-1", "x", "", "1.0", "٢"])
def test_a_bad_remote_starts_no_game_and_is_named(value: str) -> None:
    got = url(players="2", remote=value)  # one human and one seat left: remote is 0 or 1
    assert got.settings is None and got.ignored == ("remote",)


def test_newgame_of_the_host_api_takes_remote() -> None:
    args = {"players": 2, "remote": 1}
    command = check_command({"source": HOST_SOURCE, "version": 1, "id": "c1", "command": "newgame", "args": args})
    assert command.args == {"players": "2", "remote": "1"}


def test_the_new_game_screen_offers_a_person_on_another_device() -> None:
    assert REMOTE in KINDS
    html = to_html(setup_tree(Settings(), "en"))
    assert f'<option value="{REMOTE}">{t("en", "kind.remote")}</option>' in html
    settings, bad = Settings().with_form({"players": "2", "kind1": REMOTE})
    assert bad == [] and settings.remote == [1]
    assert Settings.from_dict(settings.to_dict())[0].remote == [1]


def test_a_remote_seat_is_nobodys_to_play_here_and_no_computers() -> None:
    ctrl = AtTable(Controller.start(url(players="3", remote="1", stock="3").settings, 5))
    assert ctrl.game.players[1]["kind"] == "human"  # a person, in the record
    assert not ctrl.hot_seat and [ctrl.link_of(s) for s in range(3)] == ["here", "away", "computer"]
    while ctrl.game.current_seat != 1:
        if ctrl.ai_to_move:
            ctrl.ai_move()
        else:
            ctrl.play(str(next(m for m in ctrl.game.legal_moves() if m.ends_turn)))
    assert not ctrl.ai_to_move and ctrl.viewer == 0
    assert ctrl.why_not_now() == Refused(NOT_YOUR_TURN, {"seat": 1})
    assert ctrl.message.key == "msg.remote_away"  # its person is not connected: the game waits for them
    moves = len(ctrl.game.moves)
    ctrl.click("S", 1)
    assert len(ctrl.game.moves) == moves
    entry = ctrl.remote_move(next(m for m in ctrl.game.legal_moves() if m.ends_turn))
    assert entry.seat == 1 and ctrl.game.current_seat == 2
    with pytest.raises(ValueError):
        ctrl.remote_move("S>B1")  # the computer's turn


def test_the_saved_game_keeps_its_remote_seats() -> None:
    ctrl = Controller.start(url(players="2", remote="1").settings, 3)
    again = Controller.resume(ctrl.record(), ctrl.match_data(), Settings())
    assert again.remote == [1] and again.kinds == ["human", REMOTE]


def test_each_player_area_says_where_it_is_played_from() -> None:
    ctrl = Controller.start(url(players="3", remote="1").settings, 3)
    html = to_html(table_tree(table_model(ctrl), Look("en")))
    assert [html.count(f'data-link="{link}"') for link in ("here", "away", "computer")] == [1, 1, 1]
    ctrl.connected = frozenset({1})
    html = to_html(table_tree(table_model(ctrl), Look("en")))
    assert html.count('data-link="connected"') == 1 and 'data-link="away"' not in html
