"""Status updates waiting to be applied: a Redis stream the web appends to, drained in bulk.

``POST /webhook`` appends each body's status updates as one stream entry (``put``) and, when
no applier is already draining, says so (``put`` returns True: the caller queues
``tasks.apply_statuses``). An applier reads many entries at once (``take``), applies them in
one transaction and only then acknowledges them (``done``): entries taken by an applier that
died are taken again by the next one once idle for ``STALE_MS`` (consumer group semantics),
so nothing accepted is lost, and applying twice changes nothing (statuses only move forward).

Used only with a Redis broker; with kombu's SQL transport (embedded, development) the web
hands each body's statuses to ``tasks.apply_statuses`` directly.
"""

from __future__ import annotations

import json
import os
import socket
from dataclasses import asdict
from functools import cache

import redis

from lokpanchang.delivery.events import StatusUpdate

STREAM = "lokpanchang:statuses"
GROUP = "appliers"
# Set while an applier is draining (or queued to): the web queues another only when unset.
# It expires, so a dead applier cannot stop the draining for longer than this.
DRAINING = "lokpanchang:statuses:draining"
DRAINING_SECONDS = 60
STALE_MS = 60_000


def available(broker_url: str) -> bool:
    """True when the broker is Redis, where the inbox lives."""
    return broker_url.startswith(("redis://", "rediss://"))


@cache
def client(url: str) -> redis.Redis:
    """One connection pool per process and URL."""
    return redis.Redis.from_url(url)


def put(url: str, statuses: list[StatusUpdate]) -> bool:
    """Append ``statuses`` (one entry); True when no applier was draining (queue one)."""
    pipe = client(url).pipeline(transaction=False)
    pipe.xadd(STREAM, {"s": encode(statuses)})
    pipe.set(DRAINING, "1", nx=True, ex=DRAINING_SECONDS)
    return bool(pipe.execute()[1])


def encode(statuses: list[StatusUpdate]) -> str:
    return json.dumps([asdict(status) for status in statuses], separators=(",", ":"))


def decode(text: str | bytes) -> list[StatusUpdate]:
    return [StatusUpdate(**fields) for fields in json.loads(text)]


def consumer_name() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"


def ensure_group(url: str) -> None:
    try:
        client(url).xgroup_create(STREAM, GROUP, id="0", mkstream=True)
    except redis.ResponseError as exc:
        if "BUSYGROUP" not in str(exc):
            raise


def take(url: str, count: int, new_only: bool = False) -> tuple[list[bytes], list[StatusUpdate]]:
    """Up to ``count`` entries: this consumer's own unacknowledged ones first (a retried
    task), then entries another applier left idle for ``STALE_MS``, then new ones."""
    ensure_group(url)
    if new_only:
        entries = _new(url, count)
    else:
        entries = _own_pending(url, count) or _stale(url, count) or _new(url, count)
    ids = [entry_id for entry_id, _ in entries]
    return ids, [status for _, fields in entries for status in decode(fields[b"s"])]


def _own_pending(url: str, count: int) -> list:
    answer = client(url).xreadgroup(GROUP, consumer_name(), {STREAM: "0"}, count=count)
    return [entry for entry in _entries(answer) if entry[1]]


def _stale(url: str, count: int) -> list:
    answer = client(url).xautoclaim(STREAM, GROUP, consumer_name(), STALE_MS, count=count)
    return [entry for entry in answer[1] if entry[1]]


def _new(url: str, count: int) -> list:
    return _entries(client(url).xreadgroup(GROUP, consumer_name(), {STREAM: ">"}, count=count))


def _entries(answer) -> list:
    return [entry for _stream, entries in answer or [] for entry in entries]


def done(url: str, ids: list[bytes]) -> None:
    """Acknowledge and remove applied entries."""
    if ids:
        pipe = client(url).pipeline(transaction=False)
        pipe.xack(STREAM, GROUP, *ids)
        pipe.xdel(STREAM, *ids)
        pipe.execute()


def keep_draining(url: str) -> None:
    client(url).set(DRAINING, "1", ex=DRAINING_SECONDS)


def stop_draining(url: str) -> None:
    client(url).delete(DRAINING)


def waiting(url: str) -> int:
    """Entries not yet applied (new or taken and not acknowledged)."""
    return int(client(url).xlen(STREAM))
