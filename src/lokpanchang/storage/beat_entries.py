"""SQL for ``beat_entry_status``: each beat entry's last start, finish and outcome (written
from Celery's task signals by ``ops.beat.monitor``), and beat's own life from its heartbeat."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select

from lokpanchang.storage import heartbeats
from lokpanchang.storage.db import transaction
from lokpanchang.storage.models import BeatEntryStatus
from lokpanchang.storage.records import record
from lokpanchang.storage.states import BeatOutcome
from lokpanchang.storage.upsert import upsert


@dataclass(frozen=True)
class BeatEntryRecord:
    key: str
    task: str
    last_started_at: datetime | None
    last_finished_at: datetime | None
    last_outcome: str | None
    last_error: str | None
    last_task_id: str | None
    last_duration_s: float | None


def record_start(url: str, key: str, task: str, task_id: str, now: datetime) -> None:
    row = {
        "key": key,
        "task": task,
        "last_started_at": now,
        "last_task_id": task_id,
        "last_outcome": BeatOutcome.STARTED,
    }
    with transaction(url) as session:
        upsert(session, BeatEntryStatus.__table__, [row], keys=("key",))


def record_finish(
    url: str,
    key: str,
    task: str,
    outcome: str,
    now: datetime,
    error: str | None = None,
    duration_s: float | None = None,
) -> None:
    """The entry's finish; its error is kept until a success (or a new error) replaces it.
    ``outcome`` is Celery's state (one this enum does not know is kept as UNKNOWN)."""
    known = outcome in BeatOutcome.__members__.values()
    outcome = BeatOutcome(outcome) if known else BeatOutcome.UNKNOWN
    with transaction(url) as session:
        row = session.get(BeatEntryStatus, key) or BeatEntryStatus(key=key, task=task)
        session.add(row)
        row.last_finished_at, row.last_outcome, row.last_duration_s = now, outcome, duration_s
        if error is not None or outcome == BeatOutcome.SUCCESS:
            row.last_error = error


def stored_entries(url: str) -> dict[str, BeatEntryRecord]:
    """Every entry's stored status, by key."""
    with transaction(url) as session:
        rows = session.scalars(select(BeatEntryStatus))
        return {row.key: record(BeatEntryRecord, row) for row in rows}


def beat_life(url: str, now: datetime) -> tuple[datetime | None, bool]:
    """When the running beat started (None: never recorded) and whether its heartbeat is fresh."""
    with transaction(url) as session:
        alive = bool(heartbeats.live_heartbeats(session, heartbeats.HEARTBEAT_BEAT_KEY, now))
        return heartbeats.beat_started_at(session), alive
