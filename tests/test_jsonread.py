"""The bounded JSON reader (``skipbo_core.jsonread``): its limits, its one error type
and its codes, strict numbers, and safe values in messages."""

import json
import time

import pytest

from skipbo_core import Game, PositionError, RecordError, read_position
from skipbo_core.goals import Goal, GoalError
from skipbo_core.jsonread import (
    MAX_CHARS,
    MAX_DEPTH,
    JSONInputError,
    brief,
    nesting_depth,
    read_json,
    read_json_file,
    whole_number,
)
from skipbo_core.match import Match

from .test_robust_input import POSITION, RECORD, deep_list


def code_of(text, **limits) -> str:
    with pytest.raises(JSONInputError) as err:
        read_json(text, "the input", **limits)
    assert str(err.value).startswith("the input: ") and err.value.source == "the input"
    assert isinstance(err.value, ValueError)
    return err.value.code


def test_nesting_is_counted_outside_strings_only() -> None:
    assert nesting_depth('[1, {"a": "[[[{{{", "b": [[]]}]') == 4
    assert nesting_depth(r'["\"[[[[", "\\", [[]]]') == 3
    assert nesting_depth("") == nesting_depth("7") == 0
    assert read_json('["' + "[" * 1000 + '"]') == ["[" * 1000]


