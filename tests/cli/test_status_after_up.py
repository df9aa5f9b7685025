"""`lokpanchang status` right after a healthy `up` exits 0 (issue 25 item 7): a crontab slot
from before beat's first start is not owed, so it is never reported missed.

The processes run on a shifted clock (``LOKPANCHANG_CLOCK_OFFSET``) that puts `up`'s start at
HH:09:45, just after update-daily-metrics' HH:05 slot and within its 6 min grace: the slot
Celery beat never runs, which `status` called missed from HH:11 on.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.request
from datetime import UTC, datetime, timedelta

import pytest

from tests import servers
from tests.scheduling.cluster import wait_until

pytestmark = [pytest.mark.integration, pytest.mark.slow]

START_MINUTE = timedelta(minutes=9, seconds=45)
OLD_MISS_AT = timedelta(minutes=11, seconds=10)  # the HH:05 slot's grace is over by then


def offset_to_just_after_a_slot(real: datetime) -> timedelta:
    """The clock offset that makes ``real`` the nearest HH:09:45 (within half an hour)."""
    hour = real.replace(minute=0, second=0, microsecond=0)
    steps = (timedelta(hours=-1), timedelta(), timedelta(hours=1))
    targets = [hour + step + START_MINUTE for step in steps]
    return min((target - real for target in targets), key=abs)


def healthy(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as answer:
            return answer.status == 200
    except OSError:
        return False


def status(env: dict, cwd) -> tuple[int, dict]:
    done = subprocess.run(
        [sys.executable, "-m", "lokpanchang", "status", "--json"],
        env=env,
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    return done.returncode, json.loads(done.stdout or "{}")


def missed(report: dict) -> list[str]:
    return [
        f"{e['key']} {e['status']} (due {e['due_at']})"
        for e in report["entries"]
        if e["status"] == "missed"
    ]


def test_status_exits_0_from_healthz_on_when_up_starts_just_after_a_crontab_slot(tmp_path):
    offset = offset_to_just_after_a_slot(datetime.now(UTC))
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DATABASE_URL", "CELERY_BROKER_URL", "CELERY_RESULT_BACKEND", "REDIS_URL")
    }
    env.update(
        DATA_DIR=str(tmp_path / "var"),
        LOG_JSON="false",
        LOKPANCHANG_CLOCK_OFFSET=str(offset.total_seconds()),
    )
    port = servers.free_port()
    log_path = tmp_path / "up.log"
    with open(log_path, "w") as log:
        up = subprocess.Popen(
            [sys.executable, "-m", "lokpanchang", "up", "--port", str(port)],
            env=env,
            cwd=tmp_path,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    try:
        wait_until(lambda: healthy(port), 120, "/healthz 200\n" + log_path.read_text()[-2000:], 0.5)
        healthy_at = time.monotonic()
        shifted_start = datetime.now(UTC) + offset
        old_miss = shifted_start.replace(minute=0, second=0, microsecond=0) + OLD_MISS_AT
        reports = []  # (seconds after /healthz 200, exit status, report)
        while datetime.now(UTC) + offset < old_miss or not reports:
            code, report = status(env, tmp_path)
            reports.append((time.monotonic() - healthy_at, code, report))
            time.sleep(2)  # a status call every few seconds, as an operator would
        first_ok = next((n for n, (_, code, _) in enumerate(reports) if code == 0), None)
        assert first_ok is not None, f"status never exited 0: {reports[-1][2]}"
        assert reports[first_ok][0] <= 60, "status exited 0 only a minute after /healthz 200"
        failing = [missed(report) for _, code, report in reports[first_ok:] if code != 0]
        assert failing == []
        by_key = {e["key"]: e for e in reports[-1][2]["entries"]}
        assert by_key["update-daily-metrics"]["status"] == "pending", by_key
    finally:
        up.send_signal(signal.SIGINT)
        try:
            up.wait(timeout=40)
        except subprocess.TimeoutExpired:
            up.kill()
            up.wait()
