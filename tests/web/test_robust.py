"""Every reader of the page's non-DOM modules answers any input with a value or its
documented error, within a second (issue 29): random text (JSON nested up to 50,000 deep
included) for the readers of text, random JSON trees (as the bounded reader hands them
on) for the readers of stored values, random addresses for the URL options."""

from __future__ import annotations

import json
from datetime import timedelta

from hypothesis import given, settings
from hypothesis import strategies as st
from skipbo_web.host.host_api import parse_command
from skipbo_web.i18n import LANGUAGES
from skipbo_web.state import positions
from skipbo_web.state.address import parse_url, query_options
from skipbo_web.state.controller import BadSave, Controller, newer_save
from skipbo_web.state.protocol import HostError
from skipbo_web.state.replay import RecordProblem, Replay, parse_record
from skipbo_web.state.settings import Settings
from skipbo_web.state.stats import read_store
from skipbo_web.state.tutorial import Tutorial
from skipbo_web.views.puzzle_view import read_progress

from skipbo_core.jsonread import JSONInputError, read_json

FAST = settings(deadline=timedelta(seconds=1), max_examples=max(60, settings.default.max_examples))
SAVED = Controller.start(Settings(), 5)

leaves = (st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20)
          | st.sampled_from(["skipbo-record", "skipbo-position", "S>B1", "end", "human", "ai:easy", "de"]))
trees = st.recursive(leaves, lambda inner: st.lists(inner, max_size=6)
                     | st.dictionaries(st.text(max_size=12) | st.sampled_from(
                         ["version", "lang", "seats", "solved", "games", "moves", "step", "history", "game_no"]),
                         inner, max_size=6), max_leaves=40)

# saved values as the page writes them, each with one field replaced by anything
BASES = [Settings().to_dict(), {"version": 1, "solved": [1]}, Tutorial().to_dict(), SAVED.record(),
         SAVED.match_data(), {"version": 1, "games": []}]
one_field_off = st.builds(lambda base, key, value: {**base, key: value}, st.sampled_from(BASES),
                          st.sampled_from(sorted({k for b in BASES for k in b})), trees)
values = trees | one_field_off


def deep_text(depth: int, opener: str) -> str:
    """JSON text nested ``depth`` deep, in lists or in objects."""
    return "[" * depth + "]" * depth if opener == "[" else '{"a":' * depth + "1" + "}" * depth


texts = (st.text(max_size=200) | st.binary(max_size=200).map(lambda b: b.decode("latin-1"))
         | st.builds(deep_text, st.integers(0, 50_000), st.sampled_from("[{"))
         | trees.map(json.dumps))


@FAST
@given(texts)
def test_readers_of_text_give_a_value_or_their_documented_error(text: str) -> None:
    try:
        read_json(text, "skipbo.current")  # what Store.get reads every stored value with
    except JSONInputError:
        pass
    try:
        Replay(parse_record(text))
    except RecordProblem:
        pass
    try:
        Controller.from_position(positions.read_text(text), Settings())
    except positions.PositionProblem:
        pass
    try:
        parse_command(text)
    except HostError:
        pass


@FAST
@given(values)
def test_readers_of_stored_values_give_a_value_or_their_documented_error(value: object) -> None:
    settings_read, bad = Settings.from_dict(value, LANGUAGES)
    assert isinstance(settings_read, Settings) and isinstance(bad, list)
    solved, damaged = read_progress(value)
    assert isinstance(solved, set) and isinstance(damaged, bool)
    read_store(value)
    newer_save(value)
    try:
        Tutorial.from_dict(value)
    except BadSave:
        pass
    for record, match in ((value, SAVED.match_data()), (SAVED.record(), value)):
        try:
            Controller.resume(record, match, Settings())
        except BadSave:  # BadMatch is one: only the match is wrong
            pass


@FAST
@given(st.text(max_size=300))
def test_any_address_gives_options_never_an_error(search: str) -> None:
    given_options, _ = query_options("?" + search)
    url = parse_url(given_options, Settings(), LANGUAGES)
    assert url.settings is None or not url.ignored
