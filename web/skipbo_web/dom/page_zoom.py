"""Another player's area, shown large: on a phone the others' discard piles are small, and
the game depends on reading what they discarded. A tap on another player's area, with no
card of yours picked, opens a copy of it in a dialog over the table (its cards at a
readable size, the whole of each discard pile's fan); a tap anywhere on it, Esc or its
close button closes it. The copy follows the game while it is open, and it is only a
picture: its piles are no targets (their ``data-slot`` and ``data-seat`` are taken off).

An effect of the page's store: a change of the game redraws the copy (``GAME``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..i18n import t
from ..state.store import GAME
from .page_dom import attr, create_proxy, js

if TYPE_CHECKING:
    from ..state.store import Store
    from .page_dom import Browser

OFF = ("data-slot", "data-seat", "data-key", "id", "tabindex", "data-legal", "data-playable", "data-selected")


class OpponentZoom:
    def __init__(self, store: Store, browser: Browser, root: Any) -> None:
        self.store = store
        self.browser = browser
        self.root = root  # the table
        self.dialog: Any = None
        self.seat: str | None = None
        self.pressed = False  # a pointer went down on the open copy (the click it makes closes it)
        self._close = create_proxy(self._on_click)
        self._press = create_proxy(lambda *_: setattr(self, "pressed", True))

    def wants(self, el: Any) -> bool:
        """Whether a click on ``el`` is for the zoom: inside another player's area (not a
        partner's, whose piles you may play from), with no card of yours picked and no
        sheet open."""
        state = self.store.state
        area = js(el.closest(".opp[data-seat]"))
        return (area is not None and not area.classList.contains("partner") and state.sheet is None
                and state.table.selected is None and not state.covered)

    def open(self, el: Any) -> None:
        area = js(el.closest(".opp[data-seat]"))
        self.seat = attr(area, "data-seat")
        dialog = self._dialog()
        self._draw(area)
        if not dialog.open:
            self.pressed = False
            dialog.showModal()

    def _on_click(self, event: Any) -> None:
        """A tap on the copy closes it; the click that ends the tap which opened it (its
        pointer went down on the table, before the copy was there) does not. A click made
        with the keyboard (Enter on the close button: ``detail`` 0) always does."""
        pressed, self.pressed = self.pressed, False
        if pressed or event.detail == 0:
            self.close()

    def close(self) -> None:
        self.seat = None
        if self.dialog is not None and self.dialog.open:
            self.dialog.close()

    def on_change(self, what: frozenset[str]) -> None:
        """The store's listener: the game changed while the copy is open: draw it again."""
        if GAME in what and self.seat is not None and self.dialog is not None and self.dialog.open:
            area = js(self.root.querySelector(f'.opp[data-seat="{self.seat}"]'))
            if area is None:
                self.close()
            else:
                self._draw(area)

    def _dialog(self) -> Any:
        if self.dialog is None:
            doc = self.browser.document
            self.dialog = doc.createElement("dialog")
            self.dialog.className = "zoom"
            self.dialog.addEventListener("pointerdown", self._press)
            self.dialog.addEventListener("click", self._close)  # a tap anywhere closes it
            self.dialog.addEventListener("close", create_proxy(lambda *_: setattr(self, "seat", None)))
            doc.body.appendChild(self.dialog)
        return self.dialog

    def _draw(self, area: Any) -> None:
        """The dialog's content: a close button and a copy of ``area`` that is only a picture."""
        doc, dialog, lang = self.browser.document, self.dialog, self.store.state.look.lang
        copy = area.cloneNode(True)
        for el in [copy, *copy.querySelectorAll("*")]:
            for name in OFF:
                el.removeAttribute(name)
        for el in copy.querySelectorAll("button"):
            el.setAttribute("tabindex", "-1")
            el.setAttribute("type", "button")
        close = doc.createElement("button")
        close.type = "button"
        close.className = "zoom-close"
        close.setAttribute("aria-label", t(lang, "zoom.close"))
        close.title = t(lang, "zoom.close")
        name = js(area.querySelector(".who .nm")) or js(area.querySelector(".who .name"))
        said = str(name.textContent).strip().rstrip(":") if name is not None else ""
        dialog.setAttribute("aria-label", t(lang, "zoom.aria", name=said))
        dialog.replaceChildren(close, copy)
        close.focus()
