"""Reachability and depth probes shared by health, status and /metrics.

Each probe answers quickly (short timeouts) and never raises for an unreachable service:
it reports ``ok=False`` with the error, because a health check must survive the outage it reports.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from lokpanchang import clock
from lokpanchang.config import Settings
from lokpanchang.storage import health

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
        health.round_trip(url)
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
            return health.sql_queue_depths(broker_url.removeprefix("sqla+"), queues)
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
    try:
        return health.live_workers(url, clock.now())
    except Exception:  # noqa: BLE001 -- a probe reports, it does not raise
        return None


def _elapsed_ms(started: float) -> float:
    return round((clock.monotonic() - started) * 1000, 3)


def _short(exc: Exception) -> str:
    return f"{type(exc).__name__}: {str(exc).splitlines()[0][:200] if str(exc) else ''}"
