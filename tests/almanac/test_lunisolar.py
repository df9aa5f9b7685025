"""Lunar month, years and seasons against well-known calendar dates (New Delhi)."""

from __future__ import annotations

from datetime import date

from lokpanchang.almanac import generate_panchangam_with_timezone

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
        "Phalguna", 1946, "Krodhi")


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
