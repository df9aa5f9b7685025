"""The regional calendars: choices, defaults, eras, names, the JSON shape and the rules'
edges (reference checks are in ``test_calendars_reference``)."""

from __future__ import annotations

from datetime import date
from zoneinfo import ZoneInfo

import pytest

from lokpanchang import languages
from lokpanchang.almanac import daylight, generate_panchangam_with_timezone
from lokpanchang.almanac.calendars import eras, names, solar
from lokpanchang.almanac.calendars.kinds import SOLAR, Calendar, calendar, default_calendar
from lokpanchang.almanac.convention import DRIK

CHENNAI = (13.0827, 80.2707)
KOLKATA = (22.5726, 88.3639)
TROMSO = (69.6492, 18.9553)
SOLAR_KEYS = ["month_number", "month", "day", "year", "era"]


def test_a_calendar_name_is_read_whatever_its_case_and_spaces():
    assert calendar(" Tamil ") is Calendar.TAMIL
    assert calendar("purnimanta") is Calendar.PURNIMANTA


@pytest.mark.parametrize("bad", ["martian", "", None, 3])
def test_an_unknown_calendar_is_refused_naming_the_value_and_the_choices(bad):
    with pytest.raises(ValueError) as refused:
        calendar(bad)
    assert repr(bad) in str(refused.value)
    assert "amanta, purnimanta, tamil, malayalam, bengali, odia" in str(refused.value)


@pytest.mark.parametrize(
    ("language", "country", "state", "expected"),
    [
        ("ta", "IN", "Delhi", Calendar.TAMIL),  # a language with its own calendar keeps it
        ("ml", "US", "", Calendar.MALAYALAM),
        ("bn", "IN", "Karnataka", Calendar.BENGALI),
        ("en", "IN", "Tamil Nadu", Calendar.TAMIL),  # otherwise the state decides
        ("hi", "IN", "Kerala", Calendar.MALAYALAM),
        ("en", "IN", "West Bengal", Calendar.BENGALI),
        ("en", "IN", "Odisha", Calendar.ODIA),
        ("hi", "IN", "Maharashtra", Calendar.AMANTA),
        ("te", "IN", "Telangana", Calendar.AMANTA),
        ("en", "IN", "Karnataka", Calendar.AMANTA),
        ("hi", "IN", "Delhi", Calendar.PURNIMANTA),  # the North
        ("gu", "IN", "Delhi", Calendar.AMANTA),  # ... where the language may still say amanta
        ("en", "GB", "England", Calendar.PURNIMANTA),  # abroad, the language
        ("mr", "US", "California", Calendar.AMANTA),
        ("sa", "", "", Calendar.PURNIMANTA),
    ],
)
def test_the_default_calendar_comes_from_language_and_place(language, country, state, expected):
    assert default_calendar(language, country, state) is expected


def test_gujarat_counts_vikram_samvat_from_kartika():
    assert eras.kartikadi(2082, 7) == 2081  # Ashwina: Diwali not yet
    assert eras.kartikadi(2082, 8) == 2082  # from Kartika Shukla Pratipada
    assert eras.kartikadi(2082, 12) == 2082


@pytest.mark.parametrize(
    ("kind", "sign", "day", "year"),
    [
        (Calendar.TAMIL, 1, date(2025, 4, 14), 1947),  # Chithirai: Shaka turns
        (Calendar.TAMIL, 10, date(2026, 1, 14), 1947),  # Thai: still the same year
        (Calendar.MALAYALAM, 5, date(2025, 8, 17), 1201),  # Chingam 1, Kollam 1201
        (Calendar.MALAYALAM, 4, date(2025, 7, 16), 1200),  # Karkidakam ends 1200
        (Calendar.BENGALI, 1, date(2025, 4, 14), 1432),  # Boishakh, Bangabda 1432
        (Calendar.ODIA, 6, date(2025, 9, 17), 1433),  # Ashwina: drikpanchang's Amli turns
        (Calendar.ODIA, 5, date(2025, 8, 17), 1432),
    ],
)
def test_solar_eras_turn_with_their_new_year_month(kind, sign, day, year):
    assert eras.solar_year(kind, sign, day) == year


