"""One card as an element: face up, face down or an empty place. No DOM access here."""

from __future__ import annotations

from ..i18n import card_face, colour_of
from ..state.look import Look
from .tree import El, h, props


def card(look: Look, value: int, counts_as: int | None = None, key: str | None = None) -> El:
    """One face-up card, drawn with CSS: 1-4 blue, 5-8 green, 9-12 red, Skip-Bo distinct.
    The number (or letter) is always printed, so colour is never needed to read it. The
    face is drawn from ``data-face`` by CSS, so the pile's accessible name (its
    ``aria-label``) is the only text a screen reader meets."""
    face = card_face(value, look.faces, look.lang)
    badge = h("span", props(class_="as", data_as=counts_as)) if counts_as is not None else None
    return h("span", props(class_=f"card c-{colour_of(value)} f-{look.faces}", data_face=face, aria_hidden="true"),
             h("span", props(class_="big", data_face=face)), badge, key=key)


def back(extra: str = "") -> El:
    """A card face down (``extra``: more classes)."""
    return h("span", props(class_=f"card back{extra}", aria_hidden="true"))


def empty() -> El:
    """An empty place where a card may lie."""
    return h("span", props(class_="card empty", aria_hidden="true"))
