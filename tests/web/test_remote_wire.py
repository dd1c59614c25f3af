"""The messages of play across devices (``remote.wire``) and the invitations
(``remote.invites``): each message reads back as it was written; a text over the limits,
of another version or of another shape is a ``WireError``; an invitation is for one seat
of one game."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st
from skipbo_web.remote import wire
from skipbo_web.remote.invites import Invitations, InviteError, new_secret
from skipbo_web.remote.wire import Event, Hello, Over, Play, Refused, Resync, Update, Welcome, WireError

from skipbo_core import Game, Rules

GAME = Game.new(Rules(players=3, stock_size=4), seed=2)
GAME.play(GAME.legal_moves()[-1])
VIEW = GAME.view(1)


@pytest.mark.parametrize("message", [Hello("tok-en_1", None, "Åse"), Hello("t", "key", ""), Play(7, "H5>B2"),
                                     Play(0, "end"), Resync()])
def test_a_guest_s_message_reads_back(message: object) -> None:
    assert wire.read_from_guest(wire.encode(message)) == message
    assert wire.read_from_guest(wire.encode(message).encode()) == message  # a data channel may bring bytes


@pytest.mark.parametrize("message", [
    Welcome("g1", 1, "key", (("Ann", "human"), ("Bo", "human"), ("C", "hard")), 1, VIEW, (Event(1, 0, "H7>D1", 7),)),
    Update(Event(1, 0, "H7>D1", 7), VIEW), Update(Event(2, 0, None, None), VIEW),
    Refused("wrong-number", 3, "H5>B1", {"pile": 1, "needs": 1, "card": 5}), Refused("flood", 0),
    Over(GAME.to_record())])
def test_a_host_s_message_reads_back(message: object) -> None:
    assert wire.read_from_host(wire.encode(message)) == message


@pytest.mark.parametrize(("text", "code"), [
    ("x" * (wire.GUEST_MAX_CHARS + 1), "too-big"),
    ('{"v":1,"kind":"hello","token":"a","key":null,"name":[["x"]]}', "too-deep"),
    ('{"v":1,"kind":"hello","token":"a b","key":null,"name":""}', "shape"),   # a token is URL-safe
    ('{"v":1,"kind":"hello","token":"' + "a" * 65 + '","key":null,"name":""}', "shape"),
    ('{"v":1,"kind":"move","n":-1,"move":"end"}', "shape"),
    ('{"kind":"resync"}', "version"),
])
def test_what_a_host_will_not_read_from_a_guest(text: str, code: str) -> None:
    with pytest.raises(WireError) as caught:
        wire.read_from_guest(text)
    assert caught.value.code == code


def test_what_a_guest_will_not_read_from_its_host() -> None:
    good = json.loads(wire.encode(Update(Event(1, 0, "H7>D1", 7), VIEW)))
    for bad in ({**good, "event": [1, 5, "end", None]}, {**good, "event": [1, 0, "end", 13]},
                {**good, "event": [1, 0, "<img>", None]},
                {**good, "view": {**good["view"], "draw_size": 3}}, {**good, "hands": []}):
        with pytest.raises(WireError) as caught:
            wire.read_from_host(json.dumps(bad))
        assert caught.value.code == "shape"
    with pytest.raises(WireError) as caught:
        wire.read_from_host("[" * 9 + "]" * 9)
    assert caught.value.code == "too-deep"


@given(st.one_of(st.text(max_size=200), st.binary(max_size=200)))
def test_any_text_is_a_message_or_a_wire_error(text: str | bytes) -> None:
    for read in (wire.read_from_guest, wire.read_from_host):
        try:
            read(text)
        except WireError:
            pass


def test_each_seat_has_its_own_random_token() -> None:
    first, second = Invitations([1, 2]), Invitations([1, 2])
    tokens = [first.token(1), first.token(2), second.token(1), second.token(2), first.game]
    assert len(set(tokens)) == 5 and all(len(t) == 22 for t in tokens)
    assert len(new_secret()) == 22
    with pytest.raises(InviteError) as caught:
        second.claim(first.token(1), None, "c")  # a token of another game
    assert caught.value.code == "bad-invitation"


def test_a_seat_is_taken_once_and_taken_back_only_with_its_key() -> None:
    invites = Invitations([1])
    claim = invites.claim(invites.token(1), None, "a")
    assert (claim.seat, claim.replaced, invites.seat_of("a")) == (1, None, 1)
    with pytest.raises(InviteError, match="taken"):
        invites.claim(invites.token(1), None, "b")
    with pytest.raises(InviteError, match="taken"):
        invites.claim(invites.token(1), "guess", "b")
    assert invites.claim(invites.token(1), claim.key, "b").replaced == "a"  # a rejoin before the drop was seen
    assert invites.release("b") == 1 and invites.away() == (1,)
    with pytest.raises(InviteError, match="taken"):
        invites.claim(invites.token(1), None, "c")  # away, but still the first joiner's
    assert invites.reopen(1) == invites.token(1)  # the host offers the invitation again
    again = invites.claim(invites.token(1), None, "c")
    assert again.key != claim.key
    with pytest.raises(InviteError, match="taken"):
        invites.claim(invites.token(1), claim.key, "d")  # the old key no longer does


def test_tokens_expire_when_the_game_ends_but_a_key_still_shows_the_end() -> None:
    invites = Invitations([1, 2])
    claim = invites.claim(invites.token(1), None, "a")
    invites.release("a")
    invites.expire()
    with pytest.raises(InviteError, match="over"):
        invites.claim(invites.token(2), None, "b")
    with pytest.raises(InviteError, match="over"):
        invites.reopen(2)
    assert invites.claim(invites.token(1), claim.key, "c").seat == 1


def test_saved_invitations_come_back_with_every_seat_away() -> None:
    invites = Invitations([1, 3])
    key = invites.claim(invites.token(3), None, "a").key
    saved = json.loads(json.dumps(invites.to_dict()))
    back = Invitations.from_dict(saved)
    assert (back.game, back.seats, back.away(), back.token(1), back.key(3)) == (
        invites.game, (1, 3), (1, 3), invites.token(1), key)
    with pytest.raises(InviteError, match="taken"):
        back.claim(invites.token(3), None, "b")
    assert back.claim(invites.token(3), key, "b").seat == 3
    for bad in ({**saved, "seats": [[1, "t", None], [1, "u", None]]}, {**saved, "seats": [[9, "t", None]]},
                {**saved, "seats": []}, {**saved, "game": "a b"}, {**saved, "expired": 0}, {**saved, "more": 1},
                [saved]):
        with pytest.raises(ValueError, match="saved invitations"):
            Invitations.from_dict(bad)


def test_a_new_game_at_the_table_has_new_tokens_and_keeps_the_keys() -> None:
    invites = Invitations([1])
    old = invites.token(1)
    key = invites.claim(old, None, "a").key
    invites.expire()
    invites.next_game()
    assert invites.token(1) != old and not invites.expired
    with pytest.raises(InviteError, match="no seat"):
        invites.claim(old, None, "b")
    invites.release("a")
    assert invites.claim(old, key, "b").seat == 1  # the key finds the seat, whatever the token
