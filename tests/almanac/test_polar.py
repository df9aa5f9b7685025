"""The polar rule (docs/almanac.md): Tromsø, 69.65 N 18.96 E, zone Europe/Oslo."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from lokpanchang.almanac import generate_panchangam_with_timezone
from lokpanchang.almanac.daylight import NO_SUNRISE_TOMORROW, NO_SUNSET, POLAR_DAY, POLAR_NIGHT

from .helpers import KINDS, ONE_SECOND, true_number

TROMSO = (69.65, 18.96, "Europe/Oslo")
OSLO = ZoneInfo("Europe/Oslo")
MIDSUMMER = date(2026, 6, 21)
MIDWINTER = date(2026, 12, 21)


def _midnight(day: date) -> datetime:
    return datetime.combine(day, time(0), tzinfo=OSLO)


def test_it_marks_midsummer_as_polar_day_running_midnight_to_midnight():
    panchangam = generate_panchangam_with_timezone(*TROMSO, target_date=MIDSUMMER)
    assert panchangam.polar == POLAR_DAY
    assert (panchangam.sunrise, panchangam.sunset, panchangam.next_sunrise) == (None, None, None)
    assert panchangam.day_start == _midnight(MIDSUMMER)
    assert panchangam.day_end == _midnight(MIDSUMMER + timedelta(days=1))


def test_it_marks_midwinter_as_polar_night_running_midnight_to_midnight():
    panchangam = generate_panchangam_with_timezone(*TROMSO, target_date=MIDWINTER)
    assert panchangam.polar == POLAR_NIGHT
    assert panchangam.sunrise is None and panchangam.sunset is None
    assert panchangam.day_start == _midnight(MIDWINTER)


def test_polar_days_have_no_kalams_but_still_every_element():
    for day in (MIDSUMMER, MIDWINTER):
        panchangam = generate_panchangam_with_timezone(*TROMSO, target_date=day)
        assert panchangam.rahu_kalam is None and panchangam.abhijit is None
        assert panchangam.durmuhurta == ()
        for kind in KINDS:
            entries = getattr(panchangam, kind)
            assert entries[0].start <= panchangam.day_start < entries[0].end
            assert entries[-1].start < panchangam.day_end <= entries[-1].end
            assert true_number(kind, entries[0].end - ONE_SECOND) == entries[0].number


def test_polar_json_says_why_and_uses_null_not_zero():
    data = generate_panchangam_with_timezone(*TROMSO, target_date=MIDSUMMER).to_dict()
    assert data["polar"] == "polar_day"
    assert data["sunrise"] is None and data["rahu_kalam"] is None
    assert data["tithi"][0]["start"] < data["day_start"] < data["tithi"][0]["end"]


def test_a_whole_year_at_tromso_has_contiguous_days_and_never_fails():
    day, flags = date(2026, 1, 1), set()
    previous_end = None
    while day.year == 2026:
        panchangam = generate_panchangam_with_timezone(
            *TROMSO, target_date=day, include_transitions=False
        )
        assert previous_end is None or panchangam.day_start == previous_end
        assert panchangam.day_start < panchangam.day_end
        if panchangam.polar is None:
            assert panchangam.sunrise < panchangam.sunset < panchangam.next_sunrise
        flags.add(panchangam.polar)
        previous_end, day = panchangam.day_end, day + timedelta(days=1)
    assert {None, POLAR_DAY, POLAR_NIGHT} <= flags
    assert flags <= {None, POLAR_DAY, POLAR_NIGHT, NO_SUNSET, NO_SUNRISE_TOMORROW}
