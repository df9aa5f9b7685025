"""`lokpanchang up` as a new user runs it: embedded defaults, nothing but Python."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import urllib.error
import urllib.request

import psutil
import pytest

from tests import servers
from tests.scheduling.cluster import wait_until

pytestmark = [pytest.mark.integration, pytest.mark.slow]


def health(port: int) -> tuple[int, dict]:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())
    except OSError:
        return 0, {}


def test_up_serves_health_once_all_three_run_and_stops_them_all_on_sigterm(tmp_path):
    port = servers.free_port()
    env = {k: v for k, v in os.environ.items()
           if k not in ("DATABASE_URL", "CELERY_BROKER_URL", "CELERY_RESULT_BACKEND", "REDIS_URL")}
    env.update(DATA_DIR=str(tmp_path / "var"), LOG_JSON="false")
    with open(tmp_path / "up.log", "w") as log:
        up = subprocess.Popen([sys.executable, "-m", "lokpanchang", "up", "--port", str(port)],
                              env=env, cwd=tmp_path, stdout=log, stderr=subprocess.STDOUT)
    try:
        wait_until(lambda: health(port)[0] == 200, 90,
                   "healthz 200\n" + (tmp_path / "up.log").read_text()[-2000:], interval=0.5)
        children = psutil.Process(up.pid).children(recursive=True)
        assert len(children) >= 3
        up.send_signal(signal.SIGTERM)
        assert up.wait(timeout=40) == 0
        wait_until(lambda: not any(c.is_running() and c.status() != psutil.STATUS_ZOMBIE
                                   for c in children), 10, "every child to exit")
        assert (tmp_path / "var" / "lokpanchang.sqlite3").exists()
    finally:
        if up.poll() is None:
            up.kill()
            up.wait()
