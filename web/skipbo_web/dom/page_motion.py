"""Cards that move: every move's card travels from its source to its target, a completed
building pile leaves for the completed cards, and cards drawn into your hand arrive from
the draw pile while the others slide to their new places.

What travels is derived from where the table's cards are before and after the command
(its layouts, ``motion_plan.plan``): paths of elements, whose DOM nodes the table's
``TreeView`` finds (``find``), with no selector of the markup. FLIP: ``take_off`` starts a
flight before the table is patched; just before the patch, the table shows its layouts
to ``measure``, which plans and measures where the cards are (First); ``land`` measures
where they are after (Last), and the Web Animations API plays each card from its old
place to its new one (Invert, Play): a transform only, which the browser animates off
the main thread. The card that moves is the real card at its new place; the only copies
are a completed pile on its way out and a dragged card put back, each removed when its
animation ends (and by the next move at the latest).

The duration follows the computer speed (``instant``: no animation); with
``prefers-reduced-motion`` a moved card fades in instead of travelling.

What this costs the main thread (planning, measuring before and after, starting the
animations; not the patch between them) is a User Timing measure ``skipbo:flight`` per
move, which bench/render.py and e2e/test_motion.py read.

An effect of the page's store: a move about to be shown (``SHOWING``) takes off, and
lands once shown (``SHOWN``); it holds the table's view only for its layouts and nodes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..state.store import SHOWING, SHOWN
from ..views.card_view import card as card_tree
from ..views.motion_plan import COMPLETE, DRAW, PLAY, Travel, plan
from ..views.table_layout import Layout
from ..views.tree import Path
from .page_dom import create_proxy, js
from .page_drag import drag_source, dragged_copy

if TYPE_CHECKING:
    from ..state.store import Store
    from .page_dom import Browser
    from .page_table import TableView
    from .patcher import Patcher

DURATION_MS = {0: 0, 1: 200, 2: 340, 3: 560}  # a card's flight at each computer speed
FADE_MS = 160                                 # the fade that replaces flights for reduced motion
EASE = "cubic-bezier(0.2, 0.7, 0.3, 1)"


@dataclass
class Rect:
    left: float
    top: float
    width: float
    height: float

    @classmethod
    def of(cls, el: Any) -> Rect:
        r = el.getBoundingClientRect()
        return cls(r.left, r.top, r.width, r.height)

    @property
    def cx(self) -> float:
        return self.left + self.width / 2

    @property
    def cy(self) -> float:
        return self.top + self.height / 2

    def overlap(self, other: Rect) -> float:
        """The area this box and ``other`` share."""
        w = min(self.left + self.width, other.left + other.width) - max(self.left, other.left)
        h = min(self.top + self.height, other.top + other.height) - max(self.top, other.top)
        return max(w, 0) * max(h, 0)


@dataclass
class Flight:
    """A move's cards on their way: where they were before the table changed."""

    started: float = 0.0  # performance.now() when take_off began
    spent: float = 0.0    # ms spent on it so far (not the patch)
    drop: Rect | None = None  # a dragged card's copy: where the move's card starts
    travels: tuple[Travel, ...] = ()
    starts: list[Rect | None] = field(default_factory=list)  # where each travel starts
    game: object | None = None  # the game whose move this is (another game on the table: no flight)


