"""What travels when the table changes: derived from the difference between the table's
element tree before a command and after it (``table.table_tree``), never from the move
that was made. No DOM here: the page (page_motion) finds the nodes of the paths with the
Patcher and animates them.

A place is a *path*: the child keys (``tree.child_keys``) from the table root down to
an element, as the Patcher matches children, so the page can find the DOM node of an
element of the tree before the patch (where a card starts) and of the tree after it (where
it lands). The two trees are walked together and only where they differ; a pile is
known by its ``data-key`` (``0:S``, ``1:D3``, ``B2``), a hand by its seat, the draw pile by
its key ``draw``. What they tell:

- a pile or hand that lost a card is a *source*, one that gained a card a *target*;
  sources and targets are paired by the card (``data-top``, ``data-card``): a ``play``;
- a building pile that emptied while the completed cards grew got its last card and left
  for the completed cards: a ``complete`` (its card from the source left over);
- the viewer's hand is matched card by card (the longest common order of the two hands,
  which are sorted): a card in both is a ``slide`` from its old place to its new one (the
  page moves it only if it moved on screen), a new card not paired with a source is a
  ``draw`` from the draw pile; a hand face up before and face down after (hot seat: the
  next person's turn) gives its card by the card that arrived; another seat's hand (backs)
  gives a card that starts at its backs, or at the seat's name where they are hidden.

One command changes one pile pair (and the hand): several moves between two trees are
paired as well as their cards tell (one card per pile).

>>> from .tree import h, props
>>> def table(stock, build, draw):
...     return h("main", None,
...              h("section", props(data_seat=0), h("button", props(data_key="0:S", data_count=stock,
...                data_top="7"), h("span", props(class_="card"), key=f"c{stock}")), key="seat0"),
...              h("div", None, h("button", props(data_key="B1", data_count=build, data_top="7" if build else ""),
...                h("span", props(class_="card" if build else "card empty"), key=f"c{build}"))),
...              h("div", None, h("span", props(data_draw=draw), key="n"), key="draw"))
>>> [tuple(t) for t in plan(table(3, 0, 20), table(2, 1, 20))]
[('play', '7', (('seat0#0', '0:S#0', 'c3#0'),), ('div#0', 'B1#0', 'c1#0'), ())]
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from skipbo_core import InvalidMove, Move

from .table import card_token
from .tree import El, Path, child_keys

PLAY, COMPLETE, DRAW, SLIDE = "play", "complete", "draw", "slide"


class Travel(NamedTuple):
    """One card that travels: ``kind`` (``play``, ``complete``, ``draw``, ``slide``), its
    ``card`` (``"7"``, ``"SB"``; ``""`` if unknown), where it starts in the tree before
    (``source``: the first of these paths that is shown on screen), where it lands in the
    tree after (``target``; a completed pile: the pile), and for a completed pile where it
    leaves for afterwards (``away``: the first of these that is shown)."""

    kind: str
    card: str
    source: tuple[Path, ...]
    target: Path
    away: tuple[Path, ...] = ()


class _Seat(NamedTuple):
    """The seat's area an element is in: its path, element and number (``None``: none)."""

    path: Path
    el: El | None
    number: str | None


NO_SEAT = _Seat((), None, None)


class _Seen(NamedTuple):
    """A pile, hand or the draw pile as one of the trees shows it."""

    path: Path
    el: El
    seat: _Seat


# parts of the table that hold no card (table.py's keys): the walk does not look into them
NO_CARDS = frozenset({"log", "result", "curtain", "elsewhere", "message"})


def _classes(el: El) -> list[str]:
    return (el.attr("class") or "").split()


def _what(el: El, path: Path, seat: _Seat) -> tuple[_Seat, str | None]:
    """The seat's area ``el`` (at ``path``, inside ``seat``) is in, and what ``el`` is to
    the motion: a pile (its ``data-key``), a seat's hand, the draw pile; ``None``:
    something else (look inside it)."""
    attrs = dict(el.attrs)  # one pass over them, for the three asked
    number = attrs.get("data-seat")
    if number is not None:
        seat = _Seat(path, el, number)
    if el.key in ("hand", "hand-hidden", "mini-hand"):
        return seat, f"{seat.number}:hand"
    if el.key == "draw":
        return seat, "draw"
    key = attrs.get("data-key")
    return seat, key if key is not None and "data-count" in attrs else None


def _gather(el: El, path: Path, seat: _Seat, out: dict[str, _Seen]) -> None:
    """Every pile, hand and draw pile in ``el`` (at ``path``, itself included) into ``out``."""
    seat, pile = _what(el, path, seat)
    if pile is not None:
        out[pile] = _Seen(path, el, seat)
        return
    for k, kid in zip(child_keys(el.kids), el.kids):
        if isinstance(kid, El):
            _gather(kid, path + (k,), seat, out)


def _same_place(was: El | str, kid: El | str) -> bool:
    """Whether two children at the same index are keyed alike (the same key; without one,
    the same tag and ``data-key``): if all are, the children are matched by their index."""
    if isinstance(was, str) or isinstance(kid, str):
        return isinstance(was, str) and isinstance(kid, str)
    if was.key != kid.key:
        return False
    return bool(was.key) or (was.tag == kid.tag and was.attr("data-key") == kid.attr("data-key"))


