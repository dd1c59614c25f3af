"""Property tests over random games (DESIGN.md item 9): 2-6 players, teams, both decks.

A seeded random player makes the moves; hypothesis picks the table and the seeds.
"""

import json
import random
from collections import Counter

from hypothesis import event, given, strategies as st

from skipbo_core import Game, IllegalMove, Rules, UndoError
from skipbo_core.cards import new_deck
from skipbo_core.moves import ALL_MOVES, BUILD, HAND, PARTNER_STOCK, STOCK, TO_DISCARD
from skipbo_core.sampling import determinize

from .randomplay import choose, play_randomly
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
    game = Game.new(rule_set, seed=draw(st.integers(0, 2**32)), first=draw(st.integers(0, rule_set.players - 1)))
    return game, random.Random(draw(st.integers(0, 2**32))), draw(st.sampled_from([0.3, 0.8, 1.0]))


def team_stocks_empty(game, seat):
    view = game.view(seat)
    return all(view.stock_sizes[s] == 0 for s in game.rules.team_of(seat))


def check_position(game, full_deck):
    """Invariants that hold after every move."""
    assert cards_on_table(game) == full_deck
    n = game.rules.players
    views = [game.view(s) for s in range(n)]
    for seat, view in enumerate(views):
        assert len(view.hand) == view.hand_sizes[seat] <= 5
        assert view.hand == tuple(sorted(view.hand))
        assert view.to_dict()["hand"] == list(view.hand)
        tops = [c for c in view.stock_tops if c is not None]
        shown = Counter(view.hand) + Counter(tops)
        for piles in view.discards:
            for pile in piles:
                shown.update(pile)
        for pile in view.building:
            shown.update(pile)
            assert len(pile) < 12
        # what a seat sees is its hand plus the open cards, nothing hidden
        visible = Counter(game.view(seat).hand) + Counter(s[-1] for s in game._stocks if s)
        for piles in game._discards:
            for pile in piles:
                visible.update(pile)
        for pile in game._building:
            visible.update(pile)
        assert shown == visible
        assert view.stock_tops == tuple(s[-1] if s else None for s in game._stocks)
        assert (view.draw_size, view.completed_size) == (len(game._draw), len(game._completed))
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
    moves = game.legal_moves()
    kinds = [(0 if m.target == BUILD and not m.is_end else 1 if m.target == TO_DISCARD and not m.is_end
              else 2) for m in moves]
    assert kinds == sorted(kinds) and len(set(moves)) == len(moves)
    hand = views[game.current_seat].hand
    assert ("end" in notation(moves)) == (not hand)
    assert game.has_building_move() == (0 in kinds)


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
                move.source in (STOCK, PARTNER_STOCK) and game.result.winner == seat)
        elif move.ends_turn:  # the turn ends only by a discard or 'end'
            assert (game.current_seat, game.turn) == ((seat + 1) % game.rules.players, turn + 1)
        else:
            assert (game.current_seat, game.turn) == (seat, turn)
    data = json.loads(json.dumps(game.to_record()))
    assert snapshot(Game.from_record(data)) == snapshot(game)
    event(f"ended: {game.result.reason if game.is_over else 'no'}")
    event(f"reshuffled: {bool(data['reshuffles'])}")


def cards_drawn(before, after, move):
    return sum(after.hand_sizes) - sum(before.hand_sizes) + (move.source == HAND)


@given(games(), st.integers(0, 400), st.integers(10, 40))
def test_every_legal_move_applies_and_every_other_move_is_illegal(setup, skip, count):
    game, rng, eagerness = setup
    play_randomly(game, rng, skip, eagerness)
    for _ in range(count):
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
            owner = game.rules.partner(seat) if move.source == PARTNER_STOCK else seat
            flipped = move.source in (STOCK, PARTNER_STOCK) and trial.view(seat).stock_sizes[owner] > 0
            drawn = cards_drawn(game.view(0), trial.view(0), move)
            try:
                undone = trial.undo()
            except UndoError:
                assert trial.is_over or flipped or drawn
            else:
                assert undone == move and not (flipped or drawn)
                assert snapshot(trial) == before
        assert snapshot(game) == before, "playing on a copy changed the game"
        if game.is_over:
            break
        game.play(choose(game, rng, eagerness))


@given(games(), st.integers(0, 300))
def test_legal_moves_depend_only_on_what_the_mover_sees(setup, skip):
    game, rng, eagerness = setup
    play_randomly(game, rng, skip, eagerness)
    seat = game.current_seat
    view = game.view(seat)
    sampled = determinize(view, random.Random(skip))
    assert sampled.view(seat) == view
    assert cards_on_table(sampled) == Counter(new_deck(game.rules.wild_cards))
    assert sampled.legal_moves() == game.legal_moves()


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
