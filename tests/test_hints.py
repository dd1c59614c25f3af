"""Hints: always a legal move, the ``hard`` level's move, and a reason that the
position bears out (the line it names really leads where the reason says)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from skipbo_core import Game, Rules
from skipbo_core.ai import get_bot
from skipbo_core.ai.hints import REASONS, Hint, hint
from skipbo_core.ai.odds import pile_values, reach_chance
from skipbo_core.moves import BUILD, DISCARD, HAND, PARTNER_DISCARD, TO_DISCARD, Move

from .randomplay import play_randomly
from .scripted import SB, play, scripted_game

TABLES = [(2, False, 10), (2, False, 30), (3, False, 8), (4, True, 6), (6, False, 4)]


def positions(count: int, seed: int) -> list[Game]:
    """Copies of games at the moment a seat must move, taken now and then from random
    games (building moves preferred) over every kind of table."""
    rng = random.Random(seed)
    out: list[Game] = []

    def keep(game: Game) -> None:
        if not game.is_over and len(out) < count and rng.random() < 0.15:
            out.append(game.copy())

    for k in range(count):
        if len(out) >= count:
            break
        players, teams, stock = TABLES[k % len(TABLES)]
        game = Game.new(Rules(players=players, stock_size=stock, teams=teams or None),
                        seed=rng.getrandbits(32), first=rng.randrange(players))
        play_randomly(game, rng, max_plies=600, eagerness=0.9, after_move=keep)
    return out


POSITIONS = positions(400, 11)


def test_every_hint_is_a_legal_move_and_the_hard_levels_choice() -> None:
    hard = get_bot("hard")
    seen = Counter()
    for game in POSITIONS:
        seat = game.current_seat
        view, legal = game.view(seat), game.legal_moves()
        h = hint(view, legal)
        assert isinstance(h, Hint) and h.move in legal, (h, legal)
        assert h.move == hard(view, legal, random.Random(0))
        assert h.reason in REASONS
        assert h.details["line"][0] == str(h.move)
        seen[h.reason] += 1
    # the positions are varied enough to show the common reasons
    assert {"free-stock", "stock", "discard", "cycle"} <= set(seen), seen


def check_reason(game: Game, h: Hint) -> None:
    """Play the hint's line on the real game and check that it does what the reason says."""
    seat = game.current_seat
    view = game.view(seat)
    line = [Move.parse(t) for t in h.details["line"]]
    g = game.copy()
    hand_before_last = None
    for m in line:
        assert m in g.legal_moves(), (h, str(m))
        hand_before_last = g.view(seat).hand_sizes[seat]
        g.play(m)
    last, d = line[-1], h.details
    alone = len(line) == 1
    if h.reason in ("win", "toward-win"):  # the last stock card: own, or the partner's in teams
        assert last.from_stock and last.is_build
        owner = view.partner if last.from_partner else seat
        assert d["card"] == view.stock_tops[owner] and view.stock_sizes[owner] == 1
        assert alone == (h.reason == "win")
        assert g.is_over and seat in view.rules.team_of(g.result.winner)
    elif h.reason in ("stock", "free-stock", "before-stock", "partner-stock", "free-partner-stock",
                      "before-partner-stock"):
        partner = "partner" in h.reason
        assert last.from_stock and last.from_partner == partner and last.is_build
        assert d["card"] == view.stock_tops[view.partner if partner else seat] and not g.is_over
        fits_now = any(m.source == last.source and m.is_build for m in game.legal_moves())
        assert alone or fits_now == h.reason.startswith("before")
        assert alone == (h.reason in ("stock", "partner-stock"))
    elif h.reason in ("refill", "toward-refill"):
        assert last.is_build and hand_before_last <= 1
        assert g.view(seat).hand_sizes[seat] > 0 and g.current_seat == seat  # new cards drawn
        assert alone == (h.reason == "refill")
    elif h.reason == "end":
        assert h.move.is_end and view.hand == ()
    elif h.reason == "discard":
        assert h.move.target == TO_DISCARD and h.move.source == HAND and d["card"] == h.move.arg
        pile = view.discards[seat][h.move.slot]
        assert d["pile"] == h.move.slot + 1 and d["top"] == (pile[-1] if pile else None)
    elif h.reason == "dig":
        assert h.move.source == DISCARD and h.move.target == BUILD
        assert d["card"] == view.discards[seat][h.move.arg][-1] and d["source"] == h.move.arg + 1
    elif h.reason == "partner-dig":
        assert h.move.source == PARTNER_DISCARD and h.move.target == BUILD
        assert d["card"] == view.discards[view.partner][h.move.arg][-1] and d["source"] == h.move.arg + 1
    elif h.reason == "cycle":
        assert h.move.source == HAND and h.move.target == BUILD and d["card"] == h.move.arg
    elif h.reason == "block":
        assert h.move.target == BUILD and last.ends_turn
        o = d["seat"]
        assert o not in view.rules.team_of(seat) and d["card"] == view.stock_tops[o]
        values, wilds = pile_values(view.discards[o])
        after = g.next_needed() if g.current_seat != seat else None
        assert after is not None
        assert (reach_chance(d["card"], view.next_needed, values, wilds, 5)
                > reach_chance(d["card"], after, values, wilds, 5))
    else:
        raise AssertionError(h.reason)
    if h.reason not in ("win", "toward-win", "end", "refill", "toward-refill") and "stock" not in h.reason:
        assert last.ends_turn  # a line without a stock card or new cards ends the turn


