"""Write the perft data files: legal-move counts along fixed seeded games.

Each file in tests/data/perft/ holds one game of a seeded random player
(``tests.randomplay.choose`` with the file's eagerness and ``random.Random(seed)``):
per move the number of legal moves and the move chosen. ``tests/test_perft.py`` replays them, so any
change in move generation (a move more or less, another order) shows up as a diff.

Regenerate deliberately, from the repository root, and review the diff:

    python3 -m tests.make_perft
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from skipbo_core import Game, Rules

from .randomplay import choose

PERFT = Path(__file__).resolve().parent / "data" / "perft"

# name: (rules, seed, first seat, eagerness)
CONFIGS = {
    "2p-standard": (Rules(players=2), 1, 0, 0.8),
    "2p-24-wilds": (Rules(players=2, wild_cards=24), 2, 1, 0.8),
    "3p-stock10": (Rules(players=3, stock_size=10), 3, 0, 0.8),
    "3p-stock10-lazy": (Rules(players=3, stock_size=10), 7, 2, 0.2),
    "2p-stock20-stalls": (Rules(players=2, stock_size=20), 8, 0, 0.1),
    "4p-teams": (Rules(players=4, teams=True), 4, 2, 0.8),
    "5p-standard": (Rules(players=5), 5, 4, 0.8),
    "6p-teams": (Rules(players=6, teams=True), 6, 0, 0.8),
}


def perft_game(rules: Rules, seed: int, first: int, eagerness: float) -> tuple[list[str], Game]:
    """The plies ``"<legal move count> <move>"`` of the seeded game, and the game."""
    game = Game.new(rules, seed=seed, first=first)
    rng = random.Random(seed)
    plies = []
    while not game.is_over:
        count = len(game.legal_moves())
        move = choose(game, rng, eagerness)
        plies.append(f"{count} {move}")
        game.play(move)
    return plies, game


def perft_data(name: str) -> dict:
    rules, seed, first, eagerness = CONFIGS[name]
    plies, game = perft_game(rules, seed, first, eagerness)
    return {"rules": rules.to_dict(), "seed": seed, "first": first, "eagerness": eagerness,
            "result": game.result.to_dict(), "reshuffles": len(game.to_record()["reshuffles"]),
            "plies": plies}


def dump(data: dict) -> str:
    """JSON with one line per header field and per ply, for readable diffs."""
    head = [f" {json.dumps(k)}: {json.dumps(v)}," for k, v in data.items() if k != "plies"]
    plies = ",\n".join(f"  {json.dumps(p)}" for p in data["plies"])
    return "\n".join(["{", *head, ' "plies": [', plies, " ]", "}"]) + "\n"


def main() -> None:
    PERFT.mkdir(parents=True, exist_ok=True)
    for old in PERFT.glob("*.json"):
        old.unlink()
    for name in CONFIGS:
        data = perft_data(name)
        (PERFT / f"{name}.json").write_text(dump(data), encoding="utf-8")
        print(f"{name}: {len(data['plies'])} plies, {data['reshuffles']} reshuffles, {data['result']}")


if __name__ == "__main__":
    main()
