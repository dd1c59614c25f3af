"""The host API on the host (no browser): every way a command can be wrong is refused
with its code and a message (and the id it came with), every command's arguments are
checked, pile names and origins are read strictly, and the state told to a host page
holds only what everyone at the table sees."""

from __future__ import annotations

import json

import pytest
from skipbo_web.host.host_api import (
    COMMANDS,
    MAX_CAPTION,
    MAX_COMMAND_BYTES,
    MAX_PILES,
    Command,
    answer,
    check_command,
    error_answer,
    message_words,
    parse_command,
    parse_pile,
    peek_id,
    public_state,
)
from skipbo_web.i18n import LANGUAGES
from skipbo_web.state.address import MAX_QUERY, parse_origin, parse_url, query_options
from skipbo_web.state.controller import Controller
from skipbo_web.state.look import Look
from skipbo_web.state.messages import Message
from skipbo_web.state.protocol import HOST_SOURCE, HostError, Pile
from skipbo_web.state.settings import Settings

from skipbo_core import Game, Rules


def cmd(command: object = "state", args: object = None, **extra: object) -> dict:
    data = {"source": HOST_SOURCE, "version": 1, "id": "c1", "command": command, **extra}
    if args is not None:
        data["args"] = args
    return data


def refused(data: object) -> HostError:
    with pytest.raises(HostError) as err:
        parse_command(data if isinstance(data, str) else json.dumps(data))
    return err.value


# -- the envelope ------------------------------------------------------------------------------

def test_a_good_command_keeps_its_id_whatever_json_value_it_is() -> None:
    for ident in ("c1", 7, 2.5, None, True, [1, "a"], {"lesson": 3, "step": [1]}):
        command = parse_command(json.dumps({**cmd(), "id": ident}))
        assert command == Command(ident, "state", {})
        assert answer(command, state={}) == {"source": "skipbo", "version": 1, "type": "ok", "id": ident,
                                             "command": "state", "state": {}}
    assert parse_command(json.dumps({k: v for k, v in cmd().items() if k != "id"})).id is None  # id is optional
    assert parse_command(json.dumps(cmd(args=None))).args == {}


@pytest.mark.parametrize("text, code", [
    ("", "malformed"), ("{", "malformed"), ("[1, 2]", "malformed"), ('"play"', "malformed"), ("null", "malformed"),
    ("[" * 100_000 + "]" * 100_000, "malformed"),  # nested too deep for the parser: refused, not a crash
    (json.dumps({"source": "skipbo", "version": 1, "command": "state"}), "malformed"),  # the game's own events
    (json.dumps(cmd(version=2)), "malformed"), (json.dumps(cmd(version="1")), "malformed"),
    (json.dumps({k: v for k, v in cmd().items() if k != "version"}), "malformed"),
    (json.dumps({k: v for k, v in cmd().items() if k != "command"}), "malformed"),
    (json.dumps(cmd(command=3)), "malformed"), (json.dumps(cmd(command=None)), "malformed"),
    (json.dumps(cmd(args=[1])), "malformed"), (json.dumps(cmd(args="x")), "malformed"),
    (json.dumps(cmd(extra=1)), "malformed"),
    (json.dumps(cmd(command="fly")), "unknown-command"), (json.dumps(cmd(command="Play")), "unknown-command"),
    (json.dumps(cmd(command="__init__")), "unknown-command"), (json.dumps(cmd(command="do_play")), "unknown-command"),
])
def test_malformed_and_unknown_commands_are_refused_with_a_code(text: str, code: str) -> None:
    err = refused(text)
    assert err.code == code and err.message
    answer_ = error_answer(err)
    assert answer_["type"] == "error" and answer_["source"] == "skipbo" and answer_["code"] == code
    assert json.loads(json.dumps(answer_)) == answer_  # plain JSON, ready to post


def test_the_answer_names_the_id_and_the_command_when_they_could_be_read() -> None:
    err = refused(cmd(command="fly"))
    assert (err.id, err.command) == ("c1", None)  # an unknown name is not echoed as a command
    err = refused(cmd(command="play", args={"move": 5}))
    assert (err.id, err.command, err.code, err.details) == ("c1", "play", "bad-args", {"args": ["move"]})
    err = refused(cmd(version=9))
    assert err.id == "c1"


