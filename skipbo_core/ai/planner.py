"""Whole-turn search over the cards a seat can see (the ``hard`` level, and the
candidate generator of ``expert``).

The search runs on a game the engine builds from the seat's view
(``skipbo_core.sampling.determinize``) and only plays moves the engine lists and
can take back (``Game.play`` / ``Game.undo``): cards from the hand, from discard
piles, from the partner's discard piles. A move that would show a hidden card —
playing a stock card (the next one turns up) or the last hand card (five new
cards are drawn) — ends a line of the search, and so does every discard. Each
end is scored by ``Evaluator`` from visible facts only, so the sampled hidden
cards can never change the choice.
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Generator, Iterator, Sequence
from dataclasses import dataclass, fields, replace

from ..cards import WILD
from ..game import Game
from ..moves import BUILD, DISCARD, END_MOVE, HAND, PARTNER_DISCARD, PARTNER_STOCK, STOCK, TO_DISCARD, Move
from ..moves import move as make_move
from ..sampling import determinize, unseen_cards
from ..view import SeatView
from . import finish

WIN = 1e9


@dataclass(frozen=True)
class Weights:
    """The terms of the position score, in units of 'one stock card played'."""

    stock: float = 10.0          # a stock card played (own, or the partner's in teams)
    refill: float = 1.2          # emptying the hand mid-turn: five new cards
    refill_reach: float = 0.5    # ... times the chance that they reach the stock card
    opp: float = 5.0             # chance the next opponent can play their stock card
    opp_decay: float = 0.4       # weight of each later opponent relative to the one before
    me: float = 1.0              # chance I can play my stock card next turn
    partner: float = 1.0         # chance the partner can play their stock card
    wild_keep: float = 3.5       # a Skip-Bo card kept in hand
    cycle: float = 0.15          # a hand card played onto a building pile
    depth: float = 0.25          # a discard-pile card buried below the top
    empty_use: float = 0.35      # starting an empty discard pile
    same: float = 0.3            # discarding onto the same number
    desc: float = 0.25           # discarding one below the top
    desc_gap: float = 0.1        # discarding lower than the top, not just one below
    bury: float = 0.12           # per step a higher card sits above a lower one
    wild_discard: float = 1.0    # discarding a Skip-Bo card
    hand_left: float = 0.1       # a card still in hand when the stock card is played
    urgency: float = 0.0         # chances count (1 + urgency / stock cards the side has left)
    next_stock: float = 0.0      # share of a stock card for the chance the next one fits too

    def tuned(self, **changes: float) -> Weights:
        return replace(self, **changes)

    @classmethod
    def names(cls) -> list[str]:
        return [f.name for f in fields(cls)]


DEFAULT = Weights()


def _cover_table(max_draw: int = 12, max_missing: int = 12) -> list[list[float]]:
    """``T[r][m]``: chance that ``r`` random cards hold ``m`` given different numbers,
    Skip-Bo cards standing in for any of them (drawn with replacement from the
    162-card mix: 12/162 per number, 18/162 Skip-Bo)."""
    p_num, p_wild = 12 / 162, 18 / 162
    table = []
    for m in range(max_missing + 1):
        # state: (numbers covered, wilds held) -> probability; stop counting at m
        dist = {(0, 0): 1.0}
        row = [1.0 if m == 0 else 0.0]
        for _ in range(max_draw):
            nxt: dict[tuple[int, int], float] = {}
            for (k, j), p in dist.items():
                if k + j >= m:
                    nxt[(k, j)] = nxt.get((k, j), 0.0) + p
                    continue
                hit = (m - k) * p_num
                nxt[(k, j + 1)] = nxt.get((k, j + 1), 0.0) + p * p_wild
                nxt[(k + 1, j)] = nxt.get((k + 1, j), 0.0) + p * hit
                nxt[(k, j)] = nxt.get((k, j), 0.0) + p * (1 - p_wild - hit)
            dist = nxt
            row.append(sum(p for (k, j), p in dist.items() if k + j >= m))
        table.append(row)
    return [[table[m][r] for m in range(max_missing + 1)] for r in range(max_draw + 1)]


COVER = _cover_table()


def reach_chance(target: int | None, needs: Sequence[int], values: int, wilds: int, draws: int) -> float:
    """Chance of playing ``target`` onto some building pile with the known cards
    ``values`` (a bit mask of numbers, each usable once per pile), ``wilds`` known
    Skip-Bo cards and ``draws`` random cards still to come."""
    if target is None:
        return 0.0
    if target == WILD:
        return 1.0
    best = 0.0
    row = COVER[draws if draws < 12 else 12]
    top_bit = 1 << target
    for nd in needs:
        if nd > target:
            continue
        missing = ((top_bit - (1 << nd)) & ~values).bit_count() - wilds
        if missing <= 0:
            return 1.0
        p = row[missing]
        if p > best:
            best = p
    return best


def pile_mask(pile: Sequence[int]) -> tuple[int, int]:
    """What one discard pile offers: the numbers reachable from the top (the top,
    and below it every card one higher than the one above, as they come free in
    order) as a bit mask, and 1 if the top is a Skip-Bo card."""
    if not pile:
        return 0, 0
    top = pile[-1]
    if top == WILD:
        return 0, 1
    mask = 1 << top
    i = len(pile) - 2
    while i >= 0 and pile[i] == pile[i + 1] + 1:
        mask |= 1 << pile[i]
        i -= 1
    return mask, 0


def pile_values(piles: Sequence[Sequence[int]]) -> tuple[int, int]:
    """``pile_mask`` over several piles: (bit mask of numbers, Skip-Bo tops)."""
    values = wilds = 0
    for p in piles:
        m, w = pile_mask(p)
        values |= m
        wilds += w
    return values, wilds


class Evaluator:
    """Scores positions for one seat from its view (visible facts only)."""

    def __init__(self, view: SeatView, w: Weights = DEFAULT) -> None:
        self.w = w
        rules = view.rules
        n = rules.players
        self.seat = seat = view.seat
        self.partner = mate = rules.partner(seat)
        self.my_stock = view.stock_tops[seat]
        self.mate_stock = view.stock_tops[mate] if mate is not None else None
        # Opponents in the order they move after me, with their visible cards.
        self.opponents: list[tuple[float, int | None, int, int]] = []
        weight = 1.0
        team = rules.team_of(seat)
        for step in range(1, n):
            o = (seat + step) % n
            if o in team:
                continue
            piles = list(view.discards[o])
            omate = rules.partner(o)
            tops = [view.stock_tops[o]]
            if omate is not None:
                piles += list(view.discards[omate])
                if view.stock_sizes[o] == 0:
                    tops = [view.stock_tops[omate]]
                elif view.stock_tops[omate] is not None:
                    tops.append(view.stock_tops[omate])
            values, wilds = pile_values(piles)
            left = sum(view.stock_sizes[x] for x in rules.team_of(o))
            for t in tops:
                self.opponents.append((weight * (1 + w.urgency / max(1, left)), t, values, wilds))
            weight *= w.opp_decay
        if mate is not None:
            mv, mw = pile_values(view.discards[mate])
            self.mate_known = (mv, mw)
        left = sum(view.stock_sizes[x] for x in team)
        self.me_scale = 1 + w.urgency / max(1, left)

        self._threat: dict[tuple[int, ...], float] = {}
        self._mine: dict[tuple, float] = {}

    def threat(self, needs: Sequence[int]) -> float:
        """Weighted chance that the opponents can play their stock card on these piles."""
        key = tuple(needs)
        got = self._threat.get(key)
        if got is None:
            got = 0.0
            for weight, top, values, wilds in self.opponents:
                got += weight * reach_chance(top, needs, values, wilds, 5)
            self._threat[key] = got
        return got

    def mine(self, needs: Sequence[int], values: int, wilds: int, draws: int) -> float:
        """My (and my partner's) chance to play the stock card next turn, weighted."""
        key = (tuple(needs), values, wilds, draws)
        got = self._mine.get(key)
        if got is None:
            w = self.w
            got = 0.0
            if self.my_stock is not None:
                got += self.me_scale * w.me * reach_chance(self.my_stock, needs, values, wilds, draws)
            if self.partner is not None and self.mate_stock is not None:
                mv, mw = self.mate_known
                got += self.me_scale * w.partner * reach_chance(self.mate_stock, needs, mv, mw, 5)
            self._mine[key] = got
        return got


@dataclass
class Leaf:
    """One way to go on: its score and the moves that lead there (the first is played)."""

    value: float
    moves: list[Move]
    kind: str  # "end" (turn ends with the last move), "stock", "refill"


def _discard_score(w: Weights, card: int, pile: Sequence[int]) -> float:
    if card == WILD:
        base = -w.wild_discard
    else:
        base = 0.0
    if not pile:
        return base - w.empty_use
    top = pile[-1]
    if top == WILD:
        return base - w.depth
    if card == WILD:
        return base - w.depth
    if card == top:
        return base + w.same - w.depth
    if card == top - 1:
        return base + w.desc - w.depth
    if card < top:
        return base + w.desc_gap - w.depth
    return base - w.depth - w.bury * (card - top)


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
               keep: int = 0, max_nodes: int = 1500, every: int = 0) -> SearchSteps:
    """``plan_turn`` one step at a time: with ``every > 0`` it yields after every
    ``every`` positions searched, so a caller can pause (the browser's main thread);
    the leaves are its return value. Pausing never changes them."""
    g = game if game is not None else determinize(view, random.Random(0))
    ev = Evaluator(view, w)
    seat = view.seat
    mate = view.partner
    team = view.rules.team_of(seat)
    hand = [0] * 13
    for c in view.hand:
        hand[c] += 1
    state = {"size": len(view.hand), "played": 0}
    mine = [list(p) for p in view.discards[seat]]
    mates = [list(p) for p in view.discards[mate]] if mate is not None else []
    stock_sizes = list(view.stock_sizes)
    pool: list[tuple[int, float]] = []
    if w.next_stock:
        unseen = unseen_cards(view)
        pool = [(v, unseen.count(v) / len(unseen)) for v in range(13) if v in unseen] if unseen else []
    leaves: list[Leaf] = []
    best = [-float("inf")]
    seen: set = set()
    heap: list[tuple] = []  # (value, -order, moves, kind): the ``keep`` best so far
    order = [0]

    def note(value: float, path: list[Move], kind: str) -> None:
        if keep:
            order[0] += 1
            if len(heap) < keep:
                heapq.heappush(heap, (value, -order[0], path[:], kind))
            elif value > heap[0][0]:
                heapq.heapreplace(heap, (value, -order[0], path[:], kind))
        elif value > best[0]:
            best[0] = value
            leaves[:] = [Leaf(value, path[:], kind)]

    def resources(needs: list[int]) -> float:
        """Score shared by every leaf of a node: cycling, buried cards, threat."""
        depth = sum(len(p) - 1 for p in mine if p)
        return w.cycle * state["played"] - w.depth * depth - w.opp * ev.threat(needs)

    def end_options(needs: list[int], path: list[Move]) -> None:
        size = state["size"]
        common = resources(needs)
        if size == 0:
            values, wilds = pile_values(mine)
            path.append(END_MOVE)
            note(common + ev.mine(needs, values, wilds, 5), path, "end")
            path.pop()
            return
        piles = [pile_mask(p) for p in mine]
        all_wilds = sum(pw for _, pw in piles)
        draws = 6 - size
        for c in range(13):
            if not hand[c]:
                continue
            hand[c] -= 1
            kept_vals = 0
            for v in range(1, 13):
                if hand[v]:
                    kept_vals |= 1 << v
            kept_wilds = hand[WILD]
            keep_score = common + w.wild_keep * kept_wilds
            empty_done = False
            for k in range(4):
                pile = mine[k]
                if not pile:
                    if empty_done:
                        continue  # the same as an earlier empty pile
                    empty_done = True
                old_mask, old_wild = piles[k]
                others = 0
                for j in range(4):
                    if j != k:
                        others |= piles[j][0]
                if c == WILD:
                    new_mask, new_wild = 0, 1
                elif pile and pile[-1] == c + 1:
                    new_mask, new_wild = (1 << c) | old_mask, 0
                else:
                    new_mask, new_wild = 1 << c, 0
                score = (keep_score + _discard_score(w, c, pile)
                         + ev.mine(needs, others | new_mask | kept_vals,
                                   all_wilds - old_wild + new_wild + kept_wilds, draws))
                path.append(make_move(HAND, c, TO_DISCARD, k))
                note(score, path, "end")
                path.pop()
            hand[c] += 1

    def stock_leaf(m: Move, needs: list[int], path: list[Move]) -> None:
        owner = seat if m.source == STOCK else mate
        path.append(m)
        if stock_sizes[owner] == 1 and all(stock_sizes[o] == 0 for o in team if o != owner):
            note(WIN, path, "stock")
        else:
            after = needs_after(m)
            value = (w.stock + resources(after) + w.wild_keep * hand[WILD]
                     + w.hand_left * state["size"])
            if w.next_stock and stock_sizes[owner] > 1:
                value += w.next_stock * w.stock * next_stock_chance(after)
            note(value, path, "stock")
        path.pop()

    def needs_after(m: Move) -> list[int]:
        # The move shows a hidden card, so it is played on a copy; only the
        # building piles (visible) are read back.
        c = g.copy()
        c.play(m)
        return c.next_needed()

    def next_stock_chance(after: list[int]) -> float:
        """Chance that the hidden card below the stock top can be played at once with
        the cards left (its odds from the cards this seat has not seen)."""
        values, wilds = pile_values(mine)
        for v in range(1, 13):
            if hand[v]:
                values |= 1 << v
        wilds += hand[WILD]
        total = 0.0
        for v, share in pool:
            total += share * reach_chance(v, after, values, wilds, 0)
        return total

    def refill_leaf(m: Move, after: list[int], path: list[Move]) -> None:
        values, wilds = pile_values(mine)
        chance = reach_chance(ev.my_stock, after, values, wilds, 5)
        value = (w.refill + w.stock * w.refill_reach * chance + resources(after)
                 + w.cycle)
        path.append(m)
        note(value, path, "refill")
        path.pop()

    def dfs(path: list[Move]) -> Iterator[None]:
        needs = g.next_needed()
        key = (tuple(sorted(needs)), tuple(hand), tuple(len(p) for p in mine),
               tuple(len(p) for p in mates))
        if key in seen or len(seen) >= max_nodes:
            return
        seen.add(key)
        if every and len(seen) % every == 0:
            yield
        end_options(needs, path)
        for m in g.legal_moves():
            if m.target != BUILD:
                continue
            src = m.source
            if src == STOCK or src == PARTNER_STOCK:
                stock_leaf(m, needs, path)
                continue
            if state["size"] <= (src == HAND):
                # The hand is (or becomes) empty: the engine draws five new cards
                # if any can be drawn, so the move is tried on a copy first.
                after = g.copy()
                after.play(m)
                if after.view(seat).hand_sizes[seat]:
                    refill_leaf(m, after.next_needed(), path)
                    continue
            if src == HAND:
                g.play(m)
                hand[m.arg] -= 1
                state["size"] -= 1
                state["played"] += 1
                path.append(m)
                yield from dfs(path)
                path.pop()
                state["played"] -= 1
                state["size"] += 1
                hand[m.arg] += 1
                g.undo()
            else:
                piles = mine if src == DISCARD else mates
                g.play(m)
                card = piles[m.arg].pop()
                path.append(m)
                yield from dfs(path)
                path.pop()
                piles[m.arg].append(card)
                g.undo()

    yield from dfs([])
    if keep:
        heap.sort(key=lambda item: (-item[0], -item[1]))
        return [Leaf(value, moves, kind) for value, _, moves, kind in heap]
    return leaves


