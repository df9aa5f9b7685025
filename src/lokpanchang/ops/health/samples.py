"""``collect_system_health_metrics``: one row of machine and service health."""

from __future__ import annotations

from datetime import datetime

import psutil

from lokpanchang.config import Settings
from lokpanchang.ops.health import probes
from lokpanchang.storage import health

_cpu_primed = False


def cpu_percent() -> float:
    """CPU use since the previous call (every 5 min in a worker); 0.2 s sample on the first."""
    global _cpu_primed
    if not _cpu_primed:
        _cpu_primed = True
        return psutil.cpu_percent(interval=0.2)  # the first non-blocking call would say 0.0
    return psutil.cpu_percent(interval=None)


def machine_usage(path) -> dict[str, float]:
    """CPU, memory and disk (of ``path``'s file system) in percent."""
    return {
        "cpu_percent": cpu_percent(),
        "memory_percent": psutil.virtual_memory().percent,
        "disk_percent": psutil.disk_usage(str(path)).percent,
    }


def _existing_parent(path):
    while not path.exists() and path != path.parent:
        path = path.parent
    return path


def collect_health(settings: Settings, app=None) -> dict:
    """Everything one health row holds, measured now; ``app`` pings workers when given."""
    database = probes.probe_database(settings.effective_database_url)
    redis = probes.probe_redis(probes.redis_url_of(settings))
    url = settings.effective_database_url
    workers = probes.workers_alive(app, database_url=url) if app is not None else None
    return {
        **machine_usage(_existing_parent(settings.data_dir.resolve())),
        "database_ok": bool(database.ok),
        "database_latency_ms": database.latency_ms,
        "redis_ok": redis.ok,
        "redis_latency_ms": redis.latency_ms,
        "queue_depths": probes.queue_depths(settings.effective_broker_url),
        "workers_alive": workers,
        "detail": {"database_error": database.error, "redis_error": redis.error},
    }


def record_health(settings: Settings, now: datetime, app=None) -> dict:
    """Measure and store one ``system_health_log`` row; returns what was stored, with its id."""
    values = collect_health(settings, app)
    values["id"] = health.record_sample(settings.effective_database_url, now, values)
    return values
