"""Reading ``El`` trees in host tests: their elements with the seats they sit in, and
whether an element shows the pile a highlight (``table_marks.Mark``) names."""

from __future__ import annotations

from collections.abc import Iterator

from skipbo_web.views.table_marks import HANDS, Mark
from skipbo_web.views.tree import El


def elements(tree: El, seats: tuple[str, ...] = ()) -> Iterator[tuple[El, tuple[str, ...]]]:
    """Every element below ``tree``, in document order, with the ``data-seat`` values of
    its ancestors: (element, seats)."""
    seat = tree.attr("data-seat")
    inner = seats + (seat,) if seat is not None else seats
    for kid in tree.kids:
        if isinstance(kid, El):
            yield kid, inner
            yield from elements(kid, inner)


def shows(el: El, seats: tuple[str, ...], mark: Mark) -> bool:
    """Whether ``el`` (inside the ``data-seat``s ``seats``) shows the pile of ``mark``."""
    classes = set((el.attr("class") or "").split())
    if mark.seat is not None and str(mark.seat) not in seats:
        return False
    if mark.slot == "end":
        return el.attr("data-action") == "end"
    if mark.slot == "draw":
        return "drawpile" in classes
    if mark.slot == "completed":
        return {"count", "done"} <= classes
    if mark.slot == "H":
        return not HANDS.isdisjoint(classes)
    if mark.slot[0] == "H":
        return (el.attr("data-slot"), el.attr("data-card")) == ("H", mark.slot[1:])
    return el.attr("data-slot") == mark.slot


def lit(tree: El, marks: list[Mark]) -> bool:
    """Whether each mark's attribute is on an element of ``tree`` that shows its pile."""
    found = list(elements(tree))
    return all(any(el.attr(m.name) == m.value and shows(el, seats, m) for el, seats in found) for m in marks)
