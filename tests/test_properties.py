"""Property tests over random games: 2-6 players, teams, both decks.

A seeded random player makes the moves; hypothesis picks the table and the seeds.
"""

import json
import random
from collections import Counter

from hypothesis import event, given
from hypothesis import strategies as st

from skipbo_core import Game, IllegalMove, Rules
from skipbo_core.cards import DISCARD_PILES, new_deck
from skipbo_core.moves import ALL_MOVES, HAND

from .randomplay import choose, play_randomly, positions_along
from .scripted import cards_on_table, notation, snapshot


@st.composite
def rules(draw):
    players = draw(st.integers(2, 6))
    teams = players in (4, 6) and draw(st.booleans())
    wild_cards = draw(st.sampled_from([18, 24]))
    stock = draw(st.one_of(st.integers(1, 12), st.none()))
    return Rules(players=players, stock_size=stock, teams=teams or None, wild_cards=wild_cards)


@st.composite
def games(draw):
    """A new game and a seeded random player (``eagerness`` = how often it builds)."""
    rule_set = draw(rules())
    first = draw(st.integers(0, rule_set.players - 1))
    game = Game.new(rule_set, seed=draw(st.integers(0, 2**32)), first=first)
    return game, random.Random(draw(st.integers(0, 2**32))), draw(st.sampled_from([0.3, 0.8, 1.0]))


def team_stocks_empty(game, seat):
    view = game.view(seat)
    return all(view.stock_sizes[s] == 0 for s in game.rules.team_of(seat))


def expected_legal_moves(view):
    """The legal moves of docs/RULES.md for the seat of ``view`` (the seat to move), in the
    documented order: building moves by source (stock, hand 1-12 and Skip-Bo, discards
    1-4, partner's stock and discards 1-4) onto slots 1-4, then discards, then end."""
    def token(card):
        return "SB" if card == 0 else str(card)

    me, mate = view.seat, view.partner
    sources = [("S", view.stock_tops[me])]
    sources += [(f"H{token(v)}", v) for v in (*range(1, 13), 0) if v in view.hand]
    sources += [(f"D{k + 1}", top) for k, top in enumerate(view.discard_tops(me))]
    if mate is not None:
        sources += [("PS", view.stock_tops[mate])]
        sources += [(f"PD{k + 1}", top) for k, top in enumerate(view.discard_tops(mate))]
    moves = [f"{name}>B{k + 1}" for name, card in sources if card is not None
             for k, needs in enumerate(view.next_needed) if card in (0, needs)]
    moves += [f"H{token(v)}>D{k + 1}" for v in (*range(1, 13), 0) if v in view.hand for k in range(DISCARD_PILES)]
    return moves if view.hand else moves + ["end"]


def check_position(game, full_deck):
    """Invariants that hold after every move."""
    assert cards_on_table(game) == full_deck
    n = game.rules.players
    views = [game.view(s) for s in range(n)]
    stocks = [game.stock(s) for s in range(n)]
    open_cards = Counter(s[-1] for s in stocks if s)
    for pile in [*(p for piles in views[0].discards for p in piles), *views[0].building]:
        open_cards.update(pile)
    for seat, view in enumerate(views):
        assert len(view.hand) == view.hand_sizes[seat] <= 5
        assert view.hand == tuple(sorted(view.hand))
        # besides its own hand a view shows exactly the open cards: nothing hidden
        shown = Counter(c for c in view.stock_tops if c is not None)
        for pile in [*(p for piles in view.discards for p in piles), *view.building]:
            shown.update(pile)
        assert shown == open_cards
        assert all(len(pile) < 12 for pile in view.building)
        assert view.stock_sizes == tuple(map(len, stocks))
        assert view.stock_tops == tuple(s[-1] if s else None for s in stocks)
        assert (view.discards, view.building) == (views[0].discards, views[0].building)
        assert (view.draw_size, view.completed_size) == (len(game.draw_pile), len(game.completed_cards))
    if game.is_over:
        assert game.legal_moves() == []
        result = game.result
        if result.reason == "stock-empty":
            assert team_stocks_empty(game, result.winner)
            team = game.rules.team_of(result.winner)
            points = 25 + 5 * sum(views[0].stock_sizes[s] for s in range(n) if s not in team)
            assert result.scores == tuple(points if s in team else 0 for s in range(n))
        else:
            assert result.winner is None and result.scores == (0,) * n
        return
    assert not any(team_stocks_empty(game, s) for s in range(n))  # a win is never missed
    moves = notation(game.legal_moves())
    assert moves == expected_legal_moves(views[game.current_seat])
    assert game.has_building_move() == any(">B" in m for m in moves)


