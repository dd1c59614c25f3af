"""Embed mode and untrusted input on the host (no browser): the address's options and
names, the storage keys, and the messages to the parent page."""

from __future__ import annotations

import json
import random

import pytest
from skipbo_web.i18n import LANGUAGES
from skipbo_web.state.address import (
    MAX_QUERY,
    URL_GAME_KEYS,
    URL_KEYS,
    parse_names,
    parse_url,
    query_options,
    wants_embed,
)
from skipbo_web.state.controller import Controller
from skipbo_web.state.look import Look
from skipbo_web.state.messages import Message
from skipbo_web.state.saves import EMBED_KEYS, PAGE_KEYS, storage_keys
from skipbo_web.state.settings import MAX_NAME, Settings
from skipbo_web.views.embed import Reporter, embed_bar_tree
from skipbo_web.views.sheets import help_tree
from skipbo_web.views.table_model import table_model
from skipbo_web.views.table_view import table_tree
from skipbo_web.views.tree import to_html

from skipbo_core import Game

XSS = "<svg onload=alert(1)>"


def url(**options: str):
    return parse_url(options, Settings(), LANGUAGES)


# -- the address ------------------------------------------------------------------------------

def test_query_options_take_the_first_value_and_refuse_a_huge_address() -> None:
    assert query_options("?players=3&players=4&names=A%2CB&x=") == ({"players": "3", "names": "A,B", "x": ""}, False)
    assert query_options("") == ({}, False)
    huge = "?players=3&embed=1&pad=" + "x" * MAX_QUERY
    assert query_options(huge) == ({"embed": "1"}, True)  # an embed stays an embed
    assert query_options("?players=3&pad=" + "x" * MAX_QUERY) == ({}, True)


BAD_VALUES = {"players": "9", "stock": "99", "ai": "genius", "seed": "-1", "humans": "7", "teams": "yes",
              "deck": "170", "target": "0", "lang": "<b>", "speed": "\u00b2", "faces": "tarot",
              "names": "x" * 2000, "embed": "2", "practice": "maybe", "host": "https://teach.example/page",
              "theme": "purple", "sound": "loud", "remote": "3",
              "relay": "ws://broker.example/mqtt", "ice": "turn:turn.example.org"}


def test_every_url_option_has_a_bad_value_tried() -> None:
    assert set(BAD_VALUES) == set(URL_KEYS)  # a new option needs its invalid case here


@pytest.mark.parametrize("option", sorted(BAD_VALUES))
def test_every_option_with_a_bad_value_is_named_and_takes_its_default(option: str) -> None:
    """In an embedded table; on the page itself a wrong game option starts no game (issue 29)."""
    values = BAD_VALUES
    embed = {"embed": "1"} if option != "embed" else {}
    options = url(players="2", **embed, **{option: values[option]}) if option != "players" else url(players="9",
                                                                                                     **embed)
    assert option in options.bad
    good = url(players="2", embed="1")
    assert options.settings.rules() == good.settings.rules()
    assert options.settings.table == good.settings.table and options.lang is None and options.speed is None
    alone = url(players="2", **{option: values[option]}) if option != "players" else url(players="9")
    assert option in alone.bad
    if option in URL_GAME_KEYS:
        assert alone.settings is None and alone.seed is None and alone.ignored == (option,) and alone.origin == ""
    else:
        assert alone.ignored == () and alone.settings.rules() == good.settings.rules()


def test_non_ascii_digits_are_refused_not_a_crash() -> None:
    for text in ("\u00b2", "\u0661\u0662", "\uff13"):
        assert "players" in url(players=text).bad


def test_names_from_the_address() -> None:
    assert parse_names("Anna, Ben ,,  Cleo  Dee") == ("Anna", "Ben", "", "Cleo Dee")
    assert parse_names(XSS) == (XSS,)  # kept as typed: shown as text, never as HTML
    assert parse_names("x" * (MAX_NAME + 1)) is None
    assert parse_names("x" * 2000) is None
    assert parse_names(",".join("abcdefg")) is None            # more than six
    assert parse_names("Ann\u0000a") is None and parse_names("Ann\u202ea") is None  # control, bidi override
    options = url(players="3", names="Anna,,Cleo", humans="2")
    assert [(s.name, s.kind) for s in options.settings.table] == [("Anna", "human"), ("", "human"), ("Cleo", "medium")]
    assert "names=Anna,,Cleo" in options.origin  # other names: another game


