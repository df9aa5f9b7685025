"""Leases on WhatsApp numbers held by worker groups (``WORKER_GROUP``; docs/scaling.md).

A group (the workers of one host, or of a set of hosts) sends a run's batches only from the
numbers it holds a lease on, so each number is used by one group at a time. The leases live
in the pacing Redis (``REDIS_URL``):

- ``lease:number:<id>`` holds ``<group>:<token>``, with a TTL of ``NUMBER_LEASE_TTL``; the
  token comes from ``lease:number:<id>:fence`` (INCR), so every taking of a number has a new
  one: the **fencing token**;
- every process of a group renews its group's leases every third of the TTL (a thread,
  ``Leases``) and says the group is alive (``group:alive:<group>``, same TTL); each group
  holds its share, ⌈numbers / live groups⌉, taking free numbers and giving up extras;
- a send is fenced where it is paced: the group's reservation of a number's send slots
  (``FencedBucket``) is one Lua script that reserves only while the lease still holds the
  token the batch started with and has at least ``FENCE_MARGIN`` left. Reserved slots are
  used within ``pacing.RESERVE_AHEAD`` (20 ms) or dropped, and a lease given up keeps less
  than the margin until it expires, so a new owner (who takes a number only once its lease
  is gone) starts sending after the old owner's last send could have started.

A group killed mid-run renews nothing: its leases expire within the TTL and the groups still
alive take its numbers at their next renewal.
"""

from __future__ import annotations

import math
import threading
import time
from contextvars import ContextVar
from typing import Any

import structlog

from lokpanchang.delivery.pacing import _GCRA_SCRIPT, RedisBucket

log = structlog.get_logger(__name__)

LEASE = "lease:number:{}"
ALIVE = "group:alive:{}"
FENCE_MARGIN = 1.0  # seconds a lease must still have for its holder to reserve send slots

# KEYS[1] = lease; ARGV = group, ttl_ms. Renews the lease when the group holds it, takes it
# with a new fencing token when it is free; the value, or nil when another group holds it.
_HOLD = """
local held = redis.call('GET', KEYS[1])
if held then
  if string.sub(held, 1, #ARGV[1] + 1) == ARGV[1] .. ':' then
    redis.call('PEXPIRE', KEYS[1], ARGV[2])
    return held
  end
  return false
end
local value = ARGV[1] .. ':' .. redis.call('INCR', KEYS[1] .. ':fence')
redis.call('SET', KEYS[1], value, 'PX', ARGV[2])
return value
"""

# KEYS[1] = lease; ARGV = group, margin_ms. Gives the lease up: it keeps less than the
# margin (its holder can reserve no more) and expires after it (never later: giving up again
# does not extend it).
_GIVE_UP = """
local held = redis.call('GET', KEYS[1])
if held and string.sub(held, 1, #ARGV[1] + 1) == ARGV[1] .. ':' then
  if redis.call('PTTL', KEYS[1]) >= tonumber(ARGV[2]) then
    redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]) - 1)
  end
end
return 0
"""

# KEYS = bucket, lease; ARGV = interval_us, count, expected lease value, margin_ms: the
# GCRA reservation of ``pacing`` only while the lease holds the value with the margin left.
_FENCED_GCRA = (
    """
if redis.call('GET', KEYS[2]) ~= ARGV[3] then return -1 end
if redis.call('PTTL', KEYS[2]) < tonumber(ARGV[4]) then return -1 end
"""
    + _GCRA_SCRIPT
)

FENCES: ContextVar[dict[str, str] | None] = ContextVar("number_fences", default=None)
"""The leases (number -> value) a group's batch sends under; None: no fence (other sends)."""


class NotOwner(RuntimeError):
    """This group no longer holds the lease it started sending under: nothing was sent."""


def share(numbers: int, groups: int) -> int:
    """How many numbers each of ``groups`` live groups holds."""
    return math.ceil(numbers / max(1, groups))


def preference(numbers: tuple[str, ...], group: str, groups: list[str]) -> list[str]:
    """The order in which ``group`` wants ``numbers``: live groups start at different
    places, so at start-up each takes its own share without contending."""
    if not numbers:
        return []
    place = sorted(set(groups) | {group}).index(group)
    start = (place * share(len(numbers), len(groups))) % len(numbers)
    return list(numbers[start:] + numbers[:start])


