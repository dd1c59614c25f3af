"""The reference records of an independent implementation (tests/data/records/README.md)."""

import json
import re

import pytest

from skipbo_core import Game, RecordError

from .records import files, load, readme_rows

VALID = readme_rows("valid")
INVALID = readme_rows("invalid")


def test_readme_lists_every_record_file():
    assert sorted(VALID) == [p.name for p in files("valid")] and len(VALID) >= 7
    assert sorted(INVALID) == [p.name for p in files("invalid")] and len(INVALID) >= 9


@pytest.mark.parametrize("path", files("valid"), ids=lambda p: p.name)
def test_valid_record_replays_to_its_result(path):
    data = load(path)
    moves, reshuffles, result = VALID[path.name]
    game = Game.from_record(data)
    assert game.is_over
    actual = game.result.to_dict()
    for stated in (data["result"], json.loads(result)):
        assert {key: actual[key] for key in stated} == stated
    if actual["winner"] is None:
        assert actual["scores"] == [0] * game.rules.players
    assert len(game.moves) == int(moves) and len(data["reshuffles"]) == int(reshuffles)


@pytest.mark.parametrize("path", files("valid"), ids=lambda p: p.name)
def test_valid_record_round_trips_through_to_record(path):
    data = load(path)
    record = Game.from_record(data).to_record()
    for key in ("format", "version", "rules", "players", "first", "deck", "reshuffles", "moves"):
        assert record[key] == data[key], key
    assert {k: record["result"][k] for k in data["result"]} == data["result"]


def expected_rejection(text):
    """(move index or None, message fragment) from the README's "first error found"."""
    found = re.match(r"move #(\d+) ", text)
    # the reference implementation wraps shape errors in its own exception name
    unwrapped = re.sub(r"^bad record: \w+\('(.*)'\)$", r"\1", text)
    return (int(found.group(1)) if found else None), unwrapped


@pytest.mark.parametrize("path", files("invalid"), ids=lambda p: p.name)
def test_invalid_record_is_rejected_at_the_move_and_for_the_reason_in_the_readme(path):
    index, fragment = expected_rejection(INVALID[path.name][1])
    with pytest.raises(RecordError) as err:
        Game.from_record(load(path))
    assert err.value.move_index == index
    assert fragment in str(err.value)

