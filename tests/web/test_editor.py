"""The position editor's table (``skipbo_web.state.editor``): what a tap changes, the
engine's verdict at the pile it names, the link that never comes for a table the engine
refuses, and the round trip editor -> link -> position -> editor."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from skipbo_web.commands.editor import _changed, editor_of
from skipbo_web.state.address import parse_names
from skipbo_web.state.editor import (
    FRAME_SIZES,
    SANDBOX,
    Editor,
    SeatSetup,
    embed_code,
    judge,
    link,
    parse_pile,
    pile_of,
)
from skipbo_web.state.store import PageState, Store
from skipbo_web.views.editor_view import editor_tree
from skipbo_web.views.tree import to_html

from skipbo_core import Game, PositionError, Rules, game_from_position, parse_compact, to_compact

BASE = "https://example.test/skipbo/"


def two() -> Editor:
    return Editor((SeatSetup(10, 4, (5, 9)), SeatSetup(10, 2)), stock_size=10)


def round_trip(editor: Editor, edit: bool = False) -> Editor:
    url = link(BASE, editor, "en", edit=edit)
    assert url is not None
    query = parse_qs(urlsplit(url).query)
    assert query.get("edit") == (["1"] if edit else None)
    back = Editor.from_position(parse_compact(query["pos"][0]))
    for seat, name in enumerate(parse_names(query["names"][0]) if "names" in query else ()):
        back = back.named(seat, name)
    return back.at_level(query["ai"][0]) if "ai" in query else back


def test_a_picked_card_goes_on_the_piles_tapped_and_one_tap_takes_a_top_or_clears() -> None:
    editor = two().pick(1).place("B1").pick(0).place("B1").place("1:D3")
    assert editor.building[0] == (1, 0) and editor.seats[1].discards[2] == (0,)
    assert editor.card == 0
    assert editor.pick(0).card is None  # picked again: put back
    assert editor.place("0:H").seats[0].hand == (0, 5, 9)  # a hand in the engine's order
    assert editor.pick(6).place("0:H").pop("0:H").seats[0].hand == (5, 6)
    assert editor.pop("B1").building[0] == (1,)
    assert editor.clear("B1").building[0] == ()
    stock = editor.pick(7).place("1:S").seats[1]
    assert (stock.top, stock.count) == (7, 10)
    assert editor.pop("0:S").seats[0] == SeatSetup(10, None, (5, 9))  # its top dealt at random
    assert editor.clear("0:S").seats[0].count == 0
    assert editor.place("5:H") is editor and editor.place("B9") is editor  # no such pile
    assert editor.stock_count(0, 1).seats[0].count == 10  # at most the rules' stock
    assert editor.stock_count(0, -3).seats[0].count == 7


def test_names_are_cleaned_kept_per_seat_and_go_into_the_link() -> None:
    editor = two().named(1, "  Ben,\u202e the\tgreat ").named(5, "nobody")
    assert editor.names == ("", "Ben the great")
    assert "names=%2CBen+the+great" in link(BASE, editor, "en")
    assert round_trip(editor) == editor
    assert editor.named(1, "").names == () and "names" not in link(BASE, editor.named(1, ""), "en")
    assert editor.with_players(3).names == ("", "Ben the great") and editor.named(1, "x" * 40).names[1] == "x" * 24
    assert editor.with_players(2).named(1, "").with_players(3).names == ()


def test_the_player_count_and_the_seat_to_move() -> None:
    editor = two().to_move(1)
    three = editor.with_players(3)
    assert three.players == 3 and three.seats[2] == SeatSetup(30, None) and three.current == 1
    assert three.with_players(2).seats == tuple(replace(s, count=min(s.count, 30)) for s in editor.seats)
    six = editor.with_players(6).to_move(5)
    assert six.with_players(4).current == 3
    assert editor.to_move(7) is editor


def test_teams_and_the_deck_go_into_the_position() -> None:
    editor = two()
    assert editor.with_teams(True).teams is False  # two players: no teams
    four = editor.with_players(4).with_teams(True)
    assert four.teams and four.position()["rules"]["teams"] is True and judge(four).game.rules.teams
    assert four.with_players(5).teams is False
    big = editor.with_deck(168)
    assert big.wild_cards == 24 and judge(big).game.rules.deck_size == 168
    assert editor.with_deck(170) is editor
    assert round_trip(four) == four and round_trip(big) == big
    assert _changed(four, "ed-teams", "", None, None, None).teams is False
    assert _changed(editor, "ed-deck", "", None, None, "168").wild_cards == 24


def test_the_buttons_of_the_sheet_change_the_table_as_they_say() -> None:
    editor = two()
    assert _changed(editor, "ed-card", "", "12", None, None).card == 12
    assert _changed(editor, "ed-card", "", "13", None, None) is editor
    assert _changed(editor, "ed-players", "", None, None, "4").players == 4
    assert _changed(editor, "ed-players", "", None, None, "7") is editor
    assert _changed(editor, "ed-turn", "", None, "1", None).current == 1
    assert _changed(editor, "ed-stock-less", "", None, "1", None).seats[1].count == 9
    size = len(judge(editor).game.draw_pile)
    assert _changed(editor, "ed-draw-less12", "", None, None, None).draw == size - 12
    assert _changed(_changed(editor, "ed-draw-more", "", None, None, None), "ed-draw-rest", "", None, None,
                    None).draw is None


@pytest.mark.parametrize(("change", "pile", "code"), [
    (lambda e: e.pick(5).place("B2"), "B2", "impossible-pile"),
    (lambda e: e.pick(3).place("0:H").place("0:H").place("0:H").place("0:H"), "0:H", "hand-size"),
    (lambda e: e.pick(3).place("1:H").place("1:H").place("1:H").place("1:H").place("1:H"), "1:H", "hand-size"),
    (lambda e: e.clear("1:S"), "1:S", "game-over"),
    (lambda e: e.pick(0).place("0:D1").place("0:D1").place("0:D1").place("0:D2").place("0:D2").place("0:D2")
     .place("1:D2").place("1:D2").place("1:D2").place("1:D3").place("1:D3").place("1:D3").place("1:D4")
     .place("1:D4").place("1:D4").place("0:D4").place("0:D4").place("0:D4").place("0:D4"), "1:D4", "too-many-cards"),
    (lambda e: replace(e, draw=50), "draw", "draw-size"),
])
def test_the_engine_judges_the_table_and_no_link_is_offered_for_one_it_refuses(change, pile, code) -> None:
    editor = change(two())
    verdict = judge(editor)
    assert (verdict.game, verdict.pile, verdict.code) == (None, pile, code)
    assert link(BASE, editor, "en") is None
    html = to_html(editor_tree(editor, verdict, "en", None, None))
    assert re.search(f'<[a-z]+ class="[^"]*ed-pile" data-pile="{pile}"[^>]* data-problem="1"', html)
    assert html.count('data-problem="1"') == 1
    assert "<a href" not in html and 'data-valid="0"' in html


def test_the_embed_code_frames_the_table_at_its_documented_size() -> None:
    from e2e.test_layout import documented_frames

    first: dict[int, tuple[int, int]] = {}
    for n, w, h in documented_frames():
        if n:
            first.setdefault(n, (w, h))
    assert first == FRAME_SIZES  # docs/EMBEDDING.md "Sizes": the first size of each row
    editor = two().with_players(4)
    code = embed_code(BASE, editor, "de", 'Skip-Bo <"Tisch">')
    src = re.search(r'<iframe src="([^"]+)"', code)[1].replace("&amp;", "&")
    assert src == link(BASE, editor, "de").replace("?", "?embed=1&")
    assert 'width="480" height="640"' in code and f'sandbox="{SANDBOX}"' in code
    assert 'title="Skip-Bo &lt;&quot;Tisch&quot;&gt;"' in code
    assert embed_code(BASE, editor.pick(5).place("B1"), "de", "x") is None


def test_a_smaller_draw_pile_sets_completed_piles_aside() -> None:
    editor = two()
    rest = len(judge(editor).game.draw_pile)
    smaller = editor.draw_count(-24, rest)
    assert judge(smaller).game.view(0).completed_size == 24
    html = to_html(editor_tree(smaller, judge(smaller), "en", "x", "y"))
    assert f'data-count="{rest - 24}" data-completed="24"' in html
    assert "24 cards of completed building piles are set aside" in html
    assert "set aside" not in to_html(editor_tree(editor, judge(editor), "en", "x", "y"))


def test_piles_and_paths_name_the_same_places() -> None:
    assert parse_pile("2:D3", 3) == (2, "D", 2) and parse_pile("B4", 2) == (-1, "B", 3)
    assert parse_pile("3:S", 3) is None and parse_pile("0:X", 2) is None and parse_pile(None, 2) is None
    assert [pile_of(p) for p in ("building[2][1]", "seats[1].stock.top", "seats[0].hand", "seats[4].discards[3][0]",
                                 "draw_pile", "current_seat", "")] == ["B3", "1:S", "0:H", "4:D4", "draw", "table",
                                                                        "table"]


def test_the_editor_starts_at_the_table_on_screen() -> None:
    game = Game.new(Rules(players=3, stock_size=12), seed=5)
    editor = editor_of(game)
    assert editor.players == 3 and editor.seats[0].hand == tuple(game.view(0).hand)
    assert [s.top for s in editor.seats] == [game.stock(s)[-1] for s in range(3)]
    played = judge(editor).game
    assert [played.stock(s)[-1] for s in range(3)] == [game.stock(s)[-1] for s in range(3)]
    assert len(played.draw_pile) == len(game.draw_pile)


def test_the_editor_is_a_value_in_the_page_state() -> None:
    from skipbo_web.state.controller import Controller
    from skipbo_web.state.look import Look
    from skipbo_web.state.settings import Settings

    ctrl = Controller.start(Settings(), 1)
    store = Store(PageState(ctrl=ctrl, table=ctrl.opening, look=Look("en", "skipbo"), speed=0))
    heard: list[frozenset] = []
    store.subscribe(heard.append)
    store.update(editor=two())
    store.update(editor=two())  # an equal table: nothing changed
    assert heard == [frozenset({"editor"})]
    with pytest.raises(AttributeError):
        store.state.editor.card = 3  # frozen


cards = st.integers(0, 12)


@st.composite
def editors(draw: st.DrawFn) -> Editor:
    players = draw(st.integers(2, 6))
    current = draw(st.integers(0, players - 1))
    stock = Rules(players=players).stock
    seats = []
    for s in range(players):
        count = draw(st.integers(1, stock))
        top = draw(st.none() | cards)
        most = 5 if s == current else 4
        hand = tuple(sorted(draw(st.lists(cards, min_size=1 if s == current else 0, max_size=most))))
        discards = tuple(tuple(draw(st.lists(cards, max_size=3))) for _ in range(4))
        seats.append(SeatSetup(count, top, hand, discards))
    building = tuple(tuple(draw(st.booleans()) and 0 or i + 1 for i in range(draw(st.integers(0, 11))))
                     for _ in range(4))
    wild = draw(st.sampled_from((18, 24)))
    teams = Rules.allows_teams(players) and draw(st.booleans())
    editor = Editor(tuple(seats), building, current, draw(st.none() | st.integers(0, 40)), wild_cards=wild, teams=teams)
    for seat, name in enumerate(draw(st.lists(st.text(max_size=30), max_size=players))):
        editor = editor.named(seat, name)
    return editor.at_level(draw(st.sampled_from(("easy", "medium", "hard", "expert"))))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(editors(), st.booleans())
def test_an_editor_goes_through_its_link_and_back_unchanged(editor: Editor, edit: bool) -> None:
    try:
        game_from_position(editor.position())
    except PositionError:
        assume(False)
    assert round_trip(editor, edit) == editor
    assert round_trip(editor.pick(4), edit) == editor  # the palette's pick is no part of the table


def desk() -> tuple[Any, Store, list[str]]:
    """The page's commands over a store, with rooms that note what they are asked."""
    from types import SimpleNamespace

    from skipbo_web.commands import Commands
    from skipbo_web.state.controller import Controller
    from skipbo_web.state.look import Look
    from skipbo_web.state.settings import Settings

    ctrl = Controller.start(Settings(), 1)
    store = Store(PageState(ctrl=ctrl, table=ctrl.opening, look=Look("en", "skipbo"), speed=0))
    asked: list[str] = []
    commands = Commands(store)

    def sheet_open(kind: str) -> None:
        asked.append(f"open {kind}")
        store.update(sheet=kind)

    def sheet_close() -> None:
        asked.append("close")
        store.update(sheet=None)

    nothing = SimpleNamespace(stop=lambda: None, play_if_due=lambda: None, end_replay=lambda: False)
    commands.wire(SimpleNamespace(
        sheet=SimpleNamespace(open=sheet_open, close=sheet_close, refresh=lambda: asked.append("redraw")),
        session=SimpleNamespace(settings=Settings()), records=nothing, computer=nothing,
        editor=SimpleNamespace(copy=lambda embed=False: asked.append(f"copy {embed}"),
                               save=lambda: asked.append("save"))))
    return commands, store, asked


