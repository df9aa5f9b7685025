"""Honest places (issue 14, item 4): far towns, nautical zones and polar days are said."""

from __future__ import annotations

from datetime import date

import pytest

from lokpanchang import languages
from lokpanchang.almanac import daylight, generate_panchangam_with_timezone
from lokpanchang.messages import render_daily
from lokpanchang.messages.minutes import minute_text
from lokpanchang.messages.places import FAR_KM, place_label, zone_label

TROMSO = (69.65, 18.96, "Europe/Oslo")
# The sea point of the issue: the nearest place of 500+ people, Sea Ranch (California), is
# 1,797 km away (``places.lookup(30, -140)``), in the nautical zone Etc/GMT+9.
AT_SEA = (30.0, -140.0, "Etc/GMT+9")


@pytest.mark.parametrize(
    "zone, label",
    [
        ("Etc/GMT+9", "UTC−09:00"),
        ("Etc/GMT-14", "UTC+14:00"),
        ("Etc/GMT+12", "UTC−12:00"),
        ("Etc/GMT", "UTC"),
        ("Etc/GMT-0", "UTC"),
        ("Etc/UTC", "UTC"),
        ("UTC", "UTC"),
        ("Asia/Kolkata", "Asia/Kolkata"),
        ("America/Argentina/Buenos_Aires", "America/Argentina/Buenos_Aires"),
        ("", ""),
    ],
)
def test_a_nautical_zone_is_shown_as_its_offset_from_utc(zone, label):
    assert zone_label(zone) == label


def test_a_town_is_named_as_it_is_up_to_fifty_km_and_said_to_be_far_beyond():
    assert place_label("Ujjain", 3.2, "en") == "Ujjain"
    assert place_label("Ujjain", FAR_KM, "en") == "Ujjain"
    assert place_label("Sea Ranch", 914.4, "en") == "near Sea Ranch (914 km)"
    assert place_label("Sea Ranch", 1797.2, "en") == "near Sea Ranch (1,797 km)"
    assert place_label("Sea Ranch", 914.4, "hi") == "Sea Ranch के पास (914 किमी)"
    assert place_label("Sea Ranch", 914.4, "sa") == "Sea Ranch समीपे (914 किलोमीटर्)"
    assert place_label("", 914.4, "en") == ""


def test_the_message_says_the_town_is_far():
    day = generate_panchangam_with_timezone(*AT_SEA, date(2026, 12, 21), city="Sea Ranch")
    heading = render_daily(day, "en", "Sea Ranch", 1797.2).parameters[0]
    assert heading == "Monday 21 Dec 2026, near Sea Ranch (1,797 km)"
    assert (
        render_daily(day, "ta", "Sea Ranch", 1797.2)
        .parameters[0]
        .endswith("Sea Ranch அருகில் (1,797 கி.மீ.)")
    )
    assert render_daily(day, "en", "Sea Ranch", 12.0).parameters[0].endswith(", Sea Ranch")


@pytest.mark.parametrize("language", languages.CODES)
def test_a_polar_day_and_night_say_why_there_is_no_sunrise_or_rahu_kalam(language):
    words = languages.words(language)
    for day, reason in ((date(2026, 6, 21), "polar_day"), (date(2026, 12, 21), "polar_night")):
        panchangam = generate_panchangam_with_timezone(*TROMSO, day, city="Tromsø")
        assert panchangam.polar == reason
        parameters = render_daily(panchangam, language).parameters
        assert parameters[5] == words[reason]
        assert parameters[6] == words["no_kalam"]
        assert "-" not in (parameters[5], parameters[6])


def test_a_day_whose_sun_does_not_set_says_so_after_the_sunrise():
    # The drik sunrise (centre at -0.8333 deg) begins the midnight sun a day after the upper
    # limb's.
    panchangam = generate_panchangam_with_timezone(*TROMSO, date(2026, 5, 18), city="Tromsø")
    assert panchangam.polar == daylight.NO_SUNSET
    parameters = render_daily(panchangam, "en").parameters
    sunrise = minute_text(panchangam.sunrise)
    assert parameters[5] == f"{sunrise} / {languages.words('en')['no_sunset']}"
    assert parameters[6] == languages.words("en")["no_kalam"]


def test_every_polar_flag_the_almanac_sets_has_words():
    flags = {
        daylight.POLAR_DAY,
        daylight.POLAR_NIGHT,
        daylight.NO_SUNSET,
        daylight.NO_SUNRISE_TOMORROW,
    }
    assert all(flag in languages.WORDS[code] for code in languages.WORDS for flag in flags)


def test_an_ordinary_day_without_a_polar_flag_keeps_its_times():
    day = generate_panchangam_with_timezone(23.18, 75.78, "Asia/Kolkata", date(2026, 11, 29))
    parameters = render_daily(day, "en", "Ujjain").parameters
    shown = minute_text  # every displayed time is rounded half-up to the minute
    assert parameters[5] == f"{shown(day.sunrise)} / {shown(day.sunset)}"
    assert parameters[6] == f"{shown(day.rahu_kalam.start)}-{shown(day.rahu_kalam.end)}"
