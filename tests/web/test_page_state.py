"""The rooms keep no page state of their own (issue 37): what the page shows (the replay
viewer's place, the game the tutorial set aside, the drag, the table's open menu) is in
the store's ``PageState`` as frozen values, and every change of it is heard by the store's
listeners. On the host: the page's modules with stand-ins for the browser."""

from __future__ import annotations

import ast
import asyncio
import json
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from skipbo_web.commands import Commands
from skipbo_web.dom.patcher import Patcher
from skipbo_web.state.controller import Controller
from skipbo_web.state.look import Look
from skipbo_web.state.protocol import Pile
from skipbo_web.state.replay import Replay
from skipbo_web.state.settings import Settings
from skipbo_web.state.store import GAME, Drag, Highlight, Hinted, PageState, SetAside, Store
from skipbo_web.state.tutorial import Tutorial
from skipbo_web.views.practice import hint_for

from .fake_dom import Document, Node
from .package_files import WEB
from .pyodide_stand_in import page_modules

UNFINISHED = Path(__file__).resolve().parents[2] / "e2e" / "data" / "unfinished-game.json"


@pytest.fixture(scope="module")
def page() -> Iterator[types.SimpleNamespace]:
    """The page's modules, imported with a stand-in for ``pyodide.ffi``."""
    with page_modules("page_records", "page_tutorial", "page_drag", "page_table", "page_assist",
                      "page_host", "page_puzzles", "page_stats") as modules:
        yield modules


def store_of(speed: int = 2) -> Store:
    ctrl = Controller.start(Settings(), 7)
    return Store(PageState(ctrl=ctrl, table=ctrl.opening, look=Look("en"), speed=speed))


def heard_by(store: Store) -> list[frozenset[Any]]:
    heard: list[frozenset[Any]] = []
    store.subscribe(heard.append)
    return heard


def records_desk(page: types.SimpleNamespace, store: Store) -> Any:
    """The records room, its commands and browser as stand-ins that do what the page's do
    to the state (open the sheet, end the replay) and draw nothing."""
    drawn: list[int] = []
    commands = types.SimpleNamespace(open_sheet=lambda kind: store.update(sheet=kind),
                                     redraw_sheet=lambda: drawn.append(store.state.replay.step),
                                     end_replay=lambda: desk.end_replay())
    browser = types.SimpleNamespace(by_id=lambda name: None, focus_first=lambda selector, within: None)
    desk = page.records.RecordsDesk(store, commands, None, browser)
    desk.drawn = drawn
    return desk


def test_the_replay_viewer_s_place_and_seat_are_in_the_page_state(page: types.SimpleNamespace) -> None:
    store = store_of()
    desk = records_desk(page, store)
    heard = heard_by(store)
    desk.show(Replay(json.loads(UNFINISHED.read_text(encoding="utf-8"))))
    shown = store.state.replay
    assert (shown.step, shown.seat) == (0, 0) and heard[:2] == [{"replay"}, {"sheet"}]
    desk.change("replay-seat", types.SimpleNamespace(value="1"))  # seen from the other seat
    assert store.state.replay.seat == 1 and heard[-1] == {"replay"} and shown.seat == 0
    desk.go(lambda replay: replay.go(3))
    assert store.state.replay.step == 3 and heard[-1] == {"replay"} and desk.drawn == [0, 3]
    assert shown.step == 0  # the value read before is as it was
    desk.end_replay()
    assert store.state.replay is None and heard[-1] == {"replay"}


def test_autoplay_moves_the_replay_in_the_store_until_it_is_paused(page: types.SimpleNamespace) -> None:
    store = store_of(speed=0)  # the quickest autoplay
    desk = records_desk(page, store)
    desk.show(Replay(json.loads(UNFINISHED.read_text(encoding="utf-8"))))
    heard = heard_by(store)

    async def watch() -> None:
        desk.play()
        assert store.state.replay.playing and store.state.replay.run == 1
        await asyncio.sleep(0.45)
        assert store.state.replay.step == 1 and heard[-1] == {"replay"}
        desk.play()  # paused ...
        desk.play()  # ... and played again at once: the first run ends, the second goes on alone
        assert store.state.replay.run == 2
        await asyncio.sleep(0.45)
        assert store.state.replay.step == 2
        desk.play()

    asyncio.run(watch())
    assert not store.state.replay.playing


