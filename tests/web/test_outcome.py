"""What a click or a move came to (``state.outcome``), and one refusal answered twice:
on the page's message line and in the host API's error, from the same check."""

from __future__ import annotations

import pytest
from skipbo_web.commands import Commands
from skipbo_web.host.host_api import HostError
from skipbo_web.state.controller import Controller
from skipbo_web.state.look import Look
from skipbo_web.state.outcome import Picked, Played, PutBack, Refused
from skipbo_web.state.refusals import refusal_message
from skipbo_web.state.store import PageState, Store
from skipbo_web.state.tutorial import controller_for
from skipbo_web.views.seat_words import message_text
from skipbo_web.views.table_model import controller_names

from .test_game import start
from .test_tutorial import play_to


def test_a_click_says_what_it_came_to() -> None:
    ctrl = start()  # seat 0's hand: 1 4 5 8 9, stock 3
    assert ctrl.click("H", 0, "4") == Picked("H4")
    assert ctrl.click("H", 0, "4") == PutBack("H4")
    assert ctrl.click("B1") == Refused("pick-source")
    assert ctrl.click("S", 1) == Refused("not-yours", {"seat": 1, "teams": False})
    assert ctrl.click("S", 0) == Picked("S")
    assert ctrl.click("D1", 0) == Refused("stock-to-discard")
    assert ctrl.selected == "S" and ctrl.log == []  # refused: still picked, nothing played
    assert ctrl.click("H", 0, "1") == Picked("H1")
    played = ctrl.click("B1")
    assert played == Played(ctrl.log[-1]) and played.played and str(played.entry.move) == "H1>B1"
    assert ctrl.play("H8>D1") == Played(ctrl.log[-1])
    assert ctrl.click("S", 0) == Refused("not-your-turn", {"seat": 1}) == ctrl.play("S>B2")
    assert not any(o.played for o in (Picked("S"), PutBack("S"), Refused("pick-source")))


def plain(**kw) -> Controller:  # noqa: ANN003
    """A new game (``test_game.start``), its controller alone."""
    return start(**kw).ctrl


def over() -> Controller:
    ctrl = plain(seed=5, stock=1)
    while not ctrl.game.is_over:
        ctrl.ai_move() if ctrl.ai_to_move else ctrl.play(str(ctrl.game.legal_moves()[0]))
    return ctrl


def computer_to_move() -> Controller:
    ctrl = plain()
    ctrl.play("H8>D1")
    return ctrl


# A refused move (the host's notation), the page's message line and the host's answer:
# (code, English message, fields), in German with the cards' faces where words are shown.
REFUSALS = [
    (over, "S>B1", "msg.game_over", ("not-now", "the game is over", {})),
    (computer_to_move, "S>B1", "msg.not_your_turn", ("not-now", "it is the computer's turn", {"to_move": 1})),
    (lambda: plain(humans=2), "S>B1", "msg.pass_device",
     ("not-now", "the device is to be passed on to the next player (hot-seat)", {})),
    (plain, "h1>b1", "msg.invalid",
     ("bad-args", "'h1>b1' is not a move in the rules' notation (such as H5>B1, S>B2, H7>D1, end)",
      {"args": ["move"]})),
    (lambda: controller_for(play_to("start_pile"), plain().settings), "H1>B2", "tut.refused_build",
     ("not-now", "the lesson asks for another move", {"explain": "Gute Idee, aber hier geht es um einen anderen "
                                                       "Zug: Deine A auf Baustapel 1 (sie leuchten auf)."})),
    (plain, "S>B1", "illegal.wrong-number",
     ("illegal-move", "S>B1 breaks a rule: Building pile 1 needs a 1 - this is a 3.",
      {"rule": "wrong-number", "explain": "Baustapel 1 braucht eine 1 - das ist eine 3."})),
    (plain, "end", "illegal.end-with-cards",
     ("illegal-move", "end breaks a rule: You still hold 5 cards: end your turn by putting one on a discard pile.",
      {"rule": "end-with-cards", "explain": "Du hast noch 5 Karten: beende den Zug, indem du eine ablegst."})),
]


@pytest.mark.parametrize(("table", "move", "key", "answer"), REFUSALS)
def test_one_refusal_is_said_on_the_page_and_answered_to_the_host(table, move, key, answer) -> None:  # noqa: ANN001
    ctrl = table()
    store = Store(PageState(ctrl=ctrl, table=ctrl.opening, look=Look("de", faces="cards"), speed=2))
    commands = Commands(store)
    before = (ctrl.game.to_record(), store.state.table)
    refused = ctrl.refusal(move)
    assert refused is not None and refusal_message(refused).key == key
    with pytest.raises(HostError) as err:
        commands.play(move)
    assert (err.value.code, err.value.message, err.value.details) == answer
    assert (ctrl.game.to_record(), store.state.table) == before  # the host's refusal leaves the page's line alone
    line, outcome = ctrl.play(move, store.state.table)
    assert outcome == refused and line.message == refusal_message(refused)
    assert ctrl.game.to_record() == before[0]
    if refused.code == "lesson":  # the host's explanation is the page's line, in words
        said = message_text(controller_names(ctrl), Look("de", faces="cards"), line.message)
        assert err.value.details["explain"] == said