def test_an_oversized_command_is_refused_before_it_is_read() -> None:
    filler = "x" * MAX_COMMAND_BYTES
    err = refused(json.dumps(cmd("record", {"record": {"pad": filler}})))
    assert err.code == "too-large" and err.id is None
    # bytes, not characters: 400,000 three-byte characters are 1.2 MB
    assert refused(json.dumps(cmd("highlight", {"caption": "€" * 400_000}), ensure_ascii=False)).code == "too-large"
    ok = json.dumps(cmd("highlight", {"caption": "€" * 10}), ensure_ascii=False)
    assert parse_command(ok).args["caption"] == "€" * 10


def test_peek_id_takes_only_plain_values() -> None:
    assert [peek_id(v) for v in ("a", 3, 2.5, True, None)] == ["a", 3, 2.5, True, None]
    assert peek_id("x" * 201) is None and peek_id([1]) is None and peek_id({"a": 1}) is None
    assert peek_id(float("nan")) is None and peek_id(float("inf")) is None


def test_every_command_has_its_argument_check() -> None:
    for name in COMMANDS:
        with pytest.raises(HostError) as err:
            check_command(cmd(name, {"no_such_argument": 1}))
        assert err.value.code == "bad-args" and "no_such_argument" in err.value.message


# -- the arguments -----------------------------------------------------------------------------

def args_of(name: str, args: dict) -> dict:
    return check_command(cmd(name, args)).args


def bad_args(name: str, args: object) -> HostError:
    with pytest.raises(HostError) as err:
        check_command(cmd(name, args))
    assert err.value.code == "bad-args" and err.value.command == name
    return err.value


def test_commands_without_arguments() -> None:
    for name in ("hint", "undo", "close", "state"):
        assert args_of(name, {}) == {}
        bad_args(name, {"x": 1})


def test_newgame_takes_the_url_options_as_strings_numbers_or_lists() -> None:
    assert args_of("newgame", {}) == {}
    assert args_of("newgame", {"players": 3, "stock": "10", "ai": "easy", "seed": 7, "practice": True,
                               "names": ["Ana", "Bo", ""], "teams": False}) == {
        "players": "3", "stock": "10", "ai": "easy", "seed": "7", "practice": "1", "names": "Ana,Bo,",
        "teams": "0"}
    bad_args("newgame", {"embed": "1"})       # not a game option: the frame stays what it is
    bad_args("newgame", {"lang": "de"})       # the lang command does that
    bad_args("newgame", {"players": 2.5})
    bad_args("newgame", {"names": ["Ana", 3]})
    bad_args("newgame", {"seed": {"a": 1}})


def test_position_takes_an_object_and_some_game_options() -> None:
    table = {"seats": [{}, {}]}
    assert args_of("position", {"position": table}) == {"position": table, "options": {}}
    assert args_of("position", {"position": table, "ai": "easy", "practice": True, "names": ["A", "B"]}) == {
        "position": table, "options": {"ai": "easy", "practice": "1", "names": "A,B"}}
    bad_args("position", {})                                  # the position is required
    bad_args("position", {"position": "p1.abc"})              # an object, not the compact form
    bad_args("position", {"position": table, "players": 3})   # the position says how many play
    bad_args("position", {"position": table, "seed": 4})      # and the position's seed deals


def test_play_takes_a_short_string() -> None:
    assert args_of("play", {"move": " H5>B1 "}) == {"move": "H5>B1"}
    for move in (None, 5, "", "x" * 17, ["H5>B1"]):
        bad_args("play", {"move": move})
    bad_args("play", {})


def test_lang_and_speed() -> None:
    for lang in LANGUAGES:
        assert args_of("lang", {"lang": lang}) == {"lang": lang}
    for lang in ("fr", "EN", "", None, 1):
        bad_args("lang", {"lang": lang})
    for speed in (0, 1, 2, 3):
        assert args_of("speed", {"speed": speed}) == {"speed": speed}
    for speed in (-1, 4, "2", 2.0, True, None):
        bad_args("speed", {"speed": speed})


