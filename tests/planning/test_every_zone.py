"""Every IANA zone, every local day of 2026 and 2027, planner passes every 600 s with a 900 s look-ahead.

Simulating all ~105,000 passes for all ~600 zones (63 million zone-passes) would take an
hour, so each zone's passes are taken where they matter: for every expected slot, the
passes whose window [p, p + 900 s) contains its instant, and the pass just before and
just after (which must not return it). Together with one call over the whole two years
per zone (which would show any extra slot anywhere) this fails if due_slots misses a
zone-day, returns a slot twice, returns two slots for one zone-day, or plans a wrong
instant. The expected instants are computed here independently of the planner, by
trying the zone's nearby UTC offsets.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
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


def check_zone(name: str) -> int:
    zone = ZoneInfo(name)
    pairs = [(name, SEND_TIME)]
    expected = []
    passes_seen = 0
    for n in range(DAYS):
        day = FIRST_DAY + timedelta(days=n)
        instant = expected_instant(zone, day, SEND_TIME)
        check_reading(zone, instant, day, SEND_TIME)
        expected.append((instant, day))
        containing = passes_containing(instant)
        assert len(containing) in (1, 2)
        for k in range(containing.start - 1, containing.stop + 1):
            found = [s for s in due_slots(pass_at(k), pairs, LOOKAHEAD).slots if s.local_date == day]
            wanted = [(instant, day)] if k in containing else []
            assert [(s.due_at, s.local_date) for s in found] == wanted, (name, day, pass_at(k))
            passes_seen += 1
    whole = due_slots(expected[0][0], pairs, expected[-1][0] - expected[0][0] + timedelta(seconds=1))
    assert [(s.due_at, s.local_date) for s in whole.slots] == expected, name
    return passes_seen


def test_the_zone_list_is_the_whole_database():
    assert len(ZONES) > 590
    assert {"Asia/Kathmandu", "Australia/Eucla", "Pacific/Chatham", "Australia/Lord_Howe"} <= set(ZONES)


@pytest.mark.slow
def test_every_zone_gets_exactly_one_slot_per_local_day_at_the_right_instant():
    passes = sum(check_zone(name) for name in ZONES)
    assert passes >= len(ZONES) * DAYS * 3


def test_a_pass_returns_each_slot_once_across_many_zones():
    now = datetime(2026, 3, 29, 0, 50, tzinfo=UTC)
    pairs = [(name, SEND_TIME) for name in ZONES] * 2
    result = due_slots(now, pairs, timedelta(days=1))
    assert isinstance(result, PlanResult) and result.invalid_zones == ()
    keys = [s.lock_key() for s in result.slots]
    assert len(keys) == len(set(keys))
    assert {s.timezone for s in result.slots} == set(ZONES)


def check_whole_period(name: str, send_time: time) -> None:
    """One window over both years holds exactly the expected slot of every local day."""
    zone = ZoneInfo(name)
    expected = []
    for n in range(DAYS):
        day = FIRST_DAY + timedelta(days=n)
        instant = expected_instant(zone, day, send_time)
        check_reading(zone, instant, day, send_time)
        expected.append((instant, day))
    span = expected[-1][0] - expected[0][0] + timedelta(seconds=1)
    whole = due_slots(expected[0][0], [(name, send_time)], span)
    assert [(s.due_at, s.local_date) for s in whole.slots] == expected, (name, send_time)


# Most transitions happen at local 00:00-03:00: these send times fall in their gaps and folds.
@pytest.mark.slow
@pytest.mark.parametrize("send_time", [time(0, 0), time(1, 30), time(2, 30)], ids=str)
def test_every_zone_follows_the_gap_and_fold_rules_at_night_send_times(send_time):
    for name in ZONES:
        check_whole_period(name, send_time)
