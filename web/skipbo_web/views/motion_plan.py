"""What travels when the table changes: derived from where the cards are before a command
and after it (the layouts of ``table_view.table_view``, see ``table_layout``), never from the
move that was made, and never from the tree's markup. No DOM here: the page
(page_motion) finds the nodes of the paths with the Patcher and animates them.

The two layouts are compared pile by pile (a pile, a hand and the draw pile each are a
``Spot``, known by its key: ``0:S``, ``1:D3``, ``B2``, ``0:hand``, ``draw``); only the
spots that differ tell something:

- a pile or hand that lost a card is a *source*, one that gained a card a *target*;
  sources and targets are paired by the card: a ``play``;
- a building pile that emptied while the completed cards grew got its last card and left
  for the completed cards: a ``complete`` (its card from the source left over);
- the viewer's hand is matched card by card (the longest common order of the two hands,
  which are sorted): a card in both is a ``slide`` from its old place to its new one (the
  page moves it only if it moved on screen), a new card not paired with a source is a
  ``draw`` from the draw pile; a hand face up before and face down after (hot seat: the
  next person's turn) gives its card by the card that arrived; another seat's hand (backs)
  gives a card that starts at its backs, or at the seat's name where they are hidden.

One command changes one pile pair (and the hand): several moves between two layouts are
paired as well as their cards tell (one card per pile).

>>> from .table_layout import Layout, Spot
>>> def table(stock, build):
...     return Layout((("0:S", Spot(("seat0#0", "0:S#0"), stock, 7, ((f"c{stock}#0",),))),
...                    ("B1", Spot(("div#0", "B1#0"), build, 7 if build else None,
...                                ((f"c{build}#0",),) if build else ()))))
>>> [tuple(t) for t in plan(table(3, 0), table(2, 1))]
[('play', 7, (('seat0#0', '0:S#0', 'c3#0'),), ('div#0', 'B1#0', 'c1#0'), ())]
"""

from __future__ import annotations

from typing import NamedTuple

from .table_layout import Layout, Spot
from .tree import Path

PLAY, COMPLETE, DRAW, SLIDE = "play", "complete", "draw", "slide"


class Travel(NamedTuple):
    """One card that travels: ``kind`` (``play``, ``complete``, ``draw``, ``slide``), its
    ``card`` (``0``: a Skip-Bo card; ``None`` if unknown), where it starts in the tree
    before (``source``: the first of these paths that is shown on screen), where it lands
    in the tree after (``target``; a completed pile: the pile), and for a completed pile
    where it leaves for afterwards (``away``: the first of these that is shown)."""

    kind: str
    card: int | None
    source: tuple[Path, ...]
    target: Path
    away: tuple[Path, ...] = ()


class _End(NamedTuple):
    """A card that left a place (a source) or came to one (a target): the card (``None``:
    not known) and its paths (a target: its place, then where a completed pile leaves for)."""

    card: int | None
    paths: tuple[Path, ...]
    complete: int = 0  # a target: a building pile that got its last card and left, of so many cards


def _common(old: list[int], new: list[int]) -> list[tuple[int, int]]:
    """The pairs (i, j) of a longest common order of ``old`` and ``new`` (of equal cards
    the later ones are paired)."""
    n, m = len(old), len(new)
    best = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n):
        for j in range(m):
            best[i + 1][j + 1] = best[i][j] + 1 if old[i] == new[j] else max(best[i][j + 1], best[i + 1][j])
    pairs = []
    i, j = n, m
    while i and j:
        if old[i - 1] == new[j - 1]:
            pairs.append((i - 1, j - 1))
            i, j = i - 1, j - 1
        elif best[i - 1][j] >= best[i][j - 1]:
            i -= 1
        else:
            j -= 1
    return pairs[::-1]


def _pile(pile: str, was: Spot, now: Spot, sources: list[_End], targets: list[_End],
          done: int, away: tuple[Path, ...]) -> None:
    """A stock, discard or building pile that changed: a card left it or came to it
    (``done``: how the completed cards changed, ``away``: where they are)."""
    old, new = was.count, now.count
    building = pile.startswith("B")
    if new == 0 and old and done > 0 and building:  # completed: got its last card, left
        targets.append(_End(None, (now.path, *away), complete=old + 1))
    elif old == 0 and new > 1 and done < 0 and building:  # a completed pile back (a move taken back)
        sources.append(_End(None, (was.path,)))           # its last card left it
    elif new > old:  # a card came (the one on top)
        if now.cards:
            targets.append(_End(now.top, (now.card(-1),)))
    elif new < old:  # its top card left
        sources.append(_End(was.top, (was.card(-1) if was.cards else was.path,)))


