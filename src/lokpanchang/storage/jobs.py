"""SQL for operator-defined jobs (``scheduled_job``) and their runs (``scheduled_job_run``).

A dispatcher claims a due job with one conditional UPDATE (``WHERE id=? AND next_run_at=?
AND status='active'``): of two dispatchers racing, exactly one changes the row, so one job
instant runs once. A run row, unique per (job, instant), records each execution. What a
job means (kinds, cron instants, validation) is ``ops.jobs``'; every status change here
is one the table of moves allows (``storage.states.JOB_MOVES``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime

from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from lokpanchang.storage import ledger
from lokpanchang.storage.db import affected_rows, transaction
from lokpanchang.storage.models import MessageLog, ScheduledJob, ScheduledJobRun
from lokpanchang.storage.records import record
from lokpanchang.storage.states import (
    OPEN_JOBS,
    JobRunOutcome,
    JobStatus,
    check_move,
)

J = JobStatus


@dataclass(frozen=True)
class JobRecord:
    id: int
    name: str
    kind: str
    payload: dict
    cron: str | None
    cron_zone: str
    next_run_at: datetime | None
    status: str
    created_at: datetime
    last_run_at: datetime | None
    claimed_by: str | None
    run_count: int
    last_error: str | None


@dataclass(frozen=True)
class JobRunRecord:
    id: int
    job_id: int
    due_at: datetime
    claimed_by: str
    started_at: datetime
    finished_at: datetime | None
    outcome: str
    detail: dict


def insert_job(url: str, now: datetime, **values) -> int:
    """A new active job (``values``: name, kind, payload, cron, cron_zone, next_run_at)."""
    with transaction(url) as session:
        job = ScheduledJob(status=J.ACTIVE, created_at=now, run_count=0, **values)
        session.add(job)
        session.flush()
        return job.id


def all_jobs(url: str) -> list[JobRecord]:
    with transaction(url) as session:
        jobs = session.scalars(select(ScheduledJob).order_by(ScheduledJob.id))
        return [record(JobRecord, job) for job in jobs]


def job(url: str, job_id: int) -> JobRecord | None:
    with transaction(url) as session:
        found = session.get(ScheduledJob, job_id)
        return record(JobRecord, found) if found is not None else None


def change_status(url: str, job_id: int, target: JobStatus, only_from: JobStatus, **values) -> bool:
    """Move the job from ``only_from`` to ``target`` (with ``values``); False when it is no
    longer in ``only_from``."""
    statement = (
        update(ScheduledJob)
        .where(ScheduledJob.id == job_id, _moving(only_from, target))
        .values(status=target, **values)
    )
    with transaction(url) as session:
        return affected_rows(session.execute(statement)) == 1


def _moving(current: JobStatus, target: JobStatus):
    """``status = current``, for an UPDATE to ``target`` that the table of moves allows."""
    check_move(current, target)
    return ScheduledJob.status == current


def due(url: str, now: datetime, limit: int = 100) -> list[tuple[int, datetime]]:
    """(id, instant) of active jobs due at ``now``, earliest first."""
    query = (
        select(ScheduledJob.id, ScheduledJob.next_run_at)
        .where(ScheduledJob.status == J.ACTIVE, ScheduledJob.next_run_at <= now)
        .order_by(ScheduledJob.next_run_at)
        .limit(limit)
    )
    with transaction(url) as session:
        return [(job_id, at) for job_id, at in session.execute(query) if at is not None]


def claim(url: str, job_id: int, due_at: datetime, worker: str, now: datetime) -> bool:
    """Take the job for its ``due_at`` instant; False when another dispatcher took it first."""
    statement = (
        update(ScheduledJob)
        .where(
            ScheduledJob.id == job_id,
            ScheduledJob.next_run_at == due_at,
            _moving(J.ACTIVE, J.RUNNING),
        )
        .values(status=J.RUNNING, claimed_by=worker, last_run_at=now)
    )
    with transaction(url) as session:
        if affected_rows(session.execute(statement)) != 1:
            return False
        _start_run(session, job_id, due_at, worker, now)
    return True


def _start_run(session: Session, job_id: int, due_at: datetime, worker: str, now: datetime):
    # A run row left by a worker that died is reused: one row per (job, instant).
    run = _run_row(session, job_id, due_at).one_or_none()
    if run is None:
        run = ScheduledJobRun(job_id=job_id, due_at=due_at, detail={})
        session.add(run)
    else:
        check_move(run.outcome, JobRunOutcome.RUNNING)
    run.claimed_by, run.started_at, run.outcome = worker, now, JobRunOutcome.RUNNING


def _run_row(session: Session, job_id: int, due_at: datetime):
    return session.scalars(
        select(ScheduledJobRun).where(
            ScheduledJobRun.job_id == job_id, ScheduledJobRun.due_at == due_at
        )
    )


def unclaim(url: str, job_id: int, worker: str) -> bool:
    """Give back ``worker``'s claim on a job whose run was never started (its task could not
    be enqueued): the job is active again for the same instant, for the next dispatcher pass."""
    statement = (
        update(ScheduledJob)
        .where(
            ScheduledJob.id == job_id,
            _moving(J.RUNNING, J.ACTIVE),
            ScheduledJob.claimed_by == worker,
        )
        .values(status=J.ACTIVE, claimed_by=None)
    )
    with transaction(url) as session:
        return affected_rows(session.execute(statement)) == 1


def release_stale(url: str, claimed_before: datetime) -> int:
    """Jobs left running since before ``claimed_before`` (a dead worker) go back to active
    for the same instant; how many."""
    statement = (
        update(ScheduledJob)
        .where(
            _moving(J.RUNNING, J.ACTIVE),
            ScheduledJob.last_run_at < claimed_before,
        )
        .values(status=J.ACTIVE, claimed_by=None)
    )
    with transaction(url) as session:
        return affected_rows(session.execute(statement))


def open_job(url: str, kind: str, name: str) -> int | None:
    """The id of an active or running job of ``kind`` named ``name``, if there is one."""
    query = (
        select(ScheduledJob.id)
        .where(
            ScheduledJob.kind == kind,
            ScheduledJob.name == name,
            ScheduledJob.status.in_(OPEN_JOBS),
        )
        .order_by(ScheduledJob.id)
        .limit(1)
    )
    with transaction(url) as session:
        return session.scalars(query).first()


NextInstant = Callable[[str, str, datetime], datetime]
"""(cron, cron zone, after) -> the cron's next instant after ``after`` (``ops.jobs``)."""


