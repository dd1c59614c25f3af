"""``python -m skipbo_core``: play and replay from the command line."""

import json
import subprocess
import sys

import pytest

from skipbo_core import Game

from .records import RECORDS, REPO


def cli(*args, cwd=REPO):
    return subprocess.run([sys.executable, "-m", "skipbo_core", *map(str, args)], cwd=cwd,
                          capture_output=True, text=True, timeout=120)


def assert_one_line_error(proc, *words):
    assert proc.returncode == 2, proc
    assert "Traceback" not in proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "error" in lines[0], proc.stderr
    for word in words:
        assert word in lines[0]


def test_play_writes_a_record_that_replays(tmp_path):
    path = tmp_path / "game.json"
    proc = cli("play", "--players", 3, "--stock", 10, "--bots", "greedy,random,greedy",
               "--seed", 7, "--record", path)
    assert proc.returncode == 0, proc.stderr
    data = json.loads(path.read_text())
    game = Game.from_record(data)
    assert game.is_over and game.rules.players == 3 and game.rules.stock == 10
    assert [p["kind"] for p in data["players"]] == ["ai:greedy", "ai:random", "ai:greedy"]
    res = game.result
    assert f"reason: {res.reason}" in proc.stdout
    assert f"scores: {' '.join(map(str, res.scores))}" in proc.stdout
    again = tmp_path / "again.json"
    cli("play", "--players", 3, "--stock", 10, "--bots", "greedy,random,greedy", "--seed", 7,
        "--record", again)
    assert json.loads(again.read_text()) == data  # the same seed plays the same game


def test_play_with_teams_and_the_168_card_deck(tmp_path):
    path = tmp_path / "teams.json"
    proc = cli("play", "--players", 4, "--teams", "--wilds", 24, "--stock", 5, "--seed", 3,
               "--first", 2, "--record", path)
    assert proc.returncode == 0, proc.stderr
    game = Game.from_record(json.loads(path.read_text()))
    assert game.rules.teams == ((0, 2), (1, 3)) and game.rules.wild_cards == 24
    assert game.first == 2


def test_replay_prints_every_turn_and_the_result():
    path = RECORDS / "valid" / "3p-stock10.json"
    data = json.loads(path.read_text())
    proc = cli("replay", path)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.strip().splitlines()
    turns = [line for line in lines if line.startswith("turn")]
    assert turns[0].split(":")[0].split() == ["turn", "1", "seat", "0"]
    assert " ".join(t.split(": ", 1)[1] for t in turns).split() == data["moves"]
    game = Game.from_record(data)
    assert len(turns) == game.turn
    assert lines[-1] == f"result: winner 1, stock-empty, scores {data['result']['scores']}"


def test_replay_of_a_game_in_progress_says_whose_turn_it_is(tmp_path):
    data = json.loads((RECORDS / "valid" / "3p-stock10.json").read_text())
    del data["result"]
    data["moves"] = data["moves"][:20]
    path = tmp_path / "partial.json"
    path.write_text(json.dumps(data))
    proc = cli("replay", path)
    assert proc.returncode == 0, proc.stderr
    seat = Game.from_record(data).current_seat
    assert proc.stdout.strip().splitlines()[-1] == f"game in progress; seat {seat} to move"


@pytest.mark.parametrize("args, words", [
    (["play", "--players", 7], ["players"]),
    (["play", "--players", "two"], ["--players"]),
    (["play", "--stock", 0], ["stock_size"]),
    (["play", "--players", 3, "--teams"], ["teams"]),
    (["play", "--wilds", 20], ["wild_cards"]),
    (["play", "--bots", "greedy,wizard"], ["wizard"]),
    (["play", "--players", 3, "--bots", "greedy,greedy"], ["--bots"]),
    (["play", "--first", 5], ["first"]),
    (["play", "--colour", "red"], ["--colour"]),
    (["deal"], ["deal"]),
    ([], ["command"]),
    (["replay"], ["file"]),
])
def test_wrong_options_give_a_one_line_error_and_exit_code_2(args, words):
    assert_one_line_error(cli(*args), *words)


def test_replay_of_a_missing_file_gives_a_one_line_error(tmp_path):
    assert_one_line_error(cli("replay", tmp_path / "nope.json"), "nope.json")


def test_replay_of_invalid_json_gives_a_one_line_error(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"format": "skipbo-record", ')
    assert_one_line_error(cli("replay", path), "not JSON")
    path.write_bytes(b"\xff\xfe\x00")
    assert_one_line_error(cli("replay", path), "not JSON")


@pytest.mark.parametrize("name, words", [
    ("stock-to-discard.json", ["move #24 S>D1", "stock-to-discard"]),
    ("wrong-deck.json", ["deck"]),
    ("wrong-score.json", ["scores"]),
])
def test_replay_of_an_invalid_record_gives_a_one_line_error(name, words):
    proc = cli("replay", RECORDS / "invalid" / name)
    assert_one_line_error(proc, "invalid record", *words)


def test_replay_of_a_json_value_that_is_not_a_record(tmp_path):
    path = tmp_path / "list.json"
    path.write_text("[1, 2, 3]")
    assert_one_line_error(cli("replay", path), "invalid record")


def test_play_to_an_unwritable_record_path_gives_a_one_line_error(tmp_path):
    proc = cli("play", "--stock", 3, "--seed", 1, "--record", tmp_path / "missing-dir" / "game.json")
    assert_one_line_error(proc, "missing-dir")
