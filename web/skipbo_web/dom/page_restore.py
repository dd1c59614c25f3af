"""A game set aside, offered back (issue 36): when start-up failed and the rescue box (or a
damaged-looking save) put the saved game aside under ``skipbo.aside.current``..., the page
that starts later says so, with a button that brings it back ("Restore the game set aside",
notice ``notice.aside_game``), instead of leaving it where the page never looks.

It is offered when no game is in progress on the table; restoring moves it back to
``skipbo.current`` (the game it replaces is set aside in its turn if a human has moved in
it, or its match has games played) and plays it on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..state.aside_games import AsideGame, newest_game
from ..state.controller import Controller
from ..state.messages import Message
from .page_dom import JsException, js

if TYPE_CHECKING:
    from .page_session import Session

NOTICE = "notice.aside_game"


class AsideGames:
    """The offer of a game set aside, and bringing it back (``restore``)."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def _keys(self) -> list[str]:
        ls = self.session.storage.ls
        try:
            return [k for k in (js(ls.key(i)) for i in range(int(ls.length))) if isinstance(k, str)]
        except (JsException, TypeError, ValueError):
            return []

    def _found(self) -> AsideGame | None:
        session = self.session
        storage = session.storage
        if not storage.ok or session.apart or session.keep_newer or session.keys.current in storage.stuck:
            return None
        return newest_game(self._keys(), storage.text, session.settings, skip=storage.text(session.keys.current))

    def offer(self) -> bool:
        """At start: the notice, when a game set aside can be played on and none is in
        progress on the table (nor a tutorial, a puzzle or an address's game waiting).
        Whether it was made (then the new-game screen does not open over it)."""
        state, session = self.session.store.state, self.session
        if state.ctrl.in_progress or state.in_tutorial or state.in_puzzle or session.waiting is not None:
            return False
        if self._found() is None:
            return False
        session.store.add_notice(Message(NOTICE))
        return True

    def restore(self) -> Controller | None:
        """The game set aside, back in ``skipbo.current`` (its match in ``skipbo.match``);
        the game it replaces set aside first when a human has moved in it. None (nothing
        changed) when there is none any more or the browser refuses."""
        session = self.session
        storage, keys = session.storage, session.keys
        session.store.drop_notices(NOTICE)
        state = session.store.state
        found = self._found()
        if found is None:
            return None
        replaced = state.ctrl
        if (replaced.in_progress or replaced.match.history) and storage.text(keys.current) is not None:
            if storage.set_aside(keys.current) is None:
                return None  # the browser refused: both games stay where they are
            if storage.text(keys.match) is not None:
                storage.set_aside(keys.match)
        try:  # written before it leaves its place: never lost on the way
            storage.ls.setItem(keys.current, found.text)
            if found.match_text is not None:
                storage.ls.setItem(keys.match, found.match_text)
            else:
                storage.ls.removeItem(keys.match)  # a new deal's (nothing played in it)
            storage.ls.removeItem(found.key)
            if found.match_key is not None:
                storage.ls.removeItem(found.match_key)
        except JsException:
            return None
        session.seen = found.text
        return found.ctrl
