"""Legal-move counts along fixed seeded games (perft-style), stored in tests/data/perft/.

A change in move generation (a legal move more or less, another order) or in dealing,
drawing or reshuffling changes these games. If the change is intended, regenerate the
files with ``python3 -m tests.make_perft`` and review the diff.
"""

import json

import pytest

from skipbo_core import Rules

from .make_perft import CONFIGS, PERFT, perft_data


def test_every_configuration_has_a_data_file():
    assert sorted(p.stem for p in PERFT.glob("*.json")) == sorted(CONFIGS)


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_legal_move_counts_along_a_seeded_game(name):
    stored = json.loads((PERFT / f"{name}.json").read_text(encoding="utf-8"))
    rules, seed, first, eagerness = CONFIGS[name]
    assert (Rules.from_dict(stored["rules"]), stored["seed"], stored["first"], stored["eagerness"]) == (
        rules, seed, first, eagerness)
    actual = perft_data(name)
    for ply, (want, got) in enumerate(zip(stored["plies"], actual["plies"])):
        assert got == want, (f"{name}: ply {ply} gives '{got}' (legal move count, move chosen), "
                             f"the data file says '{want}'; run python3 -m tests.make_perft if intended")
    assert len(actual["plies"]) == len(stored["plies"])
    assert actual == stored
