"""The table as a tree of elements (``tree.El``) from the table model
(``table_model.TableModel``): the view model the page patches in place (no DOM access
here), and beside it where each card is (``table_layout``), from which a move's motion
is planned. ``tree.to_html`` gives the tree's HTML.

The tree carries the stable hooks that tests and embedding rely on:
``data-seat`` on each player area; ``data-slot`` = ``S``, ``D1``-``D4``, ``B1``-``B4``, ``H``;
``data-top`` on stock and discard piles; ``data-next`` on building piles; ``data-card`` on
hand cards (``1``-``12`` or ``SB``); ``data-legal="1"`` on targets of the picked card;
``data-key`` names each pile and hand card: the patcher keeps each such element the same
DOM node from one state to the next, so focus and handles held by others survive a move.
The draw pile and another seat's hand have the keys ``draw`` and ``mini-hand`` (not
drawn: ``El.key``).

The parts: a seat (``table_seat``), the draw and building piles (``table_center``), the
sheet at the end (``result_sheet``); the seats' names and the message line in words
(``seat_words``); one card (``card_view``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ..i18n import t
from ..state.look import Look
from .explain import why_tree
from .isolate import isolate_names
from .result_sheet import result_tree
from .seat_words import log_text, message_text, seat_name
from .table_center import center_tree
from .table_layout import Layout, Spots, nest
from .table_marks import Mark, mark_tree
from .table_model import TableModel
from .table_seat import seat_tree
from .tree import El, child_keys, h, props


class Table:
    """The table as drawn: its tree, and where each card is in it (``layout``, worked out
    the first time it is asked for: only a move's motion needs it)."""

    __slots__ = ("tree", "_locate", "_layout")

    def __init__(self, tree: El, locate: Callable[[], Layout]) -> None:
        self.tree = tree
        self._locate = locate
        self._layout: Layout | None = None

    @property
    def layout(self) -> Layout:
        if self._layout is None:
            self._layout = self._locate()
        return self._layout


def root_attributes(model: TableModel) -> dict[str, str | None]:
    """Attributes of the table root: whose turn it is and whether the game is over."""
    return {"data-turn": str(model.turn),
            "data-over": "1" if model.over else None,
            "data-players": str(model.players),
            "data-viewer": str(model.viewer)}


def table_tree(model: TableModel, look: Look, tag: str = "main", root: dict[str, str] | None = None,
               marks: Iterable[Mark] = ()) -> El:
    """The table's tree alone (``table_view``)."""
    return table_view(model, look, tag, root, marks).tree


def table_view(model: TableModel, look: Look, tag: str = "main", root: dict[str, str] | None = None,
               marks: Iterable[Mark] = ()) -> Table:
    """The table root (``tag``, with the attributes ``root`` and ``root_attributes``) and
    everything inside it, with the highlights ``marks`` (see table_marks), and where each
    card is in it."""
    me = model.viewer
    n = model.players
    lang = look.lang
    others = [seat_tree(model, look, (me + k) % n) for k in range(1, n)]
    opponents = h("div", props(class_="opponents", data_count=n - 1), [el for el, _ in others])
    center, center_spots = center_tree(model, look)
    mine, mine_spots = seat_tree(model, look, me)
    kids: list[Any] = [
        opponents, center, mine,
        h("div", props(class_="message-row"),
          h("p", props(class_="message", role="status", aria_live="polite", data_message=model.message.key),
            message_text(model.names, look, model.message), key="message"),
          why_tree(model.message, lang))]
    if not look.replay:  # the replay viewer shows its own move list and result
        kids.append(_log(model, look))
        if look.elsewhere:
            kids.append(_elsewhere(look))
        elif model.over:
            kids.append(result_tree(model, look) if not look.result_hidden else
                        h("button", props(type="button", class_="show-result", data_action="show-result"),
                          t(lang, "end.show_result")))
        elif model.curtain:
            kids.append(_curtain(model, look))
    attributes = {**(root or {}), **{k: v for k, v in root_attributes(model).items() if v is not None}}
    table = h(tag, attributes, kids)
    # the names isolated and the marks set leave every element's path as it is
    tree = mark_tree(isolate_names(table, [name.given for name in model.names]), marks)
    log = model.log

    def locate() -> Layout:
        steps = child_keys(table.kids)  # opponents, center, your seat, ...
        spots: Spots = []
        for (_, seat_spots), step in zip(others, child_keys(opponents.kids)):
            spots += nest(seat_spots(), steps[0], step)
        spots += nest(center_spots(), steps[1]) + nest(mine_spots(), steps[2])
        return Layout(tuple(spots), model.view.completed_size, log[-1].move.hand_card if log else None)

    return Table(tree, locate)


def _log(model: TableModel, look: Look) -> El:
    played = model.played
    items = [h("li", props(data_by=e.seat, data_move=str(e.move), value=e.index + 1), log_text(model.names, look, e),
               key=f"m{e.index}")
             for e in reversed(model.log)]  # the newest first
    return h("details", props(class_="log"),
             h("summary", None, f'{t(look.lang, "log.title")} ({played})'),
             h("ol", props(data_count=played, reversed=""), items), key="log")


def _curtain(model: TableModel, look: Look) -> El:
    lang = look.lang
    name = seat_name(model.names, look, model.turn)
    return h("div", props(class_="curtain", role="dialog", aria_modal="true", aria_labelledby="curtain-title"),
             h("div", props(class_="sheet-body"),
               h("h2", props(id="curtain-title"), t(lang, "curtain.title", name=name)),
               h("p", None, t(lang, "curtain.body", name=name)),
               h("button", props(type="button", class_="primary", data_action="reveal", autofocus=""),
                 t(lang, "curtain.show", name=name))), key="curtain")


def _elsewhere(look: Look) -> El:
    """The cover of a tab whose game another tab has taken: no cards, one button."""
    lang = look.lang
    return h("div", props(class_="curtain elsewhere", role="dialog", aria_modal="true",
                          aria_labelledby="elsewhere-title"),
             h("div", props(class_="sheet-body"),
               h("h2", props(id="elsewhere-title"), t(lang, "tabs.title")),
               h("p", None, t(lang, "tabs.body")),
               h("button", props(type="button", class_="primary", data_action="take-over"),
                 t(lang, "tabs.take_over"))), key="elsewhere")
