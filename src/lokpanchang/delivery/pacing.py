"""Token buckets that pace sends at the account's throughput (``SEND_RATE``, messages/s).

``RedisBucket`` is shared by every worker on every machine: one atomic Lua script keeps a
GCRA "theoretical arrival time" in Redis, using Redis' own clock so that workers' clocks
never disagree. ``LocalBucket`` does the same in one process (the embedded mode). Both hand
out *reservations*: ``acquire`` returns at the instant the caller may send.
"""

from __future__ import annotations

import asyncio
from typing import Protocol

from lokpanchang import clock

# KEYS[1] = bucket key; ARGV = interval_us, burst. Returns microseconds to wait (0 = now).
# GCRA: each send pushes the arrival time ``tat`` one interval on; a send may happen once
# ``tat`` is within ``burst`` intervals of now.
_GCRA_SCRIPT = """
local now_parts = redis.call('TIME')
local now = tonumber(now_parts[1]) * 1000000 + tonumber(now_parts[2])
local interval = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local tat = tonumber(redis.call('GET', KEYS[1]) or now)
if tat < now then tat = now end
local new_tat = tat + interval
local wait = new_tat - burst * interval - now
if wait < 0 then wait = 0 end
redis.call('SET', KEYS[1], new_tat, 'PX', math.floor((new_tat - now) / 1000) + 1000)
return wait
"""


class Bucket(Protocol):
    async def acquire(self) -> None:
        """Wait until one more message may be sent."""
        ...


def gcra_wait(tat: float, now: float, interval: float, burst: int) -> tuple[float, float]:
    """(new arrival time, seconds to wait) for one more send at ``now`` (seconds)."""
    new_tat = max(tat, now) + interval
    return new_tat, max(0.0, new_tat - burst * interval - now)


class LocalBucket:
    """An in-process bucket for the embedded mode (one worker process)."""

    def __init__(self, rate: float, burst: int = 1) -> None:
        self.interval = 1.0 / rate
        self.burst = burst
        self._tat = 0.0

    async def acquire(self) -> None:
        self._tat, wait = gcra_wait(self._tat, clock.monotonic(), self.interval, self.burst)
        if wait > 0:
            await asyncio.sleep(wait)


class RedisBucket:
    """A bucket shared through Redis by all workers (``redis.asyncio`` client)."""

    def __init__(self, client, rate: float, burst: int = 1, key: str = "pacing:whatsapp") -> None:
        self.client = client
        self.key = key
        self.interval_us = max(1, round(1_000_000 / rate))
        self.burst = burst
        self._script = client.register_script(_GCRA_SCRIPT)

    @classmethod
    def from_url(cls, url: str, rate: float, **kwargs) -> RedisBucket:
        import redis.asyncio as redis_asyncio

        return cls(redis_asyncio.Redis.from_url(url), rate, **kwargs)

    async def acquire(self) -> None:
        wait_us = await self._script(keys=[self.key], args=[self.interval_us, self.burst])
        if int(wait_us) > 0:
            await asyncio.sleep(int(wait_us) / 1_000_000)

    async def close(self) -> None:
        await self.client.aclose()


class Unpaced:
    """No pacing at all (benchmarks of the unpaced path, tests)."""

    async def acquire(self) -> None:
        return None
