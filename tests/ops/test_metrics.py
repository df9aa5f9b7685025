"""daily_metrics from the ledger, runs and subscribers; retention cleanup."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

from sqlalchemy import select

from lokpanchang.ops.daily_metrics import counts as metrics
from lokpanchang.storage import metrics as storage_metrics
from lokpanchang.storage.db import transaction
from lokpanchang.storage.models import DailyMetrics, SystemHealthLog
from tests.ops.factories import add_ledger, add_run, add_subscriber

DAY = date(2026, 11, 28)
NOW = datetime(2026, 11, 29, 0, 5, tzinfo=UTC)
KOLKATA, NEW_YORK = "Asia/Kolkata", "America/New_York"
SCHEDULED = datetime(2026, 11, 28, 1, 0, tzinfo=UTC)


def rows_by_zone(url: str, day: date = DAY) -> dict[str, DailyMetrics]:
    with transaction(url) as session:
        found = session.scalars(select(DailyMetrics).where(DailyMetrics.day == day)).all()
    return {row.timezone: row for row in found}


def seed_day(url: str) -> None:
    old = datetime(2026, 1, 1, tzinfo=UTC)
    a, b, c = (add_subscriber(url, KOLKATA, old) for _ in range(3))
    # Joined on the 28th local time (18:40 UTC on the 27th is 00:10 on the 28th in Kolkata).
    d = add_subscriber(url, KOLKATA, datetime(2026, 11, 27, 18, 40, tzinfo=UTC))
    add_subscriber(url, KOLKATA, old, obsoleted_on=datetime(2026, 11, 28, 12, 0, tzinfo=UTC))
    add_ledger(
        url,
        a,
        KOLKATA,
        DAY,
        "read",
        scheduled_at=SCHEDULED,
        sent_at=SCHEDULED,
        delivered_at=SCHEDULED,
        read_at=SCHEDULED,
    )
    add_ledger(
        url, b, KOLKATA, DAY, "delivered", sent_at=SCHEDULED, delivered_at=SCHEDULED, late=True
    )
    add_ledger(url, c, KOLKATA, DAY, "failed", error_code=131049)
    add_ledger(url, d, KOLKATA, DAY, "sent", sent_at=SCHEDULED)
    ny = add_subscriber(url, NEW_YORK, old)
    add_run(url, NEW_YORK, DAY, status="missed")
    add_ledger(url, ny, NEW_YORK, DAY + timedelta(days=1), "sent", sent_at=NOW)


def test_it_counts_a_zones_day_from_the_ledger_and_subscribers(database_url):
    seed_day(database_url)
    metrics.update_daily_metrics(database_url, NOW, days=[DAY])
    kolkata = rows_by_zone(database_url)[KOLKATA]
    assert (kolkata.sent, kolkata.delivered, kolkata.read, kolkata.failed, kolkata.late) == (
        3,
        2,
        1,
        1,
        1,
    )
    assert (kolkata.new_subscribers, kolkata.unsubscribed, kolkata.active_subscribers) == (1, 1, 4)
    assert (kolkata.missed, kolkata.missed_runs, kolkata.zones_served) == (0, 0, 1)


def test_the_all_zones_row_sums_zones_and_counts_zones_served(database_url):
    seed_day(database_url)
    metrics.update_daily_metrics(database_url, NOW, days=[DAY])
    rows = rows_by_zone(database_url)
    assert set(rows) == {KOLKATA, NEW_YORK, ""}
    assert rows[NEW_YORK].missed_runs == 1 and rows[NEW_YORK].sent == 0
    total = rows[""]
    assert (total.sent, total.missed_runs, total.active_subscribers, total.zones_served) == (
        3,
        1,
        5,
        1,
    )


def test_running_it_twice_updates_rows_in_place(database_url):
    seed_day(database_url)
    metrics.update_daily_metrics(database_url, NOW, days=[DAY])
    first_ids = {zone: row.id for zone, row in rows_by_zone(database_url).items()}
    user = add_subscriber(database_url, KOLKATA, datetime(2026, 1, 1, tzinfo=UTC))
    add_ledger(database_url, user, KOLKATA, DAY, "sent", sent_at=SCHEDULED)
    later = NOW + timedelta(hours=1)
    metrics.update_daily_metrics(database_url, later, days=[DAY])
    rows = rows_by_zone(database_url)
    assert {zone: row.id for zone, row in rows.items()} == first_ids
    assert rows[KOLKATA].sent == 4 and rows[KOLKATA].updated_at == later


def test_by_default_it_refreshes_the_days_that_can_still_change(database_url):
    seed_day(database_url)
    metrics.update_daily_metrics(database_url, NOW)
    assert rows_by_zone(database_url, DAY + timedelta(days=1))[NEW_YORK].sent == 1
    assert metrics.days_to_refresh(NOW) == [
        DAY - timedelta(days=1),
        DAY,
        DAY + timedelta(days=1),
        DAY + timedelta(days=2),
    ]


def test_a_local_day_spans_23_hours_on_a_spring_forward_date():
    start, end = storage_metrics.local_day_bounds(date(2026, 3, 8), NEW_YORK)
    assert end - start == timedelta(hours=23)


def test_cleanup_removes_only_rows_older_than_the_retention(database_url):
    with transaction(database_url) as session:
        for age in (10, 100):
            at = NOW - timedelta(days=age)
            session.add(DailyMetrics(day=at.date(), timezone="", updated_at=at))
            session.add(SystemHealthLog(recorded_at=at, queue_depths={}, detail={}))
    removed = metrics.cleanup_old_metrics(database_url, NOW, retention_days=90)
    assert removed == {"daily_metrics": 1, "system_health_log": 1, "api_usage_log": 0}
    with transaction(database_url) as session:
        assert [r.day for r in session.scalars(select(DailyMetrics))] == [
            (NOW - timedelta(10)).date()
        ]
