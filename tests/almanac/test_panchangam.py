"""generate_panchangam_with_timezone: its arguments, its JSON shape and its errors."""

from __future__ import annotations

import json
from datetime import UTC, date, datetime
from zoneinfo import ZoneInfo

import pytest

from lokpanchang.almanac import MoonRisingMode, RisingMode, generate_panchangam_with_timezone
from lokpanchang.almanac.model import iso

DELHI = (28.6139, 77.2090)
DAY = date(2026, 11, 29)
TOP_KEYS = {
    "date",
    "timezone",
    "latitude",
    "longitude",
    "sunrise",
    "sunset",
    "next_sunrise",
    "moonrise",
    "moonset",
    "vara",
    "tithi",
    "nakshatra",
    "yoga",
    "karana",
    "rahu_kalam",
    "yamaganda",
    "gulika",
    "abhijit",
    "durmuhurta",
    "masa",
    "samvat",
    "ritu",
    "ayana",
}


def test_json_has_the_issue_shape():
    data = generate_panchangam_with_timezone(*DELHI, "Asia/Kolkata", DAY).to_dict()
    json.dumps(data)
    assert data.keys() >= TOP_KEYS
    assert data["date"] == "2026-11-29" and data["vara"] == {"number": 1, "name": "Sunday"}
    assert {"number", "name", "paksha", "start", "end"} <= data["tithi"][0].keys()
    assert {"number", "name", "pada", "start", "end"} <= data["nakshatra"][0].keys()
    assert {"number", "name", "start", "end"} <= data["yoga"][0].keys() & data["karana"][0].keys()
    assert data["rahu_kalam"].keys() == {"start", "end"}
    assert all(item.keys() == {"start", "end"} for item in data["durmuhurta"])
    assert data["masa"].keys() >= {"amanta", "purnimanta", "adhika"}
    assert data["samvat"].keys() >= {"shaka", "vikram", "samvatsara"}
    assert data["ritu"].keys() >= {"number", "name"} and data["ayana"] in (
        "Uttarayana",
        "Dakshinayana",
    )
    assert datetime.fromisoformat(data["sunrise"]).utcoffset().total_seconds() == 5.5 * 3600


def test_zone_comes_from_the_coordinates_and_date_from_now_in_that_zone():
    # 20:00 UTC on 28 November is already 29 November in India.
    now = datetime(2026, 11, 28, 20, 0, tzinfo=UTC)
    panchangam = generate_panchangam_with_timezone(*DELHI, now=now, city="New Delhi")
    assert (panchangam.timezone, panchangam.date, panchangam.city) == (
        "Asia/Kolkata",
        DAY,
        "New Delhi",
    )


def test_without_transitions_each_element_has_only_the_one_at_sunrise():
    full = generate_panchangam_with_timezone(*DELHI, "Asia/Kolkata", DAY)
    short = generate_panchangam_with_timezone(
        *DELHI, "Asia/Kolkata", DAY, include_transitions=False
    )
    assert len(full.karana) > 1
    for kind in ("tithi", "nakshatra", "yoga", "karana"):
        assert getattr(short, kind) == getattr(full, kind)[:1]


def test_rahu_kalam_on_a_sunday_is_the_last_eighth_of_daytime():
    panchangam = generate_panchangam_with_timezone(*DELHI, "Asia/Kolkata", DAY)
    assert panchangam.rahu_kalam.end == panchangam.sunset
    eighth = (panchangam.sunset - panchangam.sunrise) / 8
    assert abs((panchangam.rahu_kalam.end - panchangam.rahu_kalam.start) - eighth).seconds <= 1


def test_hindu_rising_is_later_than_the_upper_limb():
    upper = generate_panchangam_with_timezone(*DELHI, "Asia/Kolkata", DAY)
    hindu = generate_panchangam_with_timezone(*DELHI, "Asia/Kolkata", DAY, rising=RisingMode.HINDU)
    centre = generate_panchangam_with_timezone(
        *DELHI, "Asia/Kolkata", DAY, rising=RisingMode.DISC_CENTRE
    )
    assert upper.sunrise < centre.sunrise < hindu.sunrise


def test_geometric_centre_moon_rises_later_and_sets_earlier():
    upper = generate_panchangam_with_timezone(*DELHI, "Asia/Kolkata", DAY)
    centre = generate_panchangam_with_timezone(
        *DELHI, "Asia/Kolkata", DAY, moon_rising=MoonRisingMode.GEOMETRIC_CENTRE
    )
    assert upper.moonrise < centre.moonrise and centre.moonset < upper.moonset


def test_names_come_in_the_chosen_language():
    panchangam = generate_panchangam_with_timezone(*DELHI, "Asia/Kolkata", DAY, lang="hi")
    assert panchangam.vara.name == "रविवार"


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"latitude": 91.0}, "latitude 91.0"),
        ({"latitude": float("nan")}, "latitude nan"),
        ({"longitude": -181.0}, "longitude -181.0"),
        ({"timezone": "Mars/Olympus"}, "'Mars/Olympus'"),
        ({"lang": "xx"}, "'xx'"),
        ({"rising": "sideways"}, "'sideways'"),
        ({"moon_rising": "sideways"}, "'sideways'"),
        ({"target_date": None}, "now"),
        ({"target_date": date(3000, 1, 1)}, "3000-01-01"),
    ],
)
def test_bad_arguments_are_refused_naming_the_value(kwargs, message):
    arguments = {
        "latitude": DELHI[0],
        "longitude": DELHI[1],
        "timezone": "Asia/Kolkata",
        "target_date": DAY,
        **kwargs,
    }
    with pytest.raises(ValueError, match=message):
        generate_panchangam_with_timezone(**arguments)


def test_a_naive_now_is_refused():
    with pytest.raises(ValueError, match="no time zone"):
        generate_panchangam_with_timezone(*DELHI, now=datetime(2026, 11, 29, 6, 0))


def test_iso_gives_the_seconds_and_the_offset_whatever_the_microseconds():
    zone = ZoneInfo("America/St_Johns")  # a half-hour offset
    whole = datetime(2026, 7, 1, 6, 5, 9, tzinfo=zone)
    assert iso(whole) == "2026-07-01T06:05:09-02:30"
    assert iso(whole.replace(microsecond=999_999)) == "2026-07-01T06:05:09-02:30"
    assert iso(None) is None


def test_wednesday_has_no_abhijit_as_drikpanchang_prints_none():
    # drikpanchang.com's New Delhi page for Wednesday 26 Jan 2022 prints "None" for Abhijit:
    # its midday muhurta is Wednesday's durmuhurta (reference/PROVENANCE.md).
    new_delhi = (28.63576, 77.22445, "Asia/Kolkata")
    wednesday = generate_panchangam_with_timezone(*new_delhi, date(2022, 1, 26))
    assert wednesday.vara.number == 4 and wednesday.abhijit is None
    assert wednesday.to_dict()["abhijit"] is None and len(wednesday.durmuhurta) == 1
    tuesday = generate_panchangam_with_timezone(*new_delhi, date(2022, 1, 25))
    assert tuesday.abhijit is not None