def tutorial_page(page: types.SimpleNamespace, store: Store) -> tuple[Commands, types.SimpleNamespace]:
    """The commands, with the tutorial's room and stand-ins for the other rooms they use
    here (the computer, the session's save, the screen)."""
    params = types.SimpleNamespace(has=lambda name: False)
    window = types.SimpleNamespace(URLSearchParams=types.SimpleNamespace(new=lambda search: params),
                                   location=types.SimpleNamespace(search=""))
    saved: dict[str, Any] = {}
    session = types.SimpleNamespace(settings=Settings(), storage=types.SimpleNamespace(set=saved.__setitem__),
                                    load_saved=lambda: Controller.start(Settings(), 99), deal=lambda: None)
    tutorial = page.tutorial.TutorialSession.__new__(page.tutorial.TutorialSession)
    tutorial.store, tutorial.session, tutorial.browser, tutorial.key = store, session, types.SimpleNamespace(
        window=window), "skipbo.tutorial"
    tutorial.focus_coach = lambda: None
    nothing = types.SimpleNamespace(stop=lambda: None, play_if_due=lambda: None, forget=lambda: None,
                                    focus=lambda selector: None, render=lambda: None)
    rooms = types.SimpleNamespace(tutorial=tutorial, session=session, computer=nothing, stats=nothing,
                                  keys=nothing, screen=nothing)
    commands = Commands(store)
    commands.wire(rooms)
    return commands, rooms


def test_the_game_the_tutorial_sets_aside_is_in_the_page_state(page: types.SimpleNamespace) -> None:
    store = store_of()
    mine = store.state.ctrl
    commands, _ = tutorial_page(page, store)
    heard = heard_by(store)
    line = store.state.table
    commands.enter_tutorial(Tutorial(), unsaved=True, setup=True)
    assert store.state.tutorial_aside == SetAside(mine, unsaved=True, setup=True, table=line)
    assert "tutorial_aside" in heard[0] and store.state.ctrl is not mine
    commands.enter_tutorial(Tutorial())  # the tutorial again, from its start: the same game waits
    assert store.state.tutorial_aside == SetAside(mine, unsaved=True, setup=True, table=line)
    commands.take_over()  # another tab saved a newer game: leaving the tutorial finds it
    newer = store.state.tutorial_aside
    assert newer.ctrl is not mine and not newer.unsaved and newer.setup and heard[-1] >= {"tutorial_aside"}
    assert store.state.in_tutorial
    commands.leave_tutorial()
    assert store.state.ctrl is newer.ctrl and store.state.tutorial_aside is None and not store.state.in_tutorial


def test_the_game_the_tutorial_sets_aside_comes_back_with_its_pick_and_line(page: types.SimpleNamespace) -> None:
    store = store_of()
    mine = store.state.ctrl
    picked, _ = mine.click("H", 0, next(str(c) for c in mine.game.view(0).hand if c > 1), table=store.state.table)
    store.update(table=picked)
    commands, _ = tutorial_page(page, store)
    commands.enter_tutorial(Tutorial())
    assert store.state.tutorial_aside == SetAside(mine, table=picked)
    assert store.state.table == store.state.ctrl.opening and store.state.table.selected is None  # the tutorial's
    commands.leave_tutorial()
    assert store.state.ctrl is mine and store.state.table == picked


class Element(Node):
    """A stand-in for one element of the table (tests/web/fake_dom.py's, with what the drag
    reads of it: its attributes, its closest pile or seat, its place, a copy of it)."""

    def __init__(self, attrs: dict[str, str], parent: Element | None = None) -> None:
        super().__init__("button", attrs)
        if parent is not None:
            parent.appendChild(self)
        self.style = types.SimpleNamespace(setProperty=lambda name, value: None)
        self.classList = types.SimpleNamespace(add=lambda name: self.attrs.__setitem__("class", name))  # noqa: N815

    def getAttribute(self, name: str) -> str | None:  # noqa: N802 (DOM names)
        return self.attrs.get(name)

    def closest(self, selector: str) -> Node | None:
        node: Node | None = self
        while node is not None and selector.strip("[]") not in node.attrs:
            node = node.parent
        return node

    def querySelectorAll(self, selector: str) -> Any:  # noqa: N802
        return types.SimpleNamespace(length=1, item=lambda k: self)  # the pile's top card: itself here

    def getBoundingClientRect(self) -> Any:  # noqa: N802
        return types.SimpleNamespace(left=10, top=20, width=40, height=60)

    def cloneNode(self, deep: bool) -> Element:  # noqa: N802
        return Element(self.attrs)


