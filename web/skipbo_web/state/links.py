"""Games that an address asks for: the game options, ``?pos=``, ``?position=`` (fetched
once the page is up) and ``?puzzle=``. One that would replace a game in progress waits
for the player's yes (the notice ``notice.url_replace``: "Start the new game" / "Keep
playing mine"), so no link ever replaces a game someone is playing unasked; the same
address again resumes its own game, with no question. An embedded table plays the
address's game at once: its game is its host page's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .messages import Message

if TYPE_CHECKING:
    from .controller import Controller

ASK = "notice.url_replace"  # its buttons: views.bar.NOTICE_ACTIONS


def asks(game: Controller | None, embed: bool) -> bool:
    """Whether an address's game must wait for a yes before it replaces ``game`` (the
    saved game, or the one on the table): a game in progress on the page itself."""
    return game is not None and game.in_progress and not embed


def ask(notices: Sequence[Message]) -> tuple[Message, ...]:
    """``notices`` with the one question above the table (a later address's game takes the
    place of one that was waiting: still one question)."""
    return (*(n for n in notices if n.key != ASK), Message(ASK))
