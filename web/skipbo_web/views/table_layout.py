"""Where each card is on the table: the layout that the table's view returns beside its
tree (``table_view.Table``), as chessground's board keeps its pieces by square. The motion
(``motion_plan.plan``) diffs two layouts; it never reads the tree's markup.

A place is a *path*: the child keys (``tree.child_keys``) from the table root down to an
element, as the Patcher matches children, so the page can find the DOM node of a card
in the tree before a patch (where it starts) and in the tree after (where it lands).
The view that draws a pile knows where its cards are: it gives each part of the table
as a ``Spot`` whose path starts at that part's own element, and the element around it
puts the steps down to it in front (``nest``), up to the root.

Pile keys: ``0:S`` and ``1:D3`` (a seat's stock and discard piles), ``B2`` (a building
pile), ``0:hand`` (a seat's hand), ``draw`` (the draw pile).

>>> from .tree import h, child_key
>>> pile = h("button", None, h("span", None), key="0:S")
>>> top = Spot((), 3, 7, ((child_key(pile, pile.kids[0]),),))
>>> seat = h("section", None, h("header", None), pile, key="seat0")
>>> [(key, spot.path, spot.card(-1)) for key, spot in nest([("0:S", top)], child_key(seat, pile))]
[('0:S', ('0:S#0',), ('0:S#0', 'span#0'))]
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from .tree import Path


class Spot(NamedTuple):
    """A pile, a hand or the draw pile as the table shows it: its element (``path``), how
    many cards it holds (a hand: shows; the draw pile: left to draw), its top card
    (``None``: none, or not shown), the elements of the cards that can leave it
    (``cards``, paths from its own element: a pile's top card, a hand's cards left to
    right), a hand's cards face up (``faces``; ``None``: not a hand face up) and where its
    cards start when they are not shown (``home``: a hand's seat name; the draw pile: its
    count of completed cards)."""

    path: Path
    count: int
    top: int | None = None
    cards: tuple[Path, ...] = ()
    faces: tuple[int, ...] | None = None
    home: tuple[Path, ...] = ()

    def card(self, index: int) -> Path:
        """The path of one of its cards (``cards[index]``) from the root."""
        return self.path + self.cards[index]

    def with_home(self, *home: Path) -> Spot:
        """The same spot whose cards start at ``home`` where they are not shown."""
        return Spot(self.path, self.count, self.top, self.cards, self.faces, home)

    def under(self, *steps: str) -> Spot:
        """The same spot seen from an element around it (``steps``: the child keys from
        there down to where its paths start)."""
        return Spot(steps + self.path, self.count, self.top, self.cards, self.faces,
                    tuple(steps + p for p in self.home))


Spots = list[tuple[str, Spot]]
"""Pile key and spot, in the order of the table."""


class Layout(NamedTuple):
    """Where each card of the table is: its piles, hands and draw pile (``spots``, in the
    order of the table), the completed cards beside the draw pile, and the card of the
    newest move if it came from a hand (``last``; ``None`` otherwise)."""

    spots: tuple[tuple[str, Spot], ...] = ()
    completed: int = 0
    last: int | None = None


def nest(spots: Iterable[tuple[str, Spot]], *steps: str) -> Spots:
    """``spots`` (paths from an element) as paths from an element around it (``steps``:
    the child keys from there down to the first)."""
    return [(key, spot.under(*steps)) for key, spot in spots]