def test_the_editor_opens_from_a_link_and_a_broken_one_changes_nothing() -> None:
    commands, store, asked = desk()
    before = store.state.ctrl
    assert commands.open_editor("p1.not-a-position") is False
    assert store.state.editor is None and store.state.sheet is None and asked == []
    assert [n.key for n in store.state.notices] == ["position.bad"] and store.state.ctrl is before
    editor = two().pick(1).place("B3")
    compact = parse_qs(urlsplit(link(BASE, editor, "en")).query)["pos"][0]
    assert commands.open_editor(compact) is True
    assert store.state.editor == replace(editor, card=None) and asked == ["open editor"]
    assert commands.open_editor(compact, "Anna,Ben,Cleo,Dan,Eve,Fay,Gus") is True  # too many names: none
    assert store.state.editor.names == ()
    commands.open_editor(compact, "Anna,Ben", "expert")
    assert store.state.editor == replace(editor, card=None, names=("Anna", "Ben"), level="expert")
    commands.open_editor()  # without a link: the table on the screen
    assert store.state.editor == editor_of(before.game)


def test_the_editor_s_buttons_go_through_the_store_and_play_from_here() -> None:
    commands, store, asked = desk()
    commands.open_editor()
    commands.editor_action("ed-players", n="3")
    commands.editor_action("ed-card", card="0")
    commands.editor_action("ed-pile", pile="B2")
    commands.editor_action("ed-turn", seat="2")
    commands.editor_name(2, "Cleo")
    editor = store.state.editor
    assert editor.players == 3 and editor.building[1] == (0,) and editor.current == 2
    commands.editor_action("ed-copy")
    commands.editor_action("ed-copy-embed")
    commands.editor_action("ed-save")
    assert asked[-3:] == ["copy False", "copy True", "save"]
    before = store.state.ctrl
    commands.editor_action("ed-play")  # seat 2 to move holds no cards: refused, nothing happens
    assert store.state.editor is editor and store.state.ctrl is before
    commands.editor_action("ed-pile", pile="2:H")
    assert judge(store.state.editor).pile == "0:H"  # five cards: too many for a seat not to move
    commands.editor_action("ed-pop", pile="0:H")
    commands.editor_action("ed-level", n="genius")  # no such level: nothing changes
    commands.editor_action("ed-level", n="hard")
    assert store.state.editor.level == "hard" and "&ai=hard&" in link(BASE, store.state.editor, "en")
    commands.editor_action("ed-play")
    game = store.state.ctrl.game
    assert store.state.editor is None and asked[-1] == "close"
    assert game.current_seat == 2 and list(game.view(0).building[1]) == [0]
    assert [p["kind"] for p in game.players] == ["ai:hard", "ai:hard", "human"]
    assert game.players[2]["name"] == "Cleo"  # the name typed in the editor


