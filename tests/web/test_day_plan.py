"""The dashboard's day comes from the planner's own rule: past, due and upcoming slots."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta

from lokpanchang.planning import due_slots
from lokpanchang.storage.records import RunRecord
from lokpanchang.storage.run_reports import RunSummary
from lokpanchang.web.admin.dayplan import DAY, Phase, day_plan, phase_at

DAY_START = datetime(2026, 12, 1, tzinfo=UTC)
NOW = datetime(2026, 12, 1, 7, 52, tzinfo=UTC)  # the 07:52 UTC
LOOKAHEAD = timedelta(seconds=900)
ZONES = [
    ("Asia/Kolkata", time(6, 30)),  # 01:00 UTC: past
    ("Europe/London", time(6, 30)),  # 06:30 UTC: past
    ("Europe/Lisbon", time(8, 0)),  # 08:00 UTC: due
    ("America/New_York", time(6, 30)),  # 11:30 UTC: upcoming
    ("America/Los_Angeles", time(6, 30)),  # 14:30 UTC: upcoming
]


def run(zone: str, send_time: time, local_date: date, due_at: datetime) -> RunSummary:
    record = RunRecord(
        id=1,
        timezone=zone,
        send_time=send_time,
        local_date=local_date,
        due_at=due_at,
        status="done",
        late=False,
        planned_at=due_at,
        enqueued_at=None,
        enqueue_count=0,
        started_at=None,
        finished_at=None,
        total=0,
        sent=0,
        failed=0,
        skipped=0,
        error=None,
    )
    return RunSummary(record)


def test_every_slot_of_the_day_is_listed_with_its_phase():
    slots = due_slots(DAY_START, ZONES, DAY).slots
    rows = day_plan(slots, [], NOW, LOOKAHEAD)
    assert [(r.timezone, r.phase) for r in rows] == [
        ("Asia/Kolkata", Phase.PAST),
        ("Europe/London", Phase.PAST),
        ("Europe/Lisbon", Phase.DUE),
        ("America/New_York", Phase.UPCOMING),
        ("America/Los_Angeles", Phase.UPCOMING),
    ]
    assert all(r.status == "not planned yet" for r in rows)


def test_a_slot_and_its_run_are_one_row_and_a_run_without_a_slot_is_kept():
    slots = due_slots(DAY_START, ZONES[:1], DAY).slots
    kolkata = run("Asia/Kolkata", time(6, 30), date(2026, 12, 1), slots[0].due_at)
    backfill = run(
        "Pacific/Auckland", time(6, 30), date(2026, 12, 1), DAY_START + timedelta(hours=2)
    )
    rows = day_plan(slots, [kolkata, backfill], NOW, LOOKAHEAD)
    assert [(r.timezone, r.summary) for r in rows] == [
        ("Asia/Kolkata", kolkata),
        ("Pacific/Auckland", backfill),
    ]
    assert rows[0].status == "done"


def test_phases_at_the_edges():
    assert phase_at(NOW, NOW, LOOKAHEAD) is Phase.DUE
    assert phase_at(NOW - timedelta(seconds=1), NOW, LOOKAHEAD) is Phase.PAST
    assert phase_at(NOW + LOOKAHEAD, NOW, LOOKAHEAD) is Phase.UPCOMING