@pytest.mark.parametrize("part", range(4))
def test_reasons_match_the_position(part: int) -> None:
    for game in POSITIONS[part::4]:
        h = hint(game.view(game.current_seat), game.legal_moves())
        check_reason(game, h)


def test_a_line_to_the_stock_card_frees_it() -> None:
    # Stock 3; the hand holds 1 and 2: play them, then the stock card.
    game = scripted_game(stocks={0: [3, 9]}, draw=[1, 2, 12, 12, 11])
    h = hint(game.view(0), game.legal_moves())
    assert h.reason == "free-stock" and h.details["card"] == 3 and h.details["steps"] == 3
    assert h.details["line"][-1].startswith("S>B")
    check_reason(game, h)


def test_a_skip_bo_stock_card_that_fits_now_waits_for_the_hand_cards() -> None:
    game = scripted_game(stocks={0: [SB, 9]}, draw=[1, 2, 12, 12, 11])
    h = hint(game.view(0), game.legal_moves())
    assert (h.reason, h.details["card"], h.details["line"]) == ("before-stock", SB, ("H1>B1", "H2>B1", "S>B1"))
    check_reason(game, h)


def test_the_stock_card_itself() -> None:
    game = scripted_game(stocks={0: [1, 9]}, draw=[12, 12, 11, 11, 10])
    h = hint(game.view(0), game.legal_moves())
    assert (h.reason, h.details["card"], str(h.move)) == ("stock", 1, "S>B1")


def test_the_last_stock_card_wins() -> None:
    game = scripted_game(stock=1, stocks={0: [2]}, draw=[1, 12, 12, 11, 11])
    h = hint(game.view(0), game.legal_moves())
    assert h.reason == "toward-win" and h.details["line"] == ("H1>B1", "S>B1")
    check_reason(game, h)


def test_emptying_the_hand_draws_five() -> None:
    # Stock 12 is out of reach; 1-5 in hand all fit in a row: the hand empties.
    game = scripted_game(stocks={0: [12, 12]}, draw=[1, 2, 3, 4, 5])
    h = hint(game.view(0), game.legal_moves())
    assert h.reason == "toward-refill" and len(h.details["line"]) == 5
    check_reason(game, h)
    play(game, *h.details["line"][:-1])
    last = hint(game.view(0), game.legal_moves())
    assert last.reason == "refill" and last.details["card"] == 5


def test_a_discard_names_the_pile_and_its_top() -> None:
    game = scripted_game(stocks={0: [12, 12], 1: [12, 12]}, draw=[9, 9, 11, 11, 10,  8, 8, 8, 8, 8,  7])
    play(game, "H10>D2", "H8>D4")  # seat 0 puts a 10 on pile 2; seat 1 discards
    h = hint(game.view(0), game.legal_moves())
    assert (h.reason, str(h.move), h.details["card"], h.details["top"]) == ("discard", "H9>D2", 9, 10)
    check_reason(game, h)


def test_a_last_skip_bo_card_empties_the_hand_rather_than_being_discarded() -> None:
    game = scripted_game(stocks={0: [12]}, draw=[1, 2, 3, 4, SB])
    play(game, "H1>B1", "H2>B1", "H3>B1", "H4>B1")
    h = hint(game.view(0), game.legal_moves())
    assert (h.reason, str(h.move), h.details["card"]) == ("refill", "HSB>B1", SB)
    check_reason(game, h)


def test_no_hint_when_it_is_not_the_seats_turn() -> None:
    game = scripted_game(draw=[1, 9, 9, 9, 9])
    with pytest.raises(ValueError):
        hint(game.view(1), game.legal_moves())
    with pytest.raises(ValueError):
        hint(game.view(0), [])
