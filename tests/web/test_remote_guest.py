"""The guest's page at a host's table (``GuestTable``): it applies the numbered updates in
order, asks for the whole view once when one is missing, refuses what it cannot read
without changing, and sends moves only for its own seat, one at a time."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st
from skipbo_web.remote.guest import GuestTable
from skipbo_web.remote.host import Send, TableHost
from skipbo_web.remote.wire import WireError

from skipbo_core import Game, Rules


def seated(remote: int = 1) -> tuple[TableHost, GuestTable, list[str]]:
    """A two-seat table, the guest at seat ``remote``; returns what the host sent to it on
    the way (its welcome first)."""
    keys = iter(f"k{n}" for n in range(50))
    host = TableHost(Game.new(Rules(players=2, stock_size=4), seed=8), [remote], make_secret=lambda: next(keys))
    guest = GuestTable(host.invites.token(remote), name="Bea")
    sent = [o.text for o in host.receive("c", guest.hello()) if isinstance(o, Send)]
    return host, guest, sent


def host_turn(host: TableHost) -> list[str]:
    """Seat 0 (the host's page) plays its turn to the end; the updates for the guest."""
    out = []
    while host.game.current_seat == 0:
        moves = host.game.legal_moves()
        out += [o.text for o in host.play(moves[0] if moves[0].is_build else moves[-1]) if isinstance(o, Send)]
    return out


def test_the_welcome_seats_the_guest_with_its_view_and_key() -> None:
    host, guest, sent = seated()
    assert guest.receive(sent[0]) == []
    assert (guest.seat, guest.n, guest.key, guest.players) == (1, 0, "k2", (("P1", "human"), ("Bea", "human")))
    assert guest.view == host.game.view(1)
    assert json.loads(guest.hello())["key"] == "k2"  # the key takes the seat back next time


def test_updates_in_order_are_applied_and_a_gap_asks_once_for_the_whole_view() -> None:
    host, guest, sent = seated()
    guest.receive(sent[0])
    updates = host_turn(host)
    assert len(updates) >= 2
    assert guest.receive(updates[1]) == [json.dumps({"v": 1, "kind": "resync"}, separators=(",", ":"))]
    assert guest.n == 0 and guest.asked
    assert guest.receive(updates[1]) == []  # asked already
    assert guest.legal_moves() == [] and guest.n == 0
    welcome = [o.text for o in host.receive("c", guest.resync()) if isinstance(o, Send)]
    guest.receive(welcome[0])
    assert guest.view == host.game.view(1) and guest.n == host.n and not guest.asked
    assert guest.receive(updates[0]) == []  # an old one again changes nothing
    assert guest.view == host.game.view(1)


def test_the_guest_plays_only_on_its_turn_and_one_move_at_a_time() -> None:
    host, guest, sent = seated()
    guest.receive(sent[0])
    with pytest.raises(ValueError, match="turn"):
        guest.play("end")
    for text in host_turn(host):
        guest.receive(text)
    assert guest.view.my_turn and guest.legal_moves() == host.game.legal_moves()
    text = guest.play(guest.legal_moves()[0])
    with pytest.raises(ValueError, match="answered"):
        guest.play(guest.legal_moves()[0] if guest.legal_moves() else "end")
    assert guest.legal_moves() == []  # nothing lit up while the move is on its way
    for out in host.receive("c", text):
        guest.receive(out.text)
    assert guest.pending is None and guest.view == host.game.view(1)


def test_a_refusal_is_kept_for_the_page_to_say_and_a_stale_one_asks_for_the_view() -> None:
    host, guest, sent = seated()
    guest.receive(sent[0])
    for text in host_turn(host):
        guest.receive(text)
    missing = next(c for c in range(1, 13) if c not in guest.view.hand)
    guest.pending = None
    refusal = host.receive("c", json.dumps({"v": 1, "kind": "move", "n": guest.n, "move": f"H{missing}>B1"}))
    assert guest.receive(refusal[0].text) == []
    assert guest.refusal is not None and guest.refusal.code == "not-in-hand"
    stale = host.receive("c", json.dumps({"v": 1, "kind": "move", "n": 0, "move": "end"}))
    assert json.loads(guest.receive(stale[0].text)[0])["kind"] == "resync"


BAD_FROM_HOST = {
    "not JSON": "{",
    "20,000 deep": "[" * 20_000 + "]" * 20_000,
    "too big": '{"v":1,"kind":"over","record":"' + "x" * 1_200_000 + '"}',
    "another version": '{"v":9,"kind":"over","record":{}}',
    "a view with a card that is none": None,  # filled in below
    "an update for another seat": None,
}


@pytest.mark.parametrize("name", BAD_FROM_HOST)
def test_a_message_the_guest_cannot_read_changes_nothing(name: str) -> None:
    host, guest, sent = seated()
    guest.receive(sent[0])
    updates = host_turn(host)
    text = BAD_FROM_HOST[name]
    if text is None:
        data = json.loads(updates[0])
        if "card" in name:
            data["view"]["hand"] = [13]
        else:
            data["view"] = host.game.view(0).to_dict()  # seat 0's hand: the guest takes none of it
        text = json.dumps(data)
    before = (guest.n, guest.view, list(guest.log), guest.asked, guest.pending)
    with pytest.raises(WireError):
        guest.receive(text)
    assert (guest.n, guest.view, list(guest.log), guest.asked, guest.pending) == before


def test_a_guest_checks_the_record_against_the_table_it_saw() -> None:
    host, guest, sent = seated()
    guest.receive(sent[0])
    assert guest.record_agrees() is None
    outs = [o.text for o in host.end() if isinstance(o, Send)]
    for text in outs:
        guest.receive(text)
    assert guest.record_agrees() is True
    changed = dict(guest.record, deck=list(reversed(guest.record["deck"])))  # a host that dealt otherwise
    guest.receive(json.dumps({"v": 1, "kind": "over", "record": changed}))
    assert guest.record_agrees() is False
    guest.receive(json.dumps({"v": 1, "kind": "over", "record": {"format": "nonsense"}}))
    assert guest.record_agrees() is False


def test_names_from_the_host_are_kept_as_plain_text() -> None:
    host, guest, sent = seated()
    welcome = json.loads(sent[0])
    welcome["players"][0][0] = "\u202eEve<script>"
    guest.receive(json.dumps(welcome))
    assert guest.players[0][0] == "Eve<script>"  # no bidi control; shown as text by the page


JSON = st.recursive(st.none() | st.booleans() | st.integers(-2, 20) | st.text(max_size=3),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
                    max_leaves=8)


@given(st.data())
def test_a_host_message_with_any_field_replaced_is_read_or_refused_and_the_view_stays_one(data: st.DataObject) -> None:
    host, guest, sent = seated()
    guest.receive(sent[0])
    texts = host_turn(host) + sent
    message = json.loads(data.draw(st.sampled_from(texts)))
    key = data.draw(st.sampled_from(sorted(message)))
    message[key] = data.draw(JSON)
    try:
        replies = guest.receive(json.dumps(message))
    except WireError:
        return
    assert all(json.loads(r)["kind"] == "resync" for r in replies)
    assert guest.view is not None and guest.view.seat == 1
