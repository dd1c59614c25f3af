"""The host API on the page: commands from the page around the frame (``postMessage``),
carried out through the same paths as a player's clicks, and their answers
(skipbo_web.host.host_api reads and checks the commands and writes the answers).

Only the parent window may steer the game, and with ``host=<origin>`` in the address
only a parent of that origin; any other message is ignored, unanswered. A command that
is refused changes nothing and is answered with an ``error``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

from ..commands import Commands
from ..host.host_api import Command, answer, error_answer, parse_command, peek_id
from ..state.protocol import HOST_SOURCE, MALFORMED, HostError
from ..views.table_marks import Mark
from ..views.tree import h, props
from .page_dom import JsException, js
from .patcher import TreeView

if TYPE_CHECKING:
    from ..state.store import Store
    from .page_dom import Browser
    from .patcher import Patcher


# The host's commands (host_api.COMMANDS, checked by host_api.parse_command) as the
# page's commands: the host's ``play``, ``hint`` and ``undo`` are strict (refused with a
# code where the page would say why on its message line).
HOST_COMMANDS: dict[str, Callable[..., dict[str, Any]]] = {
    "state": Commands.current, "newgame": Commands.new_game, "position": Commands.position,
    "hint": partial(Commands.hint, strict=True), "undo": partial(Commands.undo, strict=True),
    "play": Commands.play, "lang": Commands.set_lang, "speed": Commands.set_speed,
    "highlight": Commands.highlight, "record": Commands.open_record, "step": Commands.step,
    "close": Commands.close,
}


class HostLink:
    """Commands from the parent page (only from ``origin``, if given: ``host=`` in the
    address), their answers (``tell`` posts them), and the caption a ``highlight`` shows."""

    def __init__(self, store: Store, commands: Commands, browser: Browser, patcher: Patcher,
                 origin: str | None, tell: Callable[[list[dict[str, Any]]], None]) -> None:
        self.store = store
        self.commands = commands
        self.browser = browser
        self.origin = origin
        self.tell = tell
        box = browser.by_id("caption")
        self.view = TreeView(patcher, box) if box is not None else None

    # -- messages ---------------------------------------------------------------------------

    def accepts(self, event: Any) -> bool:
        """Whether ``event`` is a message from the parent page that may steer the game."""
        window = self.browser.window
        if window.parent == window or js(event.source) is None or not window.parent == event.source:
            return False
        return self.origin is None or str(event.origin) == self.origin

    def on_message(self, event: Any) -> None:
        if not self.accepts(event):
            return
        data = js(event.data)
        if getattr(data, "source", None) != HOST_SOURCE:
            return  # not a command: other messages are none of the game's business
        try:
            text = js(self.browser.window.JSON.stringify(data))
        except JsException:
            text = None
        if not isinstance(text, str):
            err = HostError(MALFORMED, "the command cannot be written as JSON")
            err.id = peek_id(js(getattr(data, "id", None)))
            self.tell([error_answer(err)])
            return
        try:
            command = parse_command(text)
        except HostError as err:
            if err.id is None:
                err.id = peek_id(js(getattr(data, "id", None)))
            self.tell([error_answer(err)])
            return
        self.tell([self.run(command)])

    def run(self, command: Command) -> dict[str, Any]:
        """Carry out a checked command; its answer (``ok`` or ``error``), told after the
        page is patched (the host hears what the table shows first, then the answer)."""
        try:
            return answer(command, **HOST_COMMANDS[command.name](self.commands, **command.args))
        except HostError as err:
            err.id, err.command = command.id, command.name
            return error_answer(err)
        finally:
            self.browser.settle()

    # -- what is shown ------------------------------------------------------------------------

    def marks(self) -> list[Mark]:
        """The highlight's marks on the table (none once another game is on it: the store
        drops it, ``stale_parts``). Reads the state only."""
        highlight = self.store.state.highlight
        if highlight.game is not self.store.state.ctrl.game:
            return []
        return [Mark(pile.seat, pile.slot, "data-highlight", "1") for pile in highlight.piles]

    def render(self) -> None:
        """The caption box above the table (hidden when there is no caption)."""
        if self.view is None:
            return
        node, caption = self.view.node, self.store.state.highlight.caption
        if caption:
            self.view.show(h("div", props(id="caption", class_="caption", aria_live="polite"),
                             h("p", props(class_="caption-text"), caption, key="text")))
            node.hidden = False
        elif not node.hidden:
            node.hidden = True
