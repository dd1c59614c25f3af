"""The page's entry point, run by PyScript in Pyodide: boot, bind events, render.

All clicks are handled by one listener on the stable ``#app`` container, which reads
the clicked element's ``data-*`` attributes, so re-rendered elements need no binding.
"""

from __future__ import annotations

import random

from pyscript import document, when, window

try:
    from pyodide.ffi import jsnull
except ImportError:  # Pyodide before 0.28 converts JS null to None
    jsnull = None

from skipbo_web.controller import Controller
from skipbo_web.i18n import CATALOGUE, pick_language
from skipbo_web.meta import installed_version
from skipbo_web.table import render_bar, render_table, root_attributes

ENGINE_VERSION = installed_version("skipbo_core")  # from the wheel unpacked in Pyodide


class Page:
    """The DOM side: owns the controller and the language, and redraws after each event."""

    def __init__(self) -> None:
        params = window.URLSearchParams.new(window.location.search)
        self.seed = _int_param(params.get("seed")) or random.SystemRandom().randrange(1, 2**31)
        self.lang = pick_language([params.get("lang") or "", *window.navigator.languages])
        self.ctrl = Controller(seed=self.seed)
        self.bar = document.getElementById("bar")
        self.root = document.getElementById("table")

    def render(self) -> None:
        document.documentElement.lang = self.lang
        self.bar.innerHTML = render_bar(self.lang, ENGINE_VERSION)
        self.root.innerHTML = render_table(self.ctrl, self.lang)
        for name, value in root_attributes(self.ctrl).items():
            if value is None:
                self.root.removeAttribute(name)
            else:
                self.root.setAttribute(name, value)

    def on_click(self, event) -> None:
        el = _js(event.target.closest("[data-slot], [data-lang], [data-action]"))
        if el is None:
            return
        lang, action, slot = (_attr(el, a) for a in ("data-lang", "data-action", "data-slot"))
        if lang in CATALOGUE:
            self.lang = lang
        elif action == "new":
            self.ctrl = Controller(seed=random.SystemRandom().randrange(1, 2**31))
        elif action == "end":
            self.ctrl.play("end")
        elif slot:
            area = _js(el.closest("[data-seat]"))
            seat = _attr(area, "data-seat") if area is not None else None
            self.ctrl.click(slot, int(seat) if seat else None, _attr(el, "data-card"))
        self.render()


def _js(value):
    """A JS value, or None for JS null/undefined (Pyodide 0.28+ gives null as ``jsnull``)."""
    return None if value is None or value is jsnull else value


def _attr(el, name: str) -> str | None:
    """An element's attribute as a str, None when it is absent."""
    value = el.getAttribute(name)
    return value if isinstance(value, str) else None


def _int_param(text: str | None) -> int | None:
    """``?seed=123`` -> 123; absent or not a whole number -> None."""
    return int(text) if text and text.isdigit() else None


page = Page()
page.render()


@when("click", "#app")
def _on_click(event) -> None:
    page.on_click(event)


page.root.setAttribute("data-ready", "1")
