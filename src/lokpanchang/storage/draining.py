"""The mark "an applier is draining the stored statuses" (Redis), so the web queues one
``tasks.apply_statuses`` per burst of status webhooks rather than one per webhook.

Only a hint: the statuses themselves are in the database (``storage.inbound``). The mark
expires, so a dead applier holds it for at most ``DRAINING_SECONDS``; a Redis that lost it
(or the queued task) is covered by the next webhook and by recovery (``tasks.webhooks``).
With another broker (kombu's SQL transport) there is no mark: each status webhook queues an
applier, and an applier with nothing to take returns at once.
"""

from __future__ import annotations

from functools import cache

import redis

DRAINING = "lokpanchang:statuses:draining"
DRAINING_SECONDS = 60


def available(broker_url: str) -> bool:
    """True when the broker is Redis, where the mark lives."""
    return broker_url.startswith(("redis://", "rediss://"))


@cache
def client(url: str) -> redis.Redis:
    """One connection pool per process and URL."""
    return redis.Redis.from_url(url)


def claim(url: str) -> bool:
    """Set the mark; True when nobody held it (the caller queues an applier)."""
    return bool(client(url).set(DRAINING, "1", nx=True, ex=DRAINING_SECONDS))


def keep(url: str) -> None:
    client(url).set(DRAINING, "1", ex=DRAINING_SECONDS)


def release(url: str) -> None:
    client(url).delete(DRAINING)
