"""Token buckets that pace sends at a channel's throughput (``SEND_RATE``, messages/s).

A bucket is keyed: each key (a WhatsApp phone number, a Telegram chat) has its own rate,
so one bucket object paces every number of an account (``acquire(key)``).

``RedisBucket`` is shared by every worker on every machine: one atomic Lua script keeps a
GCRA "theoretical arrival time" in Redis, using Redis' own clock so that workers' clocks
never disagree. ``LocalBucket`` does the same in one process (the embedded mode). Both hand
out *reservations*: ``acquire`` returns at the instant the caller may send.

At a high rate a Redis call per message costs more than the message (a broadcast at 1,000/s
per number): ``RedisBucket`` reserves a block of consecutive slots in one call, as many as
RESERVE_AHEAD seconds of the rate (at most MAX_BLOCK; one at the rates Meta starts accounts
at, 80/s), and hands them out in turn. A slot not taken by RESERVE_AHEAD after its time is
dropped, never used late, so the rate holds over any window and a burst is at most a block.
"""

from __future__ import annotations

import asyncio
from collections import Counter, deque
from collections.abc import Iterable
from typing import Any, Protocol

from lokpanchang import clock

# KEYS[1] = bucket key; ARGV = interval_us, count. Reserves ``count`` consecutive
# sends and returns the microseconds from now to the arrival time they start from; the k-th
# (k = 1..count) may go ``(k - burst) * interval`` after that (now, if that is past).
# GCRA: each send pushes the arrival time ``tat`` one interval on; a send may happen once
# ``tat`` is within ``burst`` intervals of now.
_GCRA_SCRIPT = """
local now_parts = redis.call('TIME')
local now = tonumber(now_parts[1]) * 1000000 + tonumber(now_parts[2])
local interval = tonumber(ARGV[1])
local count = tonumber(ARGV[2])
local tat = tonumber(redis.call('GET', KEYS[1]) or now)
if tat < now then tat = now end
local new_tat = tat + count * interval
redis.call('SET', KEYS[1], new_tat, 'PX', math.floor((new_tat - now) / 1000) + 1000)
return tat - now
"""
RESERVE_AHEAD = 0.02  # seconds of the rate one Redis call reserves
MAX_BLOCK = 50


class Bucket(Protocol):
    async def acquire(self, key: str = "", ahead: int | None = None) -> None:
        """Wait until one more message may be sent under ``key``; ``ahead`` is how many
        the caller will send under it from now, this one included (``Ahead``): a bucket
        that reserves blocks reserves no more than that (None: not known, a whole block)."""
        ...

    async def release(self) -> None:
        """Drop connections bound to the current event loop (the sender's scope ends)."""
        ...


def gcra_wait(tat: float, now: float, interval: float, burst: int) -> tuple[float, float]:
    """(new arrival time, seconds to wait) for one more send at ``now`` (seconds)."""
    new_tat = max(tat, now) + interval
    return new_tat, max(0.0, new_tat - burst * interval - now)


def block_size(rate: float) -> int:
    """How many sends one reservation takes at ``rate`` (messages/s)."""
    return max(1, min(MAX_BLOCK, int(rate * RESERVE_AHEAD)))


def slot_times(start: float, offset: float, interval: float, burst: int, count: int) -> list[float]:
    """When each of ``count`` reserved sends may go (clock seconds), for a reservation whose
    arrival time was ``offset`` seconds after ``start`` (``_GCRA_SCRIPT``)."""
    return [start + max(0.0, offset + (k - burst) * interval) for k in range(1, count + 1)]


class Ahead:
    """How many sends of one batch each key has still to pace: a block reserved for the
    batch's last few sends from a number would otherwise be dropped unused, and at 125
    sends per number per batch that left every number about 8 % short of its rate."""

    def __init__(self, keys: Iterable[str]) -> None:
        self._left = Counter(keys)

    def take(self, key: str) -> int:
        """The sends ``key`` has left, this one included (at least 1: a retry); one fewer
        from now on."""
        left = self._left[key]
        self._left[key] = left - 1
        return max(1, left)


