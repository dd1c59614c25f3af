"""docs/RULES.md "Cards" and "Set-up": decks, options, dealing, the first turn."""

from collections import Counter

import pytest

from skipbo_core import Game, Rules
from skipbo_core.cards import new_deck

from .scripted import SB, scripted_deck, scripted_game

MIN_DRAW_PILE = 32  # "as long as at least 32 cards are left for the draw pile"


def test_standard_deck_is_12_of_each_number_and_18_skip_bo_cards():
    assert Counter(new_deck(18)) == Counter({**{n: 12 for n in range(1, 13)}, SB: 18})
    game = Game.new(Rules(), seed=1)
    assert Counter(game.to_record()["deck"]) == Counter(new_deck(18))
    assert len(game.to_record()["deck"]) == Rules().deck_size == 162


def test_24_wild_option_uses_the_168_card_deck():
    rules = Rules(wild_cards=24)
    assert rules.deck_size == 168
    deck = Game.new(rules, seed=1).to_record()["deck"]
    assert len(deck) == 168
    assert Counter(deck) == Counter({**{n: 12 for n in range(1, 13)}, SB: 24})


@pytest.mark.parametrize("players, stock", [(2, 30), (3, 30), (4, 30), (5, 20), (6, 20)])
def test_default_stock_is_30_for_2_to_4_players_and_20_for_5_to_6(players, stock):
    rules = Rules(players=players)
    assert rules.stock == stock
    view = Game.new(rules, seed=3).view(0)
    assert view.stock_sizes == (stock,) * players


@pytest.mark.parametrize("players", range(2, 7))
@pytest.mark.parametrize("wild_cards", [18, 24])
def test_stock_size_is_1_to_50_leaving_at_least_32_cards_to_draw(players, wild_cards):
    deck = 144 + wild_cards
    for stock in range(0, 60):
        allowed = 1 <= stock <= 50 and deck - players * stock >= MIN_DRAW_PILE
        if allowed:
            game = Game.new(Rules(players=players, stock_size=stock, wild_cards=wild_cards), seed=0)
            view = game.view(0)
            assert view.stock_sizes == (stock,) * players
            assert view.draw_size + len(view.hand) == deck - players * stock >= MIN_DRAW_PILE
        else:
            with pytest.raises(ValueError, match="stock_size"):
                Rules(players=players, stock_size=stock, wild_cards=wild_cards)


def test_largest_stocks_are_50_for_two_players_and_21_for_six():
    assert Rules(players=2, stock_size=50).stock == 50
    assert Rules(players=6, stock_size=21).stock == 21
    assert Rules(players=6, stock_size=22, wild_cards=24).stock == 22
    for bad in ({"players": 2, "stock_size": 51}, {"players": 6, "stock_size": 22}):
        with pytest.raises(ValueError):
            Rules(**bad)


@pytest.mark.parametrize("options, words", [
    ({"players": 7}, "players"),
    ({"players": 1}, "players"),
    ({"players": "2"}, "players"),
    ({"players": True}, "players"),
    ({"stock_size": 0}, "stock_size"),
    ({"stock_size": -3}, "stock_size"),
    ({"stock_size": 51}, "stock_size"),
    ({"stock_size": 10.0}, "stock_size"),
    ({"stock_size": "10"}, "stock_size"),
    ({"players": 3, "teams": True}, "teams"),
    ({"players": 2, "teams": True}, "teams"),
    ({"players": 5, "teams": [[0, 2], [1, 3]]}, "teams"),
    ({"players": 4, "teams": [[0, 1], [2, 3]]}, "opposite"),
    ({"players": 6, "teams": [[0, 2], [1, 3], [4, 5]]}, "opposite"),
    ({"players": 4, "teams": "yes"}, "teams"),
    ({"wild_cards": 20}, "wild_cards"),
    ({"wild_cards": 0}, "wild_cards"),
])
def test_rules_validation_rejects_what_the_rules_do_not_allow(options, words):
    with pytest.raises(ValueError, match=words):
        Rules(**options)


def test_rules_validation_rejects_a_fractional_wild_card_count():
    with pytest.raises(ValueError, match="wild_cards"):
        Rules(wild_cards=18.0)


