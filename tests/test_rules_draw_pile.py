"""docs/RULES.md "Drawing when the draw pile is empty" and "Cards" (recycled Skip-Bo cards)."""

from collections import Counter

from .scripted import SB, discard_first_card, empty_the_draw_pile, play, scripted_game

PILE_WITH_WILD_12 = list(range(1, 12)) + [SB]
# Two players with stock 46 leave exactly 70 cards to draw: 14 hands of five.
DRAW_70 = 5 * PILE_WITH_WILD_12 + list(range(1, 10)) + [12]
SIX_PILES = Counter(5 * PILE_WITH_WILD_12 + list(range(1, 13)))


def play_out_the_draw_pile(**kwargs):
    """Seat 0 plays every card it draws onto pile 1: five piles complete (each with a
    Skip-Bo card as its 12) and the draw pile runs out exactly as 6-9 and 12 are drawn.
    Pile 1 then holds 1-9 and seat 0 holds the 12 over a stock of 10, 11, 12."""
    game = scripted_game(stock=46, stocks={0: [10, 11, 12]}, draw=DRAW_70, **kwargs)
    for card in DRAW_70[:-1]:
        if game.view(0).draw_size == 0:
            assert game.view(0).completed_size == 60
            assert game.to_record()["reshuffles"] == []  # nothing needed drawing yet
        game.play(f"H{'SB' if card == SB else card}>B1")
    assert game.view(0).hand == (12,) and game.view(0).stock_tops[0] == 10
    return game


def test_lazy_reshuffle_only_when_a_card_must_be_drawn():
    game = play_out_the_draw_pile()
    play(game, "S>B1", "S>B1", "S>B1")  # a sixth pile completes after the draw pile ran out
    view = game.view(0)
    assert view.hand == (12,) and view.draw_size == 0 and view.completed_size == 72
    assert game.to_record()["reshuffles"] == []
    game.play("H12>D1")  # seat 1 must draw five cards now
    reshuffles = game.to_record()["reshuffles"]
    assert len(reshuffles) == 1
    assert Counter(reshuffles[0]) == SIX_PILES  # all completed piles set aside so far
    view = game.view(1)
    assert len(view.hand) == 5 and view.draw_size == 67 and view.completed_size == 0
    assert Counter(view.hand) <= SIX_PILES


def test_recycling_keeps_skip_bo_cards_wild():
    game = play_out_the_draw_pile()
    play(game, "S>B1", "S>B1", "S>B1", "H12>D1")
    assert Counter(game.to_record()["reshuffles"][0])[SB] == 5  # not turned into 12s


def test_recycled_skip_bo_cards_are_drawn_and_played_as_skip_bo_cards():
    order = sorted(SIX_PILES.elements())  # the 5 Skip-Bo cards (0) come first
    game = play_out_the_draw_pile(reshuffles=[order])
    play(game, "S>B1", "S>B1", "S>B1", "H12>D1")
    assert game.to_record()["reshuffles"] == [order]
    assert game.view(1).hand == (SB,) * 5
    play(game, "HSB>B2", "HSB>B2", "HSB>B2")
    assert game.view(1).building[1] == (SB, SB, SB)


def test_mid_turn_refill_from_an_empty_draw_pile_reshuffles_the_completed_piles():
    game = play_out_the_draw_pile()
    play(game, "S>B1", "S>B1")
    game.play("H12>B1")  # completes a sixth pile and empties the hand
    assert game.current_seat == 0 and game.turn == 1
    assert Counter(game.to_record()["reshuffles"][0]) == SIX_PILES
    view = game.view(0)
    assert len(view.hand) == 5 and view.draw_size == 67 and view.completed_size == 0


def test_nothing_is_drawn_when_the_draw_pile_is_empty_and_no_pile_is_complete():
    # six players with stock 21 leave 36 cards; seat 0 holds a Skip-Bo stock card so
    # the game does not stall
    game = scripted_game(players=6, stock=21, stocks={0: [SB]}, draw=[12] * 12 + [11] * 12 + [10] * 12)
    empty_the_draw_pile(game)
    seat = game.current_seat
    before = game.view(seat).hand_sizes[seat]
    discard_first_card(game)
    nxt = game.current_seat
    assert game.view(nxt).hand_sizes[nxt] == 4  # had 4 after its last discard, drew none
    assert game.view(nxt).hand_sizes[seat] == before - 1
    assert game.to_record()["reshuffles"] == []
    assert not game.is_over