def _diff(old: El, new: El, path: Path, seats: tuple[_Seat, _Seat],
          before: dict[str, _Seen], after: dict[str, _Seen]) -> None:
    """The piles that differ between ``old`` and ``new`` (at ``path``; both not piles):
    those of ``old`` into ``before``, of ``new`` into ``after``. Only the children that
    differ are looked into, matched by key as the Patcher matches them."""
    olds, news = old.kids, new.kids
    if len(olds) == len(news):  # mostly the same children, some changed: matched by index
        changed = [i for i, (was, kid) in enumerate(zip(olds, news)) if was != kid]
        if not changed:
            return
        if all(_same_place(olds[i], news[i]) for i in changed):
            keys = child_keys(news)
            for i in changed:
                _changed(olds[i], news[i], path + (keys[i],), seats, before, after)
            return
    by_key = {k: kid for k, kid in zip(child_keys(olds), olds) if isinstance(kid, El)}
    for k, kid in zip(child_keys(news), news):
        was = by_key.pop(k, None)
        if was is None:
            if isinstance(kid, El) and kid.key not in NO_CARDS and kid.tag != "header":
                _gather(kid, path + (k,), seats[1], after)
        elif was != kid:
            _changed(was, kid, path + (k,), seats, before, after)
    for k, was in by_key.items():
        if was.key not in NO_CARDS:
            _gather(was, path + (k,), seats[0], before)


def _changed(was: El | str, kid: El | str, where: Path, seats: tuple[_Seat, _Seat],
             before: dict[str, _Seen], after: dict[str, _Seen]) -> None:
    """A child (at ``where``) that differs between the trees: a pile there, else look inside."""
    if isinstance(kid, str) or isinstance(was, str) or kid.key in NO_CARDS or kid.tag == "header":
        return
    old_seat, old_pile = _what(was, where, seats[0])
    seat, pile = _what(kid, where, seats[1])
    if pile is None and old_pile is None:
        _diff(was, kid, where, (old_seat, seat), before, after)
        return
    if pile is not None:
        after[pile] = _Seen(where, kid, seat)
    if old_pile is not None:
        before[old_pile] = _Seen(where, was, old_seat)


def _count(el: El) -> int:
    return int(el.attr("data-count") or 0)


def _cards(el: El, path: Path) -> list[Path]:
    """The paths of the cards inside ``el``, face up or down (not an empty place's)."""
    out: list[Path] = []
    for k, kid in zip(child_keys(el.kids), el.kids):
        if isinstance(kid, str):
            continue
        classes = _classes(kid)
        if "card" in classes:
            if "empty" not in classes:
                out.append(path + (k,))
        else:
            out.extend(_cards(kid, path + (k,)))
    return out


def _find(el: El, path: Path, test: Callable[[El], bool]) -> tuple[Path, El] | None:
    """The first element inside ``el`` (depth first) for which ``test`` holds, and its path."""
    for k, kid in zip(child_keys(el.kids), el.kids):
        if isinstance(kid, str):
            continue
        if test(kid):
            return path + (k,), kid
        found = _find(kid, path + (k,), test)
        if found is not None:
            return found
    return None


class _End(NamedTuple):
    """A card that left a place (a source) or came to one (a target): the card (``""``:
    not known) and its paths (a target: its place, then where a completed pile leaves for)."""

    card: str
    paths: tuple[Path, ...]
    complete: int = 0  # a target: a building pile that got its last card and left, of so many cards


def _hand_cards(seen: _Seen) -> list[tuple[str, Path]] | None:
    """The viewer's hand (face up): each card and its path; ``None``: a hand of backs."""
    if seen.el.key != "hand":
        return None
    return [(kid.attr("data-card") or "", seen.path + (k,)) for k, kid in zip(child_keys(seen.el.kids), seen.el.kids)
            if isinstance(kid, El) and kid.attr("data-slot") == "H"]


def _common(old: list[str], new: list[str]) -> list[tuple[int, int]]:
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


def _seat_name(seen: _Seen) -> tuple[Path, ...]:
    """The seat's name in its header: where a card of a hand not shown face up starts
    when its backs are not shown either."""
    if seen.seat.el is None:
        return ()
    found = _find(seen.seat.el, seen.seat.path, lambda el: el.key == "name")
    return (found[0],) if found is not None else ()


def _counted(draw: El, name: str) -> int:
    """The draw pile's count ``name`` (``data-draw``: its cards, ``data-completed``: the
    completed cards beside it)."""
    for kid in draw.kids:
        if isinstance(kid, El) and kid.attr(name) is not None:
            return int(kid.attr(name) or 0)
    return 0


