"""Which game set aside the page offers back (issue 36): the newest copy that holds a game
someone is playing, whatever else lies aside."""

from __future__ import annotations

import json

from skipbo_web.state.aside_games import aside_copies, newest_game
from skipbo_web.state.controller import Controller
from skipbo_web.state.settings import Settings


def game(seed: int, moves: int = 1) -> str:
    """The saved text of a 2-player game with ``moves`` of the human's first moves played."""
    ctrl = Controller.start(Settings(players=2), seed)
    for _ in range(moves):
        assert ctrl.play(str(ctrl.game.legal_moves()[0])).played
    return json.dumps(ctrl.record())


def test_the_copies_newest_first() -> None:
    keys = ["skipbo.aside.current.2", "skipbo.current", "skipbo.aside.current", "skipbo.aside.current.10",
            "skipbo.aside.currently", "skipbo.aside.match.3", "skipbo.aside.current.x"]
    assert aside_copies(keys, "current") == ["skipbo.aside.current.10", "skipbo.aside.current.2",
                                             "skipbo.aside.current"]


def test_the_newest_game_that_can_be_played_on() -> None:
    store = {"skipbo.aside.current": game(1), "skipbo.aside.current.2": game(2),
             "skipbo.aside.current.3": "{damaged", "skipbo.aside.current.4": game(4, moves=0),
             "skipbo.aside.match.2": "[not a match]"}
    found = newest_game(store, store.get, Settings())
    assert found is not None and found.key == "skipbo.aside.current.2" and found.text == store[found.key]
    assert found.match_key is None and found.ctrl.in_progress  # a match that cannot be read stays where it is
    # the game on the table (as saved) is not offered again: the one before it is
    assert newest_game(store, store.get, Settings(), skip=store["skipbo.aside.current.2"]).key == "skipbo.aside.current"
    assert newest_game({k: v for k, v in store.items() if not k.endswith((".current", ".2"))}, store.get,
                       Settings()) is None