def test_embed_alone_starts_a_game_and_is_not_part_of_the_game_origin() -> None:
    assert wants_embed({"embed": "1"}) and not wants_embed({"embed": "0"}) and not wants_embed({})
    options = url(embed="1")
    assert options.embed and options.settings is not None and options.bad == ()
    assert url(embed="1", players="3").origin == url(players="3").origin
    assert not url(embed="0").embed and url(embed="0").settings is None


def test_embed_mode_keeps_its_game_apart_and_never_writes_settings() -> None:
    assert storage_keys(False) == PAGE_KEYS and storage_keys(True) == EMBED_KEYS
    assert PAGE_KEYS.current == "skipbo.current" and EMBED_KEYS.settings is None
    assert not {EMBED_KEYS.current, EMBED_KEYS.match} & {PAGE_KEYS.current, PAGE_KEYS.match, PAGE_KEYS.settings}


# -- the page -------------------------------------------------------------------------------

def test_a_name_from_the_address_is_text_in_every_place_it_shows() -> None:
    options = url(players="2", names=f"{XSS},{XSS}", seed="3", stock="2")
    ctrl = Controller.start(options.settings, 3)
    look = Look("en")
    rng = random.Random(2)
    while not ctrl.game.is_over:
        html = to_html(table_tree(table_model(ctrl), look))
        assert "<svg" not in html and "&lt;svg onload=alert(1)&gt;" in html
        if ctrl.ai_to_move:
            ctrl.ai_move()
        else:
            ctrl.play(str(rng.choice(ctrl.game.legal_moves())))
    assert "<svg" not in to_html(table_tree(table_model(ctrl), look))  # the result too


def test_the_embed_menu_has_the_few_controls_and_no_new_game() -> None:
    html = to_html(embed_bar_tree(Look("da"), 1))
    for hook in ('data-action="play-again"', 'data-action="help"', 'name="speed"', 'data-lang="de"'):
        assert hook in html
    assert 'data-action="new"' not in html and "<h1" not in html
    assert '<option value="1" selected>' in html
    assert "<kbd>N</kbd>" in to_html(help_tree("en")) and "<kbd>N</kbd>" not in to_html(help_tree("en", embed=True))


# -- messages to the parent page ----------------------------------------------------------

def play_out(ctrl: Controller, seed: int = 1, after=None) -> None:
    """Random legal moves for the humans, the computer's for the rest, until the end;
    ``after()`` runs after each move."""
    rng = random.Random(seed)
    while not ctrl.game.is_over:
        if ctrl.ai_to_move:
            ctrl.ai_move()
        else:
            ctrl.play(str(rng.choice(ctrl.game.legal_moves())))
        if after is not None:
            after()


def test_the_reporter_tells_each_move_once_and_the_end() -> None:
    ctrl = Controller.start(url(players="3", stock="3", names="Ann").settings, 5)
    look = Look("de")
    reporter = Reporter()
    assert reporter.updates(ctrl, look, []) == []  # nothing before ready
    bad = Message("notice.bad_url", {"names": "ai, lang"})
    first = reporter.ready(ctrl, look, [bad])
    assert [e["type"] for e in first] == ["error", "ready"]
    assert first[0]["options"] == ["ai", "lang"] and first[0]["code"] == "notice.bad_url"
    assert first[1]["names"][0] == "Ann" and first[1]["players"] == 3 and first[1]["lang"] == "de"
    told = []
    rng = random.Random(4)
    while not ctrl.game.is_over:
        if ctrl.ai_to_move:
            ctrl.ai_move()
        else:
            ctrl.play(str(rng.choice(ctrl.game.legal_moves())))
        told += reporter.updates(ctrl, look, [bad])
        assert reporter.updates(ctrl, look, [bad]) == []  # nothing new, nothing told
    moves = [e for e in told if e["type"] == "move"]
    record = ctrl.record()
    assert [m["move"] for m in moves] == record["moves"]
    assert [m["turn"] for m in moves] == [e.turn for e in ctrl.game.log()]
    assert moves[-1]["turn"] == ctrl.game.turn
    over = told[-1]
    result = Game.from_record(record).result
    assert over["type"] == "gameover" and (over["winner"], over["reason"], over["scores"]) == (
        result.winner, result.reason, list(result.scores))
    for e in first + told:  # the documented shape, as plain JSON
        assert e["source"] == "skipbo" and e["version"] == 1 and json.loads(json.dumps(e)) == e
        assert not {"hand", "hands", "deck", "seed"} & set(e)
    again = ctrl.next_game(9) if ctrl.match.target else Controller.start(ctrl.settings_for_replay(), 9)
    assert [e["type"] for e in reporter.updates(again, look, [])] == ["newgame"]


