"""Is every beat entry running on time? A pure check over last start times.

For an entry, ``due`` is when it should next have started after its last start: the last
start plus the period (interval entries) or the first crontab instant after the last start.
An entry that never ran is due at its period's start (interval: unknown, so missed) or at its
latest crontab instant. Then, at ``now``:
- ``ok``: now <= due (it has run for every instant so far),
- ``late``: due < now <= due + grace (overdue, within grace: beat or workers are slow),
- ``missed``: now > due + grace (it did not run within its period plus grace).
Grace is 10 % of the period, at least 60 s and at most 1 h.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from celery.schedules import crontab

from lokpanchang.ops.beatinfo import BeatEntry, interval_seconds, next_instant, previous_instant

MIN_GRACE_S, MAX_GRACE_S, GRACE_FRACTION = 60.0, 3600.0, 0.1


@dataclass(frozen=True)
class EntryState:
    key: str
    task: str
    schedule: str
    last_started_at: datetime | None
    due_at: datetime | None
    status: str  # ok, late, missed

    def as_dict(self) -> dict:
        return {"key": self.key, "task": self.task, "schedule": self.schedule,
                "last_started_at": _iso(self.last_started_at), "next_due_at": _iso(self.due_at),
                "status": self.status}


def _iso(value: datetime | None) -> str | None:
    return value.isoformat() if value else None


def period_seconds(entry: BeatEntry, now: datetime) -> float:
    """The interval, or the gap between the crontab's two instants around ``now``."""
    if isinstance(entry.schedule, crontab):
        before = previous_instant(entry.schedule, now)
        return (next_instant(entry.schedule, before) - before).total_seconds()
    return interval_seconds(entry.schedule)


def grace(entry: BeatEntry, now: datetime) -> timedelta:
    seconds = min(max(period_seconds(entry, now) * GRACE_FRACTION, MIN_GRACE_S), MAX_GRACE_S)
    return timedelta(seconds=seconds)


def due_at(entry: BeatEntry, last_started: datetime | None, now: datetime) -> datetime | None:
    if isinstance(entry.schedule, crontab):
        if last_started is None:
            return previous_instant(entry.schedule, now)
        return next_instant(entry.schedule, last_started)
    if last_started is None:
        return None
    return last_started + timedelta(seconds=interval_seconds(entry.schedule))


def assess(entry: BeatEntry, last_started: datetime | None, now: datetime) -> EntryState:
    """The entry's state at ``now`` given when it last started (UTC)."""
    due = due_at(entry, last_started, now)
    if due is None:
        status = "missed"
    elif now <= due:
        status = "ok"
    elif now <= due + grace(entry, now):
        status = "late"
    else:
        status = "missed"
    return EntryState(entry.key, entry.task, entry.description, last_started, due, status)