def _logged_card(tree: El) -> str:
    """The card of the newest move in the log (``data-move``: ``H12>B1``) if it came from a
    hand (a hand not shown face up completed a pile): else ``""``."""
    log = next((kid for kid in tree.kids if isinstance(kid, El) and kid.key == "log"), None)
    found = _find(log, (), lambda el: el.attr("data-move") is not None) if log is not None else None
    try:
        move = Move.parse(found[1].attr("data-move")) if found is not None else None
    except InvalidMove:
        return ""
    return card_token(move.hand_card) if move is not None and move.hand_card is not None else ""


def _draw_pile(tree: El, known: dict[str, _Seen]) -> Path | None:
    """Where the draw pile is in ``tree`` (``known``: the piles of it that changed)."""
    if "draw" in known:
        return known["draw"].path
    found = _find(tree, (), lambda el: el.key == "draw")
    return found[0] if found is not None else None


def _pile(pile: str, was: _Seen, now: _Seen, sources: list[_End], targets: list[_End],
          done: int, away: tuple[Path, ...]) -> None:
    """A stock, discard or building pile that changed: a card left it or came to it
    (``done``: how the completed cards changed, ``away``: where they are)."""
    old, new = _count(was.el), _count(now.el)
    building = pile.startswith("B")
    if new == 0 and old and done > 0 and building:  # completed: got its last card, left
        targets.append(_End("", (now.path, *away), complete=old + 1))
    elif old == 0 and new > 1 and done < 0 and building:  # a completed pile back (a move taken back)
        sources.append(_End("", (was.path,)))           # its last card left it
    elif new > old:  # a card came (the one on top)
        top = _cards(now.el, now.path)
        if top:
            targets.append(_End(now.el.attr("data-top") or "", (top[-1],)))
    elif new < old:  # its top card left
        top = _cards(was.el, was.path)
        sources.append(_End(was.el.attr("data-top") or "", (top[-1] if top else was.path,)))


def _take(sources: list[_End], card: str, exact: bool = True) -> _End | None:
    """The first source of ``card`` (``exact`` False: else one whose card is not known)."""
    found = next((s for s in sources if s.card == card), None)
    if found is None and not exact:
        found = next((s for s in sources if not s.card), None)
    if found is not None:
        sources.remove(found)
    return found


def plan(old: El, new: El) -> tuple[Travel, ...]:
    """What travels when the table shown as ``old`` becomes ``new``: the cards played (and
    a completed pile leaving), then the viewer's hand cards in their new order."""
    before: dict[str, _Seen] = {}
    after: dict[str, _Seen] = {}
    _diff(old, new, (), (NO_SEAT, NO_SEAT), before, after)
    draw_was, draw_now = before.get("draw"), after.get("draw")
    done, away = 0, ()
    if draw_was is not None and draw_now is not None:  # the completed cards beside the draw pile
        done = _counted(draw_now.el, "data-completed") - _counted(draw_was.el, "data-completed")
        count = _find(draw_now.el, draw_now.path, lambda el: el.attr("data-completed") is not None)
        away = ((count[0],) if count else ()) + (draw_now.path,)
    sources: list[_End] = []
    targets: list[_End] = []
    hand_was: list[tuple[str, Path]] = []  # the hand face up before and after: its cards
    hand_now: list[tuple[str, Path]] = []
    backs = None  # the hand face up before is shown face down after: so many cards
    for pile, now in after.items():  # in the order of the table
        was = before.get(pile)
        if was is None or pile == "draw":
            continue
        if not pile.endswith(":hand"):
            _pile(pile, was, now, sources, targets, done, away)
            continue
        cards_was, cards_now = _hand_cards(was), _hand_cards(now)
        if cards_was is not None and cards_now is not None:  # the viewer's: card by card, below
            hand_was, hand_now = cards_was, cards_now
        elif cards_was is not None:  # face up, then backs (hot seat: the next one's turn)
            hand_was, backs = cards_was, len(_cards(now.el, now.path))
        elif cards_now is None:  # another's (backs): by its count
            backs_was, backs_now = _cards(was.el, was.path), _cards(now.el, now.path)
            if len(backs_now) < len(backs_was):
                sources.append(_End("", (backs_was[-1], *_seat_name(was))))
    travels: list[Travel] = []
    left = list(range(len(hand_was)))  # the viewer's hand cards not yet known to have left
    # how many cards left the viewer's hand: its cards before and those drawn, less those after
    # (drawn: what the draw pile and the completed cards lost together, less completed piles)
    drawn = 0
    if draw_was is not None and draw_now is not None:
        drawn = (_counted(draw_was.el, "data-draw") - _counted(draw_now.el, "data-draw") - done
                 + sum(t.complete for t in targets))
    gone = [len(hand_was) + max(drawn, 0) - len(hand_now) if backs is None else len(hand_was) - backs]

    def from_hand(card: str | None) -> _End | None:
        """A card of the viewer's hand that left (``None``: any card that did)."""
        if card is None:  # the ones not kept in the hand, in order
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
            source = (sources.pop(0) if sources else None) or from_hand(None)
            if source is not None:
                card = source.card or _logged_card(new)
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
        draw = draw or _draw_pile(old, before)
        if draw is not None:
            travels.append(Travel(DRAW, card, (draw,), path))
    return tuple(travels)
