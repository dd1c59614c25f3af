"""Room codes (``remote.room``): a code reads back however a person types it, the relay
list of the URL option is checked, and a room message reads back as it was written while
anything else that comes through a relay (garbage, huge, deep, of another shape) is a
``WireError``."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st
from skipbo_web.remote import room
from skipbo_web.remote.room import RoomMessage, read_code, read_room
from skipbo_web.remote.wire import WireError
from skipbo_web.state.address import parse_relays, parse_url
from skipbo_web.state.settings import Settings


def test_a_new_code_is_eight_unambiguous_letters_and_reads_back_as_typed() -> None:
    codes = {room.new_code() for _ in range(200)}
    assert len(codes) == 200
    for code in codes:
        assert len(code) == 8 and not set(code) & set("ILOU")
        shown = room.show_code(code)
        assert shown[4] == "-"
        assert read_code(shown) == read_code(shown.lower()) == read_code(f"  {shown[:2]} {shown[2:]} ") == code


@pytest.mark.parametrize(("typed", "code"), [("7K3Q-X9MD", "7K3QX9MD"), ("oil1-ABCD", "0111ABCD"),
                                             ("7K3QX9M", None), ("7K3QX9MDD", None), ("7K3QX9MU", None),
                                             ("", None), ("7K3Q_X9MD", None), ("x" * 1000, None),
                                             ("７K3QX9MD", None)])
def test_what_a_person_types(typed: str, code: str | None) -> None:
    assert read_code(typed) == code


@given(st.text(max_size=40))
def test_any_text_is_a_code_or_none(text: str) -> None:
    code = read_code(text)
    assert code is None or (len(code) == 8 and set(code) <= set(room.CODE_LETTERS))


@pytest.mark.parametrize(("text", "relays"), [
    ("wss://broker.example/mqtt", ("wss://broker.example/mqtt",)),
    ("wss://a.example:8884/mqtt, wss://b.example/mqtt,wss://a.example:8884/mqtt",
     ("wss://a.example:8884/mqtt", "wss://b.example/mqtt")),
    ("ws://127.0.0.1:1883/mqtt", ("ws://127.0.0.1:1883/mqtt",)),
    ("ws://broker.example/mqtt", None), ("https://broker.example/", None), ("wss://u:p@broker.example/", None),
    ("wss://broker.example/#x", None), ("wss://broker.example:port/", None), ("", None), ("wss://", None),
    (",".join(["wss://b.example/"] * 9), None), ("wss://" + "b" * 200 + ".example/", None),
    ("wss://bröker.example/", None), ("wss://b.example/<script>", ("wss://b.example/<script>",)),
])
def test_the_relay_option(text: str, relays: tuple[str, ...] | None) -> None:
    assert parse_relays(text) == relays
    options = parse_url({"relay": text}, Settings(), ["en"])
    assert options.relays == relays and ("relay" in options.bad) == (relays is None)


MESSAGES = [RoomMessage("knock", "g-1", "Åse"), RoomMessage("heard", "g-1", ""), RoomMessage("offer", "g_1", "zAbC-_9"),
            RoomMessage("answer", "g1", "p" + "A" * 2999), RoomMessage("turned", "g1", "seat-taken")]


@pytest.mark.parametrize("message", MESSAGES)
def test_a_room_message_reads_back(message: object) -> None:
    assert read_room(room.encode_room(message)) == message


@pytest.mark.parametrize(("text", "code"), [
    ("", "not-json"), ("garbage", "not-json"), ("[" * 20_000 + "]" * 20_000, "too-big"),
    ('{"v":1,"kind":"knock","guest":"g","name":' + "[" * 3 + "]" * 3 + "}", "too-deep"),
    ("x" * 10_000_000, "too-big"), ('{"v":2,"kind":"knock","guest":"g","name":"B"}', "version"),
    ('{"v":1,"kind":"knock","guest":"g"}', "shape"), ('{"v":1,"kind":"knock","guest":"g","name":"B","x":1}', "shape"),
    ('{"v":1,"kind":"knock","guest":"g h","name":"B"}', "shape"),
    ('{"v":1,"kind":"hello","guest":"g","name":"B"}', "shape"),
    ('{"v":1,"kind":"knock","guest":"g","name":"' + "B" * 25 + '"}', "shape"),
    ('{"v":1,"kind":"offer","guest":"g","link":"https://evil.example/"}', "shape"),
    ('{"v":1,"kind":"offer","guest":"g","link":"p' + "A" * 3000 + '"}', "shape"),
    ('{"v":1,"kind":"turned","guest":"g","why":"because"}', "shape"), ("[1,2]", "shape"), ("1e999999", "bad-number"),
])
def test_anything_else_through_a_relay_is_refused(text: str, code: str) -> None:
    with pytest.raises(WireError) as caught:
        read_room(text)
    assert caught.value.code == code


@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=30),
                    lambda kids: st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=8), kids, max_size=4)))
def test_any_json_is_a_message_or_a_wire_error(value: object) -> None:
    try:
        message = read_room(json.dumps(value))
    except WireError:
        return
    assert read_room(room.encode_room(message)) == message


def test_the_build_option_names_the_relays_and_refuses_a_wrong_list(tmp_path) -> None:
    import shutil
    from pathlib import Path

    import build

    shutil.copy2(Path(build.WEB) / "room.mjs", tmp_path / "room.mjs")
    before = (tmp_path / "room.mjs").read_text()
    with pytest.raises(build.BuildError):
        build.set_relays(tmp_path, "ws://broker.example/mqtt")
    assert (tmp_path / "room.mjs").read_text() == before  # a wrong list changes nothing
    build.set_relays(tmp_path, "wss://a.example/mqtt, wss://b.example:8884/mqtt")
    text = (tmp_path / "room.mjs").read_text()
    assert 'Object.freeze([\n  "wss://a.example/mqtt",\n  "wss://b.example:8884/mqtt",\n]);' in text
    assert "broker.emqx.io" not in text and text.replace(text[text.index("export const DEFAULT"):
                                                              text.index("]);") + 3], "") == \
        before.replace(before[before.index("export const DEFAULT"):before.index("]);") + 3], "")


@pytest.mark.parametrize(("text", "servers"), [
    ("stun:stun.example.org:3478", ({"urls": "stun:stun.example.org:3478"},)),
    ("stun:stun.example.org, turn:ann:s3cret@turn.example.org:3478?transport=udp",
     ({"urls": "stun:stun.example.org"},
      {"urls": "turn:turn.example.org:3478?transport=udp", "username": "ann", "credential": "s3cret"})),
    ("turns:u:p@[2001:db8::1]:5349", ({"urls": "turns:[2001:db8::1]:5349", "username": "u", "credential": "p"},)),
    ("turn:turn.example.org", None), ("stun:u:p@stun.example.org", None), ("stun:stun.example.org:0", None),
    ("stun:stun.example.org:99999", None), ("http://stun.example.org", None), ("stun:a?transport=udp", None),
    ("stun:<b>", None), ("", None), (",".join(["stun:a.example"] * 5), None), ("turn:u:p w@t.example", None),
])
def test_the_ice_option(text: str, servers: tuple[dict[str, str], ...] | None) -> None:
    from skipbo_web.state.address import parse_ice

    assert parse_ice(text) == servers
    options = parse_url({"ice": text}, Settings(), ["en"])
    assert options.ice == (servers or ()) and ("ice" in options.bad) == (servers is None)


def test_the_build_option_names_the_ice_servers_and_refuses_a_wrong_list(tmp_path) -> None:
    import shutil
    from pathlib import Path

    import build

    shutil.copy2(Path(build.WEB) / "link.mjs", tmp_path / "link.mjs")
    before = (tmp_path / "link.mjs").read_text()
    assert "export const DEFAULT_ICE = Object.freeze([\n]);" in before  # none unless a site names some
    with pytest.raises(build.BuildError):
        build.set_relays(tmp_path, None, "turn:turn.example.org")  # a TURN server needs its user and password
    assert (tmp_path / "link.mjs").read_text() == before
    build.set_relays(tmp_path, None, "stun:stun.example.org:3478,turn:u:p@turn.example.org")
    assert ('Object.freeze([\n  {"urls": "stun:stun.example.org:3478"},\n'
            '  {"urls": "turn:turn.example.org", "username": "u", "credential": "p"},\n]);'
            in (tmp_path / "link.mjs").read_text())

