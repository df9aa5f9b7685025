"""Token buckets that pace sends at a channel's throughput (``SEND_RATE``, messages/s).

A bucket is keyed: each key (a WhatsApp phone number, a Telegram chat) has its own rate,
so one bucket object paces every number of an account (``acquire(key)``).

``RedisBucket`` is shared by every worker on every machine: one atomic Lua script keeps a
GCRA "theoretical arrival time" in Redis, using Redis' own clock so that workers' clocks
never disagree. ``LocalBucket`` does the same in one process (the embedded mode). Both hand
out *reservations*: ``acquire`` returns at the instant the caller may send.
"""

from __future__ import annotations

import asyncio
from typing import Any, Protocol

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
    async def acquire(self, key: str = "") -> None:
        """Wait until one more message may be sent under ``key``."""
        ...

    async def release(self) -> None:
        """Drop connections bound to the current event loop (the sender's scope ends)."""
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
        self._tats: dict[str, float] = {}

    async def acquire(self, key: str = "") -> None:
        tat = self._tats.get(key, 0.0)
        self._tats[key], wait = gcra_wait(tat, clock.monotonic(), self.interval, self.burst)
        if wait > 0:
            await asyncio.sleep(wait)

    async def release(self) -> None:
        return None


class RedisBucket:
    """A bucket shared through Redis by all workers.

    Its ``redis.asyncio`` client belongs to one event loop; workers that run each batch in
    a fresh loop (``asyncio.run``) call ``release`` at the end of the batch.
    """

    def __init__(self, url: str, rate: float, burst: int = 1, key: str = "pacing:whatsapp") -> None:
        self.url = url
        self.key = key
        self.interval_us = max(1, round(1_000_000 / rate))
        self.burst = burst
        self._client: Any = None  # redis.asyncio.Redis, created on first use
        self._script: Any = None
        self._lock: Any = None  # asyncio.Lock of the loop that first acquires

    @classmethod
    def from_url(cls, url: str, rate: float, **kwargs) -> RedisBucket:
        return cls(url, rate, **kwargs)

    async def acquire(self, key: str = "") -> None:
        if self._script is None:
            import redis.asyncio as redis_asyncio

            self._client = redis_asyncio.Redis.from_url(self.url)
            self._script = self._client.register_script(_GCRA_SCRIPT)
            self._lock = asyncio.Lock()
        # One reservation at a time per process: a sub-millisecond call, and one connection
        # instead of one per waiting send (hundreds are in flight).
        async with self._lock:
            keys = [f"{self.key}:{key}" if key else self.key]
            wait_us = int(await self._script(keys=keys, args=[self.interval_us, self.burst]))
        if wait_us > 0:
            await asyncio.sleep(wait_us / 1_000_000)

    async def release(self) -> None:
        if self._client is not None:
            await self._client.aclose()
        self._client = self._script = self._lock = None

    async def close(self) -> None:
        await self.release()


class Unpaced:
    """No pacing at all (benchmarks of the unpaced path, tests)."""

    async def acquire(self, key: str = "") -> None:
        return None

    async def release(self) -> None:
        return None


def bucket_for(redis_url: str, rate: float, embedded: bool, key: str = "pacing:whatsapp") -> Bucket:
    """The shared Redis bucket under ``key`` when Redis is configured, else an in-process one."""
    if redis_url and not embedded:
        return RedisBucket(redis_url, rate, key=key)
    return LocalBucket(rate)


def redis_url_of(settings) -> str:
    """The Redis the buckets live in: ``REDIS_URL``, else a Redis broker ("" for none)."""
    broker = settings.celery_broker_url
    return settings.redis_url or (broker if broker.startswith("redis") else "")