def pinned(number_id: str | None, user_id: int, numbers: tuple[str, ...]) -> str:
    """The number a subscriber is sent from (``broadcast.pipeline.pinned_number``)."""
    return number_id if number_id in numbers else numbers[user_id % len(numbers)]


class Leases:
    """One process's view of its group's leases, renewed by a daemon thread."""

    def __init__(self, url: str, group: str, numbers: tuple[str, ...], ttl: float) -> None:
        import redis

        self.client: Any = redis.Redis.from_url(url)
        self.group, self.numbers, self.ttl = group, numbers, ttl
        self._hold = self.client.register_script(_HOLD)
        self._give_up = self.client.register_script(_GIVE_UP)
        self._held: dict[str, str] = {}
        self._thread: threading.Thread | None = None

    def held(self) -> dict[str, str]:
        """The numbers this group holds now (number -> lease value), renewing them first
        when this process has not yet started its renewals."""
        if self._thread is None or not self._thread.is_alive():
            self.tick()
            self._thread = threading.Thread(target=self._renew, name="leases", daemon=True)
            self._thread.start()
        return dict(self._held)

    def tick(self) -> dict[str, str]:
        """Say the group is alive, renew its leases, take its share, give up extras."""
        ttl_ms = int(self.ttl * 1000)
        self.client.set(ALIVE.format(self.group), 1, px=ttl_ms)
        groups = [key.decode().split(":", 2)[2] for key in self.client.scan_iter(ALIVE.format("*"))]
        wanted = share(len(self.numbers), len(groups))
        held: dict[str, str] = {}
        for number in preference(self.numbers, self.group, groups):
            key = LEASE.format(number)
            if len(held) >= wanted:  # an extra (a group joined): let it run out, unrenewed
                self._give_up(keys=[key], args=[self.group, int(FENCE_MARGIN * 1000)])
                continue
            value = self._hold(keys=[key], args=[self.group, ttl_ms])
            if value is not None:
                held[number] = value.decode()
        if held != self._held:
            log.info("leases.held", group=self.group, numbers=sorted(held), groups=len(groups))
        self._held = held
        return held

    def owners(self, numbers: list[str]) -> dict[str, str]:
        """The group holding each of ``numbers`` (absent: none holds it now)."""
        values = self.client.mget([LEASE.format(number) for number in numbers])
        return {n: v.decode().split(":")[0] for n, v in zip(numbers, values) if v is not None}

    def _renew(self) -> None:
        while True:
            time.sleep(self.ttl / 3)
            try:
                self.tick()
            except Exception as exc:  # noqa: BLE001 -- Redis away: the leases lapse, as they must
                log.warning("leases.renew_failed", group=self.group, error=str(exc))
                self._held = {}


class FencedBucket(RedisBucket):
    """The shared bucket, fenced by the number's lease while a group's batch sends
    (``FENCES`` set); unfenced for every other send (a welcome, a reply)."""

    _fenced: Any = None

    async def _reservation(self, key: str, count: int) -> int:
        fences = FENCES.get()
        if fences is None:
            return await super()._reservation(key, count)
        expected = fences.get(key)
        if expected is None:
            raise NotOwner(f"group does not hold number {key}")
        if self._fenced is None:
            self._fenced = self._client.register_script(_FENCED_GCRA)
        keys = [f"{self.key}:{key}", LEASE.format(key)]
        args = [self.interval_us, count, expected, int(FENCE_MARGIN * 1000)]
        offset_us = int(await self._fenced(keys=keys, args=args))
        if offset_us < 0:
            raise NotOwner(f"the lease on number {key} is no longer {expected}")
        return offset_us

    async def release(self) -> None:
        await super().release()
        self._fenced = None


def whatsapp_bucket(settings):
    """The WhatsApp numbers' bucket: fenced by the leases in a worker group, else shared."""
    from lokpanchang.delivery.pacing import bucket_for, redis_url_of

    url = redis_url_of(settings)
    if settings.worker_group and url and not settings.is_embedded:
        return FencedBucket(url, settings.send_rate)
    return bucket_for(url, settings.send_rate, settings.is_embedded)
