"""Read-only queries behind the portal's pages. Every function takes ``now`` explicitly.

"Today" on the dashboard is the UTC day containing ``now``: zones' local days overlap it,
so counts are by the instant a message was sent or failed, not by its local date.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta

from sqlalchemy import func, or_, select
from sqlalchemy.orm import Session

from lokpanchang.broadcast.adhoc import backfill_rows
from lokpanchang.storage.models import (
    BroadcastRun,
    CityDetail,
    MessageLog,
    ScheduledJob,
    ScheduledJobRun,
    UserDetail,
)
from lokpanchang.storage.states import (
    DELIVERED_LEDGER,
    FAILED_LEDGER,
    SENT_LEDGER,
    LedgerStatus,
    RunStatus,
)

PAGE_SIZE = 50


def utc_day_start(now: datetime) -> datetime:
    return datetime.combine(now.astimezone(UTC).date(), time(0), tzinfo=UTC)


def active_filter(now: datetime):
    return UserDetail.obsoleted_on > now


@dataclass(frozen=True)
class Kpis:
    active: int
    new_last_day: int
    sent_today: int
    failed_today: int
    popular_zone: str | None
    popular_zone_count: int
    blocked_today: int = 0  # refused by WhatsApp's policy (marketing to +1, per-user cap)
    deferred_today: int = 0  # held back by the messaging limit


def kpis(session: Session, now: datetime) -> Kpis:
    day_start = utc_day_start(now)
    zone = session.execute(
        select(UserDetail.timezone, func.count().label("n"))
        .where(active_filter(now), UserDetail.timezone.is_not(None))
        .group_by(UserDetail.timezone)
        .order_by(func.count().desc(), UserDetail.timezone)
        .limit(1)
    ).first()
    return Kpis(
        active=_count_users(session, active_filter(now)),
        new_last_day=_count_users(session, UserDetail.created_on > now - timedelta(hours=24)),
        sent_today=_count_messages(
            session, MessageLog.sent_at >= day_start, MessageLog.status.in_(SENT_LEDGER)
        ),
        failed_today=_count_messages(
            session, MessageLog.failed_at >= day_start, MessageLog.status.in_(FAILED_LEDGER)
        ),
        popular_zone=zone[0] if zone else None,
        popular_zone_count=zone[1] if zone else 0,
        blocked_today=_count_messages(
            session, MessageLog.failed_at >= day_start, MessageLog.status == LedgerStatus.BLOCKED
        ),
        deferred_today=_count_messages(
            session,
            MessageLog.scheduled_at >= day_start,
            MessageLog.status == LedgerStatus.DEFERRED,
        ),
    )


def _count_messages(session: Session, *conditions) -> int:
    return session.scalar(select(func.count(MessageLog.id)).where(*conditions)) or 0


def _count_users(session: Session, condition) -> int:
    return session.scalar(select(func.count(UserDetail.id)).where(condition)) or 0


@dataclass
class RunSummary:
    run: BroadcastRun
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


def runs_between(session: Session, start: datetime, end: datetime) -> list[RunSummary]:
    """Runs due in [start, end), earliest first, with their ledger counts."""
    runs = session.scalars(
        select(BroadcastRun)
        .where(BroadcastRun.due_at >= start, BroadcastRun.due_at < end)
        .order_by(BroadcastRun.due_at, BroadcastRun.timezone)
    ).all()
    return summarise_runs(session, runs)


def summarise_runs(session: Session, runs) -> list[RunSummary]:
    summaries = {run.id: RunSummary(run) for run in runs}
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


def runs_page(session: Session, zone: str, day: date | None, status: str, page: int):
    query = select(BroadcastRun)
    if zone:
        query = query.where(BroadcastRun.timezone == zone)
    if day:
        query = query.where(BroadcastRun.local_date == day)
    if status:
        query = query.where(BroadcastRun.status == status)
    total = session.scalar(select(func.count()).select_from(query.subquery())) or 0
    runs = session.scalars(
        query.order_by(BroadcastRun.due_at.desc(), BroadcastRun.timezone)
        .offset((page - 1) * PAGE_SIZE)
        .limit(PAGE_SIZE)
    ).all()
    return summarise_runs(session, runs), total


@dataclass(frozen=True)
class DayBar:
    day: date
    delivered: int
    sent: int
    failed: int


def daily_delivery(session: Session, today: date, days: int = 30) -> list[DayBar]:
    """Ledger rows per local date for the ``days`` days ending ``today``, oldest first."""
    first = today - timedelta(days=days - 1)
    rows = session.execute(
        select(MessageLog.local_date, MessageLog.status, func.count())
        .where(MessageLog.local_date >= first, MessageLog.local_date <= today)
        .group_by(MessageLog.local_date, MessageLog.status)
    )
    by_day: dict[date, Counter] = defaultdict(Counter)
    for day, status, n in rows:
        by_day[day][status] += n
    return [_bar(first + timedelta(days=i), by_day[first + timedelta(days=i)]) for i in range(days)]


def _bar(day: date, counts: Counter) -> DayBar:
    return DayBar(
        day,
        sum(counts[s] for s in DELIVERED_LEDGER),
        counts[LedgerStatus.SENT],
        sum(counts[s] for s in FAILED_LEDGER),
    )


@dataclass(frozen=True)
class SubscriberFilter:
    text: str = ""
    zone: str = ""
    city: str = ""
    status: str = ""
    language: str = ""


def subscribers_page(session: Session, wanted: SubscriberFilter, now: datetime, page: int):
    query = _subscriber_query(wanted, now)
    total = session.scalar(select(func.count()).select_from(query.subquery())) or 0
    users = (
        session.scalars(
            query.order_by(UserDetail.id).offset((page - 1) * PAGE_SIZE).limit(PAGE_SIZE)
        )
        .unique()
        .all()
    )
    return users, total


def _subscriber_query(wanted: SubscriberFilter, now: datetime):
    query = select(UserDetail).outerjoin(CityDetail, UserDetail.city_id == CityDetail.id)
    if wanted.text:
        like = f"%{wanted.text}%"
        query = query.where(or_(UserDetail.phone.like(like), UserDetail.display_name.ilike(like)))
    if wanted.zone:
        query = query.where(UserDetail.timezone == wanted.zone)
    if wanted.city:
        query = query.where(CityDetail.city.ilike(f"%{wanted.city}%"))
    if wanted.language:
        query = query.where(UserDetail.language == wanted.language)
    return _with_status(query, wanted.status, now)


def _with_status(query, status: str, now: datetime):
    if status == "active":
        return query.where(UserDetail.obsoleted_on > now)
    if status == "stopped":
        return query.where(UserDetail.obsoleted_on <= now, UserDetail.disabled_reason.is_(None))
    if status == "disabled":
        return query.where(UserDetail.obsoleted_on <= now, UserDetail.disabled_reason.is_not(None))
    return query


def subscriber_status(user: UserDetail, now: datetime) -> str:
    if user.is_active(now):
        return "active"
    return "disabled" if user.disabled_reason else "stopped"


def distinct_values(session: Session, column) -> list[str]:
    return [v for v in session.scalars(select(column).distinct().order_by(column)) if v]


def ledger_history(session: Session, user_id: int, limit: int = 60) -> Sequence[MessageLog]:
    return session.scalars(
        select(MessageLog)
        .where(MessageLog.user_id == user_id)
        .order_by(MessageLog.local_date.desc())
        .limit(limit)
    ).all()


@dataclass
class FailureGroup:
    error_code: int | None
    rows: list = field(default_factory=list)

    @property
    def sample_detail(self) -> str:
        return next((r.error_detail for r, _ in self.rows if r.error_detail), "")


def failures_by_code(session: Session, run_id: int | None = None, day: date | None = None):
    """Failed ledger rows grouped by WhatsApp error code, each with its subscriber."""
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
    for row, user in session.execute(query.order_by(MessageLog.error_code, MessageLog.id)):
        groups.setdefault(row.error_code, FailureGroup(row.error_code)).rows.append((row, user))
    return sorted(groups.values(), key=lambda g: (-len(g.rows), g.error_code or 0))


@dataclass
class JobSummary:
    """A scheduled job, its latest run, and (while a backfill is unfinished) its ledger rows
    by status so far."""

    job: ScheduledJob
    last_run: ScheduledJobRun | None
    progress: dict[str, int] = field(default_factory=dict)


def recent_jobs(session: Session, limit: int = 100) -> list[JobSummary]:
    found = list(
        session.scalars(select(ScheduledJob).order_by(ScheduledJob.id.desc()).limit(limit))
    )
    runs = session.scalars(
        select(ScheduledJobRun)
        .where(ScheduledJobRun.job_id.in_([job.id for job in found]))
        .order_by(ScheduledJobRun.id)
    )
    latest = {run.job_id: run for run in runs}  # ordered by id: the last one per job wins
    return [JobSummary(job, latest.get(job.id), _progress(session, job)) for job in found]


def _progress(session: Session, job: ScheduledJob) -> dict[str, int]:
    if job.kind != "backfill" or job.status not in ("active", "running"):
        return {}
    rows = backfill_rows(job.payload["zone"], date.fromisoformat(job.payload["date"]))
    query = (
        select(MessageLog.status, func.count())
        .where(rows)
        .group_by(MessageLog.status)
        .order_by(MessageLog.status)
    )
    return dict(session.execute(query).all())


@dataclass(frozen=True)
class KindCount:
    """Today's messages of one kind (daily, welcome, backfill, manual): sent and failed."""

    kind: str
    sent: int
    failed: int


def sends_by_kind(session: Session, now: datetime) -> list[KindCount]:
    """Every kind of send since the UTC day began, by the instant it was sent or failed."""
    day_start = utc_day_start(now)
    sent = dict(
        _by_kind(session, MessageLog.sent_at >= day_start, MessageLog.status.in_(SENT_LEDGER))
    )
    failed = dict(
        _by_kind(session, MessageLog.failed_at >= day_start, MessageLog.status.in_(FAILED_LEDGER))
    )
    kinds = sorted(set(sent) | set(failed))
    return [KindCount(kind, sent.get(kind, 0), failed.get(kind, 0)) for kind in kinds]


def _by_kind(session: Session, *conditions) -> list[tuple[str, int]]:
    query = select(MessageLog.kind, func.count()).where(*conditions).group_by(MessageLog.kind)
    return [(kind, n) for kind, n in session.execute(query)]
