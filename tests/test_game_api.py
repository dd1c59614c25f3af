"""The questions users of the engine ask instead of working the answers out again:
is_legal, legal_moves filtered by source and target, card_of, the move log, and the
Move predicates and pile names."""

import random

import pytest

from skipbo_core import Game, IllegalMove, InvalidMove, LogEntry, Move, Rules
from skipbo_core.moves import ALL_MOVES, SOURCE_TEXTS, TARGET_TEXTS

from .randomplay import play_randomly
from .scripted import SB, discard_first_card, play, scripted_game


def test_is_legal_answers_what_play_would_do_without_changing_the_game():
    game = scripted_game(stocks={0: [2]}, draw=[1, 5, SB, 9, 9])
    assert game.is_legal("H1>B3") and game.is_legal(Move.parse("HSB>B1")) and game.is_legal("H9>D4")
    assert not game.is_legal("S>B1") and not game.is_legal("H7>B1") and not game.is_legal("end")
    assert not game.is_legal("PS>B1")  # no teams
    game.play("H1>B3")
    assert game.is_legal("S>B3") and not game.is_legal("S>B1")
    with pytest.raises(IllegalMove):
        game.play("S>B1")
    with pytest.raises(InvalidMove):
        game.is_legal("H13>B1")


def test_is_legal_is_false_for_every_move_once_the_game_is_over():
    game = scripted_game(stock=1, stocks={0: [1]}, draw=[9] * 5)
    game.play("S>B1")
    assert not any(game.is_legal(m) for m in ALL_MOVES)


def test_legal_moves_filtered_by_source_and_target():
    game = scripted_game(players=4, teams=True, stocks={0: [1], 2: [SB]}, draw=[1, 1, 2, 9, 9])
    everything = game.legal_moves()
    assert [str(m) for m in game.legal_moves(source="S")] == ["S>B1", "S>B2", "S>B3", "S>B4"]
    assert [str(m) for m in game.legal_moves(source="H1", target="B2")] == ["H1>B2"]
    assert [str(m) for m in game.legal_moves(target="B3")] == ["S>B3", "H1>B3", "PS>B3"]
    assert [str(m) for m in game.legal_moves(source="PS", target="D1")] == []
    assert game.legal_moves(source="H") == [m for m in everything if m.from_hand]
    for source in SOURCE_TEXTS:
        for target in TARGET_TEXTS:
            assert game.legal_moves(source=source, target=target) == [
                m for m in everything if m.source_text == source and m.target_text == target]
    for bad in ({"source": "B1"}, {"source": "H13"}, {"target": "S"}, {"target": "B5"}, {"source": ""}):
        with pytest.raises(InvalidMove):
            game.legal_moves(**bad)


def test_card_of_is_the_card_the_move_takes_for_the_seat_to_move():
    game = scripted_game(players=4, teams=True, stocks={0: [7], 2: [SB]}, draw=[1, 5, 5, 9, 12])
    play(game, "H12>D3")
    for _ in range(3):
        discard_first_card(game, pile=2)  # seats 1-3
    seat = game.current_seat
    assert seat == 0
    assert game.card_of("S>B1") == 7 and game.card_of("PS>B2") == SB
    assert game.card_of("H5>B1") == 5 and game.card_of("H12>B1") is None  # not in the hand any more
    assert game.card_of("D3>B1") == 12 and game.card_of("D1>B1") is None  # empty pile
    assert game.card_of("PD2>B1") == game.view(0).discards[2][1][-1]
    assert game.card_of("end") is None
    assert scripted_game(draw=[9] * 5).card_of("PS>B1") is None  # no partner


def test_the_log_tells_who_played_which_card_in_which_turn():
    game = scripted_game(stocks={0: [1, 4]}, draw=[2, 3, 9, 9, 9,  1, 1, 12, 12, 12,  6])
    play(game, "S>B1", "H2>B1", "H3>B1", "S>B1", "H9>D1", "H1>B2", "H12>D1")
    log = game.log()
    assert all(isinstance(e, LogEntry) for e in log)
    assert [(e.index, e.turn, e.seat, str(e.move), e.card, e.revealed) for e in log] == [
        (0, 1, 0, "S>B1", 1, True),      # showed the 4 below
        (1, 1, 0, "H2>B1", 2, False),
        (2, 1, 0, "H3>B1", 3, False),
        (3, 1, 0, "S>B1", 4, True),
        (4, 1, 0, "H9>D1", 9, True),     # the next player drew five cards
        (5, 2, 1, "H1>B2", 1, False),
        (6, 2, 1, "H12>D1", 12, True),   # seat 0 drew three cards
    ]
    assert game.log(5) == log[5:] and game.log(-1) == log[-1:] and game.log(-100) == log
    assert all(e.move is m for e, m in zip(log, game.moves))


def test_end_has_no_card_in_the_log_and_a_resumed_game_has_the_same_log():
    game = play_randomly(Game.new(Rules(players=3, stock_size=5), seed=2), random.Random(2))
    log = game.log()
    assert len(log) == len(game.moves) and [e.index for e in log] == list(range(len(log)))
    assert all((e.card is None) == e.move.is_end for e in log)
    assert Game.from_record(game.to_record()).log() == log
    turns = [e.turn for e in log]
    assert turns == sorted(turns) and turns[0] == 1 and turns[-1] == game.turn


@pytest.mark.parametrize("move", ALL_MOVES, ids=str)
def test_move_predicates_and_pile_names(move):
    text = str(move)
    source, _, target = text.partition(">")
    assert move.is_end == (text == "end")
    assert move.is_build == target.startswith("B") and move.is_discard == target.startswith("D")
    assert move.from_stock == (source in ("S", "PS"))
    assert move.from_hand == source.startswith("H")
    assert move.from_discard == (source[:1] == "D" or source[:2] == "PD")
    assert move.from_partner == source.startswith("P")
    assert move.hand_card == (None if not move.from_hand else 0 if source == "HSB" else int(source[1:]))
    assert move.source_slot == ("" if move.is_end else "H" if move.from_hand else source)
    assert move.target_slot == target
    assert move.ends_turn == (move.is_end or move.is_discard)