@pytest.mark.parametrize("players, pairs", [(4, ((0, 2), (1, 3))), (6, ((0, 3), (1, 4), (2, 5)))])
def test_team_partners_sit_opposite(players, pairs):
    rules = Rules(players=players, teams=True)
    assert rules.teams == pairs
    assert Rules(players=players, teams=[list(p)[::-1] for p in reversed(pairs)]).teams == pairs
    for a, b in pairs:
        assert rules.partner(a) == b and rules.partner(b) == a
        assert rules.team_of(a) == rules.team_of(b) == (a, b)
    assert Rules(players=players).partner(0) is None
    assert Rules(players=players).team_of(1) == (1,)


def test_stocks_are_dealt_round_robin_from_deck_0_each_card_on_top():
    rules = Rules(players=3, stock_size=4)
    deck = scripted_deck(rules)
    game = Game(rules, deck)
    for seat in range(3):
        dealt = deck[seat:12:3]  # the cards this seat received, in the order dealt
        assert game.stock(seat) == tuple(dealt)  # the last card dealt lies on top
        assert game.view(seat).stock_tops[seat] == dealt[-1]


def test_rest_of_deck_in_order_is_the_draw_pile():
    rules = Rules(players=2, stock_size=5)
    deck = scripted_deck(rules)
    game = Game(rules, deck, first=0)
    assert game.view(0).hand == tuple(sorted(deck[10:15]))
    assert game.view(0).draw_size == 162 - 15
    game.play(f"H{deck[10] or 'SB'}>D1")
    assert game.view(1).hand == tuple(sorted(deck[15:20]))


def test_every_stock_top_is_face_up_from_the_start_and_the_rest_hidden():
    game = scripted_game(players=3, stocks={0: [4, 9], 1: [SB, 2], 2: [12, 1]})
    for seat in range(3):
        view = game.view(seat)
        assert view.stock_tops == (4, SB, 12)
        assert view.stock_sizes == (5, 5, 5)
        assert 9 not in view.stock_tops and 2 not in view.stock_tops


def test_building_slots_and_discard_piles_start_empty():
    view = Game.new(Rules(players=4), seed=11).view(2)
    assert view.building == ((), (), (), ())
    assert view.next_needed == (1, 1, 1, 1)
    assert view.discards == (((), (), (), ()),) * 4


@pytest.mark.parametrize("first", [0, 1, 2])
def test_seat_first_moves_first_and_draws_five_cards(first):
    game = scripted_game(players=3, first=first, draw=[3, 3, 3, 3, 3])
    assert game.current_seat == first and game.turn == 1
    view = game.view(first)
    assert view.hand == (3, 3, 3, 3, 3)
    assert view.hand_sizes == tuple(5 if s == first else 0 for s in range(3))


@pytest.mark.parametrize("bad", [-1, 2, True, "0", None])
def test_first_must_be_a_seat(bad):
    rules = Rules(players=2)
    with pytest.raises(ValueError, match="first"):
        Game(rules, scripted_deck(rules), first=bad)


def test_players_list_must_name_every_seat():
    rules = Rules(players=3)
    with pytest.raises(ValueError, match="players"):
        Game(rules, scripted_deck(rules), players=[{"name": "A", "kind": "human"}])
    game = Game.new(rules, seed=1, players=[{"name": n, "kind": "human"} for n in "ABC"])
    assert [p["name"] for p in game.to_record()["players"]] == ["A", "B", "C"]


@pytest.mark.parametrize("players", range(2, 7))
def test_the_page_can_ask_which_tables_allow_teams(players):
    """The new-game screen and the address ask this instead of knowing "4 or 6"."""
    assert Rules.allows_teams(players) == (players in (4, 6))
    if Rules.allows_teams(players):
        assert Rules(players=players, teams=True).teams
    else:
        with pytest.raises(ValueError, match="teams need 4 or 6 players"):
            Rules(players=players, teams=True)


def test_a_deck_size_names_its_edition():
    """?deck=162|168 in the address and the share link: sizes the engine knows, both ways."""
    for wild_cards in (18, 24):
        rules = Rules(wild_cards=wild_cards)
        assert len(new_deck(wild_cards)) == rules.deck_size
        assert Rules.wild_cards_for_deck(rules.deck_size) == wild_cards
    assert [Rules.wild_cards_for_deck(size) for size in (0, 144, 161, 163, 169)] == [None] * 5
