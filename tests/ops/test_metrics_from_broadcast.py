"""Metrics, /metrics and the weekly report count the rows the real broadcast writes:
a catch-up run sent late, a slot recorded missed, an ambiguous and a halted send."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest
import time_machine
from sqlalchemy import select

from lokpanchang import broadcast
from lokpanchang.broadcast import SendContext
from lokpanchang.broadcast.content import almanac_content
from lokpanchang.broadcast.locks import DatabaseLock
from lokpanchang.delivery.base import Outcome, SendResult
from lokpanchang.delivery.memory import MemorySender
from lokpanchang.ops.daily_metrics import counts as metrics
from lokpanchang.ops.reports import weekly as reports
from lokpanchang.storage.db import transaction
from lokpanchang.storage.models import BroadcastRun, DailyMetrics, MessageLog, UserDetail
from tests.broadcast.helpers import RecordingQueue, add_subscriber
from tests.web.test_metrics import scrape

KOLKATA, NEW_YORK = "Asia/Kolkata", "America/New_York"
JOINED = datetime(2026, 11, 1, tzinfo=UTC)
# Kolkata's 06:30 on the 28th was 01:00 UTC, 90 min ago: within LATE_GRACE, sent late.
# New York's 06:30 on the 27th was 11:30 UTC, 15 h ago: past LATE_GRACE, recorded missed.
NOW = datetime(2026, 11, 28, 2, 30, tzinfo=UTC)
KOLKATA_DAY, NEW_YORK_DAY = date(2026, 11, 28), date(2026, 11, 27)


@pytest.fixture
def settings(make_settings, database_url, tmp_path):
    return make_settings(
        database_url=database_url,
        data_dir=tmp_path,
        batch_size=10,
        late_grace=7200,
        run_stall_after=120,
        claim_stale_after=300,
    )


def phone(url: str, user_id: int) -> str:
    with transaction(url) as session:
        return session.get_one(UserDetail, user_id).address


def broadcast_as_it_happens(settings) -> dict:
    """Subscribers, a planner pass and the late run's send, all by the real functions."""
    url = settings.effective_database_url
    kolkata = [add_subscriber(url, KOLKATA, created_on=JOINED) for _ in range(4)]
    new_york = [
        add_subscriber(url, NEW_YORK, created_on=JOINED, latitude=40.7, longitude=-74.0)
        for _ in range(2)
    ]
    queue = RecordingQueue()
    report = broadcast.planner_pass(settings, NOW, queue, DatabaseLock(url))
    assert (len(report.late), len(report.missed)) == (1, 1)
    sender = MemorySender(
        outcomes={
            phone(url, kolkata[0]): SendResult(0, Outcome.AMBIGUOUS, error_detail="timeout"),
            phone(url, kolkata[1]): SendResult(0, Outcome.DISABLE, error_code=131026),
        }
    )
    ctx = SendContext(settings, sender, almanac_content())
    sending_at = NOW + timedelta(seconds=5)
    for bounds in broadcast.start_run(settings, report.late[0], sending_at):
        broadcast.send_batch(ctx, report.late[0], bounds, sending_at)
    assert broadcast.finish_run(settings, report.late[0], sending_at)
    return {
        "kolkata": kolkata,
        "new_york": new_york,
        "late_run": report.late[0],
        "missed_run": report.missed[0],
    }


def metrics_row(url: str, day: date, zone: str) -> DailyMetrics:
    with transaction(url) as session:
        return session.scalars(
            select(DailyMetrics).where(DailyMetrics.day == day, DailyMetrics.timezone == zone)
        ).one()


def test_the_broadcast_writes_the_statuses_metrics_count(settings):
    seeded = broadcast_as_it_happens(settings)
    with transaction(settings.effective_database_url) as session:
        runs = {run.id: (run.status, run.late) for run in session.scalars(select(BroadcastRun))}
        ledger = sorted(
            (row.timezone, row.status, row.late) for row in session.scalars(select(MessageLog))
        )
    assert runs == {seeded["late_run"]: ("done", True), seeded["missed_run"]: ("missed", True)}
    assert ledger == [(NEW_YORK, "missed", True)] * 2 + sorted(
        [(KOLKATA, "ambiguous", True), (KOLKATA, "failed", True)] + [(KOLKATA, "sent", True)] * 2
    )


def test_daily_metrics_count_late_missed_and_ambiguous_sends(settings):
    broadcast_as_it_happens(settings)
    url = settings.effective_database_url
    metrics.update_daily_metrics(url, NOW, days=[NEW_YORK_DAY, KOLKATA_DAY])
    kolkata = metrics_row(url, KOLKATA_DAY, KOLKATA)
    assert (kolkata.sent, kolkata.late, kolkata.failed, kolkata.ambiguous, kolkata.missed) == (
        2,
        2,
        1,
        1,
        0,
    )
    new_york = metrics_row(url, NEW_YORK_DAY, NEW_YORK)
    assert (new_york.sent, new_york.missed, new_york.missed_runs) == (0, 2, 1)
    everyone = metrics_row(url, NEW_YORK_DAY, "")
    assert (everyone.missed, everyone.missed_runs) == (2, 1)


def test_a_late_run_makes_its_sends_late_even_when_rows_were_claimed_on_time(settings):
    url = settings.effective_database_url
    add_subscriber(url, KOLKATA, created_on=JOINED)
    due = datetime(2026, 11, 28, 1, 0, tzinfo=UTC)
    before = due - timedelta(minutes=10)
    planned = broadcast.planner_pass(settings, before, RecordingQueue(), DatabaseLock(url))
    run_id = planned.planned[0]
    ctx = SendContext(settings, MemorySender(), almanac_content())
    bounds = broadcast.start_run(settings, run_id, due)  # on time: rows not flagged late
    with transaction(url) as session:  # an operator resumes the run late (as the portal does)
        session.get(BroadcastRun, run_id).late = True
    broadcast.send_batch(ctx, run_id, bounds[0], due + timedelta(minutes=30))
    metrics.update_daily_metrics(url, NOW, days=[KOLKATA_DAY])
    row = metrics_row(url, KOLKATA_DAY, KOLKATA)
    assert (row.sent, row.late) == (1, 1)


def test_prometheus_exposes_late_missed_and_ambiguous(settings):
    seeded = broadcast_as_it_happens(settings)
    with time_machine.travel(NOW + timedelta(minutes=1), tick=False):
        samples = scrape(settings)
    assert samples[("lokpanchang_messages", (("error_code", ""), ("status", "ambiguous")))] == 1
    assert samples[("lokpanchang_messages", (("error_code", ""), ("status", "missed")))] == 2
    assert samples[("lokpanchang_messages_late", ())] == 2
    assert samples[("lokpanchang_broadcast_runs", (("late", "true"), ("status", "missed")))] == 1
    assert samples[("lokpanchang_broadcast_runs", (("late", "true"), ("status", "done")))] == 1
    assert seeded["missed_run"] != seeded["late_run"]


def test_the_weekly_report_states_late_missed_and_ambiguous(settings):
    broadcast_as_it_happens(settings)
    url = settings.effective_database_url
    metrics.update_daily_metrics(url, NOW, days=[NEW_YORK_DAY, KOLKATA_DAY])
    html = reports.generate_weekly_report(
        settings, datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
    ).read_text()
    assert "Sent 2, failed 1. Late 2; missed 2 (in 1 missed runs); ambiguous 1." in html
    assert "131026 failures: 1" in html
