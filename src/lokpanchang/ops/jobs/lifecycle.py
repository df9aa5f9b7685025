"""Operator-defined schedules (the seed's "dynamic tasks from the database").

A job runs once at ``next_run_at`` (UTC) or repeatedly by a cron expression read in
``cron_zone``. The dispatcher claims a due job with one conditional UPDATE
(``WHERE id=? AND next_run_at=? AND status='active'``): of two dispatchers racing, exactly
one changes the row, so one job instant runs once. A ``scheduled_job_run`` row, unique per
(job, instant), records each execution and its outcome.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

from croniter import croniter
from sqlalchemy import select, update

from lokpanchang.config import parse_zone
from lokpanchang.storage.db import affected_rows, transaction
from lokpanchang.storage.models import ScheduledJob, ScheduledJobRun

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
    with transaction(url) as session:
        job = ScheduledJob(
            name=name,
            kind=kind,
            payload=payload,
            cron=cron,
            cron_zone=cron_zone,
            next_run_at=first,
            status="active",
            created_at=now,
            run_count=0,
        )
        session.add(job)
        session.flush()
        return job.id


def list_jobs(url: str) -> list[ScheduledJob]:
    with transaction(url) as session:
        return list(session.scalars(select(ScheduledJob).order_by(ScheduledJob.id)))


def set_paused(url: str, job_id: int, paused: bool, now: datetime) -> ScheduledJob:
    """Pause an active job, or resume a paused one (a cron job resumes at its next instant)."""
    wanted_from, wanted_to = ("active", "paused") if paused else ("paused", "active")
    with transaction(url) as session:
        job = session.get(ScheduledJob, job_id)
        if job is None:
            raise JobError(f"no scheduled job with id {job_id}")
        if job.status != wanted_from:
            raise JobError(f"job {job_id} is {job.status}, not {wanted_from}")
        job.status = wanted_to
        if not paused and job.cron and job.next_run_at is not None and job.next_run_at < now:
            job.next_run_at = next_cron_instant(job.cron, job.cron_zone, now)
        return job


def due_jobs(url: str, now: datetime, limit: int = 100) -> list[tuple[int, datetime]]:
    query = (
        select(ScheduledJob.id, ScheduledJob.next_run_at)
        .where(ScheduledJob.status == "active", ScheduledJob.next_run_at <= now)
        .order_by(ScheduledJob.next_run_at)
        .limit(limit)
    )
    with transaction(url) as session:
        return [(job_id, due) for job_id, due in session.execute(query) if due is not None]


def claim(url: str, job_id: int, due_at: datetime, worker: str, now: datetime) -> bool:
    """Take the job for its ``due_at`` instant; False when another dispatcher took it first."""
    statement = (
        update(ScheduledJob)
        .where(
            ScheduledJob.id == job_id,
            ScheduledJob.next_run_at == due_at,
            ScheduledJob.status == "active",
        )
        .values(status="running", claimed_by=worker, last_run_at=now)
    )
    with transaction(url) as session:
        if affected_rows(session.execute(statement)) != 1:
            return False
        _start_run(session, job_id, due_at, worker, now)
    return True


def unclaim(url: str, job_id: int, worker: str) -> bool:
    """Give back ``worker``'s claim on a job whose run was never started (its task could not
    be enqueued): the job is active again for the same instant, for the next dispatcher pass."""
    statement = (
        update(ScheduledJob)
        .where(
            ScheduledJob.id == job_id,
            ScheduledJob.status == "running",
            ScheduledJob.claimed_by == worker,
        )
        .values(status="active", claimed_by=None)
    )
    with transaction(url) as session:
        return affected_rows(session.execute(statement)) == 1


def open_job(url: str, kind: str, name: str) -> int | None:
    """The id of an active or running job of ``kind`` named ``name``, if there is one."""
    query = (
        select(ScheduledJob.id)
        .where(
            ScheduledJob.kind == kind,
            ScheduledJob.name == name,
            ScheduledJob.status.in_(("active", "running")),
        )
        .order_by(ScheduledJob.id)
        .limit(1)
    )
    with transaction(url) as session:
        return session.scalars(query).first()


def _start_run(session, job_id: int, due_at: datetime, worker: str, now: datetime) -> None:
    # A run row left by a worker that died is reused: one row per (job, instant).
    run = session.scalars(
        select(ScheduledJobRun).where(
            ScheduledJobRun.job_id == job_id, ScheduledJobRun.due_at == due_at
        )
    ).one_or_none()
    if run is None:
        run = ScheduledJobRun(job_id=job_id, due_at=due_at, detail={})
        session.add(run)
    run.claimed_by, run.started_at, run.outcome = worker, now, "running"


def finish(
    url: str, job_id: int, due_at: datetime, worker: str, now: datetime, outcome: str, detail: dict
) -> None:
    """Record the run and schedule the next instant (cron) or close the job (one-off)."""
    with transaction(url) as session:
        job = session.get(ScheduledJob, job_id)
        run = session.scalars(
            select(ScheduledJobRun).where(
                ScheduledJobRun.job_id == job_id, ScheduledJobRun.due_at == due_at
            )
        ).one()
        run.finished_at, run.outcome, run.detail = now, outcome, detail
        if job is None or job.status != "running" or job.claimed_by != worker:
            return  # paused or reclaimed meanwhile: leave the row to its new owner
        job.run_count += 1
        job.last_error = detail.get("error") if outcome == "failed" else None
        job.claimed_by = None
        if job.cron:
            job.status = "active"
            job.next_run_at = next_cron_instant(job.cron, job.cron_zone, max(now, due_at))
        else:
            job.status = "done" if outcome == "ok" else "failed"


def release_stale(url: str, now: datetime) -> int:
    """Jobs left 'running' by a dead worker go back to 'active' for the same instant."""
    statement = (
        update(ScheduledJob)
        .where(ScheduledJob.status == "running", ScheduledJob.last_run_at < now - STALE_RUNNING)
        .values(status="active", claimed_by=None)
    )
    with transaction(url) as session:
        return affected_rows(session.execute(statement))


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