def hard_bot(view: SeatView, legal_moves: Sequence[Move], rng: random.Random) -> Move:
    """Whole-turn planner over visible cards (see the module text)."""
    return _first_move(plan_turn(view), legal_moves)


STEP_NODES = 150
"""Positions searched between two pauses when the planner thinks in steps (the longest
search, 1500 positions, took up to 0.2 s in one go in Pyodide)."""


def hard_thinker(view: SeatView, legal_moves: Sequence[Move],
                 rng: random.Random) -> Generator[None, None, Move]:
    """``hard_bot`` one step at a time (``plan_steps``), for the browser's main thread:
    the same move, with pauses."""
    leaves = yield from plan_steps(view, every=STEP_NODES)
    return _first_move(leaves, legal_moves)


def _first_move(leaves: list[Leaf], legal_moves: Sequence[Move]) -> Move:
    if leaves and leaves[0].moves and leaves[0].moves[0] in legal_moves:
        return leaves[0].moves[0]
    return legal_moves[0]


def make_planner_bot(w: Weights):
    """A planner bot with other weights (for tuning experiments)."""
    def bot(view: SeatView, legal_moves: Sequence[Move], rng: random.Random) -> Move:
        return _first_move(plan_turn(view, w), legal_moves)
    return bot


STOCK_PATH_NODES = 1000
"""Most positions ``stock_path`` searches."""


