"""What the weekly report reads: the all-zones daily_metrics rows of the week, the lateness of
its sent messages and its failures by error code. Plain values out."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from lokpanchang.storage.db import transaction
from lokpanchang.storage.models import DailyMetrics, MessageLog
from lokpanchang.storage.records import record
from lokpanchang.storage.states import FAILED_LEDGER


@dataclass(frozen=True)
class DayTotals:
    """One day's all-zones ``daily_metrics`` row (its meaning: ``ops.daily_metrics.counts``)."""

    day: date
    sent: int
    delivered: int
    read: int
    failed: int
    blocked: int
    late: int
    missed: int
    missed_runs: int
    ambiguous: int
    new_subscribers: int
    unsubscribed: int
    active_subscribers: int
    zones_served: int


@dataclass(frozen=True)
class Week:
    totals: dict[date, DayTotals]
    lateness_seconds: list[float]  # sent_at - scheduled_at of each sent message, never < 0
    failures: dict[str, int]  # failed rows by error code ("none": without one), largest first


def week(url: str, first: date, last: date) -> Week:
    """What the report of the local dates ``first``..``last`` (inclusive) shows."""
    with transaction(url) as session:
        totals = session.scalars(
            select(DailyMetrics).where(
                DailyMetrics.timezone == "", DailyMetrics.day.between(first, last)
            )
        )
        by_day = {row.day: record(DayTotals, row) for row in totals}
        return Week(by_day, _lateness(session, first, last), _failures(session, first, last))


def _lateness(session: Session, first: date, last: date) -> list[float]:
    return lateness(
        session, MessageLog.local_date.between(first, last), MessageLog.sent_at.is_not(None)
    )


def lateness(session: Session, *conditions) -> list[float]:
    """``sent_at - scheduled_at`` in seconds (never below 0) of the ledger rows matching
    ``conditions`` that have both."""
    query = select(MessageLog.scheduled_at, MessageLog.sent_at).where(
        *conditions, MessageLog.scheduled_at.is_not(None)
    )
    return [seconds(due, sent, floor=0.0) for due, sent in session.execute(query)]


def seconds(start: datetime | None, end: datetime | None, floor: float | None = None) -> float:
    """Seconds from ``start`` to ``end`` (both present: the queries ask for it)."""
    assert start is not None and end is not None
    elapsed = (end - start).total_seconds()
    return elapsed if floor is None else max(elapsed, floor)


def _failures(session: Session, first: date, last: date) -> dict[str, int]:
    query = (
        select(MessageLog.error_code, func.count())
        .where(MessageLog.local_date.between(first, last), MessageLog.status.in_(FAILED_LEDGER))
        .group_by(MessageLog.error_code)
        .order_by(func.count().desc())
    )
    return {str(code) if code is not None else "none": n for code, n in session.execute(query)}
