"""The ``expert`` level: the ``hard`` turn planner plus sampling of hidden cards.

At each decision the planner lists the best ways to finish the turn (plans).
When more than one is worth a look, the expert deals worlds
consistent with its view (``Game.from_view``: the other hands,
the stock cards below the tops and the draw pile are sampled) and plays every
plan in each of the same worlds: the plan's moves, the rest of its own turn,
the opponents' next turns and its own next turn, each chosen by a fast policy
from the view of the seat that moves. A plan scores the stock cards its side
played minus how much nearer a win the opposing side nearest to one came (with
one opposing side, the stock cards it played; a won or lost game counts far more).

Sampling is a race: after ``samples`` worlds, a plan whose mean is below the
leader's by more than ``confidence`` standard errors of their paired
differences (both played in the same worlds) is dropped, and the worlds go on
for the plans left, up to ``max_samples``, until one is left. Clear choices
cost few worlds; close ones get many, where a wrong pick costs most.
The plan with the best mean is played; its remaining moves are remembered by
the player (``Expert``: one per seat and game, never shared), so the rest of the
turn costs nothing until a hidden card shows.

Everything that changes a choice is counted, not timed: the number of plans,
of samples and of turns looked ahead. ``budget`` seconds per decision is only a
safety cap for slow machines; when it runs out the expert stops sampling and
plays the best plan found so far, and only then can the clock change a choice.
The clock is the process's CPU time, so a machine busy with other work (a
tournament beside other jobs) does not cut the sampling short.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Generator, Sequence
from dataclasses import dataclass

from ..game import Game
from ..moves import BUILD, HAND, Move
from ..view import SeatView
from .evaluation import DEFAULT, Weights
from .registry import Bot, Player, Thinking, finish, get_bot
from .search import Leaf, Pace, plan_steps, stock_path_steps


@dataclass(frozen=True)
class ExpertConfig:
    plans: int = 4            # plans compared by sampling
    samples: int = 6          # worlds every plan is played in before any is dropped
    max_samples: int = 48     # worlds at most, while plans are too close to call
    confidence: float = 1.5   # drop a plan this many standard errors behind the leader
    margin: float = 4.0       # plans scoring this much below the best are not sampled
    policy: str = "medium"    # who ends the turns in the worlds, once no stock card is in reach
    own_plan: bool = True     # ... except the expert's own turn: the planner ends it
    opp_plan: bool = False    # ... and the other seats' turns too
    rounds: int = 1           # rounds of the other seats' turns played after the plan
    stock: float = 3.0        # a stock card played in a world
    win: float = 30.0         # a game won in a world
    static: float = 1.0       # weight of the planner's own score of the plan
    sample_stock: bool = True   # also compare ways to play the stock card
    turn_work: int = 12000    # work (positions searched) a turn may take before sampling stops (0: no cap)
    budget: float = 2.0       # CPU seconds of sampling per decision: safety cap only
    weights: Weights = DEFAULT


def _outcome_key(leaf: Leaf) -> tuple:
    return tuple(sorted(str(m) for m in leaf.moves))


def candidates(leaves: list[Leaf], cfg: ExpertConfig) -> list[Leaf]:
    """The best plans that differ in their cards (not only in order), best first."""
    out: list[Leaf] = []
    seen: set = set()
    if not leaves:
        return out
    if leaves[0].kind == "stock" and not cfg.sample_stock:
        return leaves[:1]
    floor = leaves[0].value - cfg.margin
    for leaf in leaves:
        if leaf.value < floor or len(out) >= cfg.plans:
            break
        key = _outcome_key(leaf)
        if key in seen:
            continue
        seen.add(key)
        out.append(leaf)
    return out


def _is_stock(m: Move) -> bool:
    return m.is_build and m.from_stock


Steps = Generator[None, None, int]


def chase_steps(g: Game, seat: int, pace: Pace) -> Steps:
    """In world ``g``, play ``seat``'s stock cards (and partner's) while the cards it
    holds and sees lead to them, yielding whenever ``pace`` is due; returns how many
    were played."""
    played = 0
    while not g.is_over and g.current_seat == seat:
        path = yield from stock_path_steps(g, seat, pace)
        if path is None:
            break
        for m in path:
            g.play(m)
        played += 1
    return played


def _finish_turn(g: Game, seat: int, policy: Bot, rng: random.Random, w: Weights | None,
                 pace: Pace) -> Steps:
    """Chase the stock cards, then let ``policy`` end the turn (the planner, which
    sees only that seat's view, when ``w`` is given); returns stock cards played."""
    played = yield from chase_steps(g, seat, pace)
    while not g.is_over and g.current_seat == seat:
        if w is not None:
            leaves = yield from plan_steps(g.view(seat), w, game=g, pace=pace)
            m = leaves[0].moves[0] if leaves and leaves[0].moves else g.legal_moves()[0]
        else:
            m = policy(g.view(seat), g.legal_moves(), rng)
            if pace.due():
                yield
        if _is_stock(m):
            played += 1
        g.play(m)
    return played


def rollout_steps(world: Game, leaf: Leaf, seat: int, cfg: ExpertConfig, policy: Bot,
                  pace: Pace) -> Generator[None, None, float]:
    """Play ``leaf`` in a sampled world, the rest of the turn and the other seats'
    turns (``policy`` decides where the planner does not); then count the stock cards
    ``seat`` can play on its next turn. The score is from ``seat``'s side: its team's
    stock cards minus the progress of the opposing side nearest to a win
    (``_rivals_progress``). It yields whenever ``pace`` (which counts the positions its
    searches look at and the moves its policy decides) is due."""
    g = world.copy()
    team = g.rules.team_of(seat)
    rng = random.Random(0)
    mine = 0
    rivals = _rival_stocks(g, team)
    gained = dict.fromkeys(rivals, 0)  # stock cards each opposing side played
    for m in leaf.moves:
        if g.is_over or g.current_seat != seat or m not in g.legal_moves():
            break
        if _is_stock(m):
            mine += 1
        g.play(m)
    own = cfg.weights if cfg.own_plan else None
    others = cfg.weights if cfg.opp_plan else None
    if not g.is_over and g.current_seat == seat:
        mine += yield from _finish_turn(g, seat, policy, rng, own, pace)
    for r in range(cfg.rounds):
        while not g.is_over and g.current_seat != seat:
            s = g.current_seat
            n = yield from _finish_turn(g, s, policy, rng, others, pace)
            if s in team:
                mine += n
            else:
                gained[g.rules.team_of(s)] += n
        if g.is_over:
            break
        if r == cfg.rounds - 1:
            mine += yield from chase_steps(g, seat, pace)
        else:
            mine += yield from _finish_turn(g, seat, policy, rng, own, pace)
    score = cfg.stock * (mine - _rivals_progress(rivals, gained))
    if g.is_over and g.result is not None and g.result.winner is not None:
        score += cfg.win if g.result.winner in team else -cfg.win
    return score


def _rival_stocks(g: Game, team: tuple[int, ...]) -> dict[tuple[int, ...], int]:
    """Each opposing side (a seat, or a team) and the stock cards it has left."""
    sides = {g.rules.team_of(s) for s in range(g.rules.players)} - {team}
    return {side: sum(len(g.stock(s)) for s in side) for side in sides}


def _rivals_progress(left: dict[tuple[int, ...], int], gained: dict[tuple[int, ...], int]) -> int:
    """How many stock cards nearer a win the opposing side nearest to one came.

    With one opposing side (two players, or two teams) that is the stock cards it
    played. At a bigger table it is the leader's progress only: the stock cards of
    seats far from winning are mostly noise the expert's plan barely moves, and
    summed over every seat they drowned its own progress."""
    return min(left.values()) - min(n - gained[side] for side, n in left.items())


def _means(cands: list[Leaf], results: list[list[float]], alive: list[int], done: int,
           cfg: ExpertConfig) -> dict[int, float]:
    """Each plan still in the race: the planner's score plus its mean world result."""
    return {i: cfg.static * cands[i].value + sum(results[i]) / done for i in alive}


def _leader(mean: dict[int, float]) -> int:
    """The best plan; of equal ones, the planner's first."""
    return max(mean, key=lambda i: (mean[i], -i))


def race(cands: list[Leaf], results: list[list[float]], alive: list[int], done: int,
         cfg: ExpertConfig) -> list[int]:
    """The plans still in the race after ``done`` worlds: the leader, and every
    plan not clearly behind it (``cfg.confidence`` standard errors of the paired
    differences of their world results)."""
    if len(alive) < 2 or done < 2:
        return alive
    mean = _means(cands, results, alive, done, cfg)
    lead = _leader(mean)
    keep = []
    for i in alive:
        gap = mean[lead] - mean[i]
        if i != lead and gap > 0:
            diffs = [a - b for a, b in zip(results[lead], results[i])]
            d_mean = sum(diffs) / done
            var = sum((d - d_mean) ** 2 for d in diffs) / (done - 1)
            if gap > cfg.confidence * math.sqrt(var / done):
                continue
        keep.append(i)
    return keep


STEP_WORK = 60
"""Work (positions searched, moves decided) between two pauses of the thinker."""

class Expert:
    """One expert player (one seat of one game): its settings, and the rest of the
    plan it is playing, remembered by the views the moves will be played from."""

    def __init__(self, cfg: ExpertConfig | None = None) -> None:
        self.cfg = cfg if cfg is not None else EXPERT
        self.policy = get_bot(self.cfg.policy)
        self.plans: dict[SeatView, Move] = {}
        self.turn = -1            # the turn ``pace`` counts the work of
        self.pace = Pace(STEP_WORK)

    def choose(self, view: SeatView, legal_moves: Sequence[Move], rng: random.Random) -> Move:
        """The expert's move, thought through in one go."""
        return finish(self.think(view, legal_moves, rng))

    def think(self, view: SeatView, legal_moves: Sequence[Move], rng: random.Random) -> Thinking:
        """The expert's move (see the module text), one step at a time: it yields during
        and after the plan search and after every rollout, so a caller can pause between
        steps (the browser's main thread). Pausing never changes the move: the safety
        ``budget`` counts only the time spent inside the steps."""
        cfg = self.cfg
        cached = self.plans.pop(view, None)
        if cached is not None and cached in legal_moves:
            return cached
        self.plans.clear()  # an old plan is never played again once left
        if len(legal_moves) == 1:
            return legal_moves[0]
        if view.turn != self.turn:
            self.turn, self.pace = view.turn, Pace(STEP_WORK)
        pace = self.pace
        leaves = yield from plan_steps(view, cfg.weights, keep=8 * cfg.plans, pace=pace)
        cands = candidates(leaves, cfg)
        if not cands:
            return legal_moves[0]
        best = cands[0]
        if len(cands) > 1 and not (cfg.turn_work and pace.work >= cfg.turn_work):
            yield
            clock = time.process_time
            start, spent = clock(), 0.0  # the budget counts the sampling
            results: list[list[float]] = [[] for _ in cands]
            alive = list(range(len(cands)))
            done = 0
            while done < max(cfg.samples, cfg.max_samples):
                world = Game.from_view(view, random.Random(rng.getrandbits(64)))
                for i in alive:
                    steps = rollout_steps(world, cands[i], view.seat, cfg, self.policy, pace)
                    while True:  # the rollout's steps, the clock stopped between them
                        try:
                            next(steps)
                        except StopIteration as end:
                            results[i].append(end.value)
                            break
                        spent += clock() - start
                        yield
                        start = clock()
                done += 1
                if done >= cfg.samples:
                    alive = race(cands, results, alive, done, cfg)
                if len(alive) == 1 or spent > cfg.budget or (cfg.turn_work and pace.work > cfg.turn_work):
                    break
            best = cands[_leader(_means(cands, results, alive, done, cfg))]
        self._remember(view, best)
        return best.moves[0]

    def _remember(self, view: SeatView, leaf: Leaf) -> None:
        """Store the plan's next moves under the views they will be played from, as
        long as no hidden card can show before them."""
        g = Game.from_view(view, random.Random(0))
        seat = view.seat
        for prev, nxt in zip(leaf.moves, leaf.moves[1:]):
            if prev.target != BUILD or _is_stock(prev):
                break  # the turn ends, or a stock card turns up
            size = g.view(seat).hand_sizes[seat] - (prev.source == HAND)
            g.play(prev)
            if g.view(seat).hand_sizes[seat] != size:
                break  # the hand emptied and new cards came
            self.plans[g.view(seat)] = nxt

    def player(self) -> Player:
        """This expert as a registry player (``choose`` and ``think`` share its memory)."""
        return Player(self.choose, self.think)


EXPERT = ExpertConfig()


def new_expert() -> Player:
    """A new ``expert`` player (the registry's factory): one per seat and game."""
    return Expert(EXPERT).player()
