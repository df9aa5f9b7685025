"""Property tests: any place below the polar circles, any date 1950-2050."""

from __future__ import annotations

from datetime import date, timedelta
from zoneinfo import ZoneInfo

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lokpanchang.almanac import generate_panchangam_with_timezone

from .helpers import (
    KINDS,
    ONE_SECOND,
    all_datetimes,
    offset_is_the_zones_at_that_instant,
    true_number,
)

places = st.tuples(st.floats(-60.0, 60.0), st.floats(-180.0, 180.0))
dates = st.dates(date(1950, 1, 1), date(2050, 12, 31))
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(places, dates)
def test_entries_are_contiguous_ordered_and_cover_the_day(place, day):
    panchangam = generate_panchangam_with_timezone(*place, target_date=day)
    for kind in KINDS:
        entries = getattr(panchangam, kind)
        assert entries[0].start <= panchangam.sunrise < entries[0].end
        assert entries[-1].start < panchangam.next_sunrise <= entries[-1].end
        for entry in entries:
            assert entry.start < entry.end
        for earlier, later in zip(entries, entries[1:]):
            assert earlier.end == later.start


@SETTINGS
@given(places, dates)
def test_numbers_are_in_range_and_follow_each_other(place, day):
    panchangam = generate_panchangam_with_timezone(*place, target_date=day)
    for kind, (_, count) in KINDS.items():
        numbers = [entry.number for entry in getattr(panchangam, kind)]
        assert all(1 <= number <= count for number in numbers)
        assert all(later == earlier % count + 1 for earlier, later in zip(numbers, numbers[1:]))
    assert 1 <= panchangam.vara.number <= 7
    assert 1 <= panchangam.nakshatra[0].pada <= 4
    assert 1 <= panchangam.masa.amanta.number <= 12
    assert 1 <= panchangam.ritu.number <= 6
    assert 1 <= panchangam.samvat.samvatsara.number <= 60


@SETTINGS
@given(places, dates)
def test_each_end_time_is_where_the_element_changes(place, day):
    panchangam = generate_panchangam_with_timezone(*place, target_date=day)
    # drik keeps times truncated to the second: the instant is in [t, t + 1 s), found
    # within 0.2 s, so "after" is looked at 1.5 s on.
    after = ONE_SECOND * 1.5
    for kind in KINDS:
        for entry in getattr(panchangam, kind):
            assert true_number(kind, entry.start + after) == entry.number
            assert true_number(kind, entry.end - ONE_SECOND) == entry.number
            assert true_number(kind, entry.end + after) != entry.number


@SETTINGS
@given(places, dates)
def test_every_time_carries_the_zones_offset_at_that_instant(place, day):
    panchangam = generate_panchangam_with_timezone(*place, target_date=day)
    zone = ZoneInfo(panchangam.timezone)
    assert all(
        offset_is_the_zones_at_that_instant(instant, zone) for instant in all_datetimes(panchangam)
    )


@SETTINGS
@given(places, dates)
def test_consecutive_days_meet_exactly(place, day):
    today = generate_panchangam_with_timezone(*place, target_date=day, include_transitions=False)
    tomorrow = generate_panchangam_with_timezone(
        *place,
        timezone=today.timezone,
        target_date=day + timedelta(days=1),
        include_transitions=False,
    )
    assert today.day_end == tomorrow.day_start
    assert today.next_sunrise == tomorrow.sunrise