def test_a_drag_is_in_the_page_state_and_its_move_names_the_pile_it_came_from(page: types.SimpleNamespace) -> None:
    store = store_of()
    seat = Element({"data-seat": "0"})
    stock = Element({"data-slot": "S", "data-key": "0:S", "data-top": "7"}, seat)
    target = Element({"data-slot": "B1", "data-key": "B1"})
    body = Node("body")
    copies = body.kids
    keyed = {"0:S": stock, "B1": target}

    def query(selector: str, root: Any = None) -> Element | None:
        key = selector.split('"')[1]
        if selector.startswith(".ghost"):
            return next((c for c in copies if c.attrs.get("data-drag") == key), None)
        return keyed.get(key)

    under: list[Element | None] = [stock]
    document = types.SimpleNamespace(body=body, elementFromPoint=lambda x, y: under[0])
    browser = types.SimpleNamespace(query=query, document=document, settle=lambda: None)
    chosen: list[tuple[Any, ...]] = []
    lifted: list[tuple[Any, ...]] = []
    commands = types.SimpleNamespace(lift=lambda *pile: lifted.append(pile) or True)
    table = types.SimpleNamespace(contains=lambda el: True)
    drag = page.drag.DragAndDrop(store, commands, browser, table, lambda el, keyboard, drop=None: chosen.append(
        (el, drop)))
    heard = heard_by(store)

    def pointer(x: float, **more: Any) -> Any:
        return types.SimpleNamespace(button=0, target=stock, pointerId=5, clientX=x, clientY=100, pointerType="mouse",
                                     preventDefault=lambda: None, **more)

    drag.on_pointerdown(pointer(100))
    assert store.state.drag == Drag("0:S", 5, 100, 100) and heard[-1] == {"drag"}
    drag.on_pointermove(pointer(103))  # not far enough yet
    assert store.state.drag == Drag("0:S", 5, 100, 100) and len(heard) == 1
    drag.on_pointermove(pointer(140))
    assert store.state.drag == Drag("0:S", 5, 100, 100, started=True, over="0:S")
    assert copies[0].attrs["data-drag"] == "0:S" and lifted == [("S", 0, None, stock.attrs["data-top"])]
    under[0] = target
    drag.on_pointermove(pointer(200))
    assert store.state.drag.over == "B1" and target.attrs["data-hover"] == "1"
    assert "data-hover" not in stock.attrs
    drag.on_pointerup(pointer(200))
    assert store.state.drag is None and heard[-1] == {"drag"} and "data-hover" not in target.attrs
    assert chosen == [(target, "0:S")]  # the move names the pile the card came from, not a node of the page


def test_the_bar_s_menu_is_in_the_page_state_and_drawing_the_bar_writes_none(page: types.SimpleNamespace) -> None:
    store = store_of()
    nodes = {name: Node("header" if name == "bar" else "div") for name in ("table", "bar", "foot", "notices")}
    browser = types.SimpleNamespace(by_id=nodes.get, query=lambda selector, root=None: None)
    table = page.table.TableView(store, browser, Patcher(Document()), "1.0", embed=False)
    heard = heard_by(store)
    table.render_chrome()
    table.render_chrome()
    assert heard == [] and nodes["bar"].attrs.get("data-menu") is None  # drawing writes no state
    table.toggle_menu()
    assert store.state.menu is not None and heard == [{"menu"}] and nodes["bar"].attrs["data-menu"] == "open"
    table.render_chrome()
    assert nodes["bar"].attrs["data-menu"] == "open" and len(heard) == 1
    store.update_look(lang="de")  # another bar: its menu starts closed
    table.render_chrome()
    assert "data-menu" not in nodes["bar"].attrs and len(heard) == 2
    table.toggle_menu()
    assert nodes["bar"].attrs["data-menu"] == "open"
    table.toggle_menu(False)
    assert store.state.menu is None and "data-menu" not in nodes["bar"].attrs


GAME_CHANGES = frozenset({"pop", "play", "resign", "reveal", "click", "cancel", "put_back", "refuse"})


def changes_made_by(path: Path) -> list[str]:
    """Where the view module ``path`` changes what it was given (its line numbers): an
    attribute set on anything but its own object (``self``), or a game or controller
    told to change (``ctrl.game.pop()``, ``ctrl.cancel()``)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(
            node, (ast.AugAssign, ast.AnnAssign)) else []
        for target in targets:
            for part in ast.walk(target):
                if isinstance(part, ast.Attribute) and isinstance(part.ctx, ast.Store):
                    root = part
                    while isinstance(root, ast.Attribute):
                        root = root.value
                    if not (isinstance(root, ast.Name) and root.id == "self"):
                        found.append(f"{node.lineno}: sets {ast.unparse(part)}")
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in GAME_CHANGES:
            owner = ast.unparse(node.func.value)
            if owner.endswith(("game", "ctrl")):
                found.append(f"{node.lineno}: calls {owner}.{node.func.attr}")
    return sorted(found, key=lambda line: int(line.split(":")[0]))


@pytest.mark.parametrize("path", sorted((WEB / "views").glob("*.py")), ids=lambda p: p.stem)
def test_a_view_changes_nothing_it_is_given(path: Path) -> None:
    """Views take values and return trees: Undo's take-back (state/undo.py) and the
    tutorial's guard on its controller (state/tutorial.py) are the state's, not a view's."""
    assert changes_made_by(path) == []


