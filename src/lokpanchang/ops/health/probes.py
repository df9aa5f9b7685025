"""Reachability and depth probes shared by health, status and /metrics.

Each probe answers quickly (short timeouts) and never raises for an unreachable service:
it reports ``ok=False`` with the error, because a health check must survive the outage it reports.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from sqlalchemy import text
from sqlalchemy.engine import make_url

from lokpanchang import clock
from lokpanchang.config import Settings
from lokpanchang.storage.db import engine_for

QUEUES = ("default", "priority")
# kombu's Redis transport keeps one list per priority step: "name", "name\x06\x163", ...
REDIS_PRIORITY_SEPARATOR = "\x06\x16"
REDIS_PRIORITY_STEPS = (3, 6, 9)
PROBE_TIMEOUT_S = 2.0


@dataclass
class Probe:
    ok: bool | None
    latency_ms: float | None = None
    error: str | None = None
    detail: dict = field(default_factory=dict)


def probe_database(url: str) -> Probe:
    started = clock.monotonic()
    try:
        with engine_for(url).connect() as connection:
            connection.execute(text("SELECT 1"))
    except Exception as exc:  # noqa: BLE001 -- any driver error means "unreachable" to an operator
        return Probe(False, error=_short(exc))
    return Probe(True, _elapsed_ms(started))


def redis_url_of(settings: Settings) -> str | None:
    """The Redis we depend on: REDIS_URL, else a redis:// broker; None in embedded mode."""
    if settings.redis_url:
        return settings.redis_url
    broker = settings.effective_broker_url
    return broker if broker.startswith(("redis://", "rediss://")) else None


def probe_redis(url: str | None) -> Probe:
    if url is None:
        return Probe(None, detail={"reason": "no Redis configured (embedded mode)"})
    import redis

    client = redis.Redis.from_url(
        url, socket_timeout=PROBE_TIMEOUT_S, socket_connect_timeout=PROBE_TIMEOUT_S
    )
    started = clock.monotonic()
    try:
        client.ping()
    except redis.RedisError as exc:
        return Probe(False, error=_short(exc))
    finally:
        client.close()
    return Probe(True, _elapsed_ms(started))


def queue_depths(broker_url: str, queues: tuple[str, ...] = QUEUES) -> dict[str, int | None]:
    """Messages waiting per queue, for a Redis broker or kombu's SQL transport."""
    try:
        if broker_url.startswith(("redis://", "rediss://")):
            return _redis_queue_depths(broker_url, queues)
        if broker_url.startswith("sqla+"):
            return _sql_queue_depths(broker_url.removeprefix("sqla+"), queues)
    except Exception:  # noqa: BLE001 -- unreachable broker: unknown depth, reported as None
        return dict.fromkeys(queues)
    return dict.fromkeys(queues)


def _redis_queue_depths(url: str, queues: tuple[str, ...]) -> dict[str, int | None]:
    import redis

    client = redis.Redis.from_url(
        url, socket_timeout=PROBE_TIMEOUT_S, socket_connect_timeout=PROBE_TIMEOUT_S
    )
    try:
        return {queue: _redis_depth(client, queue) for queue in queues}
    finally:
        client.close()


def _redis_depth(client, queue: str) -> int:
    names = [queue] + [f"{queue}{REDIS_PRIORITY_SEPARATOR}{step}" for step in REDIS_PRIORITY_STEPS]
    pipe = client.pipeline()
    for name in names:
        pipe.llen(name)
    return sum(pipe.execute())


def _sql_queue_depths(url: str, queues: tuple[str, ...]) -> dict[str, int | None]:
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite" and not Path(parsed.database or "").is_file():
        return dict.fromkeys(queues, 0)  # no broker file yet: nothing waits (and create none)
    query = text(
        "SELECT q.name, COUNT(m.id) FROM kombu_queue q "
        "LEFT JOIN kombu_message m ON m.queue_id = q.id AND m.visible = :visible "
        "GROUP BY q.name"
    )
    with engine_for(url).connect() as connection:
        if not _has_table(connection, "kombu_queue"):
            return dict.fromkeys(queues, 0)
        counts: dict[str, int] = dict(connection.execute(query, {"visible": True}).all())
    return {queue: int(counts.get(queue, 0)) for queue in queues}


def _has_table(connection, name: str) -> bool:
    from sqlalchemy import inspect

    return inspect(connection).has_table(name)


def workers_alive(app, timeout_s: float = 1.0, database_url: str | None = None) -> int | None:
    """Workers answering a broadcast ping within ``timeout_s``, or, when none answer, those
    with a fresh heartbeat in ``database_url``; None if neither can tell.

    kombu's SQL transport (the embedded mode) has no broadcast, so there no worker ever
    answers a ping; the heartbeats are what ``/healthz`` reads too.
    """
    try:
        replies = len(app.control.ping(timeout=timeout_s) or [])
    except Exception:  # noqa: BLE001 -- broker unreachable: the heartbeats may still tell
        replies = None
    if replies or database_url is None:
        return replies
    return _workers_with_heartbeat(database_url) or replies


def _workers_with_heartbeat(url: str) -> int | None:
    from lokpanchang.storage import heartbeats
    from lokpanchang.storage.db import transaction

    try:
        with transaction(url) as session:
            return len(
                heartbeats.live_heartbeats(session, heartbeats.HEARTBEAT_WORKER_PREFIX, clock.now())
            )
    except Exception:  # noqa: BLE001 -- a probe reports, it does not raise
        return None


def _elapsed_ms(started: float) -> float:
    return round((clock.monotonic() - started) * 1000, 3)


def _short(exc: Exception) -> str:
    return f"{type(exc).__name__}: {str(exc).splitlines()[0][:200] if str(exc) else ''}"