class Motion:
    def __init__(self, store: Store, browser: Browser, patcher: Patcher, table: TableView) -> None:
        self.store = store
        self.browser = browser
        self.patcher = patcher
        self.table = table
        self.reduced = browser.matches_media("(prefers-reduced-motion: reduce)")
        self.copies: list[Any] = []  # copies on screen (a completed pile leaving, a card put back)
        self.flight: Flight | None = None  # the move's flight between SHOWING and SHOWN
        self._clock = browser.window.performance.now  # called a few times a move: one call each
        self._done = create_proxy(self._finished)
        self._landed = create_proxy(self._lower)

    def on_change(self, what: frozenset[str]) -> None:
        """The store's listener: a move's cards take off before the patch and land after."""
        moved = self.store.state.moved
        if SHOWING in what and moved is not None:
            self.flight = self.take_off(moved.drop)
        if SHOWN in what:
            flight, self.flight = self.flight, None
            self.land(flight)

    @property
    def duration(self) -> int:
        return DURATION_MS.get(self.store.state.speed, 0)

    def _now(self) -> float:
        return float(self._clock())

    # -- before the table changes ---------------------------------------------------------

    def take_off(self, dragged: str | None = None) -> Flight | None:
        """Start a move's flight before the table is patched: the table then shows its
        layouts to ``measure``. ``dragged``: the pile or hand card the move's card was
        dragged from (its ``data-key``); its copy, where it was dropped, is where it starts."""
        self.clear()
        drop = dragged_copy(self.browser, dragged) if dragged is not None else None
        if not self.duration:
            if drop is not None:
                drop.remove()
            return None
        start = self._now()
        flight = Flight(started=start, game=self.store.state.ctrl.game)
        if drop is not None:
            flight.drop = Rect.of(drop)
            drop.remove()
        self.table.before_patch = lambda old, new: self.measure(flight, old, new)
        flight.spent = self._now() - start
        return flight

    def measure(self, flight: Flight, old: Layout, new: Layout) -> None:
        """The table laid out as ``old`` is about to become ``new``: plan what travels and
        measure where each card starts."""
        if self.store.state.ctrl.game is not flight.game:
            return  # another game is shown: nothing of the move travels
        start = self._now()
        travels = flight.travels = plan(old, new)
        nodes = self.table.view.find(path for t in travels for path in t.source)
        for travel in travels:
            if flight.drop is not None and travel.kind in (PLAY, COMPLETE):
                flight.starts.append(flight.drop)  # the move's card: where it was dropped
                flight.drop = None
                continue
            flight.starts.append(self._shown(nodes, travel.source))
        flight.spent += self._now() - start

    @staticmethod
    def _shown(nodes: dict[Path, Any], paths: tuple[Path, ...]) -> Rect | None:
        """Where the first of ``paths`` that is shown on screen is."""
        for path in paths:
            node = nodes.get(path)
            if node is not None:
                rect = Rect.of(node)
                if rect.width or len(paths) == 1:
                    return rect
        return None

    # -- after the table changed ----------------------------------------------------------

    def land(self, flight: Flight | None) -> None:
        """Play the cards from where they were to where they are now."""
        if flight is None:
            return
        self.table.before_patch = None
        start = self._now()
        travels = flight.travels
        nodes = self.table.view.find([t.target for t in travels] + [p for t in travels for p in t.away])
        arrivals = 0
        for travel, at in zip(travels, flight.starts):
            target = nodes.get(travel.target)
            if at is None or target is None:
                continue
            if travel.kind == COMPLETE:
                away = next((nodes[p] for p in travel.away if p in nodes), None)
                if away is not None and travel.card is not None:
                    self._pile_leaves(travel.card, target, away, at)
            elif travel.kind == DRAW:
                self._fly(target, at, delay=arrivals * 60)
                arrivals += 1
            else:
                self._fly(target, at)
        spent = flight.spent + self._now() - start
        self.browser.window.performance.measure(
            "skipbo:flight", self.browser.js_object({"start": flight.started, "duration": spent}))

    def _animate(self, el: Any, frames: list[dict[str, Any]], duration: float, delay: float = 0,
                 fill: str = "backwards") -> Any:
        browser = self.browser
        options = {"duration": duration, "easing": EASE, "delay": delay, "fill": fill}
        return el.animate(browser.js_object(frames), browser.js_object(options))

    def _fly(self, el: Any, start: Rect, delay: float = 0) -> None:
        """``el`` (at its new place) comes from ``start``."""
        if self.reduced:
            self._animate(el, [{"opacity": 0}, {"opacity": 1}], FADE_MS, delay)
            return
        end = Rect.of(el)
        if not end.width:
            return
        dx, dy = start.cx - end.cx, start.cy - end.cy
        scale = min(1.5, max(0.3, start.width / end.width)) if start.width else 1
        if abs(dx) < 1 and abs(dy) < 1 and abs(scale - 1) < 0.02:
            return
        # Transform only: the compositor plays it and the main thread stays free (one other
        # property in the keyframes, even z-index, would make every frame the main thread's).
        # The card is raised above its neighbours while it travels.
        el.style.zIndex = "40"
        animation = self._animate(el, [{"transform": f"translate({dx:.1f}px, {dy:.1f}px) scale({scale:.3f})"},
                                       {"transform": "none"}], self.duration, delay)
        animation.onfinish = animation.oncancel = self._landed

    def _copy(self, value: int, at: Rect) -> Any:
        """A card copy fixed on screen at ``at`` (removed when its animation ends)."""
        card = self.patcher.create(card_tree(self.store.state.look, value))
        card.classList.add("fly")
        card.style.left = f"{at.left}px"
        card.style.top = f"{at.top}px"
        card.style.setProperty("--cw", f"{at.width}px")
        self.browser.document.body.appendChild(card)
        self.copies.append(card)
        return card

    def _pile_leaves(self, value: int, pile: Any, done: Any, start: Rect) -> None:
        """The card ``value`` completed the building pile ``pile``: it lands there, then
        the pile leaves for the completed cards (``done``)."""
        at, away = Rect.of(pile), Rect.of(done)
        copy = self._copy(value, at)
        if self.reduced:
            frames = [{"opacity": 1}, {"opacity": 0}]
        else:
            frames = [{"transform": f"translate({start.cx - at.cx:.1f}px, {start.cy - at.cy:.1f}px)", "opacity": 1},
                      {"transform": "none", "opacity": 1, "offset": 0.45},
                      {"transform": "none", "opacity": 1, "offset": 0.6},
                      {"transform": f"translate({away.cx - at.cx:.1f}px, {away.cy - at.cy:.1f}px) scale(0.5)",
                       "opacity": 0}]
        # "forwards": gone from sight until the end of the animation removes it
        animation = self._animate(copy, frames, FADE_MS * 2 if self.reduced else self.duration * 2.2, fill="forwards")
        animation.onfinish = self._done

    def put_back(self, dragged: str) -> None:
        """A card dragged from ``dragged`` (the ``data-key`` of its pile or hand card) that
        could not go where it was dropped glides back home."""
        ghost = dragged_copy(self.browser, dragged)
        if ghost is None:
            return
        ghost.removeAttribute("data-drag")  # no longer the copy of a drag under way
        home = drag_source(self.browser, dragged)
        if not self.duration or self.reduced or home is None:
            ghost.remove()
            return
        start, end = Rect.of(ghost), Rect.of(home)
        ghost.style.transform = "none"
        ghost.style.left, ghost.style.top = f"{end.left}px", f"{end.top}px"
        self.copies.append(ghost)
        animation = self._animate(ghost, [{"transform": f"translate({start.left - end.left:.1f}px, "
                                                        f"{start.top - end.top:.1f}px)"},
                                          {"transform": "none"}], self.duration, fill="forwards")
        animation.onfinish = self._done

    def _lower(self, event: Any) -> None:
        """A flight ended: the card goes back to its place among its neighbours."""
        target = js(event.target.effect.target) if js(event.target.effect) is not None else None
        if target is not None:
            target.style.zIndex = ""

    def _finished(self, event: Any) -> None:
        target = js(event.target.effect.target) if js(event.target.effect) is not None else None
        if target is not None:
            target.remove()
            self.copies = [c for c in self.copies if not c.isSameNode(target)]

    def clear(self) -> None:
        """Remove every copy still on screen (the next move starts)."""
        for copy in self.copies:
            copy.remove()
        self.copies = []
