"""Highlights on the table, computed from state into the table's tree (as chessground's
``computeSquareClasses``): a hint's piles, the tutorial's coach roles, the host's lit
piles. Each is a ``Mark``, a plain value that names a pile and the attribute it gets;
``mark_tree`` puts the attributes into the tree before it is patched onto the page, so
the page has one picture of the table and nothing is set beside it.

A mark's pile: ``seat`` (``None``: anywhere on the table, e.g. the building piles) and
``slot``: ``S``, ``D1``-``D4``, ``B1``-``B4`` (by ``data-slot``), ``H`` (the whole hand),
``H5``/``HSB`` (a hand card, by ``data-card``), ``draw`` (the draw pile), ``completed``
(its count of completed cards) or ``end`` (the end-turn button). It lands on the first
element of the table that shows it, in document order.

>>> from .tree import h, props, to_html
>>> tree = h("main", None, h("p", props(data_seat=0), h("b", props(data_slot="S"))),
...          h("i", props(data_slot="B1")))
>>> to_html(mark_tree(tree, [Mark(0, "S", "data-hint", "1"), Mark(None, "B1", "data-coach", "to")]))
'<main><p data-seat="0"><b data-slot="S" data-hint="1"></b></p><i data-slot="B1" data-coach="to"></i></main>'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from .tree import El

HANDS = frozenset({"hand", "mini-hand", "open-hand"})


class Mark(NamedTuple):
    """Attribute ``name="value"`` on the element that shows ``slot`` of ``seat``."""

    seat: int | None
    slot: str
    name: str
    value: str


def _shows(mark: Mark, el: El, classes: set[str], in_draw: bool) -> bool:
    slot = mark.slot
    if slot == "draw":
        return "drawpile" in classes
    if slot == "completed":
        return in_draw and {"count", "done"} <= classes
    if slot == "end":
        return el.attr("data-action") == "end"
    if slot == "H":
        return not HANDS.isdisjoint(classes)
    if slot[:1] == "H":
        return el.attr("data-slot") == "H" and el.attr("data-card") == slot[1:]
    return el.attr("data-slot") == slot


def mark_tree(tree: El, marks: Iterable[Mark]) -> El:
    """``tree`` with each mark's attribute on the first element inside it that shows the
    mark's pile (a mark that finds none is left out; a later mark of the same attribute
    on the same element wins)."""
    pending = list(marks)
    if not pending:
        return tree
    return El(tree.tag, tree.attrs, _kids(tree.kids, pending, frozenset(), False), tree.key)


def _kids(kids: tuple[El | str, ...], pending: list[Mark], seats: frozenset[str],
          in_draw: bool) -> tuple[El | str, ...]:
    out: list[El | str] = []
    changed = False
    for kid in kids:
        if pending and isinstance(kid, El):
            new = _mark(kid, pending, seats, in_draw)
            changed = changed or new is not kid
            kid = new
        out.append(kid)
    return tuple(out) if changed else kids  # unchanged: the same tuple (compared by identity)


def _mark(el: El, pending: list[Mark], seats: frozenset[str], in_draw: bool) -> El:
    classes = set((el.attr("class") or "").split())
    found = [m for m in pending if (m.seat is None or str(m.seat) in seats) and _shows(m, el, classes, in_draw)]
    attrs = el.attrs
    if found:
        for m in found:
            pending.remove(m)
        names = {m.name: m.value for m in found}
        attrs = tuple((n, v) for n, v in attrs if n not in names) + tuple(names.items())
    if pending and el.kids:
        seat = el.attr("data-seat")
        inner_seats = seats | {seat} if seat is not None else seats
        kids = _kids(el.kids, pending, inner_seats, in_draw or "drawpile" in classes)
    else:
        kids = el.kids
    if attrs is el.attrs and kids is el.kids:
        return el
    return El(el.tag, attrs, kids, el.key)
