"""``lokpanchang status``: every beat entry's freshness and the state of workers, Redis, DB."""

from __future__ import annotations

from dataclasses import asdict
from datetime import datetime

from celery import Celery

from lokpanchang.config import Settings
from lokpanchang.ops.beat import monitor as beatmonitor
from lokpanchang.ops.beat.freshness import BeatLife, EntryHealth
from lokpanchang.ops.beat.schedule import beat_schedule
from lokpanchang.ops.health import probes


def _entries(
    url: str, now: datetime, table: dict, beat: BeatLife | None
) -> tuple[list[dict], str | None]:
    try:
        states = beatmonitor.entry_states(url, now, table, beat)
    except Exception as exc:  # noqa: BLE001 -- database down: still report the rest
        return [], f"{type(exc).__name__}: {exc}"
    return [
        {
            **state.as_dict(),
            "last_finished_at": _iso(row, "last_finished_at"),
            "last_outcome": getattr(row, "last_outcome", None),
            "last_error": getattr(row, "last_error", None),
        }
        for state, row in states
    ], None


def _beat_life(url: str, now: datetime) -> BeatLife | None:
    """Beat's life, looked at once for the whole report (its entries are judged by it)."""
    try:
        return beatmonitor.beat_life(url, now)
    except Exception:  # noqa: BLE001 -- database down: the entries' error says why
        return None


def _beat(life: BeatLife | None) -> dict:
    if life is None:
        return {"alive": None, "started_at": None}
    return {
        "alive": life.alive,
        "started_at": life.started_at.isoformat() if life.started_at else None,
    }


def _iso(row, name: str) -> str | None:
    value = getattr(row, name, None)
    return value.isoformat() if value else None


def system_status(
    settings: Settings, now: datetime, app: Celery, ping_timeout_s: float = 1.0
) -> dict:
    """The whole report; ``app`` (the caller's Celery app) pings the workers."""
    url = settings.effective_database_url
    life = _beat_life(url, now)
    entries, error = _entries(url, now, beat_schedule(settings), life)  # PLANNER_PERIOD as beat
    alive = probes.workers_alive(app, ping_timeout_s, url)
    return {
        "checked_at": now.isoformat(),
        "entries": entries,
        "entries_error": error,
        "database": asdict(probes.probe_database(url)),
        "redis": asdict(probes.probe_redis(probes.redis_url_of(settings))),
        "workers": {"alive": alive},
        "beat": _beat(life),
    }


def overall_ok(report: dict) -> bool:
    """True when the database answers, beat's heartbeat is fresh, no entry is missed, and (if
    known) a worker is alive."""
    return (
        report["database"]["ok"] is True
        and report["redis"]["ok"] is not False
        and all(e["status"] != EntryHealth.MISSED for e in report["entries"])
        and report["workers"]["alive"] != 0
        and report["beat"]["alive"] is True
    )
