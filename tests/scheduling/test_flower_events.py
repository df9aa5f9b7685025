"""Flower sees workers and tasks: `lokpanchang worker` sends worker and task events."""

from __future__ import annotations

import os
import subprocess
import sys
import threading

import pytest

from lokpanchang.config import load_settings
from lokpanchang.tasks.app import TASK_QUEUES, create_celery
from lokpanchang.tasks.broker import prepare_sql_broker
from tests.scheduling.cluster import wait_until

pytestmark = [pytest.mark.integration, pytest.mark.slow]


def test_a_worker_sends_the_events_flower_shows(tmp_path, redis_url, migrated_sqlite):
    broker = {"CELERY_BROKER_URL": redis_url, "CELERY_RESULT_BACKEND": redis_url}
    watch_a_worker(tmp_path, environment(tmp_path, migrated_sqlite, broker))


def test_on_the_embedded_broker_too_flower_sees_the_worker_and_its_tasks(tmp_path, migrated_sqlite):
    # kombu's SQL transport kept bindings inside each process and Celery turned events off
    # for it: Flower on the embedded defaults showed no worker and no task.
    env = environment(tmp_path, migrated_sqlite, {})
    settings = load_settings({k: v for k, v in env.items() if k.isupper()})
    assert settings.effective_broker_url.startswith("sqla+sqlite")
    pongs = watch_a_worker(tmp_path, env, then=lambda app: app.control.inspect(timeout=15).ping())
    # The worker answered Flower's inspect too: {hostname: {"ok": "pong"}}.
    assert [reply["ok"] for reply in (pongs or {}).values()] == ["pong"]


def environment(tmp_path, database_url, broker):
    ignored = {"REDIS_URL", "CELERY_BROKER_URL", "CELERY_RESULT_BACKEND"}
    return {
        **{k: v for k, v in os.environ.items() if k not in ignored},
        "DATA_DIR": str(tmp_path / "var"),
        "DATABASE_URL": database_url,
        **broker,
    }


def watch_a_worker(tmp_path, env, then=lambda app: None):
    """Start a worker and see its worker and task events as Flower does; return ``then(app)``,
    asked while the worker runs."""
    settings = load_settings({k: v for k, v in env.items() if k.isupper()})
    prepare_sql_broker(settings, TASK_QUEUES)  # as every process does first (no-op on Redis)
    app = create_celery(settings)
    seen: list[str] = []
    connection = app.connection_for_read()
    receiver = app.events.Receiver(connection, handlers={"*": lambda e: seen.append(e["type"])})
    listening = threading.Thread(
        target=lambda: receiver.capture(limit=None, timeout=60, wakeup=True), daemon=True
    )
    listening.start()
    with open(tmp_path / "worker.log", "w") as log:
        worker = subprocess.Popen(
            [sys.executable, "-m", "lokpanchang", "worker", "--concurrency", "1"],
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    try:
        wait_until(lambda: "worker-online" in seen, 60, "a worker-online event")
        app.send_task("tasks.cleanup_old_metrics")
        wait_until(
            lambda: {"task-received", "task-succeeded"} <= set(seen),
            60,
            f"task events (seen {sorted(set(seen))})\n" + (tmp_path / "worker.log").read_text(),
        )
        return then(app)
    finally:
        receiver.should_stop = True
        worker.terminate()
        worker.wait(timeout=30)
        listening.join(10)
        connection.release()
        app.close()
