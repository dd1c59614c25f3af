"""A won game's celebration: the cards cascade from the building piles down and off the
screen (``ending.cascade``), behind the game-over sheet.

The cards are drawn in one go into a holder fixed over the page (``<div
class="celebration" aria-hidden="true">``) and moved by the Web Animations API with
transform and opacity only, which the browser plays off the main thread; the holder is
removed when the last card has fallen, or when the next game starts. Nothing moves when
the system asks for reduced motion (``prefers-reduced-motion``): no holder, no animation.
A celebration plays only when a game ends at the table, not when a finished game is
opened again (a reload, a record).

An effect of the page's store: a move that ended the game, once shown (``SHOWN``), starts
it; a page drawn with another game, or a game no longer over, takes it away (``DRAWN``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..state.ending import CASCADE_FALL_MS, cascade, ending
from ..state.store import DRAWN, SHOWN
from ..views.card_view import card as card_tree
from .page_dom import create_proxy
from .page_motion import Rect

if TYPE_CHECKING:
    from ..state.store import Store
    from .page_dom import Browser
    from .patcher import Patcher

FALL_EASE = "cubic-bezier(0.45, 0, 0.8, 0.6)"  # slow at first, then faster: a fall


class Celebration:
    def __init__(self, store: Store, browser: Browser, patcher: Patcher, table: Any) -> None:
        self.store = store
        self.browser = browser
        self.patcher = patcher
        self.table = table  # the table's element (its building piles are where the cards start)
        self.holder: Any = None
        self.game: object | None = None  # the game celebrated
        self.left = 0  # cards still falling
        self._fallen = create_proxy(self._one_fallen)

    def on_change(self, what: frozenset[str]) -> None:
        """The store's listener: a game just ended at the table, or the table moved on."""
        ctrl = self.store.state.ctrl
        if DRAWN in what and (ctrl.game is not self.game or not ctrl.game.is_over):
            self.clear()  # another game, or a move taken back: nothing to celebrate
        if SHOWN in what and self.store.state.moved is not None and ctrl.game.is_over:
            self.game_over(ending(ctrl))

    def game_over(self, kind: str | None) -> None:
        """The game on the table just ended as ``kind`` (``ending.ending``): a win cascades."""
        self.clear()
        browser = self.browser
        if kind != "win" or browser.matches_media("(prefers-reduced-motion: reduce)"):
            return
        starts = [Rect.of(p) for p in self.table.querySelectorAll('.building [data-slot^="B"]')]
        if not starts or not starts[0].width:
            return
        drops = cascade()
        look = self.store.state.look
        holder = browser.document.createElement("div")
        holder.className = "celebration"
        holder.setAttribute("aria-hidden", "true")
        for d in drops:
            holder.appendChild(self.patcher.create(card_tree(look, d.value)))
        holder.style.setProperty("--cw", f"{starts[0].width}px")
        browser.document.body.appendChild(holder)
        self.holder, self.left, self.game = holder, len(drops), self.store.state.ctrl.game
        width, height = browser.window.innerWidth, browser.window.innerHeight
        for card, drop in zip(holder.children, drops):
            at = starts[drop.pile % len(starts)]
            card.style.left, card.style.top = f"{at.left:.1f}px", f"{at.top:.1f}px"
            dx, dy = drop.drift * width, height - at.top + at.height * 1.2
            frames = [{"transform": "none", "opacity": 1},
                      {"transform": f"translate({dx * 0.4:.1f}px, {-at.height * 0.5:.1f}px) "
                                    f"rotate({drop.turn * 0.3:.0f}deg)", "opacity": 1, "offset": 0.2},
                      {"transform": f"translate({dx:.1f}px, {dy:.1f}px) rotate({drop.turn}deg)", "opacity": 0.2}]
            options = {"duration": CASCADE_FALL_MS, "delay": drop.delay, "easing": FALL_EASE, "fill": "both"}
            animation = card.animate(browser.js_object(frames), browser.js_object(options))
            animation.onfinish = self._fallen

    def _one_fallen(self, event: Any = None) -> None:
        self.left -= 1
        if self.left <= 0:
            self.clear()

    def clear(self) -> None:
        """Take the cascade off the screen (it ended, or another game starts)."""
        if self.holder is not None:
            self.holder.remove()
            self.holder = None
        self.left, self.game = 0, None