@given(games())
def test_random_games_keep_cards_turns_wins_and_records_right(setup):
    game, rng, eagerness = setup
    full_deck = Counter(new_deck(game.rules.wild_cards))
    check_position(game, full_deck)
    for _ in range(600):
        if game.is_over:
            break
        seat, turn = game.current_seat, game.turn
        move = choose(game, rng, eagerness)
        game.play(move)
        check_position(game, full_deck)
        if game.is_over:
            assert game.result.reason != "stock-empty" or (
                move.from_stock and game.result.winner == seat)
        elif move.ends_turn:  # the turn ends only by a discard or 'end'
            assert (game.current_seat, game.turn) == ((seat + 1) % game.rules.players, turn + 1)
        else:
            assert (game.current_seat, game.turn) == (seat, turn)
    data = json.loads(json.dumps(game.to_record()))
    assert snapshot(Game.from_record(data)) == snapshot(game)
    event(f"ended: {game.result.reason if game.is_over else 'no'}")
    event(f"reshuffled: {bool(data['reshuffles'])}")


@given(rules(), st.integers(0, 2**32), st.integers(0, 2**32))
def test_same_seed_gives_the_same_game(rule_set, deal_seed, player_seed):
    games_ = [play_randomly(Game.new(rule_set, seed=deal_seed), random.Random(player_seed), 300)
              for _ in range(2)]
    assert snapshot(games_[0]) == snapshot(games_[1])


def cards_drawn(before, after, move):
    return sum(after.hand_sizes) - sum(before.hand_sizes) + (move.source == HAND)


@given(games(), st.integers(0, 400), st.integers(10, 40))
def test_every_legal_move_applies_and_every_other_move_is_illegal(setup, skip, count):
    for game in positions_along(*setup, skip, count):
        before = snapshot(game)
        legal = set(game.legal_moves())
        for move in ALL_MOVES:
            if move in legal:
                continue
            try:
                game.play(move)
            except IllegalMove:
                continue
            raise AssertionError(f"{move} is not listed as legal but was played")
        assert snapshot(game) == before, "an illegal move changed the game"
        for move in legal:
            trial = game.copy()
            trial.play(move)
            seat = game.current_seat
            owner = game.rules.partner(seat) if move.from_partner else seat
            flipped = move.from_stock and trial.view(seat).stock_sizes[owner] > 0
            drawn = cards_drawn(game.view(0), trial.view(0), move)
            assert trial.log(-1)[0].revealed == bool(flipped or drawn)  # what showed a hidden card
            assert trial.pop() is move and snapshot(trial) == before
        assert snapshot(game) == before, "playing on a copy changed the game"


@given(games())
def test_view_at_the_deal_is_the_same_whatever_the_hidden_cards(setup):
    game, rng, _ = setup
    rules_, n, size = game.rules, game.rules.players, game.rules.stock
    deck = game.to_record()["deck"]
    open_positions = {(size - 1) * n + s for s in range(n)} | set(range(n * size, n * size + 5))
    hidden = [i for i in range(len(deck)) if i not in open_positions]
    cards = [deck[i] for i in hidden]
    rng.shuffle(cards)
    other = list(deck)
    for i, card in zip(hidden, cards):
        other[i] = card
    twin = Game(rules_, other, first=game.first)
    for seat in range(n):
        assert twin.view(seat) == game.view(seat)
    assert twin.legal_moves() == game.legal_moves()
