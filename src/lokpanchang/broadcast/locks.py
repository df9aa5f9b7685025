"""The fast gate in front of an enqueue: ``lock:{zone}:{date}`` in Redis, or in the database.

A lock only saves work; the run and ledger rows are what prevent a second message.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Protocol

import structlog

from lokpanchang.config import Settings
from lokpanchang.storage import locks
from lokpanchang.storage.db import transaction

log = structlog.get_logger(__name__)


class Lock(Protocol):
    def acquire(self, key: str, now: datetime, ttl: timedelta) -> bool: ...


class RedisLock:
    """``SET key 1 NX EX ttl`` (the seed's lock)."""

    def __init__(self, url: str) -> None:
        import redis

        self._client = redis.Redis.from_url(url, socket_timeout=5, socket_connect_timeout=5)

    def acquire(self, key: str, now: datetime, ttl: timedelta) -> bool:
        import redis

        try:
            return bool(self._client.set(key, 1, nx=True, ex=int(ttl.total_seconds())))
        except redis.RedisError as exc:
            # The gate is an optimisation: without Redis, the run row still stops doubles.
            log.warning("lock.unavailable", key=key, error=str(exc))
            return True


class DatabaseLock:
    """The same gate in ``scheduler_lock`` for the embedded mode (no Redis)."""

    def __init__(self, database_url: str) -> None:
        self._url = database_url

    def acquire(self, key: str, now: datetime, ttl: timedelta) -> bool:
        with transaction(self._url) as session:
            return locks.take_db_lock(session, key, now, now + ttl)


def redis_lock_url(settings: Settings) -> str | None:
    """REDIS_URL, else the broker's URL when the broker is Redis; None means database locks."""
    if settings.redis_url:
        return settings.redis_url
    broker = settings.celery_broker_url
    return broker if broker.startswith(("redis://", "rediss://")) else None


def make_lock(settings: Settings) -> Lock:
    url = redis_lock_url(settings)
    return RedisLock(url) if url else DatabaseLock(settings.effective_database_url)
