"""The table's picked card and message line are the page's state (issue 37): a frozen
``TableState`` in ``PageState.table``, which the controller's clicks and moves take and
return the next of, and which only ``Store.update`` puts in place, so every listener hears
each pick, put-back, refusal and line said. The controller keeps none of it, the tutorial's
guard is given when its controller is made, and no room forwards another object's state
through a property."""

from __future__ import annotations

import ast
import dataclasses
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from skipbo_web.commands import Commands
from skipbo_web.state.controller import Controller
from skipbo_web.state.look import Look
from skipbo_web.state.messages import Message
from skipbo_web.state.outcome import Picked, PutBack
from skipbo_web.state.settings import Settings
from skipbo_web.state.store import REFUSED, Drag, Highlight, PageState, Store
from skipbo_web.state.table_state import TableState
from skipbo_web.state.tutorial import Tutorial, controller_for

from .package_files import WEB
from .test_game import settings
from .test_page_state import heard_by, store_of


def move_commands(store: Store) -> Commands:
    """The commands, with stand-ins for the rooms a pick goes through (nothing drawn)."""
    nothing = types.SimpleNamespace(judge=lambda: None, put_back=lambda drop: None, after_pick=lambda: None,
                                    play_if_due=lambda: None, focus=lambda selector: None)
    commands = Commands(store)
    commands.wire(types.SimpleNamespace(puzzles=nothing, motion=nothing, keys=nothing, computer=nothing))
    return commands


def a_card_no_pile_takes(ctrl: Controller) -> str:
    return str(next(card for card in ctrl.game.view(0).hand if card > 1))


def test_a_pick_its_put_back_and_a_refusal_are_heard_through_the_store() -> None:
    store = store_of()
    ctrl = store.state.ctrl
    commands = move_commands(store)
    heard = heard_by(store)
    card = a_card_no_pile_takes(ctrl)
    assert commands.pick("H", 0, card, None) is False
    assert store.state.table == TableState(Message("msg.picked_discard", {"source": f"H{card}"}), f"H{card}")
    assert any("table" in what for what in heard)
    heard.clear()
    commands.pick("B1", None, None, "")  # the building pile does not take it: refused, still picked
    assert store.state.table.selected == f"H{card}" and store.state.table.message.key == "illegal.wrong-number"
    assert {"table", REFUSED} <= heard[-2] | heard[-1]
    heard.clear()
    commands.cancel_pick()
    assert store.state.table == TableState(Message("msg.cancelled")) and heard == [{"table"}]
    commands.cancel_pick()  # nothing picked: nothing changes, nothing heard
    assert heard == [{"table"}]
    assert not any(hasattr(ctrl, name) for name in ("selected", "message"))  # the controller keeps neither


def test_a_click_takes_the_table_s_state_and_returns_the_next_leaving_the_given_one_as_it_was() -> None:
    ctrl = Controller.start(Settings(), 7)
    card = a_card_no_pile_takes(ctrl)
    opening = ctrl.opening
    picked, outcome = ctrl.click("H", 0, card, table=opening)
    assert outcome == Picked(f"H{card}") and picked.selected == f"H{card}" and opening.selected is None
    back, outcome = ctrl.click("H", 0, card, table=picked)
    assert outcome == PutBack(f"H{card}") and back == TableState(Message("msg.cancelled"))
    assert picked.selected == f"H{card}"  # a value: what was given stays as it was


def test_the_move_played_clears_the_pick_in_the_same_batch_as_the_move() -> None:
    store = store_of()
    ctrl = store.state.ctrl
    move = next(m for m in ctrl.game.legal_moves() if m.is_discard)
    commands = move_commands(store)
    commands.rooms.computer = types.SimpleNamespace(play_if_due=lambda: None)
    commands.draw_move = lambda entry, drop=None: None  # (drawn by the screen on the page)
    commands.pick("H", 0, move.source_text[1:], None)
    assert store.state.table.selected == move.source_text
    heard = heard_by(store)
    assert commands.pick(move.target_text, 0, None, None) is True
    assert store.state.table == TableState(Message("msg.ai_turn", {"seat": 1}))
    assert "table" in next(what for what in heard if "moved" in what)  # heard with the move


