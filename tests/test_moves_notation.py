"""docs/RULES.md "Move notation": every move reads and prints back."""

import pytest

from skipbo_core import Move
from skipbo_core.moves import ALL_MOVES

SOURCES = (["S"] + [f"H{v}" for v in range(1, 13)] + ["HSB"] + [f"D{k}" for k in range(1, 5)]
           + ["PS"] + [f"PD{k}" for k in range(1, 5)])
TARGETS = [f"B{k}" for k in range(1, 5)] + [f"D{k}" for k in range(1, 5)]
GRAMMAR = {f"{s}>{t}" for s in SOURCES for t in TARGETS} | {"end"}


def test_all_moves_is_exactly_the_notation_of_rules_md():
    texts = [str(m) for m in ALL_MOVES]
    assert len(texts) == len(set(texts)) == len(GRAMMAR) == 185
    assert set(texts) == GRAMMAR


@pytest.mark.parametrize("move", ALL_MOVES, ids=str)
def test_notation_round_trip_for_every_move(move):
    text = str(move)
    assert Move.parse(text) is move  # one interned value per move
    assert Move.parse(text) == move and hash(Move.parse(text)) == hash(move)
    assert eval(repr(move), {"Move": Move}) is move
    if text == "end":
        assert (move.is_end, move.ends_turn, move.source_text, move.target_text) == (True, True, "end", "")
    else:
        source, target = text.split(">")
        assert (move.source_text, move.target_text) == (source, target)
        assert not move.is_end
        assert move.ends_turn == target.startswith("D")


@pytest.mark.parametrize("text", ["S>B1", "H5>B2", "HSB>B3", "D2>B4", "PD1>B2", "H9>D1", "end"])
def test_examples_of_rules_md_parse(text):
    assert str(Move.parse(text)) == text


def test_moves_are_immutable_values():
    move = Move.parse("H5>B2")
    with pytest.raises(AttributeError):
        move.slot = 3
    assert {Move.parse("H5>B2"): 1}[move] == 1
