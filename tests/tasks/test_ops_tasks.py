"""The ops tasks in a real Celery worker, on real Redis and PostgreSQL.

One worker process serves the module; each test sends a task by name and waits for its result
(with a deadline), then checks the rows and files it promised and the beat monitoring row.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from datetime import UTC, datetime, timedelta

import pytest
from celery import Celery
from sqlalchemy import select

from lokpanchang.logs import read_log_lines
from lokpanchang.ops.jobs import lifecycle as jobs
from lokpanchang.storage import migrate
from lokpanchang.storage.db import engine_for, transaction
from lokpanchang.storage.models import (
    BeatEntryStatus,
    DailyMetrics,
    ScheduledJob,
    SystemHealthLog,
)
from tests.ops.factories import add_ledger, add_subscriber

pytestmark = pytest.mark.integration
RESULT_TIMEOUT_S = 60


@pytest.fixture(scope="module")
def worker(redis_server, postgres_server, tmp_path_factory):
    data_dir = tmp_path_factory.mktemp("ops-worker")
    url = postgres_server.create_database()
    migrate.upgrade(url)
    env = {
        **os.environ,
        "DATABASE_URL": url,
        "CELERY_BROKER_URL": redis_server.url,
        "CELERY_RESULT_BACKEND": redis_server.url,
        "DATA_DIR": str(data_dir),
    }
    worker_log = (data_dir / "worker.log").open("wb")
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "lokpanchang.tasks",
            "worker",
            "--pool=prefork",
            "--concurrency=1",
            "--loglevel=WARNING",
            "-Q",
            "default,priority",
            "--without-gossip",
            "--without-mingle",
        ],
        env=env,
        stdout=worker_log,
        stderr=subprocess.STDOUT,
    )
    client = Celery("client", broker=redis_server.url, backend=redis_server.url)
    client.conf.update(
        task_serializer="json", accept_content=["json"], task_default_queue="default"
    )
    try:
        _wait_for_worker(client, process, data_dir / "worker.log")
        yield client, url, data_dir
    finally:
        process.terminate()
        process.wait(timeout=30)
        worker_log.close()
        client.close()
        engine_for(url).dispose()


def _wait_for_worker(client: Celery, process: subprocess.Popen, log_path) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(log_path.read_text()[-2000:])
        if client.control.ping(timeout=0.5):
            return
    raise TimeoutError("the Celery worker did not answer a ping within 60 s")


def run(client: Celery, name: str, *args) -> dict:
    return client.send_task(name, args=args).get(timeout=RESULT_TIMEOUT_S)


def beat_row(url: str, key: str) -> BeatEntryStatus:
    """The entry's status once its task_postrun has been recorded (it follows the result)."""
    deadline = time.monotonic() + RESULT_TIMEOUT_S
    while True:
        with transaction(url) as session:
            row = session.get(BeatEntryStatus, key)
        if row and row.last_outcome != "STARTED":
            return row
        assert time.monotonic() < deadline, f"no finished run of {key} recorded"
        time.sleep(0.05)


def test_health_collection_stores_a_row_and_sees_the_worker(worker):
    client, url, _ = worker
    result = run(client, "tasks.collect_system_health_metrics")
    with transaction(url) as session:
        row = session.get(SystemHealthLog, result["id"])
    assert row.database_ok and row.redis_ok and row.workers_alive == 1
    assert row.queue_depths == {"default": 0, "priority": 0}
    status = beat_row(url, "collect-system-health")
    assert status.last_outcome == "SUCCESS" and status.last_duration_s > 0
    assert status.last_started_at <= status.last_finished_at


def test_daily_metrics_are_upserted_by_the_task(worker):
    client, url, _ = worker
    today = datetime.now(UTC).date()
    user = add_subscriber(url, "Asia/Kolkata", datetime.now(UTC) - timedelta(days=3))
    add_ledger(url, user, "Asia/Kolkata", today, "sent", sent_at=datetime.now(UTC))
    assert run(client, "tasks.update_daily_metrics_task", [today.isoformat()])["rows"] == 2
    with transaction(url) as session:
        rows = {
            r.timezone: r.sent
            for r in session.scalars(select(DailyMetrics).where(DailyMetrics.day == today))
        }
    assert rows == {"Asia/Kolkata": 1, "": 1}
    assert beat_row(url, "update-daily-metrics").last_outcome == "SUCCESS"


def test_report_backup_upload_and_cleanup_leave_their_files(worker):
    client, url, data_dir = worker
    report = run(client, "tasks.generate_weekly_report")["report"]
    assert report.startswith(str(data_dir / "reports")) and os.path.exists(report)
    backup = run(client, "tasks.backup_logs_task")
    assert backup["outcome"] in ("no_logs", "archived", "unchanged")
    assert run(client, "tasks.upload_logs_to_s3_task")["skipped"] == "S3_BUCKET is not set"
    assert set(run(client, "tasks.cleanup_old_metrics")) == {
        "daily_metrics",
        "system_health_log",
        "api_usage_log",
    }
    for key in (
        "generate-weekly-report",
        "backup-daily-logs",
        "upload-logs-to-s3",
        "cleanup-old-metrics",
    ):
        assert beat_row(url, key).last_outcome == "SUCCESS", key


def test_the_worker_writes_json_logs_with_the_task_ids(worker):
    client, _url, data_dir = worker
    run(client, "tasks.upload_logs_to_s3_task")
    path = data_dir / "logs" / f"lokpanchang-{datetime.now(UTC).date().isoformat()}.jsonl"
    skipped = [e for e in read_log_lines(path) if e["event"] == "s3_upload_skipped"]
    assert skipped and skipped[-1]["task_name"] == "tasks.upload_logs_to_s3_task"
    assert skipped[-1]["task_id"]


def test_the_dispatcher_runs_a_due_job_through_its_own_task(worker):
    client, url, _ = worker
    now = datetime.now(UTC)
    job_id = jobs.create_job(url, now, kind="report", payload={}, run_at=now - timedelta(seconds=1))
    assert job_id in run(client, "tasks.dispatch_scheduled_jobs")["dispatched"]
    deadline = time.monotonic() + RESULT_TIMEOUT_S
    while time.monotonic() < deadline:
        with transaction(url) as session:
            job = session.get(ScheduledJob, job_id)
        if job.status != "running":
            break
        time.sleep(0.1)
    assert (job.status, job.run_count) == ("done", 1)


def test_celerys_own_log_records_are_json_lines_too(worker):
    client, _url, data_dir = worker
    client.send_task("tasks.no_such_task")
    path = data_dir / "logs" / f"lokpanchang-{datetime.now(UTC).date().isoformat()}.jsonl"
    deadline = time.monotonic() + RESULT_TIMEOUT_S
    while time.monotonic() < deadline:
        # a worker of its own (the first test of it on an xdist worker) has written no line yet
        lines = read_log_lines(path) if path.exists() else []
        found = [e for e in lines if "tasks.no_such_task" in e["event"]]
        if found:
            break
        time.sleep(0.1)
    assert found and found[0]["level"] == "error" and found[0]["logger"].startswith("celery")
