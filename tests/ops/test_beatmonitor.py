"""beat_entry_status written by Celery's own signals for beat tasks only."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from celery import Celery
from celery.signals import task_failure, task_postrun, task_prerun
from sqlalchemy import select

from lokpanchang.config import get_settings
from lokpanchang.ops.beat import monitor as beatmonitor
from lokpanchang.ops.beat.freshness import BEAT_DOWN, BeatLife
from lokpanchang.ops.beat.schedule import beat_schedule
from lokpanchang.ops.health.status import system_status
from lokpanchang.services import Services
from lokpanchang.storage.db import transaction
from lokpanchang.storage.models import BeatEntryStatus

NOW = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)


def noop() -> None:
    return None


def rows(url: str) -> dict[str, BeatEntryStatus]:
    with transaction(url) as session:
        return {row.key: row for row in session.scalars(select(BeatEntryStatus))}


def test_a_failure_keeps_its_error_until_the_next_success(database_url):
    beatmonitor.record_start(database_url, "tasks.cleanup_old_metrics", "t1", NOW)
    beatmonitor.record_finish(
        database_url, "tasks.cleanup_old_metrics", "FAILURE", NOW, error="OperationalError: gone"
    )
    beatmonitor.record_finish(database_url, "tasks.cleanup_old_metrics", "FAILURE", NOW)
    row = rows(database_url)["cleanup-old-metrics"]
    assert (row.last_outcome, row.last_error, row.last_task_id) == (
        "FAILURE",
        "OperationalError: gone",
        "t1",
    )
    beatmonitor.record_start(database_url, "tasks.cleanup_old_metrics", "t2", NOW)
    beatmonitor.record_finish(database_url, "tasks.cleanup_old_metrics", "SUCCESS", NOW)
    row = rows(database_url)["cleanup-old-metrics"]
    assert (row.last_outcome, row.last_error, row.last_task_id) == ("SUCCESS", None, "t2")


def test_tasks_that_are_not_beat_entries_leave_no_row(database_url):
    beatmonitor.record_start(database_url, "tasks.run_scheduled_job", "t1", NOW)
    assert rows(database_url) == {}


def test_celery_signals_record_start_error_and_outcome(make_settings, migrated_sqlite):
    sqlite_url = migrated_sqlite
    beatmonitor.connect_celery_signals()
    app = Celery("t", set_as_current=False)
    app.services = Services(make_settings(database_url=sqlite_url))  # as create_celery does
    task = app.task(name="tasks.backup_logs_task", shared=False)(noop)
    task_prerun.send(sender=task, task_id="abc", task=task, args=(), kwargs={})
    started = rows(sqlite_url)["backup-daily-logs"]
    task_failure.send(sender=task, task_id="abc", exception=OSError("disk full"))
    task_postrun.send(
        sender=task, task_id="abc", task=task, args=(), kwargs={}, retval=None, state="FAILURE"
    )
    row = rows(sqlite_url)["backup-daily-logs"]
    assert started.last_outcome == "STARTED" and started.last_task_id == "abc"
    assert (row.last_outcome, row.last_error) == ("FAILURE", "OSError: disk full")
    assert row.last_duration_s is not None and row.last_duration_s >= 0


def planner_state(url: str, now: datetime):
    return next(
        state
        for state, _row in beatmonitor.entry_states(url, now, beat_schedule(get_settings()))
        if state.key == "jit-planner"
    )


def test_the_planner_is_judged_by_the_period_beat_runs_it_at(settings_env, migrated_sqlite):
    beatmonitor.record_start(migrated_sqlite, "tasks.jit_planner", "t1", NOW - timedelta(minutes=8))
    settings_env(DATABASE_URL=migrated_sqlite)  # the seed's 600 s: the next pass is 2 min away
    assert (
        planner_state(migrated_sqlite, NOW).schedule,
        planner_state(migrated_sqlite, NOW).status,
    ) == ("every 600 s", "ok")
    settings_env(PLANNER_PERIOD="60")  # beat sends it every minute: 7 passes owed
    assert (
        planner_state(migrated_sqlite, NOW).schedule,
        planner_state(migrated_sqlite, NOW).status,
    ) == ("every 60 s", "missed")


def test_status_judges_the_entries_by_the_beat_life_it_reports(
    make_settings, migrated_sqlite, monkeypatch
):
    # A fresh service: beat's first heartbeat lands between two looks at it. The report must
    # not say "beat alive" beside entries judged as if beat were down (every one "missed").
    looks = iter([BEAT_DOWN, BeatLife(NOW - timedelta(seconds=5), alive=True)])
    monkeypatch.setattr(beatmonitor, "beat_life", lambda url, now: next(looks))
    settings = make_settings(database_url=migrated_sqlite)
    report = system_status(settings, NOW, Celery(broker="memory://"), ping_timeout_s=0.01)
    missed = [entry["key"] for entry in report["entries"] if entry["status"] == "missed"]
    assert report["entries"]
    assert (report["beat"]["alive"], bool(missed)) in [(False, True), (True, False)], missed
