"""Is every beat entry running on time? A pure check over last starts and beat's own life.

Each entry owes a run at ``due_at``: the first crontab instant after its last start, or its last
start plus the period (interval entries). When beat is alive (a fresh heartbeat) and we know
when it started, it owes nothing from before its start: a crontab instant before the start is
not its to run (Celery beat never runs a slot from before its first start, and one it catches
up on a restart runs at the start, so that run is after it), and an interval entry that has not run since the start is
owed at the start plus the period (at the start for ``runs_at_start`` entries). At ``now``:
- ``ok``: it ran for every instant so far (now <= due_at),
- ``pending``: it has not run since beat started and nothing is owed yet (not yet due),
- ``late``: due_at < now <= due_at + grace (overdue, within grace: beat or workers are slow),
- ``missed``: now > due_at + grace (it did not run within its period plus grace).
When beat is down (no fresh heartbeat) its start is ignored: an overdue entry is late, then
missed, and an interval entry that never ran is missed.
Grace is 10 % of the period, at least 60 s and at most 1 h. ``next_due_at`` is the next
scheduled instant strictly after now. All instants are aware, UTC.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum
from typing import cast

from celery.schedules import crontab

from lokpanchang.ops.beat.entries import BeatEntry, interval_seconds, next_instant, previous_instant

MIN_GRACE_S, MAX_GRACE_S, GRACE_FRACTION = 60.0, 3600.0, 0.1
_JUST_BEFORE = timedelta(microseconds=1)  # an instant at the start itself is owed


@dataclass(frozen=True)
class BeatLife:
    """What the database says about the beat process: when it started, and is it alive now."""

    started_at: datetime | None = None
    alive: bool = False

    def start_if_alive(self) -> datetime | None:
        return self.started_at if self.alive else None


BEAT_DOWN = BeatLife()


class EntryHealth(StrEnum):
    """Whether a beat entry runs on time at an instant (this module's docstring says when).
    Assessed afresh each time, never stored: no table of moves."""

    OK = "ok"
    PENDING = "pending"
    LATE = "late"
    MISSED = "missed"


@dataclass(frozen=True)
class EntryState:
    key: str
    task: str
    schedule: str
    last_started_at: datetime | None
    due_at: datetime | None  # the instant of the run it owes (past when late or missed)
    next_due_at: datetime | None  # the next scheduled instant strictly after now
    status: EntryHealth

    def as_dict(self) -> dict:
        return {
            "key": self.key,
            "task": self.task,
            "schedule": self.schedule,
            "last_started_at": _iso(self.last_started_at),
            "due_at": _iso(self.due_at),
            "next_due_at": _iso(self.next_due_at),
            "status": self.status.value,
        }


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


def _crontab_due(
    entry: BeatEntry, last: datetime | None, since: datetime | None, now: datetime
) -> datetime:
    table = cast(crontab, entry.schedule)
    owed = next_instant(table, last) if last else previous_instant(table, now)
    if since is not None:  # instants before beat's start are not this beat's
        owed = max(owed, next_instant(table, since - _JUST_BEFORE))
    return owed


def _interval_due(
    entry: BeatEntry, last: datetime | None, since: datetime | None
) -> datetime | None:
    period = timedelta(seconds=interval_seconds(entry.schedule))
    if last is not None and (since is None or last >= since):
        return last + period
    if since is not None:
        return since if entry.runs_at_start else since + period
    return None


def due_at(
    entry: BeatEntry, last_started: datetime | None, now: datetime, beat: BeatLife = BEAT_DOWN
) -> datetime | None:
    """The instant of the run ``entry`` owes at ``now``; None when it never ran and beat is down."""
    since = beat.start_if_alive()
    if isinstance(entry.schedule, crontab):
        return _crontab_due(entry, last_started, since, now)
    return _interval_due(entry, last_started, since)


def next_due_at(entry: BeatEntry, due: datetime | None, now: datetime) -> datetime | None:
    """The next scheduled instant strictly after ``now``.

    An overdue interval entry steps on by whole periods: beat sends it at ``due`` and then
    every period after, whether or not a worker ran it.
    """
    if isinstance(entry.schedule, crontab):
        return next_instant(entry.schedule, now)
    if due is None or due > now:
        return due
    period = timedelta(seconds=interval_seconds(entry.schedule))
    return due + period * ((now - due) // period + 1)


def _ran_for_now(
    entry: BeatEntry, last: datetime | None, since: datetime | None, now: datetime
) -> bool:
    # A crontab entry that ran for its latest instant is fine even if beat restarted since.
    if last is None:
        return False
    if isinstance(entry.schedule, crontab):
        return next_instant(entry.schedule, last) > now
    return since is None or last >= since


def _status(
    entry: BeatEntry, last: datetime | None, due: datetime | None, now: datetime, beat: BeatLife
) -> EntryHealth:
    H = EntryHealth
    if due is None:
        return H.MISSED
    if now <= due:
        return H.OK if _ran_for_now(entry, last, beat.start_if_alive(), now) else H.PENDING
    return H.LATE if now <= due + grace(entry, now) else H.MISSED


def assess(
    entry: BeatEntry, last_started: datetime | None, now: datetime, beat: BeatLife = BEAT_DOWN
) -> EntryState:
    """The entry's state at ``now`` given when it last started and beat's life (UTC)."""
    due = due_at(entry, last_started, now, beat)
    return EntryState(
        entry.key,
        entry.task,
        entry.description,
        last_started,
        due,
        next_due_at(entry, due, now),
        _status(entry, last_started, due, now, beat),
    )
