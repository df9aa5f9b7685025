"""Operator-defined jobs: validation, cron in a zone, claims, outcomes (sends: test_job_sending)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import select

from lokpanchang.ops.jobs import lifecycle as jobs
from lokpanchang.ops.jobs import runner as jobrunner
from lokpanchang.storage.db import transaction
from lokpanchang.storage.models import ScheduledJob, ScheduledJobRun

NOW = datetime(2026, 11, 29, 10, 0, tzinfo=UTC)
KOLKATA = "Asia/Kolkata"
ALL = {"audience": "all", "text": "Diwali greetings"}


def job(url: str, job_id: int) -> ScheduledJob:
    with transaction(url) as session:
        return session.get_one(ScheduledJob, job_id)


def runs(url: str) -> list[ScheduledJobRun]:
    with transaction(url) as session:
        return list(session.scalars(select(ScheduledJobRun).order_by(ScheduledJobRun.id)))


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"kind": "party", "payload": ALL, "run_at": NOW}, "job kind 'party'"),
        ({"kind": "announcement", "payload": ALL}, "exactly one of"),
        (
            {"kind": "announcement", "payload": ALL, "cron": "61 * * * *"},
            "'61 * * * *' is not valid",
        ),
        (
            {"kind": "announcement", "payload": ALL, "cron": "0 7 * * *", "cron_zone": "Mars/Base"},
            "'Mars/Base'",
        ),
        (
            {"kind": "announcement", "payload": {"audience": "x", "text": "t"}, "run_at": NOW},
            "audience 'x'",
        ),
        (
            {"kind": "backfill", "payload": {"zone": KOLKATA, "date": "29-11-2026"}, "run_at": NOW},
            "'29-11-2026' is not YYYY-MM-DD",
        ),
    ],
)
def test_a_bad_definition_names_the_bad_value_and_stores_nothing(migrated_sqlite, kwargs, message):
    sqlite_url = migrated_sqlite
    with pytest.raises(jobs.JobError, match=message.replace("*", r"\*")):
        jobs.create_job(sqlite_url, NOW, **kwargs)
    assert jobs.list_jobs(sqlite_url) == []


def test_a_cron_job_runs_at_wall_time_in_its_zone_across_dst():
    # 07:00 in New York is 12:00 UTC in winter and 11:00 UTC in summer.
    winter = jobs.next_cron_instant("0 7 * * *", "America/New_York", NOW)
    summer = jobs.next_cron_instant(
        "0 7 * * *", "America/New_York", datetime(2026, 7, 1, tzinfo=UTC)
    )
    assert winter == datetime(2026, 11, 29, 12, 0, tzinfo=UTC)
    assert summer == datetime(2026, 7, 1, 11, 0, tzinfo=UTC)


def test_a_due_job_is_claimed_once_and_a_one_off_ends_done(database_url):
    job_id = jobs.create_job(database_url, NOW, kind="announcement", payload=ALL, run_at=NOW)
    assert jobs.due_jobs(database_url, NOW - timedelta(seconds=1)) == []
    assert jobs.claim(database_url, job_id, NOW, "a", NOW)
    assert not jobs.claim(database_url, job_id, NOW, "b", NOW)
    jobs.finish(database_url, job_id, NOW, "a", NOW, "ok", {"recipients": 0})
    finished = job(database_url, job_id)
    assert (finished.status, finished.run_count, finished.claimed_by) == ("done", 1, None)
    assert [(r.claimed_by, r.outcome) for r in runs(database_url)] == [("a", "ok")]


def test_a_cron_job_returns_to_active_at_its_next_instant(database_url):
    job_id = jobs.create_job(
        database_url, NOW, kind="report", payload={}, cron="30 6 * * *", cron_zone=KOLKATA
    )
    first = job(database_url, job_id).next_run_at
    assert first == datetime(2026, 11, 30, 1, 0, tzinfo=UTC)
    assert jobs.claim(database_url, job_id, first, "a", first)
    jobs.finish(database_url, job_id, first, "a", first, "failed", {"error": "boom"})
    again = job(database_url, job_id)
    assert (again.status, again.next_run_at, again.last_error) == (
        "active",
        first + timedelta(days=1),
        "boom",
    )


def test_paused_jobs_are_not_due_and_resume_at_their_next_instant(database_url):
    job_id = jobs.create_job(database_url, NOW, kind="report", payload={}, cron="0 * * * *")
    jobs.set_paused(database_url, job_id, True, NOW)
    later = NOW + timedelta(hours=5, minutes=10)
    assert jobs.due_jobs(database_url, later) == []
    with pytest.raises(jobs.JobError, match="is paused, not active"):
        jobs.set_paused(database_url, job_id, True, later)
    resumed = jobs.set_paused(database_url, job_id, False, later)
    assert resumed.next_run_at == datetime(2026, 11, 29, 16, 0, tzinfo=UTC)


def test_a_job_left_running_by_a_dead_worker_runs_again_for_the_same_instant(database_url):
    job_id = jobs.create_job(database_url, NOW, kind="announcement", payload=ALL, run_at=NOW)
    assert jobs.claim(database_url, job_id, NOW, "dead", NOW)
    later = NOW + jobs.STALE_RUNNING + timedelta(seconds=1)
    started = []
    jobs.dispatch_due_jobs(database_url, later, "alive", lambda i, due: started.append((i, due)))
    assert started == [(job_id, NOW)]
    assert [(r.claimed_by, r.outcome) for r in runs(database_url)] == [("alive", "running")]


def test_a_failing_job_is_recorded_not_raised(database_url, make_settings, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    settings = make_settings(database_url=database_url, data_dir=blocker)
    job_id = jobs.create_job(database_url, NOW, kind="report", payload={}, run_at=NOW)
    outcome, detail = jobrunner.execute_job(settings, job_id, NOW)
    assert outcome == "failed" and "Error" in detail["error"]
