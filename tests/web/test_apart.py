"""Issue 36, items 5 and 6 on the host: which page keeps apart from the visitor's own game
(an embedded table, and any page in a frame, also when the frame check is refused), and
which game from an address must wait for the player's yes (a game in progress, on the
page itself)."""

from __future__ import annotations

import types

import pytest
from skipbo_web.dom.page_apart import in_frame, keeps_apart
from skipbo_web.state.controller import Controller
from skipbo_web.state.links import ASK, ask, asks
from skipbo_web.state.messages import Message
from skipbo_web.state.settings import Settings


class Window:
    """A window whose ``top`` is itself (the top of a tab), another window (a frame), or
    refused (a parent of another origin, where a browser refuses the check)."""

    def __init__(self, where: str) -> None:
        self.where = where
        self.self = self

    @property
    def top(self) -> object:
        if self.where == "refused":
            raise PermissionError("SecurityError: Blocked a frame from accessing a cross-origin frame")
        return self if self.where == "top" else object()


@pytest.mark.parametrize(("where", "given", "apart"), [
    ("top", {}, False), ("top", {"embed": "0"}, False), ("top", {"embed": "1"}, True),
    ("frame", {}, True), ("frame", {"embed": "0"}, True), ("refused", {}, True), ("refused", {"embed": "1"}, True)])
def test_a_page_in_a_frame_keeps_apart_whatever_its_address_says(where: str, given: dict, apart: bool) -> None:
    assert in_frame(Window(where)) is (where != "top")
    assert keeps_apart(Window(where), given) is apart


def test_a_window_without_the_check_counts_as_a_frame() -> None:
    assert in_frame(types.SimpleNamespace()) is True


def game(moved: bool) -> Controller:
    """A new game where you move first; ``moved``: with your first move played."""
    ctrl = next(c for c in (Controller.start(Settings(), seed) for seed in range(40)) if c.my_turn)
    if moved:
        assert ctrl.play(str(ctrl.game.legal_moves()[0])).played
    return ctrl


def test_only_a_game_in_progress_on_the_page_itself_waits_for_a_yes() -> None:
    assert asks(game(moved=True), embed=False)
    assert not asks(game(moved=True), embed=True)  # an embedded table's game is its host page's
    assert not asks(game(moved=False), embed=False)  # nobody has moved yet
    assert not asks(None, embed=False)


def test_one_question_however_many_addresses_wait() -> None:
    notices = [Message("notice.bad_url", {"names": "lang"}), Message(ASK)]
    ask(notices)
    ask(notices)
    assert [n.key for n in notices] == ["notice.bad_url", ASK]
