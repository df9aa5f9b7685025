"""A started beat plans at once instead of a whole planner period later."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from lokpanchang.ops.beat import monitor as beatmonitor
from lokpanchang.tasks.app import create_celery
from lokpanchang.tasks.heartbeat import HeartbeatScheduler


@pytest.fixture
def start_beat(make_settings, settings_env, migrated_sqlite):
    # The scheduler records its start and heartbeat in its app's database.
    settings_env(DATABASE_URL=migrated_sqlite)
    started = []

    def start():
        app = create_celery(make_settings(database_url=migrated_sqlite))
        scheduler = HeartbeatScheduler(
            app=app, schedule_filename=app.conf.beat_schedule_filename, lazy=False
        )
        started.append(scheduler)
        return scheduler

    yield start
    for scheduler in started:
        scheduler.close()


def test_a_fresh_beat_runs_the_planner_at_once(start_beat):
    due, _next = start_beat().schedule["jit-planner"].is_due()
    assert due


def test_a_restarted_beat_runs_the_planner_at_once(start_beat):
    first = start_beat()
    first.schedule["jit-planner"] = first.reserve(
        first.schedule["jit-planner"]
    )  # a pass ran just now
    first.close()
    due, _next = start_beat().schedule["jit-planner"].is_due()
    assert due


def test_the_other_entries_keep_their_own_schedule(start_beat):
    due, _next = start_beat().schedule["collect-system-health"].is_due()
    assert not due


def test_a_started_beat_records_its_start_and_heartbeat_for_status(start_beat, migrated_sqlite):
    before = datetime.now(UTC)
    start_beat()
    life = beatmonitor.beat_life(migrated_sqlite, datetime.now(UTC))
    assert life.alive
    assert before - timedelta(seconds=1) <= life.started_at <= datetime.now(UTC)


def test_a_start_that_could_not_be_written_is_written_with_the_next_heartbeat(
    start_beat, migrated_sqlite, monkeypatch
):
    # Seen in a loaded suite: beat's first write (its start) failed on a busy SQLite, its
    # heartbeats then succeeded, and `status` called every entry "missed" for beat's whole life
    # (alive, but no start to judge the entries by).
    from lokpanchang.tasks import heartbeat

    real_write, failed = heartbeat._write, []

    def busy_once(url, what, action):
        if not failed:
            failed.append(what)
            return None  # what _write does when the database is locked: logs and goes on
        return real_write(url, what, action)

    monkeypatch.setattr(heartbeat, "_write", busy_once)
    scheduler = start_beat()
    monkeypatch.setattr(heartbeat, "INTERVAL_SECONDS", 0.0)
    scheduler.tick()
    life = beatmonitor.beat_life(migrated_sqlite, datetime.now(UTC))
    assert failed and life.alive
    assert life.started_at is not None
