"""Every IANA zone, every local day of 2026 and 2027, planner passes every 600 s with a 900 s look-ahead.

Simulating all ~105,000 passes for all ~600 zones (63 million zone-passes) would take an
hour, so each pass looks only at the zones where it matters: a zone joins the passes whose
window [p, p + 900 s) holds one of its instants and the pass just before and just after
(which must not return it). Each pass must return exactly the slots in its window, each
zone-day must be planned by exactly the passes whose windows hold it, and one window over
the whole two years per zone (which would show an extra slot anywhere) must hold exactly
one slot per local day. So the test fails if due_slots misses a zone-day, returns a slot
twice, returns two slots for one zone-day, or plans a wrong instant. The expected instants
come from an independent oracle (tests/planning/oracle.py) that tries the zone's nearby
UTC offsets, and each planned instant is read back in its zone.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from datetime import UTC, date, datetime, time, timedelta
from functools import cache
from zoneinfo import ZoneInfo, available_timezones

import pytest

from lokpanchang.planning import PlanResult, due_slots
from tests.planning.oracle import check_reading, expected_instant

# "localtime" is a link to the machine's own zone, not an IANA name: the planner refuses it.
NOT_IANA = {"localtime", "posixrules"}
ZONES = sorted(available_timezones() - NOT_IANA)

FIRST_DAY = date(2026, 1, 1)
DAYS = (date(2028, 1, 1) - FIRST_DAY).days  # 730
PERIOD = timedelta(seconds=600)
LOOKAHEAD = timedelta(seconds=900)
# Passes run on a fixed 600 s grid from here; the first slot of 2026 (UTC+14, 06:30) is
# 2025-12-31T16:30Z, so the grid starts the day before.
PASS_ORIGIN = datetime(2025, 12, 31, tzinfo=UTC)
SEND_TIME = time(6, 30)


def passes_containing(instant: datetime) -> range:
    """Indexes k of the passes p = PASS_ORIGIN + k * PERIOD with p <= instant < p + LOOKAHEAD."""
    seconds = (instant - PASS_ORIGIN) // timedelta(seconds=1)
    period, lookahead = PERIOD.seconds, LOOKAHEAD.seconds
    last = seconds // period
    first = (seconds - lookahead) // period + 1
    return range(first, last + 1)


def pass_at(index: int) -> datetime:
    return PASS_ORIGIN + index * PERIOD


def expected_slots(name: str, send_time: time) -> list[tuple[datetime, date]]:
    """(due instant, local date) of every local day, by the independent oracle."""
    zone = ZoneInfo(name)
    slots = []
    for day in (FIRST_DAY + timedelta(days=n) for n in range(DAYS)):
        instant = expected_instant(zone, day, send_time)
        assert instant is not None, f"{name} skips {day} (no zone does in 2026-2027)"
        slots.append((instant, day))
    return slots


def check_whole_period(name: str, send_time: time) -> list[tuple[datetime, date]]:
    """One window over both years holds exactly the expected slot of every local day."""
    expected = expected_slots(name, send_time)
    span = expected[-1][0] - expected[0][0] + timedelta(seconds=1)
    planned = [
        (s.due_at, s.local_date) for s in due_slots(expected[0][0], [(name, send_time)], span).slots
    ]
    assert planned == expected, (name, send_time)
    for due_at, day in planned:
        check_reading(ZoneInfo(name), due_at, day, send_time)
    return expected


def passes_to_run(expected_by_zone: dict[str, list]) -> tuple[dict[int, set], dict[int, set]]:
    """For each pass index: the zones it must look at, and the slots it must return.

    A zone is looked at by the passes whose window holds one of its instants and by the
    pass just before and just after those (whose windows must not hold it).
    """
    zones_at: dict[int, set] = defaultdict(set)
    slots_at: dict[int, set] = defaultdict(set)
    for name, expected in expected_by_zone.items():
        for instant, day in expected:
            containing = passes_containing(instant)
            assert len(containing) in (1, 2), (name, day)
            for k in range(containing.start - 1, containing.stop + 1):
                zones_at[k].add(name)
            for k in containing:
                slots_at[k].add((name, day, instant))
    return zones_at, slots_at


def test_the_zone_list_is_the_whole_database():
    assert len(ZONES) > 590
    assert {"Asia/Kathmandu", "Australia/Eucla", "Pacific/Chatham", "Australia/Lord_Howe"} <= set(
        ZONES
    )


@pytest.mark.slow
def test_every_zone_gets_exactly_one_slot_per_local_day_at_the_right_instant():
    expected_by_zone = {name: check_whole_period(name, SEND_TIME) for name in ZONES}
    zones_at, slots_at = passes_to_run(expected_by_zone)
    seen = Counter()
    for k in sorted(zones_at):
        pairs = [(name, SEND_TIME) for name in zones_at[k]]
        planned = [
            (s.timezone, s.local_date, s.due_at)
            for s in due_slots(pass_at(k), pairs, LOOKAHEAD).slots
        ]
        assert len(planned) == len(set(planned)), pass_at(k)
        assert set(planned) == slots_at[k], pass_at(k)
        seen.update((name, day) for name, day, _ in planned)
    # Every zone-day was planned, by exactly the one or two passes whose windows hold it.
    assert len(seen) == len(ZONES) * DAYS
    for name, expected in expected_by_zone.items():
        for instant, day in expected:
            assert seen[name, day] == len(passes_containing(instant)), (name, day)


def test_a_pass_returns_each_slot_once_across_many_zones():
    now = datetime(2026, 3, 29, 0, 50, tzinfo=UTC)
    pairs = [(name, SEND_TIME) for name in ZONES] * 2
    result = due_slots(now, pairs, timedelta(days=1))
    assert isinstance(result, PlanResult) and result.invalid_zones == ()
    keys = [s.lock_key() for s in result.slots]
    assert len(keys) == len(set(keys))
    assert {s.timezone for s in result.slots} == set(ZONES)


@cache
def changes_offset(name: str) -> bool:
    """True when the zone's UTC offset changes during 2026-2027 (sampled every 6 h)."""
    zone = ZoneInfo(name)
    start = PASS_ORIGIN
    samples = (start + timedelta(hours=6 * n) for n in range(4 * (DAYS + 3)))
    return len({instant.astimezone(zone).utcoffset() for instant in samples}) > 1


def test_the_zones_with_transitions_include_the_usual_suspects():
    changing = {name for name in ZONES if changes_offset(name)}
    assert {
        "America/New_York",
        "Europe/London",
        "Australia/Lord_Howe",
        "Pacific/Chatham",
    } <= changing
    assert not {"Asia/Kolkata", "Asia/Kathmandu", "UTC"} & changing


# Most transitions happen at local 00:00-03:00: these send times fall in their gaps and
# folds. Zones whose offset never changes in 2026-2027 have no gap or fold to test; the
# 06:30 test above covers them.
@pytest.mark.slow
@pytest.mark.parametrize("send_time", [time(0, 0), time(1, 30), time(2, 30)], ids=str)
def test_every_zone_with_transitions_follows_the_gap_and_fold_rules_at_night(send_time):
    for name in filter(changes_offset, ZONES):
        check_whole_period(name, send_time)