def stock_path(g: Game, seat: int) -> list[Move] | None:
    """The shortest way (fewest Skip-Bo cards, then fewest cards) for the seat to
    move to play a stock card (its own or, in teams, the partner's) in game ``g``,
    using only moves that show no hidden card; the last move is the stock card.
    ``None`` when there is none. The game is left as it was."""
    view = g.view(seat)
    tops = [view.stock_tops[seat]]
    mate = view.partner
    if mate is not None:
        tops.append(view.stock_tops[mate])
    tops = [t for t in tops if t is not None]
    if not tops:
        return None
    for m in g.legal_moves():
        if m.target == BUILD and (m.source == STOCK or m.source == PARTNER_STOCK):
            return [m]
    if WILD in tops:
        return None  # a Skip-Bo stock card always fits: it was listed above
    # Quick test with every card the seat could ever reach this turn.
    values, wilds = 0, 0
    for c in view.hand:
        if c == WILD:
            wilds += 1
        else:
            values |= 1 << c
    for owner in (seat, mate) if mate is not None else (seat,):
        for pile in view.discards[owner]:
            for c in pile:
                if c == WILD:
                    wilds += 1
                else:
                    values |= 1 << c
    highest = max(tops)
    if max(reach_chance(t, view.next_needed, values, wilds, 0) for t in tops) < 1.0:
        return None
    hand = [0] * 13
    for c in view.hand:
        hand[c] += 1
    size = [len(view.hand)]
    heights = [0] * 8
    best: list = [None, (99, 99)]
    seen: set = set()

    def dfs(path: list[Move], wilds: int) -> None:
        cost = (wilds, len(path))
        if cost >= best[1]:
            return
        needs = g.next_needed()
        key = (tuple(sorted(needs)), tuple(hand), tuple(heights))
        if key in seen or len(seen) >= STOCK_PATH_NODES:
            return
        seen.add(key)
        for m in g.legal_moves():
            if m.target != BUILD:
                continue
            src = m.source
            if src == STOCK or src == PARTNER_STOCK:
                here = (wilds, len(path) + 1)
                if here < best[1]:
                    best[0], best[1] = path + [m], here
                continue
            if needs[m.slot] >= highest:
                continue  # moves that pile away from every stock card
            if size[0] <= (src == HAND):
                continue  # the hand empties: new cards may be drawn
            if src == HAND:
                hand[m.arg] -= 1
                size[0] -= 1
                g.play(m)
                path.append(m)
                dfs(path, wilds + (m.arg == WILD))
                path.pop()
                g.undo()
                size[0] += 1
                hand[m.arg] += 1
            else:
                i = m.arg + (4 if src == PARTNER_DISCARD else 0)
                heights[i] += 1
                g.play(m)
                path.append(m)
                dfs(path, wilds)
                path.pop()
                g.undo()
                heights[i] -= 1

    dfs([], 0)
    return best[0]
