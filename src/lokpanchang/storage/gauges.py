"""What a Prometheus scrape reads (``ops.prometheus.collector``), in one short transaction.

Windows keep each scrape cheap: ledger counts cover local dates since yesterday (UTC),
lateness the sends of the last 24 h, run durations the runs finished in the last 7 days.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import func, or_, select
from sqlalchemy.orm import Session

from lokpanchang.storage import inbound_counts, quota, reports
from lokpanchang.storage.db import transaction
from lokpanchang.storage.models import BroadcastRun, MessageLog


@dataclass(frozen=True)
class Gauges:
    messages: list[tuple[str, int | None, int]]  # (status, error code, rows)
    late_sends: int
    runs: list[tuple[str, bool, int]]  # (status, late, runs)
    lateness_seconds: list[float]
    run_durations_seconds: list[float]
    messaging_limit_used: int
    inbound: list[tuple[str, str, str, int]]  # running counts (counter, channel, label, count)


def read(url: str, now: datetime, tiered: tuple[str, ...]) -> Gauges:
    """The gauges at ``now``; ``tiered`` are the channels with a messaging limit."""
    since = now.astimezone(UTC).date() - timedelta(days=1)
    with transaction(url) as session:
        return Gauges(
            messages=_messages(session, since),
            late_sends=_late_sends(session, since),
            runs=_runs(session, since),
            lateness_seconds=_lateness(session, now),
            run_durations_seconds=_run_durations(session, now),
            messaging_limit_used=quota.used(session, now, tiered),
            inbound=inbound_counts.read(session),
        )


def _messages(session: Session, since) -> list[tuple[str, int | None, int]]:
    query = (
        select(MessageLog.status, MessageLog.error_code, func.count())
        .where(MessageLog.local_date >= since)
        .group_by(MessageLog.status, MessageLog.error_code)
    )
    return [(status, code, count) for status, code, count in session.execute(query)]


def _late_sends(session: Session, since) -> int:
    late = or_(MessageLog.late.is_(True), BroadcastRun.late.is_(True))
    query = (
        select(func.count())
        .select_from(MessageLog)
        .outerjoin(BroadcastRun, BroadcastRun.id == MessageLog.run_id)
        .where(MessageLog.local_date >= since, MessageLog.sent_at.is_not(None), late)
    )
    return session.scalar(query) or 0


def _runs(session: Session, since) -> list[tuple[str, bool, int]]:
    query = (
        select(BroadcastRun.status, BroadcastRun.late, func.count())
        .where(BroadcastRun.local_date >= since)
        .group_by(BroadcastRun.status, BroadcastRun.late)
    )
    return [(status, bool(late), count) for status, late, count in session.execute(query)]


def _lateness(session: Session, now: datetime) -> list[float]:
    return reports.lateness(session, MessageLog.sent_at >= now - timedelta(hours=24))


def _run_durations(session: Session, now: datetime) -> list[float]:
    query = select(BroadcastRun.started_at, BroadcastRun.finished_at).where(
        BroadcastRun.finished_at >= now - timedelta(days=7),
        BroadcastRun.started_at.is_not(None),
    )
    return [reports.seconds(start, end) for start, end in session.execute(query)]
