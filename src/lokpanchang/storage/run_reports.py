"""Broadcast runs as the portal shows them: each run with its ledger counts, and the failed
rows of a run or a day grouped by error code. Plain records out (``storage.records``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date, datetime

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from lokpanchang.storage.db import transaction
from lokpanchang.storage.models import BroadcastRun, MessageLog, UserDetail
from lokpanchang.storage.records import RunRecord, record
from lokpanchang.storage.states import (
    DELIVERED_LEDGER,
    FAILED_LEDGER,
    SENT_LEDGER,
    LedgerStatus,
    RunStatus,
)

PAGE_SIZE = 50


@dataclass
class RunSummary:
    run: RunRecord
    counts: Counter = field(default_factory=Counter)
    late: int = 0

    @property
    def sent(self) -> int:
        return sum(self.counts[s] for s in SENT_LEDGER)

    @property
    def delivered(self) -> int:
        return sum(self.counts[s] for s in DELIVERED_LEDGER)

    @property
    def failed(self) -> int:
        return sum(self.counts[s] for s in FAILED_LEDGER)

    @property
    def missed(self) -> int:
        if self.run.status == RunStatus.MISSED:
            return max(self.counts[LedgerStatus.MISSED], self.run.total, self.run.skipped)
        return self.counts[LedgerStatus.MISSED]


def runs_between(url: str, start: datetime, end: datetime) -> list[RunSummary]:
    """Runs due in [start, end), earliest first, with their ledger counts."""
    query = (
        select(BroadcastRun)
        .where(BroadcastRun.due_at >= start, BroadcastRun.due_at < end)
        .order_by(BroadcastRun.due_at, BroadcastRun.timezone)
    )
    with transaction(url) as session:
        return _summaries(session, session.scalars(query).all())


def run_summary(url: str, run_id: int) -> RunSummary | None:
    """One run with its counts; None when there is no such run."""
    with transaction(url) as session:
        run = session.get(BroadcastRun, run_id)
        return _summaries(session, [run])[0] if run is not None else None


def _summaries(session: Session, runs: Sequence[BroadcastRun]) -> list[RunSummary]:
    summaries: dict[int | None, RunSummary] = {
        run.id: RunSummary(record(RunRecord, run)) for run in runs
    }
    if not summaries:
        return []
    rows = session.execute(
        select(MessageLog.run_id, MessageLog.status, MessageLog.late, func.count())
        .where(MessageLog.run_id.in_(summaries))
        .group_by(MessageLog.run_id, MessageLog.status, MessageLog.late)
    )
    for run_id, status, late, n in rows:
        summaries[run_id].counts[status] += n
        summaries[run_id].late += n if late else 0
    return list(summaries.values())


def runs_page(
    url: str, zone: str, day: date | None, status: str, page: int
) -> tuple[list[RunSummary], int]:
    """One page of runs (latest first) matching the filters, and how many match in all."""
    query = select(BroadcastRun)
    if zone:
        query = query.where(BroadcastRun.timezone == zone)
    if day:
        query = query.where(BroadcastRun.local_date == day)
    if status:
        query = query.where(BroadcastRun.status == status)
    with transaction(url) as session:
        total = session.scalar(select(func.count()).select_from(query.subquery())) or 0
        runs = session.scalars(
            query.order_by(BroadcastRun.due_at.desc(), BroadcastRun.timezone)
            .offset((page - 1) * PAGE_SIZE)
            .limit(PAGE_SIZE)
        ).all()
        return _summaries(session, runs), total


def run_zones(url: str) -> list[str]:
    """Every zone that has had a run, sorted."""
    query = select(BroadcastRun.timezone).distinct().order_by(BroadcastRun.timezone)
    with transaction(url) as session:
        return [zone for zone in session.scalars(query) if zone]


@dataclass(frozen=True)
class Failure:
    """A failed ledger row and whom it was for."""

    user_id: int
    address: str
    timezone: str
    local_date: date
    failed_at: datetime | None
    error_detail: str | None


@dataclass
class FailureGroup:
    error_code: int | None
    rows: list[Failure] = field(default_factory=list)

    @property
    def sample_detail(self) -> str:
        return next((row.error_detail for row in self.rows if row.error_detail), "")


def failures_by_code(
    url: str, run_id: int | None = None, day: date | None = None
) -> list[FailureGroup]:
    """Failed ledger rows (of a run, or of a local date) grouped by the channel's error code,
    the largest group first."""
    query = (
        select(MessageLog, UserDetail)
        .join(UserDetail, MessageLog.user_id == UserDetail.id)
        .where(MessageLog.status.in_(FAILED_LEDGER))
    )
    if run_id is not None:
        query = query.where(MessageLog.run_id == run_id)
    if day is not None:
        query = query.where(MessageLog.local_date == day)
    groups: dict[int | None, FailureGroup] = {}
    with transaction(url) as session:
        for row, user in session.execute(query.order_by(MessageLog.error_code, MessageLog.id)):
            group = groups.setdefault(row.error_code, FailureGroup(row.error_code))
            group.rows.append(_failure(row, user))
    return sorted(groups.values(), key=lambda g: (-len(g.rows), g.error_code or 0))


def _failure(row: MessageLog, user: UserDetail) -> Failure:
    return Failure(
        user.id, user.address, row.timezone, row.local_date, row.failed_at, row.error_detail
    )
