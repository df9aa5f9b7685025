"""The collector in a worker process: start-up's objects frozen, young ones collected less
often, through the signals a real worker sends (``tasks.collector``)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

_PROCESS = """
import gc, json
from celery.signals import worker_process_init
import lokpanchang.tasks
lokpanchang.tasks.app.loader.import_default_modules()  # what a worker does before its signals
before = {"threshold": gc.get_threshold(), "frozen": gc.get_freeze_count()}
worker_process_init.send(sender=None)
after = {"threshold": gc.get_threshold(), "frozen": gc.get_freeze_count()}
print(json.dumps({"before": before, "after": after}))
"""


@pytest.fixture
def worker_child(tmp_path) -> dict:
    env = {"DATA_DIR": str(tmp_path), "LOG_LEVEL": "WARNING", "PATH": "/usr/bin:/bin"}
    done = subprocess.run(
        [sys.executable, "-c", _PROCESS], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_a_worker_child_freezes_what_start_up_made_and_collects_the_young_less_often(
    worker_child,
):
    assert worker_child["before"] == {"threshold": [700, 10, 10], "frozen": 0}
    assert worker_child["after"]["threshold"] == [20_000, 20, 20]
    assert worker_child["after"]["frozen"] > 50_000  # modules, mappers, the almanac's tables
