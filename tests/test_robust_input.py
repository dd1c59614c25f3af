"""Bad input to the engine's public readers gets the documented error, never a crash
(issue 29): deep JSON, huge numbers, wrong types, files that are not records.

Each case goes through the API a page or a script calls (``parse_compact``,
``Match.from_dict``, ``legal_moves``, the command line...), so it fails on an engine
without the fix rather than on a missing name."""

import base64
import json
import sys
import zlib

import pytest

from skipbo_core import (
    Game,
    Goal,
    GoalError,
    InvalidMove,
    Match,
    PositionError,
    RecordError,
    Rules,
    game_from_position,
    parse_compact,
)

from .records import RECORDS
from .test_cli import assert_one_line_error, cli

RECORD = json.loads((RECORDS / "valid" / "2p-standard.json").read_text())
POSITION = {"rules": {"players": 2, "stock_size": 10}, "seed": 7, "building": [[1, 2, 3]],
            "seats": [{"stock": {"top": 4, "count": 6}, "hand": [5, 9, 11, 0]}, {"hand": [1, 3]}]}


def deep_list(depth: int) -> list:
    """A list nested ``depth`` deep, built without recursion."""
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


def compact_of(raw: bytes) -> str:
    """``raw`` packed as a compact position is (deflate, base64url), whatever it holds."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    return "p1." + base64.urlsafe_b64encode(packer.compress(raw) + packer.flush()).decode().rstrip("=")


# -- compact positions -------------------------------------------------------------------------

def test_a_compact_position_nested_9999_deep_is_a_position_error() -> None:
    """The 60-character link of the issue: ``[`` nested 9,999 deep, packed. It used to raise
    RecursionError in CPython and kill Pyodide."""
    text = compact_of(b"[" * 9999)
    assert len(text) < 100
    with pytest.raises(PositionError) as err:
        parse_compact(text)
    assert err.value.code == "bad-compact" and "deep" in str(err.value)


def test_the_link_of_the_issue_is_a_position_error() -> None:
    """``?pos=`` of this 60-character link stopped the page from ever loading."""
    with pytest.raises(PositionError) as err:
        parse_compact("p1.7cEBCQAAAAKgodH_G-0I1AQAAAAAAAAAAADuFQAAAAAAAAAAAP4N")
    assert err.value.code == "bad-compact" and "deep" in str(err.value)


@pytest.mark.parametrize("digits", [4000, 5000])
def test_a_compact_position_with_a_huge_number_is_refused_as_not_readable(digits: int) -> None:
    """Refused while reading, before a number of thousands of digits is made or shown."""
    text = compact_of(json.dumps({**POSITION, "turn": 0}).replace('"turn": 0', '"turn": ' + "7" * digits).encode())
    with pytest.raises(PositionError) as err:
        parse_compact(text)
    assert err.value.code == "bad-compact" and f"{digits} digits (at most" in str(err.value)


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity", "1e999"])
def test_a_compact_position_with_nan_or_infinity_is_refused(constant: str) -> None:
    text = compact_of(json.dumps({**POSITION, "turn": 0}).replace('"turn": 0', '"turn": ' + constant).encode())
    with pytest.raises(PositionError) as err:
        parse_compact(text)
    assert err.value.code == "bad-compact" and "number" in str(err.value)


def test_a_compact_position_that_unpacks_past_the_limit_is_refused() -> None:
    text = compact_of(b" " * 100_000 + json.dumps(POSITION).encode())
    assert len(text) < 2000  # short to send, long once unpacked
    with pytest.raises(PositionError) as err:
        parse_compact(text)
    assert err.value.code == "bad-compact"


# -- values nested deep inside positions, records, matches, goals ---------------------------------

@pytest.mark.parametrize("key", ["format", "version", "turn", "seed", "current_seat", "seats", "building"])
def test_a_deeply_nested_value_in_a_position_is_a_position_error(key: str) -> None:
    """The error message shows the bad value: that must not recurse through it."""
    with pytest.raises(PositionError):
        game_from_position({**POSITION, key: deep_list(100_000)})


@pytest.mark.parametrize("key", ["format", "version", "rules", "first", "players", "deck", "moves"])
def test_a_deeply_nested_value_in_a_record_is_a_record_error(key: str) -> None:
    with pytest.raises(RecordError):
        Game.from_record({**RECORD, key: deep_list(100_000)})


@pytest.mark.parametrize("key", ["winner", "scores", "reason"])
def test_a_deeply_nested_result_is_a_record_error(key: str) -> None:
    with pytest.raises(RecordError):
        Game.from_record({**RECORD, "result": {**RECORD["result"], key: deep_list(100_000)}})


@pytest.mark.parametrize("key", ["version", "target", "first", "game_no", "seed"])
def test_a_deeply_nested_value_in_a_match_is_a_value_error(key: str) -> None:
    game = Game.from_record(RECORD)
    data = {"version": 1, "target": 500, "first": 0, "history": [], "game_no": 0, "seed": None}
    with pytest.raises(ValueError):
        Match.from_dict({**data, key: deep_list(100_000)}, game)


@pytest.mark.parametrize("key", ["kind", "count", "whose"])
def test_a_deeply_nested_value_in_a_goal_is_a_goal_error(key: str) -> None:
    with pytest.raises(GoalError):
        Goal.from_dict({"kind": "stock_played", key: deep_list(100_000)})


def test_a_deeply_nested_rules_value_is_a_value_error() -> None:
    for key in ("players", "stock_size", "wild_cards", "teams"):
        with pytest.raises(ValueError):
            Rules.from_dict({"players": 4, key: deep_list(100_000)})


# -- matches -------------------------------------------------------------------------------------

def test_a_match_with_game_no_minus_one_beside_a_finished_game_is_a_value_error() -> None:
    """This saved match stopped the page from starting: IndexError from ``history[-1]``."""
    game = Game.from_record(RECORD)
    assert game.is_over
    data = {"version": 1, "target": 500, "first": 0, "history": [], "game_no": -1, "seed": None}
    with pytest.raises(ValueError, match="game_no"):
        Match.from_dict(data, game)


def test_a_match_with_a_negative_game_no_is_refused_in_progress_too() -> None:
    game = Game.new(Rules(), seed=1)
    data = {"version": 1, "target": 500, "first": 0, "history": [[0, 0]], "game_no": -1, "seed": 1}
    with pytest.raises(ValueError, match="game_no"):
        Match.from_dict(data, game)


# -- records: the result's types --------------------------------------------------------------------

@pytest.mark.parametrize("make", [bool, float], ids=["bool", "float"])
def test_a_record_result_winner_must_be_a_whole_number(make) -> None:
    """``true == 1`` and ``1.0 == 1`` in Python; in a record they are not seat numbers."""
    winner = RECORD["result"]["winner"]
    assert winner in (0, 1)
    with pytest.raises(RecordError) as err:
        Game.from_record({**RECORD, "result": {**RECORD["result"], "winner": make(winner)}})
    assert err.value.code == "malformed" and "winner" in str(err.value)


def test_a_record_result_scores_must_be_whole_numbers() -> None:
    scores = RECORD["result"]["scores"]
    with pytest.raises(RecordError) as err:
        Game.from_record({**RECORD, "result": {**RECORD["result"], "scores": [float(s) for s in scores]}})
    assert err.value.code == "malformed" and "scores" in str(err.value)


# -- public calls with wrong types --------------------------------------------------------------

@pytest.mark.parametrize("kwargs", [{"source": []}, {"source": {}}, {"source": 5}, {"target": []},
                                    {"target": {"B1": 1}}, {"source": ["S"], "target": "B1"}])
def test_legal_moves_with_a_filter_of_another_type_raises_invalid_move(kwargs) -> None:
    """The docstring promises ``InvalidMove`` for a bad source or target; a list used to
    raise TypeError (unhashable)."""
    with pytest.raises(InvalidMove):
        Game.new(Rules(), seed=1).legal_moves(**kwargs)


@pytest.mark.parametrize("call", [
    lambda g: g.has_building_move([]), lambda g: g.has_building_move(7), lambda g: g.stock("0"),
    lambda g: g.stock([]), lambda g: g.stock(-1), lambda g: g.log("1"), lambda g: g.log([]),
    lambda g: g.view([0])])
def test_seat_and_start_arguments_of_another_type_raise_value_error(call) -> None:
    with pytest.raises(ValueError):
        call(Game.new(Rules(), seed=1))


@pytest.mark.parametrize("players", [[1, 2], 5, "ab", [{"name": ["x"], "kind": "human"}] * 2,
                                     [{"name": "x", "kind": 3}] * 2, [{"name": "x"}] * 2,
                                     [{"name": "x", "kind": "human"}]])
def test_players_that_are_not_names_and_kinds_raise_value_error(players) -> None:
    """Names and kinds are texts; a list or a number as a name used to be taken and shown
    as ``['x']``, a number as a player raised TypeError."""
    with pytest.raises(ValueError, match="players"):
        Game.new(Rules(), seed=1, players=players)
    with pytest.raises(PositionError, match="players"):
        game_from_position(POSITION, players=players)


@pytest.mark.parametrize("kwargs", [{"seed": [1]}, {"seed": {"a": 1}}, {"rules": "x"}, {"rules": {"players": 2}}])
def test_game_new_with_a_seed_or_rules_of_another_type_raises_value_error(kwargs) -> None:
    with pytest.raises(ValueError):
        Game.new(**kwargs)


# -- the command line ----------------------------------------------------------------------------

@pytest.mark.parametrize("content, words", [
    ("[" * 50_000, ["deep"]),
    ('{"format": "skipbo-record", "version": ' + "1" * 5000 + "}", ["digits"]),
    ('{"format": "skipbo-record", "version": NaN}', ["NaN"]),
    ("[" * 40 + "]" * 40, ["deep"]),
])
def test_replay_of_a_hostile_file_gives_one_line_naming_the_file(tmp_path, content, words) -> None:
    path = tmp_path / "hostile.json"
    path.write_text(content)
    assert_one_line_error(cli("replay", path), "hostile.json", *words)


def test_replay_of_a_folder_gives_one_line_naming_it(tmp_path) -> None:
    assert_one_line_error(cli("replay", tmp_path), str(tmp_path))


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/proc/version is Linux's")
def test_replay_of_proc_version_gives_one_line_naming_it() -> None:
    assert_one_line_error(cli("replay", "/proc/version"), "/proc/version")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/proc/version is Linux's")
def test_play_writing_its_record_to_proc_version_gives_one_line() -> None:
    proc = cli("play", "--stock", 2, "--seed", 1, "--record", "/proc/version")
    assert_one_line_error(proc, "/proc/version")


def test_play_writing_its_record_to_a_folder_gives_one_line(tmp_path) -> None:
    assert_one_line_error(cli("play", "--stock", 2, "--record", tmp_path), str(tmp_path))


@pytest.mark.parametrize("number", ["+3", "1_0", " 3", "3 ", "٣", "３", "-0", "0x3", "3.0", ""])
def test_numbers_on_the_command_line_are_ascii_digits_only(number: str) -> None:
    """``int()`` takes ``+3``, ``1_0``, `` 3`` and other scripts' digits; the engine does not."""
    assert_one_line_error(cli("play", "--players", number), "--players")


def test_a_plain_number_on_the_command_line_still_works() -> None:
    proc = cli("play", "--players", "3", "--stock", "2", "--first", "0")
    assert proc.returncode == 0, proc.stderr
