"""The evaluation: how good the end of a line of play is for one seat, from its view.

Every score is in units of 'one stock card played' and uses visible facts only
(the seat's hand, discard piles, building piles, stock tops and the sizes of
hidden piles), with the odds model (``odds``) for cards still to be drawn.
The turn search (``search``) asks it to score the three ways a line ends: a stock
card played, the hand emptied (five new cards), or a discard.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from ..cards import BUILDING_SLOTS, WILD
from ..view import SeatView
from .odds import cover_for, pile_mask, pile_values, reach_chance

WIN = 1e9
"""The score of a line that plays the seat's (team's) last stock card."""


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
    frozen: float = 100.0        # ending a turn with an empty hand, nothing to draw and no card played
    scarce: float = 5.0          # cards left to draw per player below which blocking fades (0: never)


DEFAULT = Weights()


def discard_score(w: Weights, card: int, pile: Sequence[int]) -> float:
    """What putting ``card`` on the discard pile ``pile`` does to the pile's order."""
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


class Evaluator:
    """Scores the ends of lines for one seat from its view (visible facts only)."""

    def __init__(self, view: SeatView, w: Weights = DEFAULT) -> None:
        self.w = w
        rules = view.rules
        self.cover = cover_for(rules.wild_cards)
        n = rules.players
        self.seat = seat = view.seat
        self.partner = mate = rules.partner(seat)
        self.my_stock = view.stock_tops[seat]
        self.mate_stock = view.stock_tops[mate] if mate is not None else None
        # Opponents in the order they move after me, with their visible cards.
        self.opponents: list[tuple[float, int | None, int, int]] = []
        weight = 1.0
        if w.scarce:
            weight = min(1.0, (view.draw_size + view.completed_size) / (w.scarce * n))
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
            self.mate_known = pile_values(view.discards[mate])
        left = sum(view.stock_sizes[x] for x in team)
        self.me_scale = 1 + w.urgency / max(1, left)
        # The hidden card below the stock top, for ``next_stock``: its odds from the
        # cards this seat has not seen.
        self.pool: list[tuple[int, float]] = []
        if w.next_stock:
            unseen = view.unseen_cards()
            self.pool = [(v, unseen.count(v) / len(unseen)) for v in range(13) if v in unseen] if unseen else []
        self._threat: dict[tuple[int, ...], float] = {}
        self._mine: dict[tuple, float] = {}

    def threat(self, needs: Sequence[int]) -> float:
        """Weighted chance that the opponents can play their stock card on these piles."""
        key = tuple(needs)
        got = self._threat.get(key)
        if got is None:
            got = 0.0
            cover = self.cover
            for weight, top, values, wilds in self.opponents:
                got += weight * reach_chance(top, needs, values, wilds, 5, cover)
            self._threat[key] = got
        return got

    def mine(self, needs: Sequence[int], values: int, wilds: int, draws: int) -> float:
        """My (and my partner's) chance to play the stock card next turn, weighted."""
        key = (tuple(needs), values, wilds, draws)
        got = self._mine.get(key)
        if got is None:
            w = self.w
            cover = self.cover
            got = 0.0
            if self.my_stock is not None:
                got += self.me_scale * w.me * reach_chance(self.my_stock, needs, values, wilds, draws, cover)
            if self.partner is not None and self.mate_stock is not None:
                mv, mw = self.mate_known
                got += self.me_scale * w.partner * reach_chance(self.mate_stock, needs, mv, mw, 5, cover)
            self._mine[key] = got
        return got

    # -- the ends of a line --------------------------------------------------------------

    def common(self, needs: Sequence[int], played: int, piles: Sequence[Sequence[int]]) -> float:
        """Score shared by every end of a position: cards cycled, buried cards, threat."""
        w = self.w
        depth = sum(len(p) - 1 for p in piles if p)
        return w.cycle * played - w.depth * depth - w.opp * self.threat(needs)

    def empty_end(self, common: float, needs: Sequence[int], piles: Sequence[Sequence[int]]) -> float:
        """The turn ends with an empty hand and nothing to draw (``end``)."""
        values, wilds = pile_values(piles)
        return common + self.mine(needs, values, wilds, 5)

    def discards(self, common: float, needs: Sequence[int], hand: Sequence[int], size: int,
                 piles: Sequence[Sequence[int]]) -> Iterator[tuple[int, int, float]]:
        """Every way to end the turn with a discard: (card, discard pile, score), cards
        in value order, onto each pile (of several empty piles only the first).
        ``hand`` counts the cards of each value (it is changed and restored)."""
        w = self.w
        masks = [pile_mask(p) for p in piles]
        all_wilds = sum(pw for _, pw in masks)
        draws = 6 - size
        for c in range(13):
            if not hand[c]:
                continue
            hand[c] -= 1  # type: ignore[index]
            kept_vals = 0
            for v in range(1, 13):
                if hand[v]:
                    kept_vals |= 1 << v
            kept_wilds = hand[WILD]
            keep_score = common + w.wild_keep * kept_wilds
            empty_done = False
            for k in range(BUILDING_SLOTS):
                pile = piles[k]
                if not pile:
                    if empty_done:
                        continue  # the same as an earlier empty pile
                    empty_done = True
                old_mask, old_wild = masks[k]
                others = 0
                for j in range(BUILDING_SLOTS):
                    if j != k:
                        others |= masks[j][0]
                if c == WILD:
                    new_mask, new_wild = 0, 1
                elif pile and pile[-1] == c + 1:
                    new_mask, new_wild = (1 << c) | old_mask, 0
                else:
                    new_mask, new_wild = 1 << c, 0
                score = (keep_score + discard_score(w, c, pile)
                         + self.mine(needs, others | new_mask | kept_vals,
                                     all_wilds - old_wild + new_wild + kept_wilds, draws))
                yield c, k, score
            hand[c] += 1  # type: ignore[index]

    def stock_end(self, after: Sequence[int], common: float, hand: Sequence[int], size: int,
                  piles: Sequence[Sequence[int]], more: bool) -> float:
        """A stock card is played (not the last): the line stops, the next card is hidden.
        ``common`` is scored on the building piles ``after`` it; ``more``: stock
        cards are left below it."""
        w = self.w
        value = w.stock + common + w.wild_keep * hand[WILD] + w.hand_left * size
        if w.next_stock and more:
            value += w.next_stock * w.stock * self._next_stock_chance(after, hand, piles)
        return value

    def _next_stock_chance(self, after: Sequence[int], hand: Sequence[int],
                           piles: Sequence[Sequence[int]]) -> float:
        """Chance that the hidden card below the stock top can be played at once with
        the cards left (its odds from the cards this seat has not seen)."""
        values, wilds = pile_values(piles)
        for v in range(1, 13):
            if hand[v]:
                values |= 1 << v
        wilds += hand[WILD]
        total = 0.0
        for v, share in self.pool:
            total += share * reach_chance(v, after, values, wilds, 0, self.cover)
        return total

    def refill_end(self, after: Sequence[int], common: float, piles: Sequence[Sequence[int]]) -> float:
        """The last hand card is played and five new cards are drawn: the line stops."""
        w = self.w
        values, wilds = pile_values(piles)
        chance = reach_chance(self.my_stock, after, values, wilds, 5, self.cover)
        return w.refill + w.stock * w.refill_reach * chance + common + w.cycle
