"""How many messages a connection may send: a token bucket, so that a flood costs the host
one comparison per message and never a parse (docs/limits.md, "Playing on several devices")."""

from __future__ import annotations

from dataclasses import dataclass

BURST = 30
"""Messages a guest may send at once (a quick turn is a handful of moves)."""
PER_SECOND = 10.0
"""Messages a guest may send each second, on average, beyond the burst."""


@dataclass
class RateLimit:
    """One connection's allowance; ``allow(now)`` says whether one more message may be read
    (``now`` in seconds, from a clock that never goes back)."""

    burst: int = BURST
    per_second: float = PER_SECOND
    last: float | None = None
    refused: int = 0  # messages refused since the last one allowed

    def __post_init__(self) -> None:
        self.left = float(self.burst)

    def allow(self, now: float) -> bool:
        if self.last is not None:
            self.left = min(float(self.burst), self.left + max(0.0, now - self.last) * self.per_second)
        self.last = now
        if self.left >= 1.0:
            self.left -= 1.0
            self.refused = 0
            return True
        self.refused += 1
        return False
