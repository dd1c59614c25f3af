"""The command API's tables on the host (no browser): every host command and every button of
the page has its command, and the host's checked arguments fit the command they go to.

The page's modules import ``pyodide.ffi``; a stand-in lets them import here (nothing in
these tests touches the browser)."""

from __future__ import annotations

import inspect
import re
from types import SimpleNamespace
from typing import Any

import pytest
from skipbo_web.host.host_api import COMMANDS, check_command
from skipbo_web.state.controller import Controller
from skipbo_web.state.look import Look
from skipbo_web.state.protocol import HOST_SOURCE, Pile
from skipbo_web.state.settings import Settings
from skipbo_web.state.store import Highlight, PageState, Store
from skipbo_web.views.table_marks import Mark

from .package_files import WEB
from .pyodide_stand_in import page_modules


@pytest.fixture(scope="module")
def page() -> Any:
    """skipbo_web.dom.page_app and .page_host, imported with a stand-in for ``pyodide.ffi``."""
    with page_modules("page_app", "page_host") as modules:
        yield modules


# a good example of each host command's arguments (docs/EMBEDDING.md)
EXAMPLES: dict[str, list[dict[str, Any]]] = {
    "state": [{}], "hint": [{}], "undo": [{}], "close": [{}],
    "newgame": [{}, {"players": 3, "seed": 7}, {"puzzle": 2}],
    "position": [{"position": {"seats": [{}, {}]}, "ai": "easy"}],
    "play": [{"move": "H5>B1"}], "lang": [{"lang": "da"}], "speed": [{"speed": 0}],
    "highlight": [{}, {"piles": ["S", "B1"], "caption": "Here"}],
    "record": [{"record": {"format": "skipbo-record"}}],
    "step": [{"to": "forward"}, {"to": 3}, {"turn": 2}],
}


def test_every_host_command_is_a_page_command(page: Any) -> None:
    assert set(page.host.HOST_COMMANDS) == set(COMMANDS) == set(EXAMPLES)


@pytest.mark.parametrize("name", COMMANDS)
def test_the_checked_arguments_fit_the_command(page: Any, name: str) -> None:
    command = page.host.HOST_COMMANDS[name]
    for args in EXAMPLES[name]:
        checked = check_command({"source": HOST_SOURCE, "version": 1, "id": 1, "command": name, "args": args})
        inspect.signature(command).bind(object(), **checked.args)  # raises TypeError when they do not fit


def test_the_host_s_highlight_belongs_to_one_game(page: Any) -> None:
    """The piles a host lit up are marked on the table while their game is on it."""
    ctrl = Controller.start(Settings(), 7)
    store = Store(PageState(ctrl=ctrl, table=ctrl.opening, look=Look(), speed=2))
    link = page.host.HostLink(store, None, SimpleNamespace(by_id=lambda name: None), None, None, lambda answers: None)
    store.update(highlight=Highlight((Pile(None, "B1"),), "here", store.state.ctrl.game))
    assert link.marks() == [Mark(None, "B1", "data-highlight", "1")]
    store.update(ctrl=Controller.start(Settings(), 9))
    assert link.marks() == [] and store.state.highlight == Highlight()


def test_every_button_of_the_page_has_a_command(page: Any) -> None:
    """Each ``data-action`` the page's markup names goes to a command or to its room."""
    found = set()
    for path in WEB.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        found |= set(re.findall(r'data-action="([a-z-]+)"', text)) | set(re.findall(r'data_action="([a-z-]+)"', text))
    not_commands = {"speed", "players", "bar-menu", "take-over", "start"}  # fields, the bar's menu, the cover, the form
    # the pairing panel's buttons (pair-...) go to the panel itself (App.on_click), which names each one it takes
    panel = "".join((WEB / "dom" / name).read_text(encoding="utf-8")
                    for name in ("page_pairing.py", "page_room.py", "page_app.py"))
    missing = sorted(action for action in found - not_commands
                     if action not in page.app.ACTIONS
                     and not any(action.startswith(prefix) for prefix, _ in page.app.ROOMS)
                     and not (action.startswith("pair-") and f'action == "{action}"' in panel))
    assert found >= {"new", "help", "end", "reveal", "dismiss", "tutorial-next", "records"}  # the search finds them
    assert missing == []