@pytest.mark.parametrize("kind", SOLAR)
@pytest.mark.parametrize("lang", languages.CODES)
def test_every_month_and_era_has_a_name_in_every_language(kind, lang):
    months = [names.month_name(kind, number, lang) for number in range(1, 13)]
    assert all(months) and len(set(months)) == 12
    assert names.era_name(eras.SOLAR_ERAS[kind].era, lang)


def test_each_region_writes_its_months_in_its_own_script():
    assert names.month_name(Calendar.TAMIL, 1, "ta") == "சித்திரை"
    assert names.month_name(Calendar.MALAYALAM, 1, "ml") == "ചിങ്ങം"
    assert names.month_name(Calendar.BENGALI, 1, "bn") == "বৈশাখ"
    assert names.month_name(Calendar.MALAYALAM, 1, "sa") == "सिंह"  # Sanskrit: the sign
    assert names.month_name(Calendar.ODIA, 1, "hi") == "वैशाख"  # the lunar month's name


def test_a_month_number_out_of_range_is_refused():
    with pytest.raises(ValueError, match="13"):
        names.month_name(Calendar.TAMIL, 13, "en")


def _calendars(latitude, longitude, zone, day, lang="en"):
    found = generate_panchangam_with_timezone(
        latitude, longitude, zone, day, lang=lang, include_observances=False
    )
    return found.to_dict()["calendars"]


def test_the_json_has_every_calendar_with_exactly_the_agreed_keys():
    found = _calendars(*CHENNAI, "Asia/Kolkata", date(2025, 4, 14))
    assert list(found) == [
        "amanta",
        "purnimanta",
        "vikram_samvat",
        "shaka",
        "tamil",
        "malayalam",
        "bengali",
        "odia",
    ]
    for kind in SOLAR:
        assert list(found[kind]) == SOLAR_KEYS
    assert found["tamil"] == {
        "month_number": 1,
        "month": "Chithirai",
        "day": 1,
        "year": 1947,
        "era": "Shaka",
    }
    assert found["vikram_samvat"] == {"chaitradi": 2082, "kartikadi": 2081}
    assert found["shaka"] == {"year": 1947, "samvatsara": "Vishvavasu"}
    assert found["amanta"] == {"month_number": 1, "month": "Chaitra", "adhika": False}


def test_names_follow_the_panchangams_language():
    found = _calendars(*KOLKATA, "Asia/Kolkata", date(2025, 4, 15), lang="bn")
    assert found["bengali"] == {
        "month_number": 1,
        "month": "বৈশাখ",
        "day": 1,
        "year": 1432,
        "era": "বঙ্গাব্দ",
    }


def test_days_count_on_through_the_month_to_its_last_day():
    sunrises = daylight.Sunrises(
        daylight.Where(ZoneInfo("Asia/Kolkata"), *CHENNAI, DRIK.rising, DRIK)
    )
    first = solar.solar_day(Calendar.TAMIL, date(2025, 4, 14), sunrises)
    days = [solar.solar_day(Calendar.TAMIL, date(2025, 4, 14 + n), sunrises) for n in range(10)]
    assert [day.day for day in days] == list(range(1, 11))
    assert {day.first_day for day in days} == {first.first_day}
    before = solar.solar_day(Calendar.TAMIL, date(2025, 4, 13), sunrises)
    assert (before.month, before.day, before.year) == (12, 30, 1946)  # Panguni 30, Shaka 1946


def test_a_polar_place_still_gets_every_solar_calendar():
    # Tromso, 1 June: midnight sun; the rules take their moments from the clock.
    found = _calendars(*TROMSO, "Europe/Oslo", date(2025, 6, 1))
    for kind in SOLAR:
        assert 1 <= found[kind]["day"] <= 32
    assert found["tamil"]["month"] == "Vaikasi"


