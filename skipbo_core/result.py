"""How a game ended."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

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
