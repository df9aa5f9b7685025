"""The portal dashboard's numbers: headline counts, today's sends by kind, 30 days of delivery.

"Today" is the UTC day containing ``now``: zones' local days overlap it, so counts are by the
instant a message was sent or failed, not by its local date. Every function takes the
database URL and ``now`` explicitly and returns plain records.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from lokpanchang.storage import audience, quota
from lokpanchang.storage.db import transaction
from lokpanchang.storage.models import MessageLog, UserDetail
from lokpanchang.storage.states import (
    DELIVERED_LEDGER,
    FAILED_LEDGER,
    SENT_LEDGER,
    LedgerStatus,
)


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


def kpis(url: str, now: datetime) -> Kpis:
    with transaction(url) as session:
        return _kpis(session, now)


def _kpis(session: Session, now: datetime) -> Kpis:
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


def messaging_limit_used(url: str, now: datetime, tiered: tuple[str, ...]) -> int:
    """Unique subscribers counting against the messaging limit in the 24 h before ``now``
    (subscribers on the ``tiered`` channels)."""
    with transaction(url) as session:
        return quota.used(session, now, tiered)


def zone_send_times(url: str, now: datetime) -> list[tuple[str, time]]:
    """Distinct (zone, send time) of the subscribers active at ``now`` (the planner's input)."""
    with transaction(url) as session:
        return audience.active_zone_send_times(session, now)


def owed_since(url: str, now: datetime) -> dict[tuple[str, time], datetime]:
    """Since when each active (zone, send time) is owed its slots (the planner's rule)."""
    with transaction(url) as session:
        return audience.first_subscribed(session, now)


@dataclass(frozen=True)
class DayBar:
    day: date
    delivered: int
    sent: int
    failed: int


def daily_delivery(url: str, today: date, days: int = 30) -> list[DayBar]:
    """Ledger rows per local date for the ``days`` days ending ``today``, oldest first."""
    first = today - timedelta(days=days - 1)
    with transaction(url) as session:
        rows = session.execute(
            select(MessageLog.local_date, MessageLog.status, func.count())
            .where(MessageLog.local_date >= first, MessageLog.local_date <= today)
            .group_by(MessageLog.local_date, MessageLog.status)
        ).all()
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
class KindCount:
    """Today's messages of one kind (daily, welcome, backfill, manual): sent and failed."""

    kind: str
    sent: int
    failed: int


def sends_by_kind(url: str, now: datetime) -> list[KindCount]:
    """Every kind of send since the UTC day began, by the instant it was sent or failed."""
    day_start = utc_day_start(now)
    with transaction(url) as session:
        sent = _by_kind(session, MessageLog.sent_at >= day_start, SENT_LEDGER)
        failed = _by_kind(session, MessageLog.failed_at >= day_start, FAILED_LEDGER)
    kinds = sorted(set(sent) | set(failed))
    return [KindCount(kind, sent.get(kind, 0), failed.get(kind, 0)) for kind in kinds]


def _by_kind(session: Session, since, states) -> dict[str, int]:
    query = (
        select(MessageLog.kind, func.count())
        .where(since, MessageLog.status.in_(states))
        .group_by(MessageLog.kind)
    )
    return dict(session.execute(query).all())
