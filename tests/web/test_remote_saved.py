"""The host's choice for a seat whose person is away outlives a reload of the host's tab
(issue 38): "let the computer play the seat" is saved beside the game, as the game is, and
the page that starts again plays the seat on; a damaged choice is set aside with its match,
as every damaged match is, and the game goes on."""

from __future__ import annotations

import json
import types
from collections.abc import Iterator

import pytest
from skipbo_web.i18n import LANGUAGES
from skipbo_web.remote.host import COMPUTER, TableHost
from skipbo_web.state.address import parse_url
from skipbo_web.state.controller import BadMatch, Controller
from skipbo_web.state.settings import Settings

from .pyodide_stand_in import page_modules
from .test_storage import QuotaStorage, error, session_of


@pytest.fixture(scope="module")
def page() -> Iterator[types.SimpleNamespace]:
    with page_modules("page_storage", "page_session", "page_stats", "page_tabs") as modules:
        yield modules


def computer_plays_seat_1() -> Controller:
    """The host (seat 0) and a person on another device (seat 1), away: the host let the
    computer play their seat."""
    ctrl = Controller.start(parse_url({"players": "2", "remote": "1", "stock": "3"}, Settings(), LANGUAGES).settings, 4)
    table = TableHost(ctrl.game, ctrl.remote, apply=ctrl.remote_move)
    table.choose(1, COMPUTER)
    ctrl.stand_in(ctrl.opening, frozenset(s for s, c in table.away().items() if c == COMPUTER))
    return ctrl


def test_the_seat_the_computer_plays_is_saved_with_the_game_and_played_on_after_a_reload_or_set_aside(page) -> None:
    ctrl = computer_plays_seat_1()
    ls = QuotaStorage(error(page), items={"skipbo.current": json.dumps(ctrl.record()),
                                          "skipbo.match": json.dumps(ctrl.match_data())})
    back = session_of(page, ls).store.state.ctrl  # the host's tab reloaded
    assert back.remote == [1] and back.stand_ins == {1} and back.link_of(1) == "computer"
    assert back.away_choice(1) == COMPUTER
    while back.game.current_seat != 1:
        back.game.play(next(m for m in back.game.legal_moves() if m.ends_turn))
    assert back.ai_to_move and back.ai_move().seat == 1  # the computer plays on for its person
    waits = Controller.resume(ctrl.record(), {**ctrl.match_data(), "stand_ins": []}, Settings())
    assert waits.stand_ins == frozenset() and waits.link_of(1) == "away"

    # a damaged choice is set aside with its match, as every damaged match is, and the game goes on
    for bad in ("1", [0], [1.0], [7], None):  # not a list; the host's own seat; not a seat of a person away
        with pytest.raises(BadMatch):
            Controller.resume(ctrl.record(), {**ctrl.match_data(), "stand_ins": bad}, Settings())
    match = json.dumps({**ctrl.match_data(), "stand_ins": [0]})
    ls = QuotaStorage(error(page), items={"skipbo.current": json.dumps(ctrl.record()), "skipbo.match": match})
    session = session_of(page, ls)
    assert [n.key for n in session.store.state.notices] == ["notice.set_aside"]
    assert ls.items["skipbo.aside.match"] == match  # kept as it was
    assert session.store.state.ctrl.record() == ctrl.record()  # the game itself goes on
