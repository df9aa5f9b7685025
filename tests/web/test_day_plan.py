"""The dashboard's day comes from the planner's own rule: past, due and upcoming slots."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta

from lokpanchang.planning import due_slots
from lokpanchang.storage.records import RunRecord
from lokpanchang.storage.run_reports import RunSummary
from lokpanchang.web.admin.dayplan import DAY, Owing, Phase, day_plan, phase_at

DAY_START = datetime(2026, 12, 1, tzinfo=UTC)
NOW = datetime(2026, 12, 1, 7, 52, tzinfo=UTC)  # the 07:52 UTC
LOOKAHEAD = timedelta(seconds=900)
GRACE = timedelta(hours=2)
LONG_AGO = datetime(2026, 1, 1, tzinfo=UTC)
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
    rows = day_plan(slots, [], NOW, LOOKAHEAD, owing_since(LONG_AGO))
    assert [(r.timezone, r.phase, r.status) for r in rows] == [
        ("Asia/Kolkata", Phase.PAST, "missed"),  # 6 h 52 min ago: past LATE_GRACE
        ("Europe/London", Phase.PAST, "not planned yet"),  # 1 h 22 min: the planner sends it
        ("Europe/Lisbon", Phase.DUE, "not planned yet"),
        ("America/New_York", Phase.UPCOMING, "not planned yet"),
        ("America/Los_Angeles", Phase.UPCOMING, "not planned yet"),
    ]


def owing_since(when: datetime, zones=ZONES) -> Owing:
    return Owing(dict.fromkeys(zones, when), GRACE)


def test_a_past_slot_nobody_was_owed_says_none_owed():
    """Issue 25, item 8: subscribers imported at 07:00 UTC; the 06:30 slots of London (and
    Kolkata's 01:00) passed before anyone was owed them: 'past · not planned yet' was shown."""
    slots = due_slots(DAY_START, ZONES, DAY).slots
    imported = datetime(2026, 12, 1, 7, 0, tzinfo=UTC)
    rows = day_plan(slots, [], NOW, LOOKAHEAD, owing_since(imported))
    assert [(r.timezone, r.status) for r in rows][:3] == [
        ("Asia/Kolkata", "none owed"),
        ("Europe/London", "none owed"),
        ("Europe/Lisbon", "not planned yet"),
    ]


def test_a_sunrise_subscribers_next_send_time_is_no_row_today():
    """Issue 25, item 8: after today's sunrise send at 06:57 (a run), the subscriber's send
    time is tomorrow's sunrise, 06:58: today's 06:58 was a phantom row."""
    zone = "Asia/Kolkata"
    today_run = run(zone, time(6, 57), date(2026, 12, 1), datetime(2026, 12, 1, 1, 27, tzinfo=UTC))
    tomorrow = datetime(2026, 12, 2, 1, 28, tzinfo=UTC)  # the one slot 06:58 stands for
    slots = due_slots(DAY_START, [(zone, time(6, 58))], DAY).slots
    rows = day_plan(
        slots, [today_run], NOW, LOOKAHEAD, Owing({(zone, time(6, 58)): tomorrow}, GRACE)
    )
    assert [(r.send_time, r.status) for r in rows] == [(time(6, 57), "done")]


def test_a_slot_and_its_run_are_one_row_and_a_run_without_a_slot_is_kept():
    slots = due_slots(DAY_START, ZONES[:1], DAY).slots
    kolkata = run("Asia/Kolkata", time(6, 30), date(2026, 12, 1), slots[0].due_at)
    backfill = run(
        "Pacific/Auckland", time(6, 30), date(2026, 12, 1), DAY_START + timedelta(hours=2)
    )
    rows = day_plan(slots, [kolkata, backfill], NOW, LOOKAHEAD, owing_since(LONG_AGO))
    assert [(r.timezone, r.summary) for r in rows] == [
        ("Asia/Kolkata", kolkata),
        ("Pacific/Auckland", backfill),
    ]
    assert rows[0].status == "done"


def test_phases_at_the_edges():
    assert phase_at(NOW, NOW, LOOKAHEAD) is Phase.DUE
    assert phase_at(NOW - timedelta(seconds=1), NOW, LOOKAHEAD) is Phase.PAST
    assert phase_at(NOW + LOOKAHEAD, NOW, LOOKAHEAD) is Phase.UPCOMING
