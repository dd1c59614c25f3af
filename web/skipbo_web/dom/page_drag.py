"""Drag and drop with the mouse or a finger, through pointer events: a card taken from a
source pile follows the pointer (a copy of it, the "ghost"), the piles where it may go
light up, and the drop plays the move. A tap (no movement) is a click.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ..state.store import Drag
from .page_dom import attr, js

if TYPE_CHECKING:
    from ..commands import Commands
    from ..state.store import Store
    from .page_dom import Browser

DRAG_START_PX = 8
SOURCE_SLOTS = ("S", "H", "D1", "D2", "D3", "D4")


def dragged_copy(browser: Browser, source: str) -> Any:
    """The copy of the card dragged from ``source`` (a ``data-key``) following the pointer,
    if it is on the page."""
    return browser.query(f'.ghost[data-drag="{source}"]')


def drag_source(browser: Browser, source: str) -> Any:
    """The table's pile or hand card of ``data-key`` ``source``, if it is there."""
    return browser.query(f'#table [data-key="{source}"]')


class DragAndDrop:
    """Drags on the table (``root``): the drag is the page's state (``PageState.drag``),
    the card's copy under the pointer and the pile it hovers are drawn here.
    ``choose(el, keyboard, drop=None)`` picks or plays the pile or card ``el`` as a click on
    it would (``drop``: the ``data-key`` of the pile or card the dropped card came from)."""

    def __init__(self, store: Store, commands: Commands, browser: Browser, root: Any,
                 choose: Callable[..., None]) -> None:
        self.store = store
        self.commands = commands
        self.browser = browser
        self.root = root
        self.choose = choose
        self.suppress_click = False  # the click that ends a drag gesture is not a pick

    def swallow_click(self, event: Any) -> bool:
        """Whether a click event belongs to a drag gesture (and so is ignored). The browser
        may send no click at all after a drag (the table was redrawn under the pointer), so
        the guard is dropped by the next click of any kind; a click made with the keyboard
        (Enter, Space: ``detail`` 0) never belongs to a gesture and always counts."""
        swallowed, self.suppress_click = self.suppress_click, False
        return swallowed and event.detail != 0

    def element(self, key: str | None) -> Any:
        """The table's pile or hand card of ``data-key`` ``key`` (None: none)."""
        return None if key is None else drag_source(self.browser, key)

    def _mine(self, event: Any) -> Drag | None:
        """The drag under way, if ``event`` is of its pointer."""
        drag = self.store.state.drag
        return drag if drag is not None and event.pointerId == drag.pointer else None

    def on_pointerdown(self, event: Any) -> None:
        self.suppress_click = False
        state = self.store.state
        if event.button != 0 or state.sheet is not None or not state.ctrl.my_turn or state.covered:
            return
        el = js(event.target.closest("[data-slot]"))
        key = attr(el, "data-key") if el is not None else None
        if el is None or attr(el, "data-slot") not in SOURCE_SLOTS or attr(el, "data-top") == "" or not key:
            return
        self.store.update(drag=Drag(key, event.pointerId, event.clientX, event.clientY))

    def on_pointermove(self, event: Any) -> None:
        d = self._mine(event)
        if d is None:
            return
        dx, dy = event.clientX - d.x, event.clientY - d.y
        if not d.started:
            if dx * dx + dy * dy < DRAG_START_PX * DRAG_START_PX:
                return
            if not self.start(d):
                self.store.update(drag=None)
                return
            d = self.store.state.drag
        event.preventDefault()
        ghost = dragged_copy(self.browser, d.source)
        if ghost is not None:
            ghost.style.transform = f"translate({dx}px, {dy}px) rotate(3deg)"
        under = attr(self.slot_at(event.clientX, event.clientY), "data-key") or None
        if under != d.over:
            self.hover(d.over, False)
            self.hover(under, True)
            self.store.update(drag=replace(d, over=under))

    def hover(self, key: str | None, on: bool) -> None:
        """Light the pile ``key`` up as the one the dragged card is over (``on``), or not."""
        el = self.element(key)
        if el is not None:
            if on:
                el.setAttribute("data-hover", "1")
            else:
                el.removeAttribute("data-hover")

    def start(self, d: Drag) -> bool:
        """The pointer moved far enough: pick the card and lift a copy of it."""
        el = self.element(d.source)
        if el is None:
            return False
        seat = attr(js(el.closest("[data-seat]")), "data-seat")
        if not self.commands.lift(attr(el, "data-slot"), int(seat) if seat else None, attr(el, "data-card"),
                                 attr(el, "data-top")):
            return False
        self.browser.settle()  # the card lifted as it is drawn picked
        cards = el.querySelectorAll(".card")
        card_el = cards.item(cards.length - 1)
        rect = card_el.getBoundingClientRect()
        ghost = card_el.cloneNode(True)
        ghost.classList.add("ghost")
        ghost.setAttribute("data-drag", d.source)
        ghost.style.left = f"{rect.left}px"
        ghost.style.top = f"{rect.top}px"
        ghost.style.width = f"{rect.width}px"
        ghost.style.height = f"{rect.height}px"
        ghost.style.setProperty("--cw", f"{rect.width}px")
        self.browser.document.body.appendChild(ghost)
        self.store.update(drag=replace(d, started=True))
        return True

    def slot_at(self, x: float, y: float) -> Any:
        hit = js(self.browser.document.elementFromPoint(x, y))
        if hit is None:
            return None
        el = js(hit.closest("[data-slot]"))
        return el if el is not None and self.root.contains(el) else None

    def on_pointerup(self, event: Any) -> None:
        d = self._mine(event)
        if d is None:
            return
        self.store.update(drag=None)
        if not d.started:
            if event.pointerType == "touch":
                # A tap. Handled here: after a drag that redrew the table under the finger,
                # browsers may not send a click for the next tap.
                self.suppress_click = True
                el = self.element(d.source)
                if el is not None:
                    self.choose(el, False)
            return
        self.suppress_click = True
        target = self.slot_at(event.clientX, event.clientY)
        self.hover(d.over, False)
        if target is None or attr(target, "data-key") == d.source:
            self._drop_copy(d)
            self.commands.drop_nowhere()
            return
        self.choose(target, False, drop=d.source)

    def _drop_copy(self, d: Drag) -> None:
        ghost = dragged_copy(self.browser, d.source)
        if ghost is not None:
            ghost.remove()

    def drop_gesture(self) -> None:
        """Forget a drag under way (the table is being covered): its copy goes."""
        d = self.store.state.drag
        self.store.update(drag=None)
        if d is not None and d.started:
            self._drop_copy(d)

    def on_pointercancel(self, event: Any) -> None:
        d = self._mine(event)
        if d is None:
            return
        self.store.update(drag=None)
        if d.started:
            self._drop_copy(d)
            self.commands.drop_nowhere()
