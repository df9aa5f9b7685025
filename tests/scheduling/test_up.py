"""`lokpanchang up` as a new user runs it: embedded defaults, nothing but Python."""

from __future__ import annotations

import json
import signal
import urllib.error
import urllib.request
from datetime import UTC, datetime, timedelta

import psutil
import pytest

from lokpanchang.delivery.outbox import read_outbox
from lokpanchang.storage import migrate
from tests.broadcast.helpers import add_subscriber, runs
from tests.scheduling.cluster import next_kolkata_morning, wait_until
from tests.upprocess import morning_env, start_up

pytestmark = [pytest.mark.integration, pytest.mark.slow]


def health(port: int) -> tuple[int, dict]:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())
    except OSError:
        return 0, {}


def test_up_sends_on_embedded_defaults_serves_health_and_stops_them_all_on_sigterm(tmp_path):
    due = next_kolkata_morning(datetime.now(UTC))
    env = morning_env(tmp_path, due)
    database = f"sqlite:///{tmp_path / 'var' / 'lokpanchang.sqlite3'}"
    migrate.upgrade(database)
    users = [
        add_subscriber(database, "Asia/Kolkata", created_on=due - timedelta(hours=1))
        for _ in range(3)
    ]
    up = start_up(tmp_path, env)
    port = up.port
    try:
        up.wait_for(lambda: health(port)[0] == 200, 90, "healthz 200")
        outbox = tmp_path / "var" / "outbox.jsonl"
        up.wait_for(lambda: len(read_outbox(outbox)) >= len(users), 90, "the 06:30 send")
        wait_until(lambda: [r.status for r in runs(database)] == ["done"], 30, "the run to finish")
        assert sorted(m["ledger_id"] for m in read_outbox(outbox)) == [1, 2, 3]
        children = psutil.Process(up.process.pid).children(recursive=True)
        assert len(children) >= 3
        run = json.loads((tmp_path / "var" / "up.json").read_text())
        assert run["web"] == f"http://127.0.0.1:{port}/" and run["app_secret"]
        assert up.stop(signal.SIGTERM) == 0
        lines = (tmp_path / "up.log").read_text().splitlines()
        assert lines[0].startswith(f"lokpanchang: web on http://127.0.0.1:{port}/ ")
        assert lines[-1] == "lokpanchang: stopped (web, worker, beat, flower)"
        assert not (tmp_path / "var" / "up.json").exists()
        wait_until(
            lambda: (
                not any(c.is_running() and c.status() != psutil.STATUS_ZOMBIE for c in children)
            ),
            10,
            "every child to exit",
        )
        assert (tmp_path / "var" / "lokpanchang.sqlite3").exists()
    finally:
        if up.process.poll() is None:
            up.process.kill()
            up.process.wait()