def finish(
    url: str,
    job_id: int,
    due_at: datetime,
    worker: str,
    now: datetime,
    outcome: JobRunOutcome,
    detail: dict,
    next_instant: NextInstant,
) -> None:
    """Record the run and schedule the next instant (cron) or close the job (one-off)."""
    with transaction(url) as session:
        job = session.get(ScheduledJob, job_id)
        run = _run_row(session, job_id, due_at).one()
        run.outcome = check_move(run.outcome, outcome)
        run.finished_at, run.detail = now, detail
        if job is None or job.status != J.RUNNING or job.claimed_by != worker:
            return  # released and claimed again meanwhile: leave the row to its new owner
        job.run_count += 1
        job.last_error = detail.get("error") if outcome == JobRunOutcome.FAILED else None
        job.claimed_by = None
        if job.cron:
            job.status = check_move(job.status, J.ACTIVE)
            job.next_run_at = next_instant(job.cron, job.cron_zone, max(now, due_at))
        else:
            done = J.DONE if outcome == JobRunOutcome.OK else J.FAILED
            job.status = check_move(job.status, done)


def job_and_run(
    url: str, job_id: int, due_at: datetime | None = None
) -> tuple[JobRecord | None, int | None]:
    """The job and the id of its run for ``due_at`` (by default its latest run)."""
    query = select(ScheduledJobRun.id).where(ScheduledJobRun.job_id == job_id)
    if due_at is not None:
        query = query.where(ScheduledJobRun.due_at == due_at)
    with transaction(url) as session:
        found = session.get(ScheduledJob, job_id)
        run_id = session.scalars(query.order_by(ScheduledJobRun.id.desc()).limit(1)).first()
        return (record(JobRecord, found) if found is not None else None), run_id


@dataclass
class JobSummary:
    """A scheduled job, its latest run, and (while a backfill is unfinished) its ledger rows
    by status so far."""

    job: JobRecord
    last_run: JobRunRecord | None
    progress: dict[str, int] = field(default_factory=dict)


def recent(url: str, limit: int = 100) -> list[JobSummary]:
    """The newest ``limit`` jobs, newest first, each with its latest run."""
    with transaction(url) as session:
        found = list(
            session.scalars(select(ScheduledJob).order_by(ScheduledJob.id.desc()).limit(limit))
        )
        runs = session.scalars(
            select(ScheduledJobRun)
            .where(ScheduledJobRun.job_id.in_([job.id for job in found]))
            .order_by(ScheduledJobRun.id)
        )
        latest = {run.job_id: run for run in runs}  # ordered by id: the last one per job wins
        return [_summary(session, job, latest.get(job.id)) for job in found]


def _summary(session: Session, job: ScheduledJob, run: ScheduledJobRun | None) -> JobSummary:
    last_run = record(JobRunRecord, run) if run is not None else None
    return JobSummary(record(JobRecord, job), last_run, _progress(session, job))


def _progress(session: Session, job: ScheduledJob) -> dict[str, int]:
    if job.kind != "backfill" or job.status not in OPEN_JOBS:
        return {}
    rows = ledger.backfill_rows(job.payload["zone"], date.fromisoformat(job.payload["date"]))
    query = (
        select(MessageLog.status, func.count())
        .where(rows)
        .group_by(MessageLog.status)
        .order_by(MessageLog.status)
    )
    return dict(session.execute(query).all())
