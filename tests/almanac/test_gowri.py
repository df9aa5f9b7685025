"""Gowri Panchangam (issue 25 item 4): Tamil's own table of good and bad times, not
Choghadiya; its parts named and ordered as published, and Nalla Neram its good daytime."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest

from lokpanchang.almanac import generate_panchangam_with_timezone
from lokpanchang.almanac.gowri import gowri_name, gowri_order, nalla_neram
from lokpanchang.almanac.muhurta_names import CHOGHADIYA

# The published table, Sunday first, as Tamil almanacs name the parts. Source:
# drikpanchang.com's Tamil Gowri Panchangam page (https://www.drikpanchang.com/tamil/
# tamil-gowri-panchangam.html) as three public GitHub repositories copy it, found with
# GitHub search "GOWRI_NIGHT" (December 2026); Sunday's and Monday's daytime also on
# https://www.hindu-blog.com/2018/05/what-is-gauri-panchang-good-and-bad.html
# (Udyogam = Uthi, Amrutham = Amirdha, Choram = Soram).
PUBLISHED_DAY = (
    "Uthi Amirdha Rogam Laabam Dhanam Sugam Soram Visham",
    "Amirdha Visham Rogam Laabam Dhanam Sugam Soram Uthi",
    "Rogam Laabam Dhanam Sugam Soram Uthi Visham Amirdha",
    "Laabam Dhanam Sugam Soram Visham Uthi Amirdha Rogam",
    "Dhanam Sugam Soram Uthi Amirdha Visham Rogam Laabam",
    "Sugam Soram Uthi Visham Amirdha Rogam Laabam Dhanam",
    "Soram Uthi Visham Amirdha Rogam Laabam Dhanam Sugam",
)
PUBLISHED_NIGHT = (
    "Dhanam Sugam Soram Visham Uthi Amirdha Rogam Laabam",
    "Sugam Soram Uthi Amirdha Visham Rogam Laabam Dhanam",
    "Soram Uthi Visham Amirdha Rogam Laabam Dhanam Sugam",
    "Uthi Amirdha Rogam Laabam Dhanam Sugam Soram Visham",
    "Amirdha Visham Rogam Laabam Dhanam Sugam Soram Uthi",
    "Rogam Laabam Dhanam Sugam Soram Uthi Visham Amirdha",
    # drikpanchang.com prints Soram twice here (so that repository says); we keep Rogam, the
    # one part the row lacks otherwise.
    "Laabam Dhanam Sugam Soram Uthi Visham Amirdha Rogam",
)
# Tamil names: https://www.astroved.com/tamil/daily-calendar/gowripanchangam
# ("உத்தி, அமுதம், ரோகம், லாபம், தனம், சுகம், விஷம், சோரம்"; அமுதம் is அமிர்தம்).
TAMIL = {
    "Amirdha": "அமிர்தம்",
    "Uthi": "உத்தி",
    "Rogam": "ரோகம்",
    "Laabam": "லாபம்",
    "Dhanam": "தனம்",
    "Sugam": "சுகம்",
    "Soram": "சோரம்",
    "Visham": "விஷம்",
}
CHENNAI = (13.0827, 80.2707, "Asia/Kolkata")
A_WEEK = [date(2026, 12, 6) + timedelta(days=n) for n in range(7)]  # Sunday to Saturday


@pytest.mark.parametrize("weekday", range(7))
@pytest.mark.parametrize("night", [False, True])
def test_the_parts_are_named_in_the_published_order(weekday, night):
    published = (PUBLISHED_NIGHT if night else PUBLISHED_DAY)[weekday].split()
    assert [gowri_name(i, "en") for i in gowri_order(weekday, night)] == published
    assert [gowri_name(i, "ta") for i in gowri_order(weekday, night)] == [
        TAMIL[name] for name in published
    ]


def test_gowri_panchangam_is_not_choghadiya():
    assert {gowri_name(i, "en") for i in range(8)}.isdisjoint(
        names["en"] for names, _ in CHOGHADIYA
    )


@pytest.mark.parametrize("day", A_WEEK)
def test_a_days_gowri_runs_sunrise_to_sunrise_with_visham_on_rahu_kalam(day):
    found = generate_panchangam_with_timezone(*CHENNAI, day, lang="ta")
    gowri = found.muhurtas.gowri_day + found.muhurtas.gowri_night
    assert [p.number for p in gowri] == [*range(1, 9), *range(1, 9)]
    assert gowri[0].start == found.muhurtas.choghadiya_day[0].start  # sunrise
    assert all(a.end == b.start for a, b in zip(gowri, gowri[1:]))
    [visham] = [p for p in found.muhurtas.gowri_day if p.name == "விஷம்"]
    assert abs(visham.start - found.rahu_kalam.start) < timedelta(minutes=1)
    assert {p.quality.value for p in gowri if p.name in ("ரோகம்", "சோரம்", "விஷம்")} == {"bad"}


def test_nalla_neram_is_the_good_daytime_parts_with_neighbours_joined():
    sunrise = datetime(2026, 12, 6, 0, 30, tzinfo=UTC)  # a Sunday of twelve hours
    spans = nalla_neram(0, sunrise, sunrise + timedelta(hours=12))
    # Uthi, Amirdha | Rogam | Laabam, Dhanam, Sugam | Soram, Visham.
    assert [(start - sunrise, end - sunrise) for start, end in spans] == [
        (timedelta(0), timedelta(hours=3)),
        (timedelta(hours=4, minutes=30), timedelta(hours=9)),
    ]


def test_a_bad_weekday_is_named():
    with pytest.raises(ValueError, match="weekday 7 out of range 0..6"):
        gowri_order(7)


def test_a_polar_night_has_no_gowri():
    found = generate_panchangam_with_timezone(69.65, 18.96, "Europe/Oslo", date(2026, 12, 21))
    assert found.muhurtas.gowri_day == found.muhurtas.gowri_night == ()