def test_another_game_on_the_table_opens_with_its_own_line_and_nothing_picked() -> None:
    store = store_of()
    ctrl = store.state.ctrl
    picked, _ = ctrl.click("H", 0, a_card_no_pile_takes(ctrl), table=store.state.table)
    store.update(table=picked)
    other = Controller.start(settings(humans=2), 9)
    store.update(ctrl=other)
    assert store.state.table == other.opening and other.opening.message.key == "msg.pass_device"


@pytest.mark.parametrize("value", [
    TableState(), Look(), Highlight(), Drag("H3", 1, 0.0, 0.0),
    PageState(ctrl=Controller.start(Settings(), 7), table=TableState(), look=Look(), speed=2)],
    ids=lambda value: type(value).__name__)
def test_the_page_state_and_its_parts_are_frozen(value: Any) -> None:
    name = dataclasses.fields(value)[0].name
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(value, name, getattr(value, name))


def writes_of(path: Path, names: tuple[str, ...], owner: Callable[[str], bool], base: Path = WEB) -> list[str]:
    """Where ``path`` sets an attribute of ``names`` on anything (``x.selected =``), but
    on its own object (``self``) in a class whose name ``owner`` allows."""
    found = []
    tree = ast.parse(path.read_text(encoding="utf-8"))
    own = {id(n) for c in ast.walk(tree) if isinstance(c, ast.ClassDef) and owner(c.name) for n in ast.walk(c)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) and node.attr in names:
            if not (id(node) in own and ast.unparse(node.value) == "self"):
                found.append(f"{path.relative_to(base)}:{node.lineno}: sets {ast.unparse(node)}")
    return found


def writes_of_the_table(path: Path, base: Path = WEB) -> list[str]:
    """Where ``path`` sets a picked card or a message line on anything (``x.selected =``,
    ``x.message =``), but an error's own message (``self.message`` in a class of its own)."""
    return writes_of(path, ("selected", "message"), lambda name: name.endswith(("Error", "Problem")), base)


def test_nothing_but_the_store_sets_the_pick_or_the_line() -> None:
    assert [line for path in sorted(WEB.rglob("*.py")) for line in writes_of_the_table(path)] == []


def test_the_search_finds_a_pick_set_in_place(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text("class Seat:\n    def pick(self, ctrl):\n        ctrl.selected = 'S'\n"
                     "        self.message = 1\n", encoding="utf-8")
    assert writes_of_the_table(probe, tmp_path) == ["probe.py:3: sets ctrl.selected", "probe.py:4: sets self.message"]


def test_the_tutorial_s_guard_is_given_when_its_game_is_made_and_never_set_after() -> None:
    tutorial = Tutorial()
    assert controller_for(tutorial, Settings()).guard == tutorial.check
    sets = [line for path in sorted(WEB.rglob("*.py"))
            for line in writes_of(path, ("guard",), lambda name: name == "Controller")]
    assert sets == []  # but Controller.__init__'s own


def forwarding_properties(path: Path, base: Path = WEB) -> list[str]:
    """The properties in ``path`` that only read another object's state (a body that is
    ``return self.a.b``, docstring aside): what the page holds is read where it is."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not (isinstance(node, ast.FunctionDef) and any(ast.unparse(d) == "property" for d in node.decorator_list)):
            continue
        body = [s for s in node.body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]
        if len(body) == 1 and isinstance(body[0], ast.Return) and isinstance(body[0].value, ast.Attribute):
            chain, depth = body[0].value, 0
            while isinstance(chain, ast.Attribute):
                chain, depth = chain.value, depth + 1
            if isinstance(chain, ast.Name) and chain.id == "self" and depth >= 2:
                found.append(f"{path.relative_to(base)}:{node.lineno}: {node.name}")
    return found


def test_no_room_forwards_the_state_of_another() -> None:
    assert [line for part in ("dom", "host") for path in sorted((WEB / part).glob("*.py"))
            for line in forwarding_properties(path)] == []


def test_the_search_finds_a_forwarding_property(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text("class Room:\n    @property\n    def on(self):\n        '''Sound on.'''\n"
                     "        return self.store.state.look.sound\n\n"
                     "    @property\n    def box(self):\n        return self.browser.by_id('coach')\n",
                     encoding="utf-8")
    assert forwarding_properties(probe, tmp_path) == ["probe.py:3: on"]