def test_the_deepest_nesting_allowed_reads_and_one_more_is_refused() -> None:
    assert read_json("[" * MAX_DEPTH + "]" * MAX_DEPTH) == deep_list(MAX_DEPTH - 1)
    assert code_of("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1)) == "too-deep"
    assert code_of('{"a":' * (MAX_DEPTH + 1) + "1" + "}" * (MAX_DEPTH + 1)) == "too-deep"


@pytest.mark.parametrize("text", ["[" * 50_000, "[" * 50_000 + "]" * 50_000, "{" * 50_000, "[]" * 900_000,
                                  '"' + '\\"' * 30_000, '["' + '\\"' * 999_998, '"' + "\\" * 1_999_990],
                         ids=["open", "closed", "objects", "flat", "escaped-quotes", "escaped-2MB", "backslashes"])
def test_deep_or_long_text_is_refused_fast_and_before_parsing(text: str) -> None:
    """Also text whose every quote is escaped: a scan that failed at the end of each
    string and started again at the next quote took 30 s for 80,000 characters."""
    start = time.perf_counter()
    assert code_of(text) in ("too-deep", "not-json")
    assert time.perf_counter() - start < 1


def test_text_over_the_size_limit_is_refused() -> None:
    assert code_of(" " * (MAX_CHARS + 1) + "1") == "too-big"
    assert code_of("[1, 2, 3]", max_chars=8) == "too-big"
    assert code_of(b" " * (4 * MAX_CHARS + 1)) == "too-big"
    assert read_json("[1, 2, 3]", max_chars=9) == [1, 2, 3]


@pytest.mark.parametrize("text", ["1" * 31, "-" + "1" * 31, "[" + "9" * 5000 + "]", "NaN", "[Infinity]",
                                  "-Infinity", "1e400", "-1e400"])
def test_numbers_json_should_not_hold_are_refused(text: str) -> None:
    assert code_of(text) == "bad-number"


def test_numbers_within_limits_read() -> None:
    assert read_json("1" * 30) == int("1" * 30)
    assert read_json("[-9223372036854775808, 1.5, 1e300]") == [-2 ** 63, 1.5, 1e300]


@pytest.mark.parametrize("text", [b"\xff\xfe", b'{"a": 1', "", "[1,]", "{'a': 1}", 7, None, ["[]"]])
def test_what_is_not_json_text_is_refused(text) -> None:
    assert code_of(text) == "not-json"


def test_utf8_bytes_with_or_without_a_byte_order_mark_read() -> None:
    assert read_json('{"name": "Søren"}'.encode()) == {"name": "Søren"}
    assert read_json(b'\xef\xbb\xbf[1]') == [1]


def test_files_that_cannot_be_read_are_named(tmp_path) -> None:
    for path in (tmp_path, tmp_path / "missing.json", str(tmp_path / "nul\0.json")):
        with pytest.raises(JSONInputError) as err:
            read_json_file(path)
        assert err.value.code == "unreadable" and err.value.source == str(path)
    good = tmp_path / "good.json"
    good.write_text('{"a": [1]}')
    assert read_json_file(good) == {"a": [1]}
    big = tmp_path / "big.json"
    big.write_text("[" + "1," * 100 + "1]")
    with pytest.raises(JSONInputError) as err:
        read_json_file(big, max_chars=50)
    assert err.value.code == "too-big" and str(big) in str(err.value)


@pytest.mark.parametrize("text", ["+7", "1_0", " 7", "7 ", "٧", "７", "-1", "", "7.0", "0x7", "1" * 31, 7, None])
def test_whole_numbers_are_ascii_digits_only(text) -> None:
    with pytest.raises(ValueError, match="the count"):
        whole_number(text, "the count", 0, 10 ** 40)


def test_whole_numbers_in_range_read() -> None:
    assert whole_number("007", "x", 0, 10) == 7
    with pytest.raises(ValueError):
        whole_number("11", "x", 0, 10)


def test_brief_shows_any_value_short_and_safely() -> None:
    assert brief("abc") == "'abc'" and brief(7) == "7" and brief([1, 2]) == "[1, 2]"
    assert len(brief("x" * 10_000)) < 60
    assert "bits" in brief(10 ** 5000)
    assert brief(deep_list(100_000)) == "[[[[...]]]]"

    class Broken:
        def __repr__(self) -> str:
            raise RuntimeError("no")
    assert brief(Broken()).startswith("<Broken")


# -- the readers of text that use it ----------------------------------------------------------------

def test_a_record_read_from_text_replays_and_bad_text_is_a_record_error() -> None:
    text = json.dumps(RECORD)
    assert Game.from_record_text(text).result == Game.from_record(RECORD).result
    assert Game.from_record_text(text.encode()).moves == Game.from_record(RECORD).moves
    for bad, code in (("[" * 10_000, "bad-json"), ('{"version": ' + "1" * 5000 + "}", "bad-json"),
                      (json.dumps({**RECORD, "moves": ["S>D1"]}), "illegal-move")):
        with pytest.raises(RecordError) as err:
            Game.from_record_text(bad, "saved game")
        assert err.value.code == code and str(err.value).startswith("saved game: ")


def test_a_position_read_from_text_is_checked() -> None:
    assert read_position(json.dumps(POSITION)) == POSITION
    for bad, code in (("[" * 10_000, "bad-json"), ("NaN", "bad-json"), (" " * 20_001 + "{}", "bad-json"),
                      (json.dumps({**POSITION, "turn": 0}), "malformed")):
        with pytest.raises(PositionError) as err:
            read_position(bad, "lesson.json")
        assert err.value.code == code and str(err.value).startswith("lesson.json: ")


def test_goals_and_matches_read_from_text() -> None:
    assert Goal.from_text('{"kind": "stock_played", "count": 2}') == Goal("stock_played", 2)
    with pytest.raises(GoalError) as err:
        Goal.from_text('{"kind": "all", "goals": ' + "[" * 5000 + "}", "puzzle 3")
    assert err.value.code == "bad-json" and "puzzle 3" in str(err.value)
    game = Game.from_record(RECORD)
    saved = json.dumps({"version": 1, "target": None, "first": 0, "history": [list(game.result.scores)],
                        "game_no": 0, "seed": None})
    assert Match.from_text(saved, game).history == [game.result.scores]
    for bad in ("[" * 5000, saved.replace('"game_no": 0', '"game_no": -1')):
        with pytest.raises(ValueError, match="^skipbo.match: "):
            Match.from_text(bad, game, "skipbo.match")
