"""Operator-defined schedules (the seed's "dynamic tasks from the database").

A job runs once at ``next_run_at`` (UTC) or repeatedly by a cron expression read in
``cron_zone``. The dispatcher claims a due job with one conditional UPDATE
(``storage.jobs.claim``): of two dispatchers racing, exactly one changes the row, so one job
instant runs once. A ``scheduled_job_run`` row, unique per (job, instant), records each
execution and its outcome.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

from croniter import croniter

from lokpanchang.config import parse_zone
from lokpanchang.storage import jobs as stored
from lokpanchang.storage.jobs import JobRecord
from lokpanchang.storage.states import JobRunOutcome, JobStatus

J = JobStatus

KINDS = ("announcement", "report", "backfill")
AUDIENCES = ("all", "zone", "subscriber")
STALE_RUNNING = timedelta(minutes=30)


class JobError(ValueError):
    """A job definition that cannot run; the message names the bad value."""


def validate(
    kind: str, payload: dict, run_at: datetime | None, cron: str | None, cron_zone: str
) -> None:
    if kind not in KINDS:
        raise JobError(f"job kind {kind!r} is not one of {', '.join(KINDS)}")
    if (run_at is None) == (cron is None):
        raise JobError("give exactly one of a run time (--at) or a cron expression (--cron)")
    if cron is not None and not croniter.is_valid(cron):
        raise JobError(f"cron expression {cron!r} is not valid (e.g. '30 6 * * *')")
    if run_at is not None and run_at.tzinfo is None:
        raise JobError(f"run time {run_at.isoformat()} has no time zone; give UTC, e.g. ...Z")
    _zone(cron_zone, "cron zone")
    {
        "announcement": _check_announcement,
        "backfill": _check_backfill,
        "report": lambda _payload: None,
    }[kind](payload)


def _zone(name: str, what: str) -> ZoneInfo:
    try:
        return parse_zone(name)
    except ValueError as exc:
        raise JobError(f"{what}: {exc}") from None


def _check_announcement(payload: dict) -> None:
    audience = payload.get("audience")
    if audience not in AUDIENCES:
        raise JobError(f"announcement audience {audience!r} is not one of {', '.join(AUDIENCES)}")
    if not str(payload.get("text", "")).strip():
        raise JobError("an announcement needs a non-empty text")
    if audience == "zone":
        _zone(str(payload.get("zone")), "announcement zone")
    if audience == "subscriber" and not isinstance(payload.get("subscriber_id"), int):
        raise JobError(f"subscriber id {payload.get('subscriber_id')!r} is not a number")


def _check_backfill(payload: dict) -> None:
    _zone(str(payload.get("zone")), "backfill zone")
    try:
        date.fromisoformat(str(payload.get("date")))
    except ValueError:
        raise JobError(f"backfill date {payload.get('date')!r} is not YYYY-MM-DD") from None


def next_cron_instant(cron: str, zone: str, after: datetime) -> datetime:
    """The first instant after ``after`` matching ``cron`` read as wall time in ``zone`` (UTC)."""
    local_after = after.astimezone(ZoneInfo(zone))
    return croniter(cron, local_after).get_next(datetime).astimezone(UTC)


def create_job(
    url: str,
    now: datetime,
    *,
    kind: str,
    payload: dict,
    name: str = "",
    run_at: datetime | None = None,
    cron: str | None = None,
    cron_zone: str = "UTC",
) -> int:
    validate(kind, payload, run_at, cron, cron_zone)
    first = run_at.astimezone(UTC) if run_at else next_cron_instant(cron or "", cron_zone, now)
    return stored.insert_job(
        url,
        now,
        name=name,
        kind=kind,
        payload=payload,
        cron=cron,
        cron_zone=cron_zone,
        next_run_at=first,
    )


def list_jobs(url: str) -> list[JobRecord]:
    return stored.all_jobs(url)


def set_paused(url: str, job_id: int, paused: bool, now: datetime) -> JobRecord:
    """Pause an active job, or resume a paused one (a cron job resumes at its next instant)."""
    wanted_from, wanted_to = (J.ACTIVE, J.PAUSED) if paused else (J.PAUSED, J.ACTIVE)
    job = stored.job(url, job_id)
    if job is None:
        raise JobError(f"no scheduled job with id {job_id}")
    values = {}
    if not paused and job.cron and job.next_run_at is not None and job.next_run_at < now:
        values["next_run_at"] = next_cron_instant(job.cron, job.cron_zone, now)
    if not stored.change_status(url, job_id, wanted_to, wanted_from, **values):
        now_is = stored.job(url, job_id) or job
        raise JobError(f"job {job_id} is {now_is.status}, not {wanted_from}")
    return stored.job(url, job_id) or job


due_jobs = stored.due
claim = stored.claim
unclaim = stored.unclaim
open_job = stored.open_job


def finish(
    url: str, job_id: int, due_at: datetime, worker: str, now: datetime, outcome: str, detail: dict
) -> None:
    """Record the run and schedule the next instant (cron) or close the job (one-off)."""
    stored.finish(
        url, job_id, due_at, worker, now, JobRunOutcome(outcome), detail, next_cron_instant
    )


def release_stale(url: str, now: datetime) -> int:
    """Jobs left 'running' by a dead worker go back to 'active' for the same instant."""
    return stored.release_stale(url, now - STALE_RUNNING)


def dispatch_due_jobs(
    url: str, now: datetime, worker: str, start: Callable[[int, datetime], None]
) -> list[int]:
    """Claim every due job and hand each claimed (id, instant) to ``start``."""
    release_stale(url, now)
    claimed = []
    for job_id, due_at in due_jobs(url, now):
        if claim(url, job_id, due_at, worker, now):
            start(job_id, due_at)
            claimed.append(job_id)
    return claimed