def _hand(spot: Spot) -> list[tuple[int | None, Path]]:
    """A hand face up: each card and its path."""
    return [(card, spot.path + path) for card, path in zip(spot.faces or (), spot.cards)]


def _take(sources: list[_End], card: int | None, exact: bool = True) -> _End | None:
    """The first source of ``card`` (``exact`` False: else one whose card is not known)."""
    found = next((s for s in sources if s.card == card), None)
    if found is None and not exact:
        found = next((s for s in sources if s.card is None), None)
    if found is not None:
        sources.remove(found)
    return found


def plan(old: Layout, new: Layout) -> tuple[Travel, ...]:
    """What travels when the table laid out as ``old`` becomes ``new``: the cards played
    (and a completed pile leaving), then the viewer's hand cards in their new order."""
    before = dict(old.spots)
    draw_was, draw_now = before.get("draw"), None
    sources: list[_End] = []
    targets: list[_End] = []
    changed: list[tuple[str, Spot, Spot]] = []
    for pile, now in new.spots:  # in the order of the table
        was = before.get(pile)
        if pile == "draw":
            draw_now = now
        elif was is not None and was != now:
            changed.append((pile, was, now))
    done, away, drawn = 0, (), 0
    if draw_was is not None and draw_now is not None:  # the completed cards beside the draw pile
        done = new.completed - old.completed
        away = (*draw_now.home, draw_now.path)
    hand_was: list[tuple[int | None, Path]] = []  # the hand face up before and after: its cards
    hand_now: list[tuple[int | None, Path]] = []
    backs = None  # the hand face up before is shown face down after: so many cards
    for pile, was, now in changed:
        if not pile.endswith(":hand"):
            _pile(pile, was, now, sources, targets, done, away)
        elif was.faces is not None and now.faces is not None:  # the viewer's: card by card, below
            hand_was, hand_now = _hand(was), _hand(now)
        elif was.faces is not None:  # face up, then backs (hot seat: the next one's turn)
            hand_was, backs = _hand(was), len(now.cards)
        elif now.faces is None and len(now.cards) < len(was.cards):  # another's (backs): by its count
            sources.append(_End(None, (was.card(-1), *was.home)))
    travels: list[Travel] = []
    left = list(range(len(hand_was)))  # the viewer's hand cards not yet known to have left
    # how many cards left the viewer's hand: its cards before and those drawn, less those after
    # (drawn: what the draw pile and the completed cards lost together, less completed piles)
    if draw_was is not None and draw_now is not None:
        drawn = draw_was.count - draw_now.count - done + sum(t.complete for t in targets)
    gone = [len(hand_was) + max(drawn, 0) - len(hand_now) if backs is None else len(hand_was) - backs]

    def from_hand(card: int | None, any_card: bool = False) -> _End | None:
        """A card of the viewer's hand that left (``any_card``: any card that did)."""
        if any_card:  # the ones not kept in the hand, in order
            kept = {left[i] for i, _ in _common([hand_was[i][0] for i in left], [c for c, _ in hand_now])}
            i = next((i for i in left if i not in kept), None)
        else:
            i = next((i for i in left if hand_was[i][0] == card), None)
        if i is None or gone[0] <= 0:
            return None
        gone[0] -= 1
        left.remove(i)
        return _End(hand_was[i][0], (hand_was[i][1],))

    for target in targets:  # the cards known: from a pile, the viewer's hand, a hand not shown
        if target.complete:
            continue
        source = _take(sources, target.card) or from_hand(target.card) or _take(sources, target.card, exact=False)
        if source is not None:
            travels.append(Travel(PLAY, target.card, source.paths, target.paths[0]))
    for target in targets:  # a completed pile: its last card is the one left over
        if target.complete:
            source = (sources.pop(0) if sources else None) or from_hand(None, any_card=True)
            if source is not None:
                card = source.card if source.card is not None else new.last
                travels.append(Travel(COMPLETE, card, source.paths, target.paths[0], target.paths[1:]))
    # the viewer's hand: the cards kept slide to their new places; a new one comes from a
    # source left over (a move taken back), else from the draw pile
    pairs = {j: left[i] for i, j in _common([hand_was[i][0] for i in left], [c for c, _ in hand_now])}
    draw = None
    for j, (card, path) in enumerate(hand_now):
        if j in pairs:
            travels.append(Travel(SLIDE, card, (hand_was[pairs[j]][1],), path))
            continue
        source = _take(sources, card, exact=False)
        if source is not None:
            travels.append(Travel(PLAY, card, source.paths, path))
            continue
        draw = draw or (draw_was.path if draw_was is not None else None)
        if draw is not None:
            travels.append(Travel(DRAW, card, (draw,), path))
    return tuple(travels)
