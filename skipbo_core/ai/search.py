"""The turn search: every line of play the rest of a turn allows over visible cards.

The search runs on a game the engine builds from the seat's view
(``Game.from_view``) and only plays moves the engine lists, taking each back
(``Game.pop``): cards from the hand, from the seat's discard piles and from the
partner's. A ``Line`` makes and takes back those moves and keeps what the
searches read beside the engine (the hand as counts, discard piles, the moves so
far). A move that would show a hidden card (a stock card: the next one turns up;
the last hand card: five new cards are drawn) ends a line, and so does every
discard.

Two searches use it: ``plan_steps`` (``plan_turn``) scores every end with the
evaluation (``evaluation.Evaluator``), and ``stock_path`` finds the shortest way to
a stock card (the fast policy of the expert's rollouts).
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Generator, Iterator
from dataclasses import dataclass

from ..cards import WILD
from ..game import Game
from ..moves import BUILD, DISCARD, END_MOVE, HAND, TO_DISCARD, Move
from ..moves import move as make_move
from ..view import SeatView
from .evaluation import DEFAULT, WIN, Evaluator, Weights
from .odds import hand_values, reach_chance
from .registry import finish

STEP_NODES = 150
"""Positions searched between two pauses when the search runs in steps (the longest
search, 1500 positions, took up to 0.2 s in one go in Pyodide)."""

STOCK_PATH_NODES = 1000
"""Most positions ``stock_path`` searches."""


class Pace:
    """Counts work (positions searched, moves decided) and says when to pause:
    ``due()`` is called once per unit of work and is true every ``every`` units
    (never when ``every`` is 0). One pace can be shared by nested searches, so
    the work between two pauses stays bounded however the searches nest."""

    __slots__ = ("work", "every", "_next")

    def __init__(self, every: int = 0) -> None:
        self.work = 0
        self.every = every
        self._next = every

    def due(self) -> bool:
        self.work += 1
        if self.every and self.work >= self._next:
            self._next = self.work + self.every
            return True
        return False


@dataclass
class Leaf:
    """One way to go on: its score and the moves that lead there (the first is played)."""

    value: float
    moves: list[Move]
    kind: str  # "end" (turn ends with the last move), "stock", "refill"


class Line:
    """A line of play within the turn of ``seat`` on ``game``: ``push`` plays a
    building move from the hand or a discard pile (one that shows no hidden card),
    ``pop`` takes the last one back. Beside the game it keeps what the searches
    read: the hand as a count per value, its size, hand cards played (``played``,
    Skip-Bo cards among them ``wilds``), the seat's and the partner's discard piles
    and the moves so far."""

    __slots__ = ("game", "seat", "hand", "size", "played", "wilds", "mine", "mates", "moves", "_cards")

    def __init__(self, game: Game, view: SeatView) -> None:
        self.game = game
        self.seat = view.seat
        self.hand = [0] * 13
        for c in view.hand:
            self.hand[c] += 1
        self.size = len(view.hand)
        self.played = self.wilds = 0
        mate = view.partner
        self.mine = [list(p) for p in view.discards[view.seat]]
        self.mates = [list(p) for p in view.discards[mate]] if mate is not None else []
        self.moves: list[Move] = []
        self._cards: list[int] = []

    def push(self, m: Move) -> None:
        self.game.play(m)
        if m.source == HAND:
            self.hand[m.arg] -= 1
            self.size -= 1
            self.played += 1
            self.wilds += m.arg == WILD
        else:
            self._cards.append((self.mine if m.source == DISCARD else self.mates)[m.arg].pop())
        self.moves.append(m)

    def pop(self) -> None:
        m = self.moves.pop()
        self.game.pop()
        if m.source == HAND:
            self.hand[m.arg] += 1
            self.size += 1
            self.played -= 1
            self.wilds -= m.arg == WILD
        else:
            (self.mine if m.source == DISCARD else self.mates)[m.arg].append(self._cards.pop())

    def key(self, needs: list[int]) -> tuple:
        """The position for transpositions: the same piles, hand and discard heights."""
        return (tuple(sorted(needs)), tuple(self.hand), tuple(len(p) for p in self.mine),
                tuple(len(p) for p in self.mates))

    def empties_hand(self, m: Move) -> bool:
        """``m`` leaves the hand empty (the engine may then draw five new cards)."""
        return self.size <= (m.source == HAND)

    def peek(self, m: Move) -> tuple[list[int], int]:
        """What the building piles need and how many cards the seat holds after ``m``,
        a move that may show a hidden card (played and taken back at once: the
        hidden card is never read)."""
        g = self.game
        g.play(m)
        after = g.next_needed(), len(g.view(self.seat).hand)
        g.pop()
        return after


def _is_stock(m: Move) -> bool:
    return m.from_stock


def plan_turn(view: SeatView, w: Weights = DEFAULT, game: Game | None = None,
              keep: int = 0, max_nodes: int = 1500) -> list[Leaf]:
    """Search the rest of this turn over visible cards.

    Returns the best leaf first; with ``keep > 0`` the ``keep`` best leaves of
    different kinds/outcomes are returned (best first), for a deeper look.
    At most ``max_nodes`` positions are searched (a count, so the choice never
    depends on the machine); typical turns need a few dozen.
    """
    return finish(plan_steps(view, w, game, keep, max_nodes))


SearchSteps = Generator[None, None, list[Leaf]]


def plan_steps(view: SeatView, w: Weights = DEFAULT, game: Game | None = None,
               keep: int = 0, max_nodes: int = 1500, every: int = 0,
               pace: Pace | None = None) -> SearchSteps:
    """``plan_turn`` one step at a time: it yields after every ``every`` positions
    searched (or whenever ``pace``, which counts them, is due), so a caller can pause
    (the browser's main thread); the leaves are its return value. Pausing never
    changes them."""
    if pace is None:
        pace = Pace(every)
    g = game if game is not None else Game.from_view(view, random.Random(0))
    ev = Evaluator(view, w)
    line = Line(g, view)
    path = line.moves
    team = view.rules.team_of(view.seat)
    stock_sizes = view.stock_sizes
    leaves: list[Leaf] = []
    best = [-float("inf")]
    seen: set = set()
    heap: list[tuple] = []  # (value, -order, moves, kind): the ``keep`` best so far
    order = [0]

    def note(value: float, last: Move, kind: str) -> None:
        if keep:
            order[0] += 1
            if len(heap) < keep:
                heapq.heappush(heap, (value, -order[0], [*path, last], kind))
            elif value > heap[0][0]:
                heapq.heapreplace(heap, (value, -order[0], [*path, last], kind))
        elif value > best[0]:
            best[0] = value
            leaves[:] = [Leaf(value, [*path, last], kind)]

    def stock_leaf(m: Move) -> None:
        owner = view.partner if m.from_partner else view.seat
        if stock_sizes[owner] == 1 and all(stock_sizes[o] == 0 for o in team if o != owner):
            note(WIN, m, "stock")
            return
        after = line.peek(m)[0]
        common = ev.common(after, line.played, line.mine)
        note(ev.stock_end(after, common, line.hand, line.size, line.mine, stock_sizes[owner] > 1), m, "stock")

    def dfs() -> Iterator[None]:
        needs = g.next_needed()
        key = line.key(needs)
        if key in seen or len(seen) >= max_nodes:
            return
        seen.add(key)
        if pace.due():
            yield
        common = ev.common(needs, line.played, line.mine)
        if line.size == 0:
            value = ev.empty_end(common, needs, line.mine)
            if not path:
                # Nothing can be drawn (the hand is empty on the seat's own turn) and no
                # card is played: if every seat did that, the table would stay frozen
                # until the turn limit. Any card played moves toward a completed
                # building pile, whose cards come back to be drawn.
                value -= ev.w.frozen
            note(value, END_MOVE, "end")
        else:
            for c, k, score in ev.discards(common, needs, line.hand, line.size, line.mine):
                note(score, make_move(HAND, c, TO_DISCARD, k), "end")
        for m in g.legal_moves():
            if m.target != BUILD:
                continue
            if _is_stock(m):
                stock_leaf(m)
                continue
            if line.empties_hand(m):
                needs_after, held = line.peek(m)
                if held:  # five new cards were drawn
                    note(ev.refill_end(needs_after, ev.common(needs_after, line.played, line.mine),
                                       line.mine), m, "refill")
                    continue
            line.push(m)
            yield from dfs()  # noqa: F821 (deleted below, after the search, to break a cycle)
            line.pop()

    yield from dfs()
    del dfs  # a nested function that calls itself is a reference cycle: break it
    if keep:
        heap.sort(key=lambda item: (-item[0], -item[1]))
        return [Leaf(value, moves, kind) for value, _, moves, kind in heap]
    return leaves


def stock_path(g: Game, seat: int) -> list[Move] | None:
    """The shortest way (fewest Skip-Bo cards, then fewest cards) for the seat to
    move to play a stock card (its own or, in teams, the partner's) in game ``g``,
    using only moves that show no hidden card; the last move is the stock card.
    ``None`` when there is none. The game is left as it was."""
    return finish(stock_path_steps(g, seat, Pace()))


def stock_path_steps(g: Game, seat: int, pace: Pace) -> Generator[None, None, list[Move] | None]:
    """``stock_path`` one step at a time: it yields whenever ``pace`` is due (``pace``
    counts the call and every position searched)."""
    if pace.due():
        yield
    view = g.view(seat)
    tops = [view.stock_tops[seat]]
    mate = view.partner
    if mate is not None:
        tops.append(view.stock_tops[mate])
    tops = [t for t in tops if t is not None]
    if not tops:
        return None
    for m in g.legal_moves():
        if m.target == BUILD and _is_stock(m):
            return [m]
    if WILD in tops:
        return None  # a Skip-Bo stock card always fits: it was listed above
    # Quick test with every card the seat could ever reach this turn.
    values, wilds = hand_values(view.hand)
    for owner in (seat, mate) if mate is not None else (seat,):
        for pile in view.discards[owner]:
            v, w = hand_values(pile)
            values |= v
            wilds += w
    highest = max(tops)
    if max(reach_chance(t, view.next_needed, values, wilds, 0) for t in tops) < 1.0:
        return None
    line = Line(g, view)
    path = line.moves
    best: list = [None, (99, 99)]
    seen: set = set()

    hand = line.hand
    piles = line.mine + line.mates

    def bound(needs: list[int]) -> tuple[int, int]:
        """The least cost (Skip-Bo cards from the hand, cards) any way on from here
        can have: every card the seat still holds or has in a discard pile counts
        as reachable, the cards each pile needs up to a stock card must be there."""
        values, pile_wilds = 0, 0
        for pile in piles:
            for c in pile:
                if c == WILD:
                    pile_wilds += 1
                else:
                    values |= 1 << c
        for v in range(1, 13):
            if hand[v]:
                values |= 1 << v
        least = (99, 99)
        spare = hand[WILD] + pile_wilds
        for t in tops:
            for nd in needs:
                if nd > t:
                    continue
                missing = (((1 << t) - (1 << nd)) & ~values).bit_count()
                if missing <= spare:
                    cost = (line.wilds + max(0, missing - pile_wilds), len(path) + t - nd + 1)
                    if cost < least:
                        least = cost
        return least

    def dfs() -> Iterator[None]:
        if (line.wilds, len(path)) >= best[1]:
            return
        needs = g.next_needed()
        if path and bound(needs) >= best[1]:
            return  # no way on from here can beat the best way found (or there is none)
        key = line.key(needs)
        if key in seen or len(seen) >= STOCK_PATH_NODES:
            return
        seen.add(key)
        if pace.due():
            yield
        for m in g.legal_moves():
            if m.target != BUILD:
                continue
            if _is_stock(m):
                here = (line.wilds, len(path) + 1)
                if here < best[1]:
                    best[0], best[1] = [*path, m], here
                continue
            if needs[m.slot] >= highest:
                continue  # moves that pile away from every stock card
            if line.empties_hand(m):
                continue  # the hand empties: new cards may be drawn
            line.push(m)
            yield from dfs()  # noqa: F821 (deleted below, after the search, to break a cycle)
            line.pop()

    yield from dfs()
    del dfs  # break the cycle (see plan_steps)
    return best[0]

