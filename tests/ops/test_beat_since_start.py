"""Entries judged against beat's own start: pending until due, missed only when this beat owed it."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from lokpanchang.config import get_settings
from lokpanchang.ops.beat.entries import beat_entries
from lokpanchang.ops.beat.freshness import BEAT_DOWN, BeatLife, assess
from lokpanchang.ops.beat.schedule import beat_schedule

ENTRIES = {entry.key: entry for entry in beat_entries(beat_schedule(get_settings()))}
PLANNER, HEALTH = ENTRIES["jit-planner"], ENTRIES["collect-system-health"]
HOURLY, WEEKLY = ENTRIES["update-daily-metrics"], ENTRIES["generate-weekly-report"]
START = datetime(2026, 11, 29, 16, 30, tzinfo=UTC)  # a Sunday: the acceptance run's afternoon
JUST_AFTER = START + timedelta(seconds=20)
RUNNING = BeatLife(START, alive=True)
DEAD = BeatLife(START, alive=False)
MONDAY_NINE = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)


def state(entry, last, now, beat=RUNNING):
    return assess(entry, last, now, beat)


def test_twenty_seconds_after_a_fresh_start_nothing_is_missed():
    planner_ran = {"jit-planner": START + timedelta(seconds=1)}
    states = {key: state(entry, planner_ran.get(key), JUST_AFTER) for key, entry in ENTRIES.items()}
    assert states.pop("jit-planner").status == "ok"
    assert {key: s.status for key, s in states.items()} == dict.fromkeys(states, "pending")


def test_the_planner_is_due_at_start_and_the_other_intervals_a_period_after_it():
    assert state(PLANNER, None, JUST_AFTER).due_at == START
    assert state(PLANNER, None, JUST_AFTER).status == "late"
    assert state(HEALTH, None, JUST_AFTER).next_due_at == START + timedelta(seconds=300)


def test_next_due_is_the_next_instant_strictly_after_now():
    assert state(WEEKLY, None, JUST_AFTER).next_due_at == MONDAY_NINE
    ran = MONDAY_NINE + timedelta(seconds=2)
    assert state(
        WEEKLY, ran, MONDAY_NINE + timedelta(minutes=30)
    ).next_due_at == MONDAY_NINE + timedelta(days=7)
    assert state(HOURLY, None, JUST_AFTER).next_due_at == datetime(2026, 11, 29, 17, 5, tzinfo=UTC)
    assert state(
        PLANNER, START + timedelta(seconds=1), JUST_AFTER
    ).next_due_at == START + timedelta(seconds=601)


def test_a_weekly_entry_owes_its_first_monday_after_start():
    assert state(WEEKLY, None, MONDAY_NINE - timedelta(minutes=1)).status == "pending"
    assert state(WEEKLY, None, MONDAY_NINE + timedelta(minutes=59)).status == "late"
    missed = state(WEEKLY, None, MONDAY_NINE + timedelta(hours=1, seconds=1))
    assert (missed.status, missed.due_at) == ("missed", MONDAY_NINE)
    assert missed.next_due_at == MONDAY_NINE + timedelta(days=7)


def test_an_interval_entry_that_stops_running_is_missed_after_its_period_plus_grace():
    stopped = START + timedelta(minutes=40)
    assert state(HEALTH, stopped, stopped + timedelta(seconds=300)).status == "ok"
    assert state(HEALTH, stopped, stopped + timedelta(seconds=360)).status == "late"
    assert state(HEALTH, stopped, stopped + timedelta(seconds=361)).status == "missed"


def test_a_crontab_entry_that_stops_running_is_missed_after_its_next_instant_plus_grace():
    ran = datetime(2026, 11, 29, 17, 5, 1, tzinfo=UTC)
    assert state(HOURLY, ran, datetime(2026, 11, 29, 18, 11, tzinfo=UTC)).status == "late"
    missed = state(HOURLY, ran, datetime(2026, 11, 29, 18, 11, 1, tzinfo=UTC))
    assert (missed.status, missed.due_at) == ("missed", datetime(2026, 11, 29, 18, 5, tzinfo=UTC))


def test_an_entry_that_never_runs_after_start_is_missed_within_its_period_plus_grace():
    assert state(HEALTH, None, START + timedelta(seconds=360)).status == "late"
    assert state(HEALTH, None, START + timedelta(seconds=361)).status == "missed"
    assert state(PLANNER, None, START + timedelta(seconds=61)).status == "missed"


def test_an_instant_before_beats_start_is_not_owed_even_within_grace():
    # update-daily-metrics runs at minute 5 with 6 min grace: beat started at 16:08 never runs
    # the 16:05 slot (Celery runs no slot from before its first start), so it owes 17:05.
    start = datetime(2026, 11, 29, 16, 8, tzinfo=UTC)
    beat = BeatLife(start, alive=True)
    for later in (timedelta(minutes=2), timedelta(minutes=3, seconds=1), timedelta(minutes=50)):
        checked = state(HOURLY, None, start + later, beat)
        assert (checked.status, checked.due_at) == (
            "pending",
            datetime(2026, 11, 29, 17, 5, tzinfo=UTC),
        )
    assert (
        state(HOURLY, None, datetime(2026, 11, 29, 17, 11, 1, tzinfo=UTC), beat).status == "missed"
    )


def test_after_a_restart_a_daily_slot_from_before_it_is_not_owed():
    # cleanup-old-metrics runs at 02:00 with an hour's grace; it last ran yesterday, and beat
    # restarted at 02:30 (no alert for the 02:00 slot the previous beat did not run).
    cleanup = ENTRIES["cleanup-old-metrics"]
    restart = BeatLife(datetime(2026, 11, 29, 2, 30, tzinfo=UTC), alive=True)
    ran = datetime(2026, 11, 28, 2, 0, 3, tzinfo=UTC)
    checked = state(cleanup, ran, datetime(2026, 11, 29, 3, 30, tzinfo=UTC), restart)
    assert (checked.status, checked.due_at) == ("pending", datetime(2026, 11, 30, 2, 0, tzinfo=UTC))


def test_a_run_before_a_restart_still_covers_its_instant():
    ran = datetime(2026, 11, 29, 16, 5, 2, tzinfo=UTC)
    assert state(HOURLY, ran, JUST_AFTER).status == "ok"
    assert state(HEALTH, START - timedelta(seconds=10), JUST_AFTER).status == "pending"


def test_with_beat_down_overdue_entries_are_missed_and_nothing_is_pending():
    assert state(HEALTH, None, JUST_AFTER, DEAD).status == "missed"
    assert state(HEALTH, None, JUST_AFTER, BEAT_DOWN).status == "missed"
    sunday_two = datetime(2026, 11, 29, 2, 0, tzinfo=UTC)
    weekly_upload = ENTRIES["upload-logs-to-s3"]
    assert state(weekly_upload, None, JUST_AFTER, RUNNING).status == "pending"
    missed = state(weekly_upload, None, JUST_AFTER, DEAD)
    assert (missed.status, missed.due_at) == ("missed", sunday_two)


def test_an_overdue_interval_entry_steps_on_by_whole_periods():
    last = START - timedelta(seconds=1000)
    missed = state(HEALTH, last, JUST_AFTER, DEAD)
    assert missed.due_at == last + timedelta(seconds=300)
    assert missed.next_due_at == last + timedelta(seconds=1200)