def test_a_sankranti_just_before_or_after_the_tamil_cut_off_moves_the_first_day():
    zone = ZoneInfo("Asia/Kolkata")
    sunrises = daylight.Sunrises(daylight.Where(zone, *CHENNAI, DRIK.rising, DRIK))
    frame = sunrises.frame(date(2025, 4, 14))
    assert frame.sunset is not None
    minute = 1 / 1440
    assert solar.first_day(Calendar.TAMIL, 1, frame.sunset - minute, sunrises) == date(2025, 4, 14)
    assert solar.first_day(Calendar.TAMIL, 1, frame.sunset + minute, sunrises) == date(2025, 4, 15)
    # Bengal: a sankranti by day begins the month the next day.
    noon = frame.sunrise + 0.25 if frame.sunrise else 0.0
    assert solar.first_day(Calendar.BENGALI, 1, noon, sunrises) == date(2025, 4, 15)


def _chennai_day():
    sunrises = daylight.Sunrises(
        daylight.Where(ZoneInfo("Asia/Kolkata"), *CHENNAI, DRIK.rising, DRIK)
    )
    frame = sunrises.frame(date(2025, 4, 14))
    assert frame.sunrise and frame.sunset and frame.next_sunrise
    return sunrises, frame


MINUTE = 1 / 1440
DAY, NEXT, AFTER = date(2025, 4, 14), date(2025, 4, 15), date(2025, 4, 16)


def test_kerala_cuts_at_the_end_of_madhyahna():
    sunrises, frame = _chennai_day()
    cutoff = frame.sunrise + 0.6 * (frame.sunset - frame.sunrise)
    assert solar.first_day(Calendar.MALAYALAM, 1, cutoff - MINUTE, sunrises) == DAY
    assert solar.first_day(Calendar.MALAYALAM, 1, cutoff + MINUTE, sunrises) == NEXT


def test_odisha_cuts_at_the_clock_time():
    sunrises, frame = _chennai_day()
    from lokpanchang.almanac.timescale import local_midnight_jd

    cutoff = local_midnight_jd(DAY, sunrises.zone) + (22 * 3600 + 21 * 60 + 30) / 86400
    assert solar.first_day(Calendar.ODIA, 1, cutoff - MINUTE, sunrises) == DAY
    assert solar.first_day(Calendar.ODIA, 1, cutoff + MINUTE, sunrises) == NEXT


def test_odisha_reads_the_clock_without_daylight_saving():
    # New York, July: EDT (UTC-4); the cut-off is 22:21:30 EST, 23:21:30 on the wall clock.
    zone = ZoneInfo("America/New_York")
    sunrises = daylight.Sunrises(daylight.Where(zone, 40.7128, -74.006, DRIK.rising, DRIK))
    july = date(2025, 7, 16)
    from lokpanchang.almanac.timescale import local_midnight_jd

    wall_cutoff = local_midnight_jd(july, zone) + (23 * 3600 + 21 * 60 + 30) / 86400
    assert solar.first_day(Calendar.ODIA, 4, wall_cutoff - MINUTE, sunrises) == july
    assert solar.first_day(Calendar.ODIA, 4, wall_cutoff + MINUTE, sunrises) == date(2025, 7, 17)


@pytest.mark.parametrize(
    ("sign", "where", "expected"),
    [
        (1, "before", NEXT),  # before the nishita muhurta: the next day
        (1, "after", AFTER),  # after it: the day after
        (4, "inside", NEXT),  # Karkata inside it: the next day
        (10, "inside", AFTER),  # Makara inside it: the day after
    ],
)
def test_bengal_decides_around_the_nishita_muhurta(sign, where, expected):
    sunrises, frame = _chennai_day()
    muhurta = (frame.next_sunrise - frame.sunset) / 15
    start = frame.sunset + 7 * muhurta
    instant = {"before": start - MINUTE, "after": start + muhurta + MINUTE}.get(
        where, start + muhurta / 2
    )
    assert solar.first_day(Calendar.BENGALI, sign, instant, sunrises) == expected


def test_inside_the_nishita_muhurta_the_sunrise_tithi_decides():
    sunrises, frame = _chennai_day()
    muhurta = (frame.next_sunrise - frame.sunset) / 15
    instant = frame.sunset + 7.5 * muhurta
    same = solar._tithi(frame.sunrise, DRIK) == solar._tithi(instant, DRIK)
    assert solar.first_day(Calendar.BENGALI, 1, instant, sunrises) == (NEXT if same else AFTER)
