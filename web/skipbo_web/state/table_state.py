"""What the table says and holds beside its game (``TableState``): the picked card and the
message line. A frozen value the page's state holds (``PageState.table``); the
controller's moves take one and return the next (``Controller.click``), and only
``Store.update`` puts it in place. It imports nothing of the page's other modules but
``messages``."""

from __future__ import annotations

from dataclasses import dataclass, replace

from .messages import Message


@dataclass(frozen=True)
class TableState:
    """The picked card (``selected``: ``"S"``, ``"H5"``, ``"PD2"``; None: none) and the
    message line under the table (a value: never changed in place)."""

    message: Message = Message("msg.welcome")
    selected: str | None = None

    def saying(self, message: Message) -> TableState:
        """This state with ``message`` on the line (the picked card stays picked)."""
        return replace(self, message=message)


NOTHING_PICKED = TableState()
"""A table with no card picked (its line says nothing yet)."""
