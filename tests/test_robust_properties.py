"""Every reader of the engine answers any input with a value or its documented error,
within a second (issue 29): random JSON trees, JSON text nested up to 50,000 deep,
records, positions and matches with one field replaced, and random bytes.

Documented errors: records ``RecordError``, positions and compact positions
``PositionError``, goals ``GoalError``, matches and rules ``ValueError``, JSON files
``JSONInputError``; the command line exits with 0 or 2."""

import contextlib
import io
import json
from datetime import timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skipbo_core import Game, Match, Rules
from skipbo_core.cli import main
from skipbo_core.errors import PositionError, RecordError
from skipbo_core.goals import Goal, GoalError
from skipbo_core.jsonread import JSONInputError, read_json_file
from skipbo_core.position import game_from_position, parse_compact, read_position

from .test_robust_input import POSITION, RECORD, compact_of, deep_list

# a deadline of 1 s per input; at least 60 inputs (more with HYPOTHESIS_PROFILE=thorough)
FAST = settings(deadline=timedelta(seconds=1), max_examples=max(60, settings.default.max_examples))
MATCH = {"version": 1, "target": 500, "first": 0, "history": [[0, 0]], "game_no": 1, "seed": 5}
FINISHED = Game.from_record(RECORD)

leaves = (st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20)
          | st.sampled_from(["skipbo-record", "skipbo-position", "S>B1", "end", "stock_played", "all"])
          | st.integers(-3, 30))
trees = st.recursive(leaves, lambda inner: st.lists(inner, max_size=6)
                     | st.dictionaries(st.text(max_size=12) | st.sampled_from(["kind", "seats", "rules", "moves"]),
                                       inner, max_size=6), max_leaves=40)
depths = st.sampled_from([2, 33, 1_000, 50_000]) | st.integers(0, 50_000)
deep_trees = st.builds(deep_list, depths)
values = deep_trees | trees


@st.composite
def deep_texts(draw) -> str:
    """JSON text nested up to 50,000 deep, closed or cut short, built as text."""
    depth = draw(depths)
    opener, closer = draw(st.sampled_from([("[", "]"), ('{"a":', "}"), ("[1,", "]"), ('{"kind":', "}")]))
    inner = draw(st.sampled_from(["0", '"x"', "1" * 5000, "NaN", "-Infinity", "1e400", "", '"' + '\\"' * 50_000]))
    return opener * depth + inner + (closer * depth if draw(st.booleans()) else "")


def with_field(base: dict, keys: list[str]):
    """``base`` with one of ``keys`` set to any value (or removed)."""
    return st.builds(lambda key, value, drop: {k: v for k, v in {**base, key: value}.items()
                                               if not (drop and k == key)},
                     st.sampled_from(keys), values, st.booleans())


def text_with_field(base: dict, keys: list[str]):
    """``base`` as JSON text with one of ``keys`` holding deep or hostile JSON text."""
    return st.builds(lambda key, text: json.dumps({**base, key: "@@"}).replace('"@@"', text, 1),
                     st.sampled_from(keys), deep_texts())


texts = (st.builds(json.dumps, trees) | deep_texts() | st.text(max_size=200)
         | text_with_field(RECORD, list(RECORD)) | text_with_field(POSITION, list(POSITION))
         | text_with_field(MATCH, list(MATCH)))
inputs = texts | st.binary(max_size=500) | st.builds(str.encode, texts)


def read_all_text(text: str | bytes, path) -> None:
    """Feed ``text`` to every reader of JSON text; each returns or raises its documented error."""
    for read, error in ((Game.from_record_text, RecordError), (read_position, PositionError),
                        (Goal.from_text, GoalError), (lambda t: Match.from_text(t, FINISHED), ValueError),
                        (lambda t: parse_compact(compact_of(t if isinstance(t, bytes) else t.encode())),
                         PositionError),
                        (parse_compact, PositionError)):
        try:
            read(text)
        except error:
            pass
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass"))
    try:
        read_json_file(path)
    except JSONInputError:
        pass


@FAST
@given(inputs)
def test_every_text_reader_answers_any_text_with_a_value_or_its_error(tmp_path_factory, text) -> None:
    read_all_text(text, tmp_path_factory.mktemp("robust") / "input.json")


@FAST
@given(texts | st.binary(max_size=300))
def test_the_command_line_answers_any_record_file_with_exit_0_or_2(tmp_path_factory, text) -> None:
    path = tmp_path_factory.mktemp("cli") / "record.json"
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass"))
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        assert main(["replay", str(path)]) in (0, 2)
    err = err.getvalue()
    assert err == "" or (len(err.strip().splitlines()) == 1 and str(path) in err)


@FAST
@given(values | with_field(RECORD, list(RECORD)) | st.builds(
    lambda v: {**RECORD, "result": {**RECORD["result"], "winner": v}}, values))
def test_records_as_values_give_a_game_or_a_record_error(data) -> None:
    try:
        Game.from_record(data)
    except RecordError:
        pass


@FAST
@given(values | with_field(POSITION, list(POSITION) + ["turn", "current_seat", "stall_count", "format"]))
def test_positions_as_values_give_a_game_or_a_position_error(data) -> None:
    try:
        game_from_position(data)
    except PositionError:
        pass


@FAST
@given(values | with_field(MATCH, list(MATCH)))
def test_matches_as_values_give_a_match_or_a_value_error(data) -> None:
    for game in (FINISHED, Game.new(Rules(), seed=5, first=1)):
        try:
            Match.from_dict(data, game)
        except ValueError:
            pass


@FAST
@given(values | with_field({"kind": "stock_played", "count": 2}, ["kind", "count", "whose", "goals"])
       | st.builds(lambda v: {"kind": "all", "goals": [v]}, values))
def test_goals_and_rules_as_values_give_a_value_or_their_error(data) -> None:
    try:
        Goal.from_dict(data)
    except GoalError:
        pass
    try:
        Rules.from_dict(data)
    except ValueError:
        pass


@pytest.mark.parametrize("text", ["[" * 50_000, "[" * 50_000 + "]" * 50_000, '{"a":' * 50_000])
def test_the_deepest_texts_are_answered_quickly(tmp_path, text) -> None:
    """The deepest cases on their own, so they run on every run of the suite."""
    read_all_text(text, tmp_path / "deep.json")
