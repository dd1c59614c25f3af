"""Whether the page keeps apart from the visitor's own game: an embedded table
(``embed=1``) does, and so does any page in a frame, whatever its address says.

A page of the same site (another port, say) shares the visitor's ``localStorage`` with
the page in its frame, and may steer that frame's game with the host API: were the frame
to keep its game under the visitor's keys, a ``newgame`` from that page would replace
the visitor's saved game, and its claim of the game would cover the visitor's own tab.
So a framed page keeps its games under the embedded table's keys (skipbo_web.views.embed
``storage_keys``) and never claims the game (``page_tabs``); its table, new-game screen
and host commands work as they would at the top of a tab.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..state.address import wants_embed


def in_frame(window: Any) -> bool:
    """Whether the page is not the top of its tab. A check the browser refuses (a
    parent of another origin, in some browsers) means a frame too."""
    try:
        return not window.top == window.self
    except Exception:  # noqa: BLE001 - any refusal of the check: a frame
        return True


def keeps_apart(window: Any, given: Mapping[str, str]) -> bool:
    """Whether the page keeps its games, settings and preferences under keys of its own,
    never the visitor's: embedded (``embed=1``), or in a frame."""
    return wants_embed(given) or in_frame(window)
