"""ok / late / missed for interval and crontab entries, from the last start time."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from celery.schedules import crontab

from lokpanchang.ops.beat.entries import BeatEntry
from lokpanchang.ops.beat.freshness import assess, grace

NOW = datetime(2026, 11, 30, 9, 30, tzinfo=UTC)  # a Monday
PLANNER = BeatEntry("jit-planner", "tasks.jit_planner", 600.0)
HOURLY = BeatEntry("update-daily-metrics", "tasks.update_daily_metrics_task", crontab(minute=5))
WEEKLY = BeatEntry(
    "generate-weekly-report",
    "tasks.generate_weekly_report",
    crontab(day_of_week="mon", hour=9, minute=0),
)


def status(entry: BeatEntry, last: datetime | None, now: datetime = NOW) -> str:
    return assess(entry, last, now).status


def test_an_interval_entry_is_ok_until_its_period_ends():
    assert status(PLANNER, NOW - timedelta(seconds=600)) == "ok"
    assert assess(PLANNER, NOW - timedelta(seconds=100), NOW).due_at == NOW + timedelta(seconds=500)


def test_an_interval_entry_is_late_within_grace_and_missed_after_it():
    assert grace(PLANNER, NOW) == timedelta(seconds=60)
    assert status(PLANNER, NOW - timedelta(seconds=630)) == "late"
    assert status(PLANNER, NOW - timedelta(seconds=661)) == "missed"


def test_an_entry_that_never_ran_is_missed_once_its_latest_instant_is_past_grace():
    assert status(PLANNER, None) == "missed"
    assert status(WEEKLY, None) == "late"
    assert status(WEEKLY, None, now=datetime(2026, 11, 30, 10, 0, 1, tzinfo=UTC)) == "missed"


def test_a_crontab_entry_is_due_at_its_next_instant_after_the_last_start():
    ran_at_5 = datetime(2026, 11, 30, 9, 5, 2, tzinfo=UTC)
    assert status(HOURLY, ran_at_5) == "ok"
    assert status(HOURLY, ran_at_5, now=datetime(2026, 11, 30, 10, 10, tzinfo=UTC)) == "late"
    assert status(HOURLY, ran_at_5, now=datetime(2026, 11, 30, 10, 11, 1, tzinfo=UTC)) == "missed"


def test_grace_is_a_tenth_of_the_period_capped_at_an_hour():
    assert grace(HOURLY, NOW) == timedelta(minutes=6)
    assert grace(WEEKLY, NOW) == timedelta(hours=1)


def test_the_weekly_report_is_missed_an_hour_after_monday_nine_without_a_run():
    last_week = datetime(2026, 11, 23, 9, 0, 1, tzinfo=UTC)
    assert status(WEEKLY, last_week, now=datetime(2026, 11, 30, 9, 59, tzinfo=UTC)) == "late"
    assert status(WEEKLY, last_week, now=datetime(2026, 11, 30, 10, 0, 1, tzinfo=UTC)) == "missed"
    assert status(WEEKLY, datetime(2026, 11, 30, 9, 0, 3, tzinfo=UTC)) == "ok"
