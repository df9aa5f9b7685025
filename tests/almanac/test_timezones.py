"""Times carry the zone's offset at each instant, across daylight-saving changes."""

from __future__ import annotations

from datetime import date, timedelta
from zoneinfo import ZoneInfo

from lokpanchang.almanac import generate_panchangam_with_timezone

from .helpers import all_datetimes, offset_is_the_zones_at_that_instant

NEW_YORK = (40.7128, -74.0060, "America/New_York")
LONDON = (51.5074, -0.1278, "Europe/London")
EST, EDT = timedelta(hours=-5), timedelta(hours=-4)
GMT, BST = timedelta(0), timedelta(hours=1)


def _sunrise_offset(place, day):
    return generate_panchangam_with_timezone(*place, target_date=day).sunrise.utcoffset()


def test_new_york_sunrise_moves_from_est_to_edt_on_the_spring_change():
    assert _sunrise_offset(NEW_YORK, date(2026, 3, 7)) == EST
    assert _sunrise_offset(NEW_YORK, date(2026, 3, 8)) == EDT
    assert _sunrise_offset(NEW_YORK, date(2026, 11, 1)) == EST


def test_london_sunrise_moves_between_gmt_and_bst():
    assert _sunrise_offset(LONDON, date(2026, 3, 28)) == GMT
    assert _sunrise_offset(LONDON, date(2026, 3, 29)) == BST
    assert _sunrise_offset(LONDON, date(2026, 10, 25)) == GMT


def test_a_day_spanning_the_change_shows_both_offsets():
    # The Hindu day of 7 March 2026 in New York runs into 8 March, past 02:00 EST -> EDT.
    panchangam = generate_panchangam_with_timezone(*NEW_YORK, target_date=date(2026, 3, 7))
    offsets = {instant.utcoffset() for instant in all_datetimes(panchangam)}
    assert offsets == {EST, EDT}
    assert panchangam.sunrise.utcoffset() == EST and panchangam.next_sunrise.utcoffset() == EDT


def test_every_instant_carries_its_own_offset_around_both_changes():
    for place, days in (
        (NEW_YORK, (date(2026, 3, 7), date(2026, 10, 31))),
        (LONDON, (date(2026, 3, 28), date(2026, 10, 24))),
    ):
        zone = ZoneInfo(place[2])
        for day in days:
            panchangam = generate_panchangam_with_timezone(*place, target_date=day)
            assert all(
                offset_is_the_zones_at_that_instant(instant, zone)
                for instant in all_datetimes(panchangam)
            )


def test_kathmandu_shows_plus_five_forty_five():
    panchangam = generate_panchangam_with_timezone(27.7172, 85.3240, target_date=date(2026, 6, 1))
    assert panchangam.timezone == "Asia/Kathmandu"
    assert panchangam.sunrise.isoformat().endswith("+05:45")


def test_lord_howe_half_hour_daylight_saving_shows_both_offsets():
    lord_howe = (-31.5553, 159.0821, "Australia/Lord_Howe")
    assert _sunrise_offset(lord_howe, date(2026, 10, 3)) == timedelta(hours=10, minutes=30)
    assert _sunrise_offset(lord_howe, date(2026, 10, 4)) == timedelta(hours=11)
