"""`lokpanchang status`: a beat entry that stops running shows as missed."""

from __future__ import annotations

import json
import signal
from datetime import UTC, datetime, timedelta

import pytest

from lokpanchang.cli import main
from lokpanchang.config import get_settings
from lokpanchang.ops.beat import monitor as beatmonitor
from lokpanchang.ops.beat.entries import beat_entries
from lokpanchang.ops.beat.schedule import beat_schedule
from lokpanchang.storage import heartbeats, migrate
from lokpanchang.storage.db import transaction
from tests.scheduling.cluster import wait_until
from tests.upprocess import embedded_env, start_up, status


@pytest.fixture
def env(settings_env, migrated_postgres, redis_url):
    postgres_url = migrated_postgres
    settings_env(
        DATABASE_URL=postgres_url, CELERY_BROKER_URL=redis_url, CELERY_RESULT_BACKEND=redis_url
    )
    return postgres_url


def status_json(capsys) -> tuple[int, dict]:
    capsys.readouterr()
    code = main(["status", "--json"])
    return code, json.loads(capsys.readouterr().out)


def started(url: str, task: str, ago: timedelta) -> None:
    now = datetime.now(UTC) - ago
    beatmonitor.record_start(url, task, "id", now)
    beatmonitor.record_finish(url, task, "SUCCESS", now)


@pytest.mark.integration
def test_an_entry_past_its_period_plus_grace_is_missed_and_fails_the_check(env, capsys):
    for entry in beat_entries(beat_schedule(get_settings())):
        started(env, entry.task, timedelta(seconds=5))
    code, report = status_json(capsys)
    assert {e["status"] for e in report["entries"]} == {"ok"}
    assert report["database"]["ok"] and report["redis"]["ok"]
    assert report["workers"] == {"alive": 0} and code == 1  # no worker runs in this test
    started(env, "tasks.collect_system_health_metrics", timedelta(seconds=300 + 60 + 1))
    _code, report = status_json(capsys)
    by_key = {e["key"]: e for e in report["entries"]}
    assert by_key["collect-system-health"]["status"] == "missed"
    assert by_key["collect-system-health"]["last_outcome"] == "SUCCESS"
    assert by_key["jit-planner"]["status"] == "ok"


def test_the_text_form_lists_every_entry(settings_env, migrated_sqlite, capsys):
    settings_env(DATABASE_URL=migrated_sqlite)
    assert main(["status"]) == 1
    out = capsys.readouterr().out
    assert all(entry.key in out for entry in beat_entries(beat_schedule(get_settings())))
    assert "database  ok (" in out and "beat      not running" in out


def test_a_worker_on_the_embedded_queue_counts_by_its_heartbeat(
    settings_env, migrated_sqlite, capsys
):
    # No worker answers the ping here; its heartbeat in the database still counts it.
    settings_env(DATABASE_URL=migrated_sqlite)
    with transaction(migrated_sqlite) as session:
        heartbeats.record_heartbeat(
            session,
            heartbeats.HEARTBEAT_WORKER_PREFIX + "celery@host",
            datetime.now(UTC) + timedelta(seconds=20),
        )
    _code, report = status_json(capsys)
    assert report["workers"] == {"alive": 1}


def test_reports_lists_stored_reports(settings_env, capsys, tmp_path):
    from lokpanchang.config import get_settings

    folder = get_settings().data_dir / "reports"
    folder.mkdir(parents=True)
    (folder / "weekly-2026-11-23.html").write_text("x")
    assert main(["reports"]) == 0
    assert capsys.readouterr().out.strip().endswith("weekly-2026-11-23.html")


def status_of(env: dict, cwd) -> dict | None:
    return status(env, cwd)[1]


@pytest.mark.integration
@pytest.mark.slow
def test_a_fresh_service_shows_nothing_missed_and_the_planner_ok_after_its_first_pass(tmp_path):
    env = embedded_env(tmp_path)
    migrate.upgrade(f"sqlite:///{tmp_path / 'var' / 'lokpanchang.sqlite3'}")
    up = start_up(tmp_path, env)
    try:
        report = wait_until(
            lambda: _with_beat(status_of(env, tmp_path)),
            90,
            "beat's heartbeat in status\n" + up.log(),
            interval=0.5,
        )
        assert [e["key"] for e in report["entries"] if e["status"] == "missed"] == []
        assert all(
            datetime.fromisoformat(e["next_due_at"]) > datetime.fromisoformat(report["checked_at"])
            for e in report["entries"]
        )
        wait_until(
            lambda: _planner_status(status_of(env, tmp_path)) == "ok",
            90,
            "jit-planner ok\n" + up.log(),
            interval=0.5,
        )
    finally:
        up.stop(signal.SIGTERM)


def _with_beat(report: dict | None) -> dict | None:
    return report if report and report["beat"]["alive"] else None


def _planner_status(report: dict | None) -> str | None:
    by_key = {e["key"]: e for e in (report or {"entries": []})["entries"]}
    return by_key.get("jit-planner", {}).get("status")
