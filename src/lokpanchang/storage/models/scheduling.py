"""What runs when: operator-defined scheduled jobs and their runs, beat entries' last
outcomes, and the database locks of the embedded mode."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    JSON,
    CheckConstraint,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column

from lokpanchang.storage.models.base import Base, UTCDateTime
from lokpanchang.storage.states import BeatOutcome, JobRunOutcome, JobStatus, check_constraint


class ScheduledJob(Base):
    """An operator-defined job: run once at ``next_run_at`` (UTC) or by ``cron`` in ``cron_zone``.

    ``kind``: announcement (payload audience all/zone/subscriber), report, backfill (zone, date).
    ``status``: active, paused, running, done, failed. A dispatcher claims a due row with a
    conditional UPDATE on (id, next_run_at, status='active'), so one job runs once per instant.
    """

    __tablename__ = "scheduled_job"
    __table_args__ = (
        Index("ix_scheduled_job_due", "status", "next_run_at"),
        CheckConstraint(check_constraint("status", JobStatus), name="ck_scheduled_job_status"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(200), default="")
    kind: Mapped[str] = mapped_column(String(20))
    payload: Mapped[dict] = mapped_column(JSON, default=dict)
    cron: Mapped[str | None] = mapped_column(String(120))
    cron_zone: Mapped[str] = mapped_column(String(64), default="UTC")
    next_run_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    status: Mapped[str] = mapped_column(String(16), default="active")
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    last_run_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    claimed_by: Mapped[str | None] = mapped_column(String(200))
    run_count: Mapped[int] = mapped_column(Integer, default=0)
    last_error: Mapped[str | None] = mapped_column(Text)


class ScheduledJobRun(Base):
    """One execution of a scheduled job: when, by whom, and what came of it."""

    __tablename__ = "scheduled_job_run"
    __table_args__ = (
        UniqueConstraint("job_id", "due_at", name="uq_scheduled_job_run_due"),
        CheckConstraint(
            check_constraint("outcome", JobRunOutcome), name="ck_scheduled_job_run_outcome"
        ),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    job_id: Mapped[int] = mapped_column(ForeignKey("scheduled_job.id"), index=True)
    due_at: Mapped[datetime] = mapped_column(UTCDateTime)
    claimed_by: Mapped[str] = mapped_column(String(200))
    started_at: Mapped[datetime] = mapped_column(UTCDateTime)
    finished_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    outcome: Mapped[str] = mapped_column(String(16), default="running")
    detail: Mapped[dict] = mapped_column(JSON, default=dict)


class BeatEntryStatus(Base):
    """Last start, finish and outcome of each beat entry, written by Celery signals."""

    __tablename__ = "beat_entry_status"
    __table_args__ = (
        CheckConstraint(
            f"last_outcome IS NULL OR {check_constraint('last_outcome', BeatOutcome)}",
            name="ck_beat_entry_status_last_outcome",
        ),
    )

    key: Mapped[str] = mapped_column(String(100), primary_key=True)
    task: Mapped[str] = mapped_column(String(200))
    last_started_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    last_finished_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    last_outcome: Mapped[str | None] = mapped_column(String(16))
    last_error: Mapped[str | None] = mapped_column(Text)
    last_task_id: Mapped[str | None] = mapped_column(String(64))
    last_duration_s: Mapped[float | None] = mapped_column(Float)


class SchedulerLock(Base):
    """Locks in the database for the embedded mode (Redis ``SET NX EX`` otherwise)."""

    __tablename__ = "scheduler_lock"

    key: Mapped[str] = mapped_column(String(200), primary_key=True)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime)
