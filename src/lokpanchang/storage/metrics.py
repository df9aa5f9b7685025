"""SQL for the daily_metrics table: a row per (local date, zone) counted from the ledger, the
runs and the subscribers (what the counts mean: ``ops.daily_metrics.counts``), upserted so a
re-run updates in place; and the retention cleanup of the metrics tables.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from sqlalchemy import and_, delete, func, or_, select
from sqlalchemy.orm import Session

from lokpanchang.storage.db import affected_rows, transaction
from lokpanchang.storage.models import (
    ApiUsageLog,
    BroadcastRun,
    DailyMetrics,
    MessageLog,
    SystemHealthLog,
    UserDetail,
)
from lokpanchang.storage.states import FAILED_LEDGER, LedgerStatus, RunStatus
from lokpanchang.storage.upsert import upsert

# The states of storage.states the daily metrics count.
MISSED_RUN_STATUS = RunStatus.MISSED
MISSED_LEDGER = LedgerStatus.MISSED
AMBIGUOUS_LEDGER = LedgerStatus.AMBIGUOUS
COUNTERS = (
    "sent",
    "delivered",
    "read",
    "failed",
    "late",
    "missed",
    "missed_runs",
    "ambiguous",
    "blocked",
    "new_subscribers",
    "unsubscribed",
    "active_subscribers",
    "zones_served",
)


def local_day_bounds(day: date, zone: str) -> tuple[datetime, datetime]:
    """[start, end) of ``day`` in ``zone`` as UTC instants (DST-length days included)."""
    tz = ZoneInfo(zone)
    start = datetime.combine(day, time(0), tz).astimezone(UTC)
    end = datetime.combine(day + timedelta(days=1), time(0), tz).astimezone(UTC)
    return start, end


def ledger_counts(session: Session, day: date) -> dict[str, dict[str, int]]:
    sent = MessageLog.sent_at.is_not(None)
    late = or_(MessageLog.late.is_(True), BroadcastRun.late.is_(True))
    query = (
        select(
            MessageLog.timezone,
            func.count().filter(sent),
            func.count().filter(MessageLog.delivered_at.is_not(None)),
            func.count().filter(MessageLog.read_at.is_not(None)),
            func.count().filter(MessageLog.status.in_(FAILED_LEDGER)),
            func.count().filter(and_(sent, late)),
            func.count().filter(MessageLog.status == MISSED_LEDGER),
            func.count().filter(MessageLog.status == AMBIGUOUS_LEDGER),
            func.count().filter(MessageLog.status == LedgerStatus.BLOCKED),
        )
        .outerjoin(BroadcastRun, BroadcastRun.id == MessageLog.run_id)
        .where(MessageLog.local_date == day)
        .group_by(MessageLog.timezone)
    )
    names = ("sent", "delivered", "read", "failed", "late", "missed", "ambiguous", "blocked")
    return {zone: dict(zip(names, counts)) for zone, *counts in session.execute(query)}


def missed_runs(session: Session, day: date) -> dict[str, int]:
    query = (
        select(BroadcastRun.timezone, func.count())
        .where(BroadcastRun.local_date == day, BroadcastRun.status == MISSED_RUN_STATUS)
        .group_by(BroadcastRun.timezone)
    )
    return dict(session.execute(query).all())


def subscriber_counts(session: Session, day: date, zone: str) -> dict[str, int]:
    start, end = local_day_bounds(day, zone)
    created, gone = UserDetail.created_on, UserDetail.obsoleted_on
    query = select(
        func.count().filter(and_(created >= start, created < end)),
        func.count().filter(and_(gone >= start, gone < end)),
        func.count().filter(and_(created < end, gone >= end)),
    ).where(UserDetail.timezone == zone)
    new, unsubscribed, active = session.execute(query).one()
    return {"new_subscribers": new, "unsubscribed": unsubscribed, "active_subscribers": active}


def zones_for(session: Session, day: date, ledger: dict, missed: dict) -> list[str]:
    users = session.scalars(
        select(UserDetail.timezone).where(UserDetail.timezone.is_not(None)).distinct()
    )
    return sorted({*ledger, *missed, *users} - {"", None})


def zone_row(session: Session, day: date, zone: str, ledger: dict, missed: dict) -> dict:
    counts = dict.fromkeys(COUNTERS, 0)
    counts.update(ledger.get(zone, {}))
    counts["missed_runs"] = int(missed.get(zone, 0))
    counts.update(subscriber_counts(session, day, zone))
    counts["zones_served"] = 1 if counts["sent"] else 0
    return {"day": day, "timezone": zone, **counts}


def all_zones_row(day: date, rows: list[dict]) -> dict:
    totals = {name: sum(row[name] for row in rows) for name in COUNTERS}
    return {"day": day, "timezone": "", **totals}


def compute_day(session: Session, day: date) -> list[dict]:
    """The per-zone rows and the all-zones row for one local date."""
    ledger, missed = ledger_counts(session, day), missed_runs(session, day)
    rows = [
        zone_row(session, day, zone, ledger, missed)
        for zone in zones_for(session, day, ledger, missed)
    ]
    rows = [row for row in rows if any(row[name] for name in COUNTERS)]
    return rows + [all_zones_row(day, rows)]


def write_days(url: str, days: list[date], now: datetime) -> int:
    """Recompute and upsert the rows of ``days``; how many rows were written."""
    written = 0
    with transaction(url) as session:
        for day in days:
            rows = [{**row, "updated_at": now} for row in compute_day(session, day)]
            upsert(session, DailyMetrics.__table__, rows, keys=("day", "timezone"))
            written += len(rows)
    return written


def delete_older_than(url: str, cutoff: datetime) -> dict[str, int]:
    """Delete metrics, health and API-usage rows from before ``cutoff``; rows deleted per table."""
    with transaction(url) as session:
        return {
            "daily_metrics": affected_rows(
                session.execute(delete(DailyMetrics).where(DailyMetrics.day < cutoff.date()))
            ),
            "system_health_log": affected_rows(
                session.execute(delete(SystemHealthLog).where(SystemHealthLog.recorded_at < cutoff))
            ),
            "api_usage_log": affected_rows(
                session.execute(delete(ApiUsageLog).where(ApiUsageLog.recorded_at < cutoff))
            ),
        }
