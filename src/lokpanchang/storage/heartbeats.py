"""SQL for the heartbeats of the worker and beat processes (for /healthz and ``status``),
kept in ``scheduler_lock`` beside the locks."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from lokpanchang.storage.db import insert_ignoring_conflicts
from lokpanchang.storage.models import SchedulerLock

HEARTBEAT_WORKER_PREFIX = "heartbeat:worker:"
HEARTBEAT_BEAT_KEY = "heartbeat:beat"
# When the running beat started; the instant is kept in ``expires_at`` (it never expires).
BEAT_STARTED_KEY = "beat:started"


def record_heartbeat(session: Session, key: str, alive_until: datetime) -> None:
    """Upsert ``key`` (``heartbeat:worker:<host>`` or ``heartbeat:beat``) with its expiry."""
    statement = insert_ignoring_conflicts(session, SchedulerLock).values(
        key=key, expires_at=alive_until
    )
    session.execute(
        statement.on_conflict_do_update(index_elements=["key"], set_={"expires_at": alive_until})
    )


def live_heartbeats(session: Session, prefix: str, now: datetime) -> list[str]:
    query = select(SchedulerLock.key).where(
        SchedulerLock.key.startswith(prefix), SchedulerLock.expires_at > now
    )
    return list(session.execute(query).scalars())


def record_beat_start(session: Session, started_at: datetime) -> None:
    """Remember when beat started (``beat:started``), for ``status`` in other processes."""
    record_heartbeat(session, BEAT_STARTED_KEY, started_at)


def beat_started_at(session: Session) -> datetime | None:
    """When the latest beat started (UTC), or None if no beat ever recorded its start."""
    query = select(SchedulerLock.expires_at).where(SchedulerLock.key == BEAT_STARTED_KEY)
    return session.execute(query).scalar_one_or_none()
