"""Drag and drop with the mouse or a finger, through pointer events: a card taken from a
source pile follows the pointer (a copy of it, the "ghost"), the piles where it may go
light up, and the drop plays the move. A tap (no movement) is a click.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .page_dom import attr, js

if TYPE_CHECKING:
    from ..commands import Commands
    from ..state.store import Store
    from .page_dom import Browser

DRAG_START_PX = 8
SOURCE_SLOTS = ("S", "H", "D1", "D2", "D3", "D4")


class DragAndDrop:
    """Drags on the table (``root``). ``choose(el, keyboard, drop=None)`` picks or plays
    the pile or card ``el`` as a click on it would (``drop``: the dragged card's copy)."""

    def __init__(self, store: Store, commands: Commands, browser: Browser, root: Any,
                 choose: Callable[..., None]) -> None:
        self.store = store
        self.commands = commands
        self.browser = browser
        self.root = root
        self.choose = choose
        self.drag: dict[str, Any] | None = None
        self.suppress_click = False  # the click that ends a drag gesture is not a pick
        self.home: Any = None  # the pile or hand card the last dragged card came from

    def swallow_click(self, event: Any) -> bool:
        """Whether a click event belongs to a drag gesture (and so is ignored). The browser
        may send no click at all after a drag (the table was redrawn under the pointer), so
        the guard is dropped by the next click of any kind; a click made with the keyboard
        (Enter, Space: ``detail`` 0) never belongs to a gesture and always counts."""
        swallowed, self.suppress_click = self.suppress_click, False
        return swallowed and event.detail != 0

    def on_pointerdown(self, event: Any) -> None:
        self.suppress_click = False
        state = self.store.state
        if event.button != 0 or state.sheet is not None or not state.ctrl.my_turn or state.covered:
            return
        el = js(event.target.closest("[data-slot]"))
        if el is None or attr(el, "data-slot") not in SOURCE_SLOTS or attr(el, "data-top") == "":
            return
        self.drag = {"el": el, "id": event.pointerId, "x": event.clientX, "y": event.clientY,
                     "started": False, "ghost": None, "over": None}

    def on_pointermove(self, event: Any) -> None:
        d = self.drag
        if d is None or event.pointerId != d["id"]:
            return
        dx, dy = event.clientX - d["x"], event.clientY - d["y"]
        if not d["started"]:
            if dx * dx + dy * dy < DRAG_START_PX * DRAG_START_PX:
                return
            if not self.start(d):
                self.drag = None
                return
        event.preventDefault()
        d["ghost"].style.transform = f"translate({dx}px, {dy}px) rotate(3deg)"
        under = self.slot_at(event.clientX, event.clientY)
        same = (under is None and d["over"] is None) or (
            under is not None and d["over"] is not None and under.isSameNode(d["over"]))
        if not same:
            if d["over"] is not None:
                d["over"].removeAttribute("data-hover")
            if under is not None:
                under.setAttribute("data-hover", "1")
            d["over"] = under

    def start(self, d: dict[str, Any]) -> bool:
        """The pointer moved far enough: pick the card and lift a ghost of it."""
        el = d["el"]
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
        ghost.style.left = f"{rect.left}px"
        ghost.style.top = f"{rect.top}px"
        ghost.style.width = f"{rect.width}px"
        ghost.style.height = f"{rect.height}px"
        ghost.style.setProperty("--cw", f"{rect.width}px")
        self.browser.document.body.appendChild(ghost)
        d["ghost"] = ghost
        d["started"] = True
        return True

    def slot_at(self, x: float, y: float) -> Any:
        hit = js(self.browser.document.elementFromPoint(x, y))
        if hit is None:
            return None
        el = js(hit.closest("[data-slot]"))
        return el if el is not None and self.root.contains(el) else None

    def on_pointerup(self, event: Any) -> None:
        d = self.drag
        if d is None or event.pointerId != d["id"]:
            return
        self.drag = None
        if not d["started"]:
            if event.pointerType == "touch":
                # A tap. Handled here: after a drag that redrew the table under the finger,
                # browsers may not send a click for the next tap.
                self.suppress_click = True
                self.choose(d["el"], False)
            return
        self.suppress_click = True
        ghost = d["ghost"]
        target = self.slot_at(event.clientX, event.clientY)
        if d["over"] is not None:
            d["over"].removeAttribute("data-hover")
        if target is None or target.isSameNode(d["el"]):
            ghost.remove()
            self.commands.drop_nowhere()
            return
        self.home = d["el"]
        self.choose(target, False, drop=ghost)

    def drop_gesture(self) -> None:
        """Forget a drag under way (the table is being covered): its ghost goes."""
        d, self.drag = self.drag, None
        if d is not None and d["started"]:
            d["ghost"].remove()

    def on_pointercancel(self, event: Any) -> None:
        d = self.drag
        if d is None or event.pointerId != d["id"]:
            return
        self.drag = None
        if d["started"]:
            d["ghost"].remove()
            self.commands.drop_nowhere()
