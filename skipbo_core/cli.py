"""Command line: play a game between bots, replay a record."""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence

from . import _version
from .ai import bot_names, new_player
from .errors import RecordError
from .game import Game
from .jsonread import read_json_file, whole_number
from .moves import Move
from .rules import Rules


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, exit 2, never a traceback
        self.exit(2, f"{self.prog}: error: {message}\n")


def _count(text: str) -> int:
    """A command-line number: ASCII digits only (``int`` would also take ``+7``, ``1_0``,
    `` 7`` and other scripts' digits)."""
    return whole_number(text, "the number", 0, 10 ** 9)


_count.__name__ = "number"  # argparse names the type in its message: "invalid number value: '+7'"


def _build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="python -m skipbo_core", description="Skip-Bo rules engine.")
    p.add_argument("--version", action="version", version=f"skipbo_core {_version()}")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)
    play = sub.add_parser("play", help="play a whole game between bots")
    play.add_argument("--players", type=_count, default=2)
    play.add_argument("--stock", type=_count, default=None, help="stock size (default by players)")
    play.add_argument("--teams", action="store_true", help="partners opposite (4 or 6 players)")
    play.add_argument("--wilds", type=_count, default=18, help="18 (162 cards) or 24 (168 cards)")
    play.add_argument("--bots", default=None, help=f"comma-separated, one per seat: {', '.join(bot_names())}")
    play.add_argument("--seed", default=None, help="deal and bot seed")
    play.add_argument("--first", type=_count, default=0, help="seat that moves first")
    play.add_argument("--record", default=None, help="write the game record (JSON) here")
    replay = sub.add_parser("replay", help="validate a record and print it turn by turn")
    replay.add_argument("file")
    tour = sub.add_parser("tournament", help="bots against each other on mirrored deals")
    tour.add_argument("--bots", required=True, help=f"comma-separated bot names: {', '.join(bot_names())}")
    tour.add_argument("--games", type=_count, default=200, help="games (whole deals, every seating)")
    tour.add_argument("--players", type=_count, default=2)
    tour.add_argument("--stock", type=_count, default=None, help="stock size (default by players)")
    tour.add_argument("--teams", action="store_true", help="partners opposite (4 or 6 players)")
    tour.add_argument("--wilds", type=_count, default=18, help="18 (162 cards) or 24 (168 cards)")
    tour.add_argument("--seed", default="1", help="deals and bot seeds")
    tour.add_argument("--one-vs-table", action="store_true",
                      help="the first of two bots on one seat (one team with --teams), the second on all the "
                           "others; the line-up rotates round the table over each deal")
    tour.add_argument("--jobs", type=_count, default=1, help="worker processes")
    tour.add_argument("--progress", action="store_true",
                      help="print the report so far to stderr each time a batch of deals finishes")
    return p


def play_bots(game: Game, bots: Sequence[str], rng: random.Random) -> None:
    """Let the named bots play ``game`` to its end, a new player per seat."""
    players = [new_player(b) for b in bots]
    while not game.is_over:
        seat = game.current_seat
        game.play(players[seat].choose(game.view(seat), game.legal_moves(), rng))


def _cmd_play(args: argparse.Namespace) -> int:
    rules = Rules(players=args.players, stock_size=args.stock, teams=True if args.teams else None,
                  wild_cards=args.wilds)
    bots = (args.bots or ",".join(["greedy"] * rules.players)).split(",")
    if len(bots) != rules.players:
        raise ValueError(f"--bots must name {rules.players} bots, one per seat, not {len(bots)}")
    for b in bots:
        new_player(b)  # an unknown name fails here, before any game
    seed = args.seed
    if args.record:
        _write(args.record, "")  # fail before the game is played, not after
    game = Game.new(rules, seed=seed, first=args.first,
                    players=[{"name": f"P{i + 1}", "kind": f"ai:{b}"} for i, b in enumerate(bots)])
    play_bots(game, bots, random.Random(f"bots:{seed}"))
    res = game.result
    assert res is not None
    winner = "none" if res.winner is None else f"seat {res.winner} ({bots[res.winner]})"
    print(f"winner: {winner}; reason: {res.reason}; turns: {game.turn}; moves: {len(game.moves)}; "
          f"scores: {' '.join(map(str, res.scores))}")
    if args.record:
        _write(args.record, json.dumps(game.to_record()))
        print(f"record written to {args.record}")
    return 0


def _write(path: str, text: str) -> None:
    """Write ``text`` to file ``path``; ``ValueError`` naming the file when it cannot be
    written (also when the write itself fails, as on ``/proc/version``)."""
    try:
        with open(path, "w", encoding="utf-8") as out:
            out.write(text)
    except (OSError, ValueError) as exc:  # ValueError: a path with a NUL character
        raise ValueError(f"cannot write {path}: {getattr(exc, 'strerror', None) or exc}") from None


def _cmd_replay(args: argparse.Namespace) -> int:
    data = read_json_file(args.file)  # JSONInputError (a ValueError) names the file
    try:
        game = Game.from_record(data)
    except RecordError as exc:
        if exc.move_index is not None:  # show the valid part, then the first bad move
            for line in describe_turns({**data, "moves": data["moves"][:exc.move_index]}):
                print(line)
        raise ValueError(f"{args.file}: invalid record: {exc}") from None
    for line in describe_turns(data):
        print(line)
    res = game.result
    if res is None:
        print(f"game in progress; seat {game.current_seat} to move")
    else:
        print(f"result: winner {res.winner}, {res.reason}, scores {list(res.scores)}")
    return 0


def _cmd_tournament(args: argparse.Namespace) -> int:
    from .ai.tournament import format_report, one_vs_table, run_tournament
    if args.games < 1 or args.jobs < 1:
        raise ValueError("--games and --jobs must be at least 1")
    bots = args.bots.split(",")
    if args.one_vs_table:
        bots = one_vs_table(bots, args.players, args.teams)
    report = (lambda res: print(format_report(res) + "\n", file=sys.stderr, flush=True)) if args.progress else None
    res = run_tournament(bots, args.games, players=args.players, stock=args.stock,
                         teams=args.teams, seed=args.seed, jobs=args.jobs, wilds=args.wilds,
                         progress=report)
    print(format_report(res))
    return 0


def describe_turns(data: dict) -> list[str]:
    """One line per turn: the turn number, the seat and its moves (record assumed valid)."""
    rules = Rules.from_dict(data["rules"])
    seat, turn, lines, current = data.get("first", 0), 1, [], []
    for text in data["moves"]:
        current.append(text)
        if Move.parse(text).ends_turn:
            lines.append(f"turn {turn:4d} seat {seat}: {' '.join(current)}")
            seat, turn, current = (seat + 1) % rules.players, turn + 1, []
    if current:
        lines.append(f"turn {turn:4d} seat {seat}: {' '.join(current)}")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    args = _build_parser().parse_args(argv)
    try:
        if args.command == "tournament":
            return _cmd_tournament(args)
        return _cmd_play(args) if args.command == "play" else _cmd_replay(args)
    except ValueError as exc:
        print(f"python -m skipbo_core: error: {exc}", file=sys.stderr)
        return 2
