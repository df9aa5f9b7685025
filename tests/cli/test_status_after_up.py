"""`lokpanchang status` right after a healthy `up` exits 0 (issue 25 item 7): a crontab slot
from before beat's first start is not owed, so it is never reported missed.

The processes run on a shifted clock (``LOKPANCHANG_CLOCK_OFFSET``) that puts `up`'s start at
HH:09:45, just after update-daily-metrics' HH:05 slot and within its 6 min grace: the slot
Celery beat never runs, which `status` called missed from HH:11 on.
"""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta

import pytest

from tests.scheduling.cluster import wait_until
from tests.upprocess import embedded_env, start_up, status

pytestmark = [pytest.mark.integration, pytest.mark.slow]

START_MINUTE = timedelta(minutes=9, seconds=45)
OLD_MISS_AT = timedelta(minutes=11, seconds=10)  # the HH:05 slot's grace is over by then


def offset_to_just_after_a_slot(real: datetime) -> timedelta:
    """The clock offset that makes ``real`` the nearest HH:09:45 (within half an hour)."""
    hour = real.replace(minute=0, second=0, microsecond=0)
    steps = (timedelta(hours=-1), timedelta(), timedelta(hours=1))
    targets = [hour + step + START_MINUTE for step in steps]
    return min((target - real for target in targets), key=abs)


def missed(report: dict | None) -> list[str]:
    if report is None:
        return ["(no report)"]
    return [
        f"{e['key']} {e['status']} (due {e['due_at']})"
        for e in report["entries"]
        if e["status"] == "missed"
    ]


def test_status_exits_0_from_healthz_on_when_up_starts_just_after_a_crontab_slot(tmp_path):
    offset = offset_to_just_after_a_slot(datetime.now(UTC))
    env = embedded_env(tmp_path, LOKPANCHANG_CLOCK_OFFSET=str(offset.total_seconds()))
    up = start_up(tmp_path, env)
    try:
        wait_until(up.healthy, 120, "/healthz 200\n" + up.log(), 0.5)
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
        assert reports[-1][2] is not None
        by_key = {e["key"]: e for e in reports[-1][2]["entries"]}
        assert by_key["update-daily-metrics"]["status"] == "pending", by_key
    finally:
        up.stop()
