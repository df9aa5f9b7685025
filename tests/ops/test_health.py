"""One system_health_log row: machine usage, DB and Redis reachability, queue depths."""

from __future__ import annotations

from datetime import UTC, datetime

import kombu
import pytest
from sqlalchemy import select

from lokpanchang.ops.health import probes, samples
from lokpanchang.storage.db import transaction
from lokpanchang.storage.models import SystemHealthLog
from lokpanchang.tasks.app import create_celery

NOW = datetime(2026, 11, 29, 6, 0, tzinfo=UTC)


@pytest.fixture
def pg_url(migrated_postgres):
    return migrated_postgres


def test_it_records_a_row_with_latencies_and_queue_depths(make_settings, pg_url, redis_url):
    settings = make_settings(
        database_url=pg_url, celery_broker_url=redis_url, celery_result_backend=redis_url
    )
    app = create_celery(settings)
    for _ in range(3):
        app.send_task("tasks.nothing", queue="priority")
    app.send_task("tasks.nothing", queue="priority", priority=6)
    stored = samples.record_health(settings, NOW, app=None)
    with transaction(pg_url) as session:
        row = session.scalars(select(SystemHealthLog)).one()
    assert row.id == stored["id"] and row.recorded_at == NOW
    assert row.database_ok and row.database_latency_ms > 0
    assert row.redis_ok and row.redis_latency_ms > 0
    assert row.queue_depths == {"default": 0, "priority": 4}
    assert 0 <= row.cpu_percent <= 100 and 0 < row.memory_percent <= 100
    assert 0 < row.disk_percent <= 100


def test_it_counts_waiting_messages_in_kombus_sql_transport(make_settings, tmp_path):
    settings = make_settings()
    settings.data_dir.mkdir(parents=True)
    # Published through kombu itself: the transport create_celery configures in embedded mode.
    with kombu.Connection(settings.effective_broker_url) as connection:
        queue = connection.SimpleQueue("default")
        queue.put({"n": 1})
        queue.put({"n": 2})
        queue.close()
    assert probes.queue_depths(settings.effective_broker_url) == {"default": 2, "priority": 0}


def test_it_reports_redis_down_instead_of_failing(make_settings, migrated_sqlite):
    sqlite_url = migrated_sqlite
    dead = f"redis://127.0.0.1:{__import__('tests.servers').servers.free_port()}/0"
    settings = make_settings(database_url=sqlite_url, redis_url=dead, celery_broker_url=dead)
    stored = samples.record_health(settings, NOW)
    assert stored["database_ok"] is True
    assert stored["redis_ok"] is False and "ConnectionError" in stored["detail"]["redis_error"]
    assert stored["queue_depths"] == {"default": None, "priority": None}


def test_no_worker_answers_the_ping_when_none_runs(make_settings, redis_url):
    app = create_celery(make_settings(celery_broker_url=redis_url, celery_result_backend=redis_url))
    assert probes.workers_alive(app, timeout_s=0.3) == 0


def test_in_embedded_mode_redis_is_not_applicable(make_settings):
    assert probes.probe_redis(probes.redis_url_of(make_settings())).ok is None