def test_highlight_reads_pile_names_and_a_caption() -> None:
    got = args_of("highlight", {"piles": ["S", "H5", "HSB", "H", "D4", "B1", "draw", "completed", "3:D1", "S"],
                                "caption": "  Your stock card:\n the goal  "})
    assert got["caption"] == "Your stock card: the goal"
    assert [p.name for p in got["piles"]] == ["S", "H5", "HSB", "H", "D4", "B1", "draw", "completed", "3:D1"]
    assert args_of("highlight", {}) == {"piles": [], "caption": ""}  # clears the highlight
    for piles in ("S", [1], ["B5"], ["D0"], ["H13"], ["H0"], ["6:S"], ["-1:S"], ["1:B1"], ["x:S"], ["10:S"],
                  ["S "], ["s"], [None], ["S"] * (MAX_PILES + 1)):
        bad_args("highlight", {"piles": piles})
    for caption in ("x" * (MAX_CAPTION + 1), 5, None, "a\u0000b", "a\u202eb"):
        bad_args("highlight", {"caption": caption})
    assert args_of("highlight", {"caption": "x" * MAX_CAPTION})["caption"] == "x" * MAX_CAPTION


def test_pile_names_and_their_places_on_the_table() -> None:
    assert parse_pile("S") == Pile(0, "S") and parse_pile("2:H") == Pile(2, "H")
    assert parse_pile("B2") == Pile(None, "B2") and parse_pile("draw") == Pile(None, "draw")
    assert Pile(0, "D2").selector() == '[data-seat="0"] [data-slot="D2"]'
    assert Pile(0, "H5").selector() == '[data-seat="0"] [data-slot="H"][data-card="5"]'
    assert Pile(0, "HSB").selector() == '[data-seat="0"] [data-slot="H"][data-card="SB"]'
    assert Pile(None, "B3").selector() == '[data-slot="B3"]' and Pile(None, "draw").selector() == ".drawpile"
    assert Pile(1, "H").selector().startswith('[data-seat="1"] .hand')
    assert [Pile(0, "S").name, Pile(1, "D2").name, Pile(None, "B1").name] == ["S", "1:D2", "B1"]


def test_record_and_step() -> None:
    assert args_of("record", {"record": {"format": "skipbo-record"}}) == {"record": {"format": "skipbo-record"}}
    for record in ("{}", [], None, 1):
        bad_args("record", {"record": record})
    bad_args("record", {})
    for to in ("forward", "back", "start", "end", "next-turn", "previous-turn", 0, 12):
        assert args_of("step", {"to": to}) == {"to": to}
    assert args_of("step", {"turn": 3}) == {"turn": 3}
    for args in ({}, {"to": "sideways"}, {"to": -1}, {"to": 1.5}, {"to": True}, {"turn": 0}, {"turn": "2"},
                 {"to": 1, "turn": 1}):
        bad_args("step", args)


# -- host=<origin> -----------------------------------------------------------------------------

@pytest.mark.parametrize("text, origin", [
    ("https://teach.example", "https://teach.example"), ("https://Teach.Example/", "https://teach.example"),
    ("https://teach.example:443", "https://teach.example"), ("http://teach.example:80", "http://teach.example"),
    ("http://127.0.0.1:8000", "http://127.0.0.1:8000"), ("https://[::1]:8443", "https://[::1]:8443"),
    ("https://teach.example/lesson", None), ("https://teach.example?x=1", None), ("https://teach.example#a", None),
    ("https://user@teach.example", None), ("ftp://teach.example", None), ("javascript:alert(1)", None),
    ("teach.example", None), ("", None), ("https://", None), ("https://a:99999", None), ("*", None),
    ("null", None), ("https://tëach.example", None), ("https://a b", None),
])
def test_host_origins_are_read_strictly(text: str, origin: str | None) -> None:
    assert parse_origin(text) == origin


