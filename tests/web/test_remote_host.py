"""The host refuses anything but a legal move of a guest's own seat, without changing the
game or stalling (issue 38, "Security and bad input"): moves out of turn or for another
seat, malformed JSON, JSON nested 20,000 deep, a 10 MB message, 1,000 messages a second."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from skipbo_web.remote.host import COMPUTER, END, WAIT, Close, Send, TableHost
from skipbo_web.remote.rate import BURST

from skipbo_core import Game, Rules, game_from_position, position_of


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def table(remote: tuple[int, ...] = (1, 2)) -> tuple[TableHost, Clock]:
    """Three seats, seat 0 on the host's page (to move first), guests at ``remote`` seated
    on connections named "c1", "c2"."""
    clock = Clock()
    secrets = iter(f"secret{k}" for k in range(100))
    host = TableHost(Game.new(Rules(players=3, stock_size=5), seed=21), remote,
                     make_secret=lambda: next(secrets), clock=clock)
    for seat in remote:
        host.receive(f"c{seat}", hello(host.invites.token(seat)))
    return host, clock


def hello(token: str, key: str | None = None, name: str = "Ada") -> str:
    return json.dumps({"v": 1, "kind": "hello", "token": token, "key": key, "name": name})


def move(n: int, text: str) -> str:
    return json.dumps({"v": 1, "kind": "move", "n": n, "move": text})


def state(host: TableHost) -> tuple:
    """All that a message could change: the game (hidden cards included), the numbered
    changes, and who sits where."""
    game = host.game
    seats = tuple((s, host.invites.token(s), host.invites.conn(s)) for s in host.invites.seats)
    return (json.dumps(game.to_record()), tuple(game.view(s) for s in range(game.rules.players)),
            tuple(game.stock(s) for s in range(game.rules.players)), game.draw_pile, tuple(host.events), seats,
            host.invites.expired)


def refusals(outs: list) -> list[str]:
    return [json.loads(o.text)["code"] for o in outs if isinstance(o, Send)]


def to_seat_1(host: TableHost) -> None:
    """Seat 0 (the host's page) ends its turn: seat 1, a guest, is to move."""
    host.play(next(m for m in host.game.legal_moves() if m.is_discard))
    assert host.game.current_seat == 1


BAD = {
    "not JSON": ("{", "not-json"),
    "20,000 deep": ("[" * 20_000 + "]" * 20_000, "too-big"),
    "deep but short": ('{"v": 1, "kind": "move", "n": [[[0]]], "move": "end"}', "too-deep"),
    "10 MB": ('{"v":1,"kind":"move","n":0,"move":"' + "x" * 10_000_000 + '"}', "too-big"),
    "10 MB of bytes": (b" " * 10_000_000, "too-big"),
    "not UTF-8": (b'{"v":1,"kind":"resync"}\xff', "not-json"),
    "not text": (12345, "not-json"),
    "a huge number": ('{"v":1,"kind":"move","n":1e400,"move":"end"}', "bad-number"),
    "another version": ('{"v":2,"kind":"resync"}', "version"),
    "no kind": ('{"v":1}', "shape"),
    "a list": ("[1, 2]", "shape"),
    "an unknown kind": ('{"v":1,"kind":"deal"}', "shape"),
    "an extra field": ('{"v":1,"kind":"move","n":0,"move":"end","seat":2}', "shape"),
    "n as true": ('{"v":1,"kind":"move","n":true,"move":"end"}', "shape"),
    "a move that is no text": ('{"v":1,"kind":"move","n":0,"move":["S>B1"]}', "shape"),
    "bad notation": (move(1, "H13>B1"), "bad-notation"),
    "a stale move": (move(0, "S>B1"), "stale"),
    "a long name": (hello("secret2", name="x" * 25), "shape"),
}


@pytest.mark.parametrize("name", BAD)
def test_a_bad_message_changes_nothing_and_is_answered_at_once(name: str) -> None:
    host, _ = table()
    to_seat_1(host)
    before = state(host)
    text, code = BAD[name]
    started = time.perf_counter()
    outs = host.receive("c1", text)
    assert time.perf_counter() - started < 0.5
    assert refusals(outs) == [code]
    assert state(host) == before


def test_a_move_out_of_turn_or_for_another_seat_is_refused() -> None:
    host, _ = table()
    before = state(host)
    legal = str(host.game.legal_moves()[0])  # a move seat 0 may make, sent by seat 1's guest
    assert refusals(host.receive("c1", move(0, legal))) == ["not-your-turn"]
    to_seat_1(host)
    before = state(host)
    assert refusals(host.receive("c2", move(1, str(host.game.legal_moves()[0])))) == ["not-your-turn"]
    assert refusals(host.receive("stranger", move(1, str(host.game.legal_moves()[0])))) == ["not-seated"]
    assert state(host) == before


def test_an_illegal_move_is_refused_with_the_engine_s_reason() -> None:
    host, _ = table()
    to_seat_1(host)
    before = state(host)
    view = host.game.view(1)
    missing = next(c for c in range(1, 13) if c not in view.hand)
    outs = host.receive("c1", move(1, f"H{missing}>D1"))
    answer = json.loads(outs[0].text)
    assert (answer["code"], answer["move"], answer["details"]) == ("not-in-hand", f"H{missing}>D1", {"card": missing})
    assert state(host) == before


def test_a_legal_move_of_the_guest_s_seat_is_played_and_every_guest_hears_of_it() -> None:
    host, _ = table()
    to_seat_1(host)
    chosen = host.game.legal_moves()[0]
    outs = host.receive("c1", move(1, str(chosen)))
    assert host.game.moves[-1] == chosen and host.n == 2
    assert {o.to for o in outs} == {"c1", "c2"}
    for out in outs:
        data = json.loads(out.text)
        assert data["kind"] == "update" and data["event"][:3] == [2, 1, str(chosen)]
        assert data["view"] == host.game.view(int(out.to[1])).to_dict()


def test_a_thousand_messages_a_second_are_read_no_further_than_the_burst() -> None:
    host, clock = table()
    to_seat_1(host)
    before = state(host)
    flood = move(0, "S>B1")  # stale: each one read would be answered
    started = time.perf_counter()
    answers = [host.receive("c1", flood) for _ in range(1000)]
    assert time.perf_counter() - started < 1.0
    codes = [code for outs in answers for code in refusals(outs)]
    assert codes == ["stale"] * (BURST - 1) + ["flood"]  # (the hello was one); a word when the flood starts
    assert state(host) == before
    clock.now += 5  # the flood is over: the guest plays again
    chosen = host.game.legal_moves()[0]
    host.receive("c1", move(1, str(chosen)))
    assert host.game.moves[-1] == chosen


def test_the_host_s_page_plays_an_away_seat_only_when_the_host_lets_the_computer_play_it() -> None:
    host, _ = table()
    to_seat_1(host)
    with pytest.raises(ValueError, match="another device"):
        host.play(host.game.legal_moves()[0])
    with pytest.raises(ValueError, match="not a seat whose player is away"):
        host.choose(1, COMPUTER)
    assert host.away() == {} and host.disconnect("c1") == 1 and host.invites.away() == (1,)
    assert host.away() == {1: WAIT}  # the table waits for the player until the host chooses
    before = state(host)
    with pytest.raises(ValueError, match="waits for its player"):
        host.play(host.game.legal_moves()[0])
    for bad in ("pause", "END", None):
        with pytest.raises(ValueError, match="choices"):
            host.choose(1, bad)
    assert state(host) == before and host.away() == {1: WAIT}
    assert host.choose(1, COMPUTER) == [] and host.away() == {1: COMPUTER} and host.computer_plays(1)
    outs = host.play(host.game.legal_moves()[0])  # the computer plays the seat until its player is back
    assert host.n == 2 and [o.to for o in outs] == ["c2"]


def test_a_player_back_at_the_seat_takes_it_from_the_computer_with_the_whole_view() -> None:
    host, _ = table()
    key = json.loads(host.receive("c1", json.dumps({"v": 1, "kind": "resync"}))[0].text)["key"]
    host.disconnect("c1")
    host.choose(1, COMPUTER)
    to_seat_1(host)
    host.play(next(m for m in host.game.legal_moves() if not m.ends_turn))
    outs = host.receive("c1-back", hello(host.invites.token(1), key=key))
    welcome = json.loads(outs[0].text)
    assert welcome["kind"] == "welcome" and welcome["n"] == 2 == host.n
    assert welcome["view"] == host.game.view(1).to_dict()
    assert host.away() == {} and not host.computer_plays(1)
    with pytest.raises(ValueError, match="another device"):
        host.play(host.game.legal_moves()[0])
    host.disconnect("c1-back")
    assert host.away() == {1: WAIT}  # a next drop waits again until the host chooses


def test_the_host_may_end_the_game_for_a_seat_whose_player_is_away() -> None:
    host, _ = table()
    host.disconnect("c2")
    outs = host.choose(2, END)
    assert host.game.is_over and host.game.result.reason == "resigned"
    assert [(o.to, json.loads(o.text)["kind"]) for o in outs] == [("c1", "update"), ("c1", "over")]
    with pytest.raises(ValueError, match="over"):
        host.choose(2, WAIT)


def test_the_guests_get_the_record_only_when_the_game_ends() -> None:
    host, _ = table()
    outs = host.end()
    kinds = [(o.to, json.loads(o.text)["kind"]) for o in outs]
    assert kinds == [("c1", "update"), ("c1", "over"), ("c2", "update"), ("c2", "over")]
    assert json.loads(outs[1].text)["record"] == host.game.to_record()
    assert json.loads(outs[0].text)["event"] == [1, 0, None, None]
    assert refusals(host.receive("c1", move(1, "end"))) == ["game-over"]
    assert refusals(host.receive("new", hello(host.invites.token(1)))) == ["bad-invitation"]


def test_a_second_joiner_for_a_taken_seat_is_refused_and_let_go() -> None:
    host, _ = table()
    before = state(host)
    outs = host.receive("intruder", hello(host.invites.token(1), name="Mallory"))
    assert refusals(outs) == ["seat-taken"] and Close("intruder") in outs
    assert host.receive("intruder", hello(host.invites.token(1), key="secret9"))[0].text.count("seat-taken") == 1
    assert state(host) == before and host.game.players[1]["name"] == "Ada"


def test_a_guest_takes_its_seat_back_with_its_key_on_a_new_connection() -> None:
    host, _ = table()
    welcome = json.loads(host.receive("c1", json.dumps({"v": 1, "kind": "resync"}))[0].text)
    outs = host.receive("c1-again", hello(host.invites.token(1), key=welcome["key"]))
    assert Close("c1") in outs  # the old connection is let go
    assert host.invites.conn(1) == "c1-again"
    assert json.loads(next(o for o in outs if isinstance(o, Send) and o.to == "c1-again").text)["kind"] == "welcome"


def test_a_name_from_another_device_is_kept_as_plain_text() -> None:
    host, _ = table(remote=(1,))
    host.receive("c9", hello(host.invites.token(1)))  # the same seat's key is needed from another connection
    host.receive("c1", hello(host.invites.token(1), name="<b>Bo\u202e</b>"))
    assert host.game.players[1]["name"] == "<b>Bo</b>"  # bidi control dropped; the page shows text, never HTML


JSON = st.recursive(st.none() | st.booleans() | st.integers(-2, 3) | st.sampled_from(["end", "S>B1", "H5>D1", "v"]),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
                    max_leaves=8)
MESSAGES = st.fixed_dictionaries(
    {"v": st.sampled_from([1, 1, 2, "1"]), "kind": st.sampled_from(["move", "hello", "resync", "welcome", "x"])},
    optional={"n": JSON, "move": JSON, "token": JSON, "key": JSON, "name": JSON})


@given(st.lists(st.one_of(MESSAGES.map(json.dumps), st.text(max_size=40), st.binary(max_size=40)), max_size=12))
def test_random_messages_change_the_game_only_by_a_legal_move_of_the_sender_s_seat(messages: list[Any]) -> None:
    host, clock = table()
    to_seat_1(host)
    for text in messages:
        clock.now += 1
        moves, current, n = host.game.moves, host.game.current_seat, host.n
        host.receive("c2", text)  # seat 2 is not to move: nothing it sends may change the game
        assert host.game.moves == moves and host.n == n
        host.receive("c1", text)
        if host.n != n:
            assert current == 1 and host.n == n + 1 and host.game.moves[:-1] == moves
            assert json.loads(text)["n"] == n


def test_a_new_deal_must_fit_the_table_and_a_game_needs_a_deck() -> None:
    host, _ = table()
    before = state(host)
    with pytest.raises(ValueError, match="3 seats"):
        host.deal(Game.new(Rules(players=2), seed=1))
    with pytest.raises(ValueError, match="a deck"):
        host.deal(game_from_position(position_of(Game.new(Rules(players=3), seed=1))))
    assert state(host) == before  # the old invitations still hold
    with pytest.raises(ValueError, match="seats of the table"):
        TableHost(Game.new(Rules(players=2), seed=1), [2])
    positioned = game_from_position(position_of(Game.new(Rules(players=2), seed=1)))  # no deck, no record
    with pytest.raises(ValueError, match="deck"):
        TableHost(positioned, [1])
