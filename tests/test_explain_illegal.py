"""``Game.explain_illegal``: why a move is illegal, asked of the game itself (no copy
played on), over random games of every table."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skipbo_core import Game, IllegalMove, Refusal, Rules
from skipbo_core.moves import ALL_MOVES

from .randomplay import positions_along
from .scripted import snapshot
from .test_properties import games


@given(games(), st.integers(0, 400), st.integers(5, 20))
def test_a_move_is_explained_exactly_when_it_is_illegal_and_the_game_stays(setup, skip, count):
    for game in positions_along(*setup, skip, count):
        before, legal = snapshot(game), set(game.legal_moves())
        for move in ALL_MOVES:
            refusal = game.explain_illegal(move)
            assert (refusal is None) == (move in legal) == game.is_legal(move), move
            if refusal is not None:  # the very reason play gives
                with pytest.raises(IllegalMove) as caught:
                    game.copy().play(move)
                assert refusal == Refusal(caught.value.code, caught.value.details)
        assert snapshot(game) == before, "explaining a move changed the game"
        if game.is_over:
            assert all(game.explain_illegal(m) == Refusal("game-over") for m in ALL_MOVES)


def test_the_reasons_name_the_rule_and_its_numbers() -> None:
    game = Game.new(Rules(players=2, stock_size=10), seed=14)  # hand 1 7 8 11 11, stock 3
    assert game.explain_illegal("S>B1") == Refusal("wrong-number", {"pile": 1, "needs": 1, "card": 3})
    assert game.explain_illegal("S>D1") == Refusal("stock-to-discard")
    assert game.explain_illegal("H5>B1") == Refusal("not-in-hand", {"card": 5})
    assert game.explain_illegal("PS>B1") == Refusal("no-teams", {"source": "PS"})
    assert game.explain_illegal("end") == Refusal("end-with-cards", {"hand": 5})
    assert game.explain_illegal("H1>B1") is None
