"""The fakes' rate limits (the Cloud API's throughput and pair limits, the Bot API's)."""

from __future__ import annotations


class Gcra:
    """Throughput and pair limits: allow ``burst`` at once, then one per ``interval`` s."""

    def __init__(self, interval: float, burst: int) -> None:
        self.interval, self.burst = interval, burst
        self.tat: dict[str, float] = {}

    def allow(self, key: str, now: float) -> bool:
        if self.interval <= 0:
            return True
        tat = max(self.tat.get(key, now), now)
        if tat - now > (self.burst - 1) * self.interval + 1e-9:
            return False
        self.tat[key] = tat + self.interval
        return True
