"""Lunar month, years and seasons against well-known calendar dates (New Delhi)."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

from lokpanchang.almanac import generate_panchangam_with_timezone, lunisolar
from lokpanchang.almanac.convention import DRIK

J2000 = datetime(2000, 1, 1, 12, tzinfo=UTC)  # Julian day 2451545.0

DELHI = (28.6139, 77.2090, "Asia/Kolkata")


def _at_delhi(day: date):
    return generate_panchangam_with_timezone(*DELHI, target_date=day)


def test_2023_had_an_adhika_shravana():
    # Adhika Shravana ran 18 July - 16 August 2023 (amanta).
    masa = _at_delhi(date(2023, 8, 1)).masa
    assert (masa.amanta.name, masa.adhika) == ("Shravana", True)
    assert _at_delhi(date(2023, 8, 20)).masa.adhika is False


def test_ugadi_2025_opens_shaka_1947_vishvavasu():
    # Chaitra Shukla Pratipada fell on 30 March 2025; the day before was Phalguna Amavasya.
    new_year = _at_delhi(date(2025, 3, 30))
    assert new_year.tithi[0].name == "Shukla Pratipada"
    assert new_year.masa.amanta.name == "Chaitra"
    assert (new_year.samvat.shaka, new_year.samvat.vikram) == (1947, 2082)
    assert new_year.samvat.samvatsara.name == "Vishvavasu"
    eve = _at_delhi(date(2025, 3, 29))
    assert (eve.masa.amanta.name, eve.samvat.shaka, eve.samvat.samvatsara.name) == (
        "Phalguna",
        1946,
        "Krodhi",
    )


def test_purnimanta_month_runs_ahead_in_krishna_paksha():
    # Diwali, 1 November 2024: Ashwin Amavasya amanta, Kartika purnimanta.
    diwali = _at_delhi(date(2024, 11, 1))
    assert diwali.tithi[0].name == "Amavasya"
    assert (diwali.masa.amanta.name, diwali.masa.purnimanta.name) == ("Ashwina", "Kartika")


def test_ayana_and_ritu_follow_the_tropical_sun():
    assert _at_delhi(date(2026, 1, 10)).ayana.name == "Uttarayana"
    assert _at_delhi(date(2026, 7, 1)).ayana.name == "Dakshinayana"
    assert _at_delhi(date(2026, 4, 1)).ritu.name == "Vasant"
    assert _at_delhi(date(2026, 12, 1)).ritu.name == "Hemant"


def test_the_kshaya_month_of_1983_is_marked_and_ordinary_months_are_not():
    # Two sankrantis fell in the lunation opening 14 January 1983 (the 1983 kshaya masa).
    masa = _at_delhi(date(1983, 1, 25)).masa
    assert (masa.kshaya, masa.adhika) == (True, False)
    assert masa.to_dict()["kshaya"] is True
    assert _at_delhi(date(1983, 3, 1)).masa.kshaya is False
    assert _at_delhi(date(2023, 8, 1)).masa.kshaya is False  # adhika is not kshaya


def test_kshaya_months_from_1900_to_2125_are_the_three_known_ones():
    openings = [lunisolar.new_moon(n, DRIK) for n in range(-1240, 1540)]  # 1900 .. 2125
    kshaya = [
        (J2000 + timedelta(days=start - 2451545.0)).date()
        for start in openings
        if lunisolar.lunar_month(start + 1.0, 2, DRIK).kshaya
    ]
    assert kshaya == [date(1963, 11, 16), date(1983, 1, 14), date(2123, 12, 17)]