def test_a_position_file_opens_in_the_editor_and_a_bad_one_is_said_there() -> None:
    import json

    commands, store, asked = desk()
    commands.open_editor()
    editor = store.state.editor
    commands.open_editor_text("{not json")
    assert store.state.editor is editor and store.state.editor_note.key == "position.not_json"
    bad = two().pick(5).place("B1").position()
    commands.open_editor_text(json.dumps(bad))
    note = store.state.editor_note
    assert store.state.editor is editor and note.key == "position.bad_at" and note.args["path"] == "building[0][0]"
    commands.open_editor_text(json.dumps(two().position()))
    assert store.state.editor == two() and store.state.editor_note.key == "editor.opened"


@st.composite
def any_editors(draw: st.DrawFn) -> Editor:
    """Editors as a careless teacher leaves them: any cards on any pile, any counts."""
    players = draw(st.integers(2, 6))
    piles = st.lists(cards, max_size=13).map(tuple)
    seats = tuple(SeatSetup(draw(st.integers(0, 31)), draw(st.none() | cards), tuple(sorted(draw(piles))),
                            tuple(draw(piles) for _ in range(4))) for _ in range(players))
    return Editor(seats, tuple(draw(piles) for _ in range(4)), draw(st.integers(0, players - 1)),
                  draw(st.none() | st.integers(0, 168)))


@settings(max_examples=80, deadline=None)
@given(any_editors())
def test_the_editor_never_offers_a_link_for_a_table_the_engine_refuses(editor: Editor) -> None:
    try:
        game_from_position(editor.position())
        refused = False
    except PositionError:
        refused = True
    verdict = judge(editor)
    assert (verdict.game is None) == refused
    try:
        to_compact(editor.position())
        fits = True
    except PositionError as err:  # refused, or accepted but too long for an address
        fits = False
        assert refused or err.code == "bad-compact"
    offered = link(BASE, editor, "en")
    assert (offered is not None) == fits and not (refused and fits)
    html = to_html(editor_tree(editor, verdict, "en", offered, offered, embed=embed_code(BASE, editor, "en", "t")))
    assert ("<a href" in html) == (offered is not None) and ("<iframe" in html) == (offered is not None)
    assert ('data-problem="1"' in html) == refused
    assert ('data-action="ed-play" disabled' in html) == (offered is None)
