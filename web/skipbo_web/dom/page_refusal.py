"""A refused move, shown where the player looks: the pile or card that was tapped gives a
short shake (a flash instead when the device asks for reduced motion: style.css) and the
reason stands beside it for a few seconds. The line under the table says the same words
and is what screen readers hear, so the note beside the pile is hidden from them.

An effect of the page's store: a pick takes an earlier note away (``PICKED``), a refused
one shows its reason beside the pile picked (``REFUSED``; the state names it by its
``data-key``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..state.store import PICKED, REFUSED
from ..views.coach import REFUSALS
from ..views.isolate import isolate_text
from ..views.seat_words import message_text
from ..views.table_model import controller_names
from .page_dom import create_proxy
from .page_motion import Rect

if TYPE_CHECKING:
    from ..state.store import Store
    from .page_dom import Browser

SHOWN_MS = 4000  # how long the reason stays beside the pile
MARGIN = 6       # px between the pile and the note, and the note and the screen's edge


class Refusal:
    def __init__(self, store: Store, browser: Browser) -> None:
        self.store = store
        self.browser = browser
        self.note: Any = None
        self.pile: Any = None
        self.timer: Any = None
        self._hide = create_proxy(lambda *_: self.clear())

    def on_change(self, what: frozenset[str]) -> None:
        """The store's listener: a pick, or a move refused."""
        if PICKED in what:
            self.clear()
        if REFUSED in what:
            key = self.store.state.picked  # the pile or card picked, found where it is drawn now
            self.after_click(None if key is None else self.browser.query(f'#table [data-key="{key}"]'))

    def _box(self) -> Any:
        if self.note is None:
            doc = self.browser.document
            self.note = doc.createElement("p")
            self.note.className = "refusal"
            self.note.setAttribute("aria-hidden", "true")
            self.note.hidden = True
            doc.body.appendChild(self.note)
        return self.note

    def after_click(self, el: Any) -> None:
        """``el`` was tapped and nothing was played: if that was a refusal, show its reason there."""
        state = self.store.state
        ctrl, message = state.ctrl, state.table.message
        if el is None or not message.key.startswith(REFUSALS):
            return
        names = [p.get("name", "") for p in ctrl.game.players]  # plain text: each name isolated in it
        self.show(el, isolate_text(message_text(controller_names(ctrl), state.look, message), names))

    def show(self, el: Any, text: str) -> None:
        self.clear()
        window = self.browser.window
        el.removeAttribute("data-refused")
        _ = el.offsetWidth  # a second refusal in a row shakes again
        el.setAttribute("data-refused", "1")
        note = self._box()
        note.textContent = text
        note.hidden = False
        pile, box = el.getBoundingClientRect(), note.getBoundingClientRect()
        w, h, width, height = box.width, box.height, window.innerWidth, window.innerHeight
        across = max(MARGIN, min(pile.left + pile.width / 2 - w / 2, width - w - MARGIN))
        # above the pile, below it, right or left of it (level with its middle, top or
        # bottom): the first of those on the screen that covers least of the players'
        # names (their areas' headers)
        spots = [(across, pile.top - h - MARGIN), (across, pile.bottom + MARGIN)] + [
            (x, y) for y in (pile.top + pile.height / 2 - h / 2, pile.top, pile.bottom - h)
            for x in (pile.right + MARGIN, pile.left - w - MARGIN)]
        shown = [(x, y) for x, y in spots if MARGIN <= x <= width - w - MARGIN and MARGIN <= y <= height - h - MARGIN]
        heads = [Rect.of(r) for r in self.browser.document.querySelectorAll("#table .player > header")]
        left, top = min(shown or spots[1:2], key=lambda s: sum(Rect(*s, w, h).overlap(r) for r in heads))
        note.style.left, note.style.top = f"{left:.0f}px", f"{top:.0f}px"
        self.pile = el
        self.timer = window.setTimeout(self._hide, SHOWN_MS)

    def clear(self) -> None:
        if self.timer is not None:
            self.browser.window.clearTimeout(self.timer)
            self.timer = None
        if self.pile is not None:
            self.pile.removeAttribute("data-refused")
            self.pile = None
        if self.note is not None:
            self.note.hidden = True
