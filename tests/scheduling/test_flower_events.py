"""Flower sees workers and tasks: `lokpanchang worker` sends worker and task events."""

from __future__ import annotations

import os
import subprocess
import sys
import threading

import pytest

from lokpanchang.config import load_settings
from lokpanchang.tasks.app import create_celery
from tests.scheduling.cluster import wait_until

pytestmark = [pytest.mark.integration, pytest.mark.slow]


def test_a_worker_sends_the_events_flower_shows(tmp_path, redis_url, migrated_sqlite):
    env = {
        **{k: v for k, v in os.environ.items() if k != "REDIS_URL"},
        "DATA_DIR": str(tmp_path / "var"),
        "DATABASE_URL": migrated_sqlite,
        "CELERY_BROKER_URL": redis_url,
        "CELERY_RESULT_BACKEND": redis_url,
    }
    settings = load_settings({k: v for k, v in env.items() if k.isupper()})
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
    finally:
        receiver.should_stop = True
        worker.terminate()
        worker.wait(timeout=30)
        listening.join(10)
        connection.release()
        app.close()
