"""How a game ended."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .jsonread import brief

REASONS = ("stock-empty", "stalled", "resigned", "turn-limit")


@dataclass(frozen=True)
class Result:
    """``winner`` is the seat that played the last needed stock card (``None`` when
    nobody won); ``reason`` is one of ``REASONS``; ``scores`` are this game's points per seat."""

    winner: int | None
    reason: str
    scores: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"winner": self.winner, "reason": self.reason, "scores": list(self.scores)}

    @classmethod
    def from_dict(cls, data: Any, players: int) -> Result:
        """The result ``to_dict`` wrote, for a table of ``players`` seats; ``ValueError``
        naming the first problem when it is not one."""
        if not isinstance(data, dict) or set(data) != {"winner", "reason", "scores"}:
            raise ValueError(f"a result is an object of winner, reason and scores, not {brief(data)}")
        winner, reason, scores = data["winner"], data["reason"], data["scores"]
        if winner is not None and (type(winner) is not int or not 0 <= winner < players):
            raise ValueError(f"result.winner must be a seat from 0 to {players - 1} or null, not {brief(winner)}")
        if reason not in REASONS:
            raise ValueError(f"result.reason must be one of {', '.join(REASONS)}, not {brief(reason)}")
        if not (isinstance(scores, list) and len(scores) == players
                and all(type(p) is int and p >= 0 for p in scores)):
            raise ValueError(f"result.scores must be {players} whole numbers, not {brief(scores)}")
        return cls(winner, reason, tuple(scores))
