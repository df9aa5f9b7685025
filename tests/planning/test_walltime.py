"""Wall times -> instants: gaps, folds, skipped and repeated dates, bad input."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta, timezone

import pytest

from lokpanchang.planning import (
    InvalidZoneError,
    is_valid_zone,
    load_zone,
    local_date_at,
    occurrence,
    wall_clock_at,
)

NAIVE = datetime(2026, 3, 1, 1, 0)


def test_an_ordinary_wall_time_is_that_instant():
    assert occurrence("Asia/Kolkata", date(2026, 3, 1), time(6, 30)) == datetime(
        2026, 3, 1, 1, 0, tzinfo=UTC
    )


def test_a_quarter_hour_zone_is_ordinary():
    assert occurrence("Australia/Eucla", date(2026, 6, 1), time(6, 30)) == datetime(
        2026, 5, 31, 21, 45, tzinfo=UTC
    )


def test_a_skipped_calendar_day_has_no_occurrence():
    # Samoa moved across the date line: 2011-12-29 24:00 (-10) became 2011-12-31 00:00 (+14).
    assert occurrence("Pacific/Apia", date(2011, 12, 30), time(6, 30)) is None
    assert occurrence("Pacific/Apia", date(2011, 12, 30), time(0, 0)) is None
    assert occurrence("Pacific/Apia", date(2011, 12, 29), time(23, 59)) == datetime(
        2011, 12, 30, 9, 59, tzinfo=UTC
    )
    assert occurrence("Pacific/Apia", date(2011, 12, 31), time(0, 0)) == datetime(
        2011, 12, 30, 10, 0, tzinfo=UTC
    )


def test_a_repeated_calendar_day_counts_its_first_occurrence():
    # Sitka went from Asian to American time in 1867: local 10-19 15:30 (+14:58:47)
    # became 10-18 15:30 (-9:01:13), so 10-18 15:30 .. 10-19 15:30 happened twice.
    first_18th = datetime(1867, 10, 18, 3, 1, 13, tzinfo=UTC)
    assert occurrence("America/Sitka", date(1867, 10, 18), time(18, 0)) == first_18th
    assert occurrence("America/Sitka", date(1867, 10, 19), time(18, 0)) == first_18th + timedelta(
        days=2
    )


def test_the_local_date_follows_the_zone_not_utc():
    instant = datetime(2026, 3, 1, 20, 0, tzinfo=UTC)
    assert local_date_at("Pacific/Kiritimati", instant) == date(2026, 3, 2)
    assert local_date_at("Pacific/Pago_Pago", instant) == date(2026, 3, 1)
    assert wall_clock_at("Asia/Kathmandu", instant).strftime("%H:%M %z") == "01:45 +0545"


def test_an_instant_with_any_offset_is_accepted():
    plus_two = timezone(timedelta(hours=2))
    assert local_date_at("UTC", datetime(2026, 3, 1, 1, 0, tzinfo=plus_two)) == date(2026, 2, 28)


@pytest.mark.parametrize(
    "call", [lambda: local_date_at("UTC", NAIVE), lambda: wall_clock_at("UTC", NAIVE)]
)
def test_a_naive_instant_is_refused_with_a_hint(call):
    with pytest.raises(
        ValueError, match=r"instant=2026-03-01T01:00:00 has no time zone.*tzinfo=UTC"
    ):
        call()


@pytest.mark.parametrize(
    "name",
    ["Mars/Olympus", "", "asia/kolkata", "Asia/Kolkata ", "../etc/passwd", "localtime", "America"],
)
def test_a_bad_zone_name_is_refused_with_its_name(name):
    with pytest.raises(InvalidZoneError) as raised:
        occurrence(name, date(2026, 3, 1), time(6, 30))
    assert raised.value.zone == name
    assert repr(name) in str(raised.value)
    assert not is_valid_zone(name)


def test_a_zone_name_that_is_not_text_is_refused():
    with pytest.raises(InvalidZoneError):
        load_zone(None)


@pytest.mark.parametrize("bad", [time(6, 30, 15), time(6, 30, tzinfo=UTC), time(6, 30, 0, 5)])
def test_a_send_time_must_be_a_plain_wall_time_in_minutes(bad):
    with pytest.raises(ValueError, match="send_time="):
        occurrence("Asia/Kolkata", date(2026, 3, 1), bad)


def test_a_datetime_is_not_taken_for_a_date():
    with pytest.raises(TypeError, match="local_date="):
        occurrence("Asia/Kolkata", datetime(2026, 3, 1, tzinfo=UTC), time(6, 30))