class LocalBucket:
    """An in-process bucket for the embedded mode (one worker process)."""

    def __init__(self, rate: float, burst: int = 1) -> None:
        self.interval = 1.0 / rate
        self.burst = burst
        self._tats: dict[str, float] = {}

    async def acquire(self, key: str = "", ahead: int | None = None) -> None:
        tat = self._tats.get(key, 0.0)
        self._tats[key], wait = gcra_wait(tat, clock.monotonic(), self.interval, self.burst)
        if wait > 0:
            await asyncio.sleep(wait)

    async def release(self) -> None:
        return None


class RedisBucket:
    """A bucket shared through Redis by all workers, reserving blocks of slots per key.

    Its ``redis.asyncio`` client belongs to one event loop; a sender that runs each batch in
    a fresh loop (``asyncio.run``) calls ``release`` at the end of the batch.
    """

    def __init__(self, url: str, rate: float, burst: int = 1, key: str = "pacing:whatsapp") -> None:
        self.url = url
        self.key = key
        self.interval_us = max(1, round(1_000_000 / rate))
        self.burst = burst
        self.block = block_size(rate)
        self._slots: dict[str, deque[float]] = {}  # per key: reserved send times, in order
        self._client: Any = None  # redis.asyncio.Redis, created on first use
        self._script: Any = None
        self._lock: Any = None  # asyncio.Lock of the loop that first acquires

    @classmethod
    def from_url(cls, url: str, rate: float, **kwargs) -> RedisBucket:
        return cls(url, rate, **kwargs)

    async def acquire(self, key: str = "", ahead: int | None = None) -> None:
        if self._script is None:
            import redis.asyncio as redis_asyncio

            self._client = redis_asyncio.Redis.from_url(self.url)
            self._script = self._client.register_script(_GCRA_SCRIPT)
            self._lock = asyncio.Lock()
        # One reservation at a time per process: one connection instead of one per waiting
        # send (hundreds are in flight), and a block's slots go to the sends in turn.
        async with self._lock:
            at = self._next_slot(key)
            if at is None:
                at = await self._reserve(key, min(self.block, ahead or self.block))
        wait = at - clock.monotonic()
        if wait > 0:
            await asyncio.sleep(wait)

    def _next_slot(self, key: str) -> float | None:
        """The earliest reserved slot of ``key`` still in time (late ones are dropped)."""
        slots = self._slots.get(key)
        too_late = clock.monotonic() - RESERVE_AHEAD
        while slots and slots[0] < too_late:
            slots.popleft()
        return slots.popleft() if slots else None

    async def _reserve(self, key: str, count: int) -> float:
        """Reserve ``count`` of ``key``'s slots: the first one's time, the rest kept."""
        offset_us = await self._reservation(key, count)
        interval = self.interval_us / 1_000_000
        times = slot_times(clock.monotonic(), offset_us / 1_000_000, interval, self.burst, count)
        self._slots[key] = deque(times[1:])
        return times[0]

    async def _reservation(self, key: str, count: int) -> int:
        """Reserve ``count`` of ``key``'s slots in Redis: microseconds to the first one's
        arrival time (``_GCRA_SCRIPT``)."""
        keys = [f"{self.key}:{key}" if key else self.key]
        return int(await self._script(keys=keys, args=[self.interval_us, count]))

    async def release(self) -> None:
        if self._client is not None:
            await self._client.aclose()
        self._client = self._script = self._lock = None
        self._slots.clear()

    async def close(self) -> None:
        await self.release()


class Unpaced:
    """No pacing at all (benchmarks of the unpaced path, tests)."""

    async def acquire(self, key: str = "", ahead: int | None = None) -> None:
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