def test_host_option_in_the_address() -> None:
    url = parse_url({"host": "https://teach.example"}, Settings(), LANGUAGES)
    assert url.host == "https://teach.example" and url.bad == () and url.settings is None  # starts no game
    bad = parse_url({"host": "https://teach.example/page", "players": "3"}, Settings(), LANGUAGES)
    assert bad.host == "" and "host" in bad.bad and bad.settings.players == 3  # "": nobody may steer
    assert parse_url({}, Settings(), LANGUAGES).host is None  # no host=: the parent, whatever its origin
    # an address too long to read still keeps its host (and embed): the frame stays locked
    given, too_long = query_options("?embed=1&host=https%3A%2F%2Fteach.example&pad=" + "x" * MAX_QUERY)
    assert too_long and given == {"embed": "1", "host": "https://teach.example"}


# -- what the answers hold ---------------------------------------------------------------------

def test_the_state_holds_only_what_everyone_sees() -> None:
    game = Game.new(Rules(players=3, stock_size=5), seed=4, players=[
        {"name": "Ana", "kind": "human"}, {"name": "", "kind": "ai:easy"}, {"name": "", "kind": "ai:hard"}])
    game.play(next(m for m in game.legal_moves() if m.is_discard))
    ctrl = Controller(game, Settings())
    state = public_state(ctrl, Look("en"), 2, "game")
    assert json.loads(json.dumps(state)) == state
    assert state["names"] == ["Ana", "Computer 1", "Computer 2"] and state["kinds"] == ["human", "easy", "hard"]
    assert state["to_move"] == 1 and state["moves"] == 1 and state["my_turn"] is False and state["mode"] == "game"
    view = game.view(0)
    assert state["hand_sizes"] == list(view.hand_sizes) and state["stock_counts"] == [5, 5, 5]
    assert state["stock_tops"] == [("SB" if c == 0 else str(c)) for c in view.stock_tops]
    assert state["discards"][0] == [[("SB" if c == 0 else str(c)) for c in p] for p in view.discards[0]]
    assert state["next"] == [1, 1, 1, 1] and state["draw_pile"] == view.draw_size
    text = json.dumps(state)
    for secret in ("hand\"", "deck", "seed"):  # hands, the deck and the seed stay in the frame
        assert secret not in text


def test_messages_in_words_with_a_message_inside() -> None:
    why = Message("illegal.wrong-number", {"pile": 1, "needs": 2, "card": 8})
    text = message_words("en", Message("record.bad_move", {"n": 3, "move": "H8>B1", "why": why}))
    assert text.startswith("Move 3 of this record (H8>B1) breaks a rule:") and "needs" in text
    assert message_words("de", Message("record.not_json")) != message_words("en", Message("record.not_json"))


def test_the_embedding_doc_documents_every_command_and_every_error_code() -> None:
    import re
    from pathlib import Path

    import skipbo_web.state.protocol as api

    text = (Path(__file__).resolve().parents[2] / "docs" / "EMBEDDING.md").read_text(encoding="utf-8")
    section = text[text.index("## Commands from the host page"):]
    section = section[:section.index("\n## ")]
    rows = {line.split("`")[1] for line in section.splitlines() if line.startswith("| `")}
    codes = {getattr(api, name) for name in ("MALFORMED", "TOO_LARGE", "UNKNOWN", "BAD_ARGS", "NOT_NOW", "ILLEGAL",
                                             "NO_PILE", "BAD_RECORD", "BAD_POSITION")}
    assert set(COMMANDS) | codes <= rows
    assert f"{MAX_COMMAND_BYTES:,} bytes" in section and f"at most {MAX_CAPTION} characters" in section
    used = set(re.findall(r"HostError\(([A-Z_]+),", "".join(path.read_text()  # host_api, the commands
                                                             for path in Path(api.__file__).parents[1].rglob("*.py"))))
    assert {getattr(api, name) for name in used} <= codes  # every code the page can answer is listed


def test_a_deep_command_is_refused_before_it_is_parsed() -> None:
    """Pyodide's stack overflows long before CPython raises RecursionError: a command is
    measured by the bounded reader first (issue 29), and a 30-digit limit holds for numbers."""
    err = refused("[" * 20_000 + "]" * 20_000)
    assert err.code == "malformed" and "nested more than" in str(err)
    assert "digits" in str(refused('{"source": "skipbo-host", "id": ' + "9" * 5000 + "}"))
