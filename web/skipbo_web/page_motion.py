"""Cards that move: every move's card travels from its source to its target, a completed
building pile leaves for the completed cards, and cards drawn into your hand arrive from
the draw pile while the others slide to their new places.

FLIP: ``take_off`` measures where the cards are before the table is patched (First),
``land`` measures where they are after (Last), and the Web Animations API plays each
card from its old place to its new one (Invert, Play): a transform only, which the
browser animates off the main thread. The card that moves is the real card at its new
place; the only copies are a completed pile on its way out and a dragged card put back,
each removed when its animation ends (and by the next move at the latest).

The duration follows the computer speed (``instant``: no animation); with
``prefers-reduced-motion`` a moved card fades in instead of travelling.

What this costs the main thread (measuring before and after, starting the animations;
not the patch between them) is a User Timing measure ``skipbo:flight`` per move, which
bench/render.py and e2e/test_motion.py read.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from skipbo_core.history import LogEntry

from .page_dom import attr, create_proxy, js
from .table import card as card_tree
from .table import card_token

if TYPE_CHECKING:
    from .page_app import App

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


@dataclass
class Flight:
    """What ``take_off`` saw before the table changed."""

    entry: LogEntry | None
    started: float = 0.0  # performance.now() when take_off began
    spent: float = 0.0    # ms that take_off took
    source: Rect | None = None
    hand: list[tuple[str, Rect]] = field(default_factory=list)  # the viewer's hand cards
    draw: Rect | None = None


class Motion:
    def __init__(self, app: App) -> None:
        self.app = app
        self.reduced = app.browser.matches_media("(prefers-reduced-motion: reduce)")
        self.copies: list[Any] = []  # copies on screen (a completed pile leaving, a card put back)
        self._done = create_proxy(self._finished)
        self._landed = create_proxy(self._lower)

    @property
    def duration(self) -> int:
        return DURATION_MS.get(self.app.session.speed, 0)

    def _now(self) -> float:
        return float(self.app.browser.window.performance.now())

    # -- before the table changes ---------------------------------------------------------

    def take_off(self, entry: LogEntry | None, drop: Any = None) -> Flight | None:
        """Measure where ``entry``'s card (None: no move, only the hand) and the viewer's
        hand cards are now; ``drop`` is a dragged card's copy, where the card starts."""
        self.clear()
        if not self.duration:
            if drop is not None:
                drop.remove()
            return None
        start = self._now()
        root = self.app.root
        flight = Flight(entry, started=start)
        if drop is not None:
            flight.source = Rect.of(drop)
            drop.remove()
        elif entry is not None and entry.card is not None:
            el = self._source_el(entry)
            flight.source = Rect.of(el) if el is not None else None
        for el in root.querySelectorAll('.me [data-slot="H"][data-card]'):
            flight.hand.append((attr(el, "data-card") or "", Rect.of(el)))
        pile = js(root.querySelector(".drawpile"))
        flight.draw = Rect.of(pile) if pile is not None else None
        flight.spent = self._now() - start
        return flight

    def _source_el(self, entry: LogEntry) -> Any:
        root, ctrl = self.app.root, self.app.ctrl
        move = entry.move
        owner = ctrl.partner(entry.seat) if move.from_partner else entry.seat
        area = js(root.querySelector(f'[data-seat="{owner}"]'))
        if area is None:
            return None
        if move.from_hand:  # your hand card; another seat's hand: its backs, else its name
            for selector in (f'[data-slot="H"][data-card="{card_token(move.hand_card)}"]',
                             ".mini-hand .card:last-child", ".hand .card:last-child", "header .name"):
                el = js(area.querySelector(selector))
                if el is not None and el.getBoundingClientRect().width:
                    return el
            return None
        pile = js(area.querySelector(f'[data-slot="{move.source_slot.removeprefix("P")}"]'))
        if pile is None:
            return None
        cards = pile.querySelectorAll(".card")
        return cards.item(cards.length - 1) if cards.length else pile

    # -- after the table changed ----------------------------------------------------------

    def land(self, flight: Flight | None) -> None:
        """Play the cards from where ``take_off`` saw them to where they are now."""
        if flight is None:
            return
        start = self._now()
        entry = flight.entry
        if entry is not None and entry.card is not None and flight.source is not None:
            target = self._target_card(entry)
            if target is not None:
                self._fly(target, flight.source)
            elif entry.move.is_build:
                self._pile_leaves(entry, flight.source)
        self._hand(flight)
        spent = flight.spent + self._now() - start
        self.app.browser.window.performance.measure(
            "skipbo:flight", self.app.browser.js_object({"start": flight.started, "duration": spent}))

    def _target_card(self, entry: LogEntry) -> Any:
        root, slot = self.app.root, entry.move.target_slot
        if entry.move.is_build:
            return js(root.querySelector(f'[data-slot="{slot}"] > .card:not(.empty)'))
        pile = js(root.querySelector(f'[data-seat="{entry.seat}"] [data-slot="{slot}"]'))
        if pile is None:
            return None
        cards = pile.querySelectorAll(".card:not(.empty)")
        return cards.item(cards.length - 1) if cards.length else None

    def _animate(self, el: Any, frames: list[dict[str, Any]], duration: float, delay: float = 0,
                 fill: str = "backwards") -> Any:
        browser = self.app.browser
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
        card = self.app.patcher.create(card_tree(self.app.look, value))
        card.classList.add("fly")
        card.style.left = f"{at.left}px"
        card.style.top = f"{at.top}px"
        card.style.setProperty("--cw", f"{at.width}px")
        self.app.browser.document.body.appendChild(card)
        self.copies.append(card)
        return card

    def _pile_leaves(self, entry: LogEntry, start: Rect) -> None:
        """The card completed its building pile: it lands there, then the pile leaves for
        the completed cards beside the draw pile."""
        root = self.app.root
        pile = js(root.querySelector(f'[data-slot="{entry.move.target_slot}"]'))
        done = js(root.querySelector(".drawpile .done")) or js(root.querySelector(".drawpile"))
        if pile is None or done is None:
            return
        at, away = Rect.of(pile), Rect.of(done)
        copy = self._copy(entry.card, at)
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

    def _hand(self, flight: Flight) -> None:
        """The viewer's hand cards slide from their old places; new ones come from the draw pile."""
        root = self.app.root
        before = list(flight.hand)
        arrivals = 0
        for el in root.querySelectorAll('.me [data-slot="H"][data-card]'):
            token = attr(el, "data-card")
            j = next((k for k, (t, _) in enumerate(before) if t == token), None)
            if j is not None:
                self._fly(el, before.pop(j)[1])
            elif flight.draw is not None:
                self._fly(el, flight.draw, delay=arrivals * 60)
                arrivals += 1

    def put_back(self, ghost: Any, home: Any) -> None:
        """A dragged card that could not go where it was dropped glides back home."""
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
