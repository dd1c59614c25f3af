"""The host's choices for a seat whose person is away (issue 38 part 2), in that seat's
player area: wait for them, let the computer play the seat until they are back, or end
the game. Buttons with ``data-action="pair-away"``, the seat and the choice; the one in
force is pressed (``aria-pressed``)."""

from __future__ import annotations

from ..i18n import t
from ..state.look import Look
from .tree import El, h, props

CHOICES = ("wait", "computer", "end")
"""The choices, in the order shown (``remote.host.AWAY_CHOICES``)."""


def away_tree(choice: str | None, look: Look, seat: int, name: str) -> El | None:
    """The choices for ``seat`` (called ``name``) whose person is away, ``choice`` the one
    in force; ``None`` when the seat is not away."""
    if choice is None:
        return None
    lang = look.lang
    buttons = [h("button", props(type="button", data_action="pair-away", data_seat=seat, data_choice=c,
                                 aria_pressed=("true" if c == choice else "false") if c != "end" else None),
                 t(lang, f"away.{c}"), key=c) for c in CHOICES]
    return h("div", props(class_="away-choices", role="group", data_away=choice, aria_label=t(lang, "away.title",
                                                                                               name=name)),
             h("p", props(class_="away-title"), t(lang, "away.title", name=name), key="title"),
             h("span", props(class_="away-buttons"), buttons, key="buttons"), key="away")