def test_a_taken_back_move_is_told_as_undo() -> None:
    ctrl = Controller.start(url(players="2").settings, 3)
    look = Look("en")
    reporter = Reporter()
    reporter.ready(ctrl, look, [])
    move = next(m for m in ctrl.game.legal_moves() if m.is_build)
    ctrl.play(str(move))
    assert [e["type"] for e in reporter.updates(ctrl, look, [])] == ["move"]
    ctrl.game.pop()
    assert [e["type"] for e in reporter.updates(ctrl, look, [])] == ["undo"]


def test_the_embedding_doc_lists_every_url_option() -> None:
    from pathlib import Path

    section = (Path(__file__).resolve().parents[2] / "docs" / "EMBEDDING.md").read_text(encoding="utf-8")
    listed = {line.split("`")[1] for line in section.splitlines() if line.startswith("| `")}
    assert set(URL_KEYS) | {"record", "tutorial"} <= listed
    for kind in ("ready", "move", "gameover", "error", "newgame", "undo"):
        assert f"| `{kind}` |" in section
    assert 'sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"' in section
    assert "title=" in section
    # the browser tests' host page uses the documented sandbox, so they try what it allows
    from e2e.test_embed import HOST
    assert 'sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"' in HOST.template


def documented_fields() -> dict[str, set[str]]:
    """docs/EMBEDDING.md's table of messages: for each ``type``, the field names of its "further
    fields" column (backticked names outside parentheses; ``as `ready``` copies them)."""
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "EMBEDDING.md").read_text(encoding="utf-8")
    section = text[text.index("## Messages to the host page"):]
    section = section[:re.search(r"\n##+ ", section).start()]  # up to the next heading (the commands)
    fields: dict[str, set[str]] = {}
    for line in section.splitlines():
        cells = line.split(" | ")
        if not line.startswith("| `") or len(cells) != 3 or line.startswith("| `type`"):
            continue
        kind = cells[0].strip("| `")
        column = cells[2].rstrip(" |")
        while re.search(r"\([^()]*\)", column):
            column = re.sub(r"\([^()]*\)", "", column)
        names = set(re.findall(r"`([a-z_]+)`", column))
        fields[kind] = fields[names.pop()] if column.strip().startswith("as `") else names
    return fields


def test_every_message_to_the_host_page_has_the_fields_the_doc_lists() -> None:
    """docs/EMBEDDING.md is the host page's contract: each message type carries exactly the
    fields its row names, besides ``source``, ``version`` and ``type``."""
    documented = documented_fields()
    assert set(documented) == {"error", "ready", "newgame", "move", "undo", "gameover"}
    ctrl = Controller.start(url(players="4", teams="1", stock="2", target="200", practice="1").settings, 5)
    look = Look("en")
    reporter = Reporter()
    seen: dict[str, set[str]] = {}
    for e in reporter.ready(ctrl, look, [Message("notice.bad_url", {"names": "ai"})]):
        seen[e["type"]] = set(e)
    play_out(ctrl, 2, after=lambda: seen.update((e["type"], set(e)) for e in reporter.updates(ctrl, look, [])))
    for e in reporter.updates(ctrl.next_game(9), look, []):
        seen[e["type"]] = set(e)
    ctrl = Controller.start(url(players="2", practice="1").settings, 3)  # a move taken back
    reporter.updates(ctrl, look, [])
    ctrl.play(str(next(m for m in ctrl.game.legal_moves() if m.is_build)))
    reporter.updates(ctrl, look, [])
    ctrl.game.pop()
    for e in reporter.updates(ctrl, look, []):
        seen[e["type"]] = set(e)
    assert set(seen) == set(documented)
    for kind, keys in seen.items():
        assert keys - {"source", "version", "type"} == documented[kind], kind