def test_the_search_finds_a_view_that_changes_the_game(tmp_path: Path) -> None:
    view = tmp_path / "view.py"
    view.write_text("def undo(ctrl):\n    ctrl.game.pop()\n    ctrl.message = 1\n    return self_made(ctrl)\n")
    assert changes_made_by(view) == ["2: calls ctrl.game.pop", "3: sets ctrl.message"]


def test_the_table_s_marks_are_read_without_a_write_and_the_store_drops_what_went_stale(
        page: types.SimpleNamespace) -> None:
    store = store_of()
    ctrl = store.state.ctrl
    found = hint_for(ctrl)
    store.update(hinted=Hinted(len(ctrl.game.moves), found),
                 highlight=Highlight((Pile(None, "B1"),), "here", ctrl.game))
    assist = page.assist.Assist(store, Patcher(Document()), Node("nav"))
    link = page.host.HostLink(store, None, types.SimpleNamespace(by_id=lambda name: None), None, None,
                              lambda answers: None)
    assert assist.marks() and link.marks()
    heard = heard_by(store)
    ctrl.play(str(found.move))  # played, and not yet heard by the store
    assert assist.marks() == [] and heard == [] and store.state.hinted is not None  # drawing writes nothing
    store.notify(GAME)
    assert store.state.hinted is None and heard == [{GAME, "hinted"}]
    ctrl.game.pop()  # back to as many moves as when the hint was asked: it stays gone
    store.notify(GAME)
    assert store.state.hinted is None and assist.marks() == []
    store.update(ctrl=Controller.start(Settings(), 9))  # another game: the host's piles were another game's
    assert link.marks() == [] and store.state.highlight == Highlight() and heard[-1] == {"ctrl", "highlight"}


def test_the_puzzles_sheet_is_read_when_it_opens_and_drawn_from_the_state(page: types.SimpleNamespace) -> None:
    store = store_of()
    reads: list[str] = []
    kept: dict[str, Any] = {}
    progress = {"version": 9, "solved": [1, 2]}  # not a progress this page reads: set aside, counts for nothing
    session = types.SimpleNamespace(apart=False, read=lambda key: reads.append(key) or progress,
                                    put_aside=lambda key: kept.setdefault("aside", key), report=lambda: reads.append(
                                        "report"), storage=types.SimpleNamespace(set=kept.__setitem__))
    puzzles = page.puzzles.PuzzleSession(store, None, session, types.SimpleNamespace(by_id=lambda name: None), None)
    heard = heard_by(store)
    puzzles.read_solved()
    assert reads == ["skipbo.puzzles", "report"] and kept["aside"] == "skipbo.puzzles"
    progress = {"version": 1, "solved": [1, 2]}
    puzzles.read_solved()
    assert store.state.puzzles_solved == {1, 2} and heard == [{"puzzles_solved"}]
    reads.clear()
    first = puzzles.sheet_tree(store.state)
    assert puzzles.sheet_tree(store.state) == first and reads == [] and len(heard) == 1  # drawing: no read, no write


def test_the_statistics_sheet_s_question_is_in_the_page_state_and_drawing_reads_no_store(
        page: types.SimpleNamespace) -> None:
    store = store_of()
    reads: list[str] = []
    storage = types.SimpleNamespace(get=lambda key: reads.append(key), kept_aside=lambda: [], reliefs=[],
                                    set=lambda key, value: reads.append(f"set {key}"))
    session = types.SimpleNamespace(embed=False, apart=False, storage=storage)
    drawn: list[bool] = []
    commands = types.SimpleNamespace(redraw_sheet=lambda: drawn.append(store.state.stats_confirm))
    browser = types.SimpleNamespace(by_id=lambda name: None, focus_first=lambda selector, within=None: True)
    stats = page.stats.StatsDesk(store, commands, session, browser)
    heard = heard_by(store)
    assert stats.read() == [] and reads == ["skipbo.stats"]  # read once, when the sheet opens
    first = stats.sheet_tree(store.state)
    assert stats.sheet_tree(store.state) == first and reads == ["skipbo.stats"] and heard == []
    stats.action("stats-clear")  # the sheet asks first
    assert store.state.stats_confirm and heard == [{"stats_confirm"}] and drawn == [True]
    stats.action("stats-keep")
    assert not store.state.stats_confirm and drawn == [True, False]
