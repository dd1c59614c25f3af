"""Whole games across devices without a browser (issue 38, parts 1 and 2), with hypothesis:
random moves by the host's page and by guests, lost messages, dropped connections, rejoins
with the seat key and with an invitation offered again, and the host's choice for a seat
whose player is away (wait, the computer plays it, or the game ends). The host's game equals a local game of
the same moves; every guest's view equals the engine's ``SeatView`` of its seat; no message
a guest received shows another hand, the deck's order or the record before the end."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from skipbo_web.remote.guest import GuestTable
from skipbo_web.remote.host import AWAY_CHOICES, END

from skipbo_core import Game, Rules

from ..randomplay import choose
from .remote_table import Network, leaks

TABLES = [  # (rules, remote seats)
    (Rules(players=2, stock_size=3), [1]),
    (Rules(players=3, stock_size=3), [0, 2]),
    (Rules(players=4, stock_size=2, teams=True), [1, 2, 3]),
    (Rules(players=6, stock_size=2), [1, 3, 4]),
]


def play_a_game(rules: Rules, remote: list[int], seed: int, loss: float, drops: float) -> tuple[Network, Game]:
    """Play to the end; returns the network and the local game of the same moves."""
    net, local, rng = start(rules, remote, seed, loss)
    play_on(net, local, rng, drops)
    see_the_end(net)
    return net, local


def start(rules: Rules, remote: list[int], seed: int, loss: float) -> tuple[Network, Game, random.Random]:
    rng = random.Random(seed)
    net = Network(Game.new(rules, seed=seed), remote, rng, loss)
    for seat in remote:
        net.connect(seat)
    return net, Game.new(rules, seed=seed), rng


def play_on(net: Network, local: Game, rng: random.Random, drops: float, until: int = 10**6) -> None:
    """Play until the game is over or the host's table reaches change ``until``; ``local``
    plays each move the host takes."""
    remote = sorted(net.guests)
    for _ in range(20_000):
        game = net.host.game
        if game.is_over or net.host.n >= until:
            break
        seat = game.current_seat
        for other in remote:  # now and then a phone locks, or comes back
            if net.conn[other] is not None and rng.random() < drops:
                net.drop(other)
            elif net.conn[other] is None and (net.guests[other].key is None or rng.random() < 0.3):
                lost = rng.random() < 0.2  # the page lost its key (or never had it): the invitation again
                if lost or net.guests[other].key is None:
                    net.guests[other] = GuestTable(net.host.invites.reopen(other), name=f"Again {other + 1}")
                heard = len(net.received[other])
                net.connect(other)
                if net.conn[other] is not None:  # back at its seat: the host's choice for it is over
                    assert other not in net.host.away() and not net.host.computer_plays(other)
                    back = [json.loads(text) for text in net.received[other][heard:]]
                    if any(m["kind"] == "welcome" for m in back):  # (unless the welcome was lost) the whole view
                        guest = net.guests[other]
                        assert (guest.n, guest.view) == (net.host.n, game.view(other))
        guest = net.guests.get(seat)
        if guest is not None and net.conn[seat] is None and not net.host.computer_plays(seat):
            with pytest.raises(ValueError, match="waits"):  # nobody plays a seat that waits for its player
                net.host.play(game.legal_moves()[0])
            choice = rng.choices(AWAY_CHOICES, weights=(10, 10, 1))[0]  # the host chooses (or goes on waiting)
            net.choose(seat, choice)
            if choice == END:
                local.resign()
                assert game.is_over and net.host.away() == {}
        elif guest is None or net.conn[seat] is None:  # the host's page plays it (its own, a computer's, an away one's)
            move = choose(game, rng)
            net.host_move(move)
            local.play(move)
        elif not guest.seated:  # no welcome came: say hello again
            net.to_host(seat, guest.hello())
        elif guest.n != net.host.n or guest.asked or guest.pending:  # waited too long: ask again
            net.to_host(seat, guest.resync())
        else:
            assert guest.legal_moves() == game.legal_moves()  # the guest's page lights up what the host allows
            move = choose(game, rng)
            before = net.host.n
            net.guest_move(seat, move)
            if net.host.n != before:
                local.play(move)
        net.pump()


def see_the_end(net: Network) -> None:
    """Everyone comes back to see the end, asking again as long as messages are lost."""
    for seat, guest in net.guests.items():
        if guest.key is None and net.conn[seat] is None:
            continue  # dropped before its first welcome came, and the game ended before it was back
        for _ in range(100):
            if guest.n == net.host.n and guest.record is not None and not guest.asked:
                break
            if net.conn[seat] is None:
                net.connect(seat)
            else:
                net.to_host(seat, guest.resync() if guest.seated else guest.hello())
            net.pump()


def check_the_end(net: Network, local: Game) -> None:
    game, players = net.host.game, net.host.game.rules.players
    assert game.is_over
    assert {**game.to_record(), "players": None} == {**local.to_record(), "players": None}  # names: the guests'
    assert [game.view(s) for s in range(players)] == [local.view(s) for s in range(players)]
    for seat, guest in net.guests.items():
        if guest.key is None and not guest.seated:
            continue  # see see_the_end: its invitation expired with the game
        assert guest.view == game.view(seat)
        assert guest.n == net.host.n
        assert guest.record == game.to_record()
        assert guest.record_agrees()  # the record replays in the engine to the table the guest saw
        assert [found for text in net.received[seat] for found in leaks(net, seat, text)] == []


@given(st.sampled_from(TABLES), st.integers(0, 10**6), st.sampled_from([0.0, 0.05, 0.3]),
       st.sampled_from([0.0, 0.02]))
def test_whole_games_across_devices(table: tuple[Rules, list[int]], seed: int, loss: float, drops: float) -> None:
    rules, remote = table
    net, local = play_a_game(rules, remote, seed, loss, drops)
    check_the_end(net, local)


@given(st.sampled_from(TABLES), st.integers(0, 10**6), st.integers(1, 60))
def test_the_host_s_page_reloaded_mid_game_and_everyone_takes_their_seats_back(
        table: tuple[Rules, list[int]], seed: int, after: int) -> None:
    rules, remote = table
    net, local, rng = start(rules, remote, seed, loss=0.05)
    play_on(net, local, rng, drops=0.02, until=after)
    net.reload_host()
    assert all(conn is None for conn in net.conn.values())
    for seat in remote:
        net.connect(seat)  # each guest comes back with its key (one that never had one: see play_on)
    play_on(net, local, rng, drops=0.02)
    see_the_end(net)
    check_the_end(net, local)


def test_play_again_deals_a_new_game_to_the_same_seats() -> None:
    rules, remote = TABLES[1]
    net, local = play_a_game(rules, remote, seed=6, loss=0.0, drops=0.0)
    check_the_end(net, local)
    first_game, old_token = net.guests[0].game, net.host.invites.token(0)
    local = Game.new(rules, seed=7)
    net.received = {seat: [] for seat in remote}  # the changes are numbered from 0 again
    net.route(net.host.deal(Game.new(rules, seed=7)))
    net.note()
    net.pump()
    for seat, guest in net.guests.items():
        assert guest.game != first_game and guest.n == 0 and guest.record is None
        assert guest.view == net.host.game.view(seat) and guest.players[seat][0] == f"Guest {seat + 1}"
    net.conn[0] = 99  # the old invitation takes no seat in the new game
    net.to_host(0, GuestTable(old_token).hello())
    assert json.loads(net.queue[-1][1])["code"] == "bad-invitation"
    net.queue.clear()
    net.conn[0] = None
    net.connect(0)  # the seat's key still does
    play_on(net, local, random.Random(7), drops=0.0)
    see_the_end(net)
    check_the_end(net, local)


def test_a_game_without_losses_keeps_every_guest_in_step() -> None:
    rules, remote = TABLES[1]
    net, _ = play_a_game(rules, remote, seed=4, loss=0.0, drops=0.0)
    for seat in remote:
        kinds = [json.loads(t)["kind"] for t in net.received[seat]]
        assert kinds[0] == "welcome" and "refused" not in kinds
        assert kinds.count("update") == net.host.n  # every change once, in order
        assert kinds[-2:] == ["update", "over"]  # the last move, then the record


def test_the_check_finds_what_a_leaky_host_would_send() -> None:
    """The check of what a guest received fails on a message that shows another hand,
    the draw pile, the deck, a view with another seat's hand in it, or the record early."""
    rules, remote = TABLES[0]
    game = Game.new(rules, seed=2)
    net = Network(game, remote, random.Random(2))
    net.connect(1)
    net.host_move(next(m for m in game.legal_moves() if m.is_discard))  # seat 0 ends its turn: seat 1 draws
    net.pump()
    n = net.host.n
    honest = json.loads(net.received[1][-1])
    assert honest["kind"] == "update" and honest["event"][0] == n
    assert [found for text in net.received[1] for found in leaks(net, 1, text)] == []
    other = list(game.view(0).hand)
    assert len(other) == 4
    for leaky in ({**honest, "event": [n, 0, "end", None, other]},                  # the other hand, in an event
                  {**honest, "event": [n, 0, "end", None, *game.draw_pile[:8]]},    # the next cards to draw
                  {**honest, "view": dict(honest["view"], hand=other)},           # a view with the other hand
                  {**honest, "deck": list(game.deck or ())},                       # a field the protocol has not
                  {"v": 1, "kind": "over", "record": game.to_record()}):           # the record before the end
        assert leaks(net, 1, json.dumps(leaky)), leaky
