"""Bot tournaments on mirrored deals, with the statistics the AI ladder is built from.

Every deal (one shuffled deck) is played once per seating: with two players the
bots swap seats, with more players the line-up is rotated one seat at a time, so
no bot profits from a lucky deck or from moving first. ``run_tournament`` plays
the games (in worker processes with ``jobs > 1``; the figures do not depend on
the number of jobs) and ``format_report`` prints win rates with 95 % Wilson
intervals, the Elo difference, stalls, mean turns and time per decision.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..game import Game
from ..rules import Rules
from . import new_player


@dataclass
class BotStats:
    """What one bot (by name) did over a tournament."""

    seats: int = 0          # seats it held, summed over games
    wins: int = 0           # decisive games it won (a team win counts once per team)
    decisions: int = 0
    seconds: float = 0.0    # time spent deciding
    turns: int = 0          # its whole turns
    turn_times: list[float] = field(default_factory=list)  # seconds per whole turn (sample)

    def add(self, other: BotStats) -> None:
        self.seats += other.seats
        self.wins += other.wins
        self.decisions += other.decisions
        self.seconds += other.seconds
        self.turns += other.turns
        self.turn_times.extend(other.turn_times)


@dataclass
class TournamentResult:
    bots: tuple[str, ...]
    players: int
    stock: int
    teams: bool
    seed: str
    games: int = 0
    decisive: int = 0
    stalled: int = 0
    turn_limit: int = 0
    total_turns: int = 0
    stats: dict[str, BotStats] = field(default_factory=dict)

    def add(self, other: TournamentResult) -> None:
        self.games += other.games
        self.decisive += other.decisive
        self.stalled += other.stalled
        self.turn_limit += other.turn_limit
        self.total_turns += other.total_turns
        for name, st in other.stats.items():
            self.stats.setdefault(name, BotStats()).add(st)


def one_vs_table(bots: Sequence[str], players: int, teams: bool = False) -> list[str]:
    """The line-up of one bot against a table of another: ``bots[0]`` on one seat
    (one team with ``teams``), ``bots[1]`` on all the others; pass it to
    ``seatings``/``run_tournament``, which rotate it round the table."""
    if len(bots) != 2:
        raise ValueError(f"one against a table needs two bots, not {len(bots)}")
    groups = players // 2 if teams else players
    return [bots[0]] + [bots[1]] * (groups - 1)


def seatings(bots: Sequence[str], players: int, teams: bool = False) -> list[tuple[str, ...]]:
    """The line-ups every deal is played with: the bots repeated round the table,
    then rotated one seat at a time (identical line-ups once only). With teams
    both partners play the same bot and the bots rotate from team to team.
    ``one_vs_table`` gives the bots for one player against the rest of the table."""
    groups = players // 2 if teams else players  # partners sit half the table apart
    base = [bots[i % len(bots)] for i in range(groups)]
    out: list[tuple[str, ...]] = []
    for r in range(groups):
        lineup = tuple(base[(s % groups + r) % groups] for s in range(players))
        if lineup not in out:
            out.append(lineup)
    return out


def play_game(game: Game, lineup: Sequence[str], seed: str,
              stats: dict[str, BotStats] | None = None) -> Game:
    """Play ``game`` to its end with the named players, a new one per seat. Each seat
    has its own random source derived from ``seed``; decision times go into ``stats``."""
    players = [new_player(name) for name in lineup]
    rngs = [random.Random(f"{seed}:{seat}") for seat in range(len(lineup))]
    clock = time.perf_counter
    turn_time = 0.0
    while not game.is_over:
        seat = game.current_seat
        view, legal = game.view(seat), game.legal_moves()
        start = clock()
        move = players[seat].choose(view, legal, rngs[seat])
        spent = clock() - start
        if move not in legal:
            raise RuntimeError(f"bot {lineup[seat]!r} returned {move!r}, not a legal move")
        game.play(move)
        if stats is not None:
            st = stats[lineup[seat]]
            st.decisions += 1
            st.seconds += spent
            turn_time += spent
            if move.ends_turn or game.is_over:
                st.turns += 1
                st.turn_times.append(turn_time)
                turn_time = 0.0
    return game


def _play_deals(args: tuple) -> TournamentResult:
    bots, rules, seed, first_deal, deals = args
    res = TournamentResult(bots=tuple(bots), players=rules.players, stock=rules.stock,
                           teams=rules.teams is not None, seed=seed)
    res.stats = {name: BotStats() for name in bots}
    for deal in range(first_deal, first_deal + deals):
        for r, lineup in enumerate(seatings(bots, rules.players, rules.teams is not None)):
            game = Game.new(rules, seed=f"deal:{seed}:{deal}", first=0)
            play_game(game, lineup, f"bots:{seed}:{deal}:{r}", res.stats)
            result = game.result
            assert result is not None
            res.games += 1
            res.total_turns += game.turn
            for name in lineup:
                res.stats[name].seats += 1
            if result.winner is None:
                if result.reason == "stalled":
                    res.stalled += 1
                else:
                    res.turn_limit += 1
                continue
            res.decisive += 1
            res.stats[lineup[result.winner]].wins += 1
    return res


def run_tournament(bots: Sequence[str], games: int, players: int = 2, stock: int | None = None,
                   teams: bool = False, seed: object = 1, jobs: int = 1, wilds: int = 18,
                   progress: Callable[[TournamentResult], None] | None = None) -> TournamentResult:
    """Play about ``games`` games (rounded up to whole deals, each played in every
    seating) between the named bots and return the counts. ``progress`` gets the
    counts so far each time a batch of deals is done (in deal order)."""
    for name in bots:
        new_player(name)  # an unknown name fails here, before any game
    rules = Rules(players=players, stock_size=stock, teams=True if teams else None, wild_cards=wilds)
    per_deal = len(seatings(bots, players, teams))
    deals = max(1, -(-games // per_deal))
    jobs = max(1, min(jobs, deals))
    chunk = max(1, min(10, -(-deals // (jobs * 4))))  # small batches: frequent progress
    tasks = [(list(bots), rules, str(seed), d, min(chunk, deals - d)) for d in range(0, deals, chunk)]
    total = TournamentResult(bots=tuple(bots), players=players, stock=rules.stock,
                             teams=bool(teams), seed=str(seed))
    total.stats = {name: BotStats() for name in bots}
    if jobs == 1:
        for part in map(_play_deals, tasks):
            total.add(part)
            if progress is not None:
                progress(total)
    else:
        from concurrent.futures import ProcessPoolExecutor
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for part in pool.map(_play_deals, tasks):
                total.add(part)
                if progress is not None:
                    progress(total)
    return total


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion ``wins / n``."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return max(0.0, mid - half), min(1.0, mid + half)


def elo(p: float) -> float:
    """Elo difference that predicts a win share ``p`` (clipped to +-800)."""
    p = min(max(p, 1e-4), 1 - 1e-4)
    return max(-800.0, min(800.0, 400 * math.log10(p / (1 - p))))


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def format_report(res: TournamentResult) -> str:
    """A plain-text table of the tournament."""
    per_deal = len(seatings(res.bots, res.players, res.teams))
    mode = " teams" if res.teams else ""
    lines = [f"tournament: {' vs '.join(res.bots)}; {res.players} players{mode}, stock {res.stock}, "
             f"{res.games} games ({res.games // per_deal} deals x {per_deal} seatings), seed {res.seed}",
             f"{'bot':10} {'wins':>6} {'share':>7} {'95% CI':>17} {'fair':>6} {'x fair':>15} "
             f"{'ms/decision':>12} {'ms/turn':>8} {'p95 turn':>9}"]
    names = list(dict.fromkeys(res.bots))
    for name in names:
        st = res.stats[name]
        lo, hi = wilson(st.wins, res.decisive)
        share = st.wins / res.decisive if res.decisive else 0.0
        fair = st.seats / (res.games * res.players) if res.games else 0.0
        times = f"{share / fair:.2f} [{lo / fair:.2f}-{hi / fair:.2f}]" if fair else "-"
        per_dec = 1000 * st.seconds / st.decisions if st.decisions else 0.0
        per_turn = 1000 * st.seconds / st.turns if st.turns else 0.0
        lines.append(f"{name:10} {st.wins:6d} {share:7.1%} {f'[{lo:.1%}, {hi:.1%}]':>17} {fair:6.1%} {times:>15} "
                     f"{per_dec:12.2f} {per_turn:8.2f} {1000 * _percentile(st.turn_times, 0.95):9.2f}")
    lines.append(f"decisive {res.decisive}; stalled {res.stalled}; turn limit {res.turn_limit}; "
                 f"mean turns per game {res.total_turns / max(1, res.games):.1f}")
    if len(names) == 2 and res.decisive:
        a, b = names
        fair_a = res.stats[a].seats / (res.stats[a].seats + res.stats[b].seats)
        if abs(fair_a - 0.5) < 1e-9:
            wins = res.stats[a].wins
            lo, hi = wilson(wins, res.decisive)
            lines.append(f"Elo difference ({a} - {b}): {elo(wins / res.decisive):+.0f} "
                         f"[{elo(lo):+.0f}, {elo(hi):+.0f}]")
    return "\n".join(lines)
