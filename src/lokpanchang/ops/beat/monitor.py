"""beat_entry_status rows, written from Celery signals for tasks that are beat entries.

``task_prerun`` records the start, ``task_failure`` the error, ``task_postrun`` the finish
and outcome (Celery's state: SUCCESS, FAILURE, RETRY). A monitoring write never fails the
task it watches: errors are logged and dropped.
"""

from __future__ import annotations

from datetime import datetime

import structlog

from lokpanchang import clock
from lokpanchang.ops.beat.entries import beat_entries as beat_entries_of
from lokpanchang.ops.beat.freshness import BeatLife, EntryState, assess
from lokpanchang.ops.beat.schedule import task_keys
from lokpanchang.storage import beat_entries
from lokpanchang.storage.beat_entries import BeatEntryRecord

log = structlog.get_logger(__name__)
_started: dict[str, float] = {}


def record_start(url: str, task: str, task_id: str, now: datetime) -> None:
    key = task_keys().get(task)
    if key is not None:
        beat_entries.record_start(url, key, task, task_id, now)


def record_finish(
    url: str,
    task: str,
    outcome: str,
    now: datetime,
    error: str | None = None,
    duration_s: float | None = None,
) -> None:
    key = task_keys().get(task)
    if key is not None:
        beat_entries.record_finish(url, key, task, outcome, now, error, duration_s)


def beat_life(url: str, now: datetime) -> BeatLife:
    """When beat started and whether its heartbeat is fresh at ``now``."""
    return BeatLife(*beat_entries.beat_life(url, now))


def entry_states(
    url: str, now: datetime, table: dict, beat: BeatLife | None = None
) -> list[tuple[EntryState, BeatEntryRecord | None]]:
    """Every beat entry of ``table`` (the one beat runs: ``schedule.beat_schedule``) with its
    stored status and its assessment at ``now`` (given ``beat``'s life, looked up when not
    given)."""
    beat = beat_life(url, now) if beat is None else beat
    stored = beat_entries.stored_entries(url)
    return [
        (
            assess(entry, getattr(stored.get(entry.key), "last_started_at", None), now, beat),
            stored.get(entry.key),
        )
        for entry in beat_entries_of(table)
    ]


def _safely(task, action, *args, **kwargs) -> None:
    """``action(url, ...)`` on the database of the services of ``task``'s Celery app."""
    try:
        action(task.app.services.database_url, *args, **kwargs)
    except Exception as exc:  # noqa: BLE001 -- monitoring must never break the monitored task
        log.warning("beat_monitor_write_failed", error=f"{type(exc).__name__}: {exc}")


def on_prerun(sender=None, task_id=None, task=None, **_kwargs) -> None:
    task = task or sender
    name = getattr(task, "name", "")
    if name in task_keys():
        _started[task_id] = clock.monotonic()
        _safely(task, record_start, name, task_id, clock.now())


def on_failure(sender=None, task_id=None, exception=None, **_kwargs) -> None:
    name = getattr(sender, "name", "")
    if name in task_keys():
        _safely(
            sender,
            record_finish,
            name,
            "FAILURE",
            clock.now(),
            error=f"{type(exception).__name__}: {exception}",
        )


def on_postrun(sender=None, task_id=None, task=None, state=None, **_kwargs) -> None:
    task = task or sender
    name = getattr(task, "name", "")
    if name not in task_keys():
        return
    started = _started.pop(task_id, None)
    duration = round(clock.monotonic() - started, 3) if started is not None else None
    _safely(task, record_finish, name, state or "UNKNOWN", clock.now(), duration_s=duration)


def connect_celery_signals() -> None:
    from celery.signals import task_failure, task_postrun, task_prerun

    task_prerun.connect(on_prerun, weak=False, dispatch_uid="lokpanchang.beat.prerun")
    task_failure.connect(on_failure, weak=False, dispatch_uid="lokpanchang.beat.failure")
    task_postrun.connect(on_postrun, weak=False, dispatch_uid="lokpanchang.beat.postrun")
