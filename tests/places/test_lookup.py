"""Coordinates -> nearest city and the zone of the coordinates themselves."""

from __future__ import annotations

import json
import math
import subprocess
import sys

import pytest

from lokpanchang.places import REMOTE_KM, lookup

# (latitude, longitude) -> (city, region, country code, zone); coordinates of city centres
# from the acceptance list and the zones the scheduler treats as ordinary cases.
KNOWN = [
    ((28.6139, 77.2090), ("Delhi", "Delhi", "IN", "Asia/Kolkata")),
    ((40.7128, -74.0060), ("New York City", "New York", "US", "America/New_York")),
    ((-33.8688, 151.2093), ("Sydney", "New South Wales", "AU", "Australia/Sydney")),
    ((27.7172, 85.3240), ("Kathmandu", "Bagmati Province", "NP", "Asia/Kathmandu")),
    ((-43.9535, -176.5597), ("Waitangi", "Chatham Islands", "NZ", "Pacific/Chatham")),
    ((51.5074, -0.1278), ("London", "England", "GB", "Europe/London")),
    # Issue 25, item 3: Kochi came out as "Kanayannur", a taluk whose seat GeoNames lists
    # with the taluk's population (851,406 against Kochi's 633,553) and no other name.
    ((9.9312, 76.2673), ("Kochi", "Kerala", "IN", "Asia/Kolkata")),
]


@pytest.mark.parametrize(("point", "expected"), KNOWN)
def test_it_finds_the_city_region_country_and_zone(point, expected):
    place = lookup(*point)
    assert (place.city, place.region, place.country_code, place.timezone) == expected
    assert place.distance_km < 6


# Remote settlements, (latitude, longitude) of the settlement -> (place, country code, zone).
# The first three are administrative seats already in the towns' table; the others have
# fewer than 5,000 people and were answered with a town in another country or hundreds of
# km away (Kiritimati -> Hawaii, Tasiilaq -> Iceland, Unalaska -> Bethel) until places of
# 500+ were consulted for remote points.
REMOTE = [
    ((-25.066, -130.101), ("Adamstown", "PN", "Pacific/Pitcairn")),
    ((-29.05, 167.96), ("Kingston", "NF", "Pacific/Norfolk")),
    ((-37.07, -12.31), ("Edinburgh of the Seven Seas", "SH", "Atlantic/St_Helena")),
    ((1.985, -157.475), ("London Village", "KI", "Pacific/Kiritimati")),
    ((65.615, -37.637), ("Tasiilaq", "GL", "America/Nuuk")),
    ((53.874, -166.534), ("Unalaska", "US", "America/Nome")),
    ((-7.262, 72.377), ("Downtown", "IO", "Indian/Chagos")),
]


@pytest.mark.parametrize(("point", "expected"), REMOTE)
def test_a_remote_settlement_is_named_with_its_own_zone(point, expected):
    place = lookup(*point)
    assert (place.city, place.country_code, place.timezone) == expected
    assert place.distance_km < 3


def test_a_remote_place_keeps_its_region_name():
    assert lookup(-37.07, -12.31).region == "Tristan da Cunha"
    assert lookup(53.874, -166.534).region == "Alaska"


def test_open_ocean_still_answers_the_nearest_place_and_the_zone_of_the_point():
    place = lookup(0, -140)
    assert place.timezone == "Etc/GMT+9"
    assert place.city
    assert place.distance_km > REMOTE_KM


def test_an_ordinary_lookup_never_loads_the_table_of_remote_places():
    # A fresh process: the table of remote places stays unloaded until a remote point.
    script = """
import json
from lokpanchang.places import lookup
from lokpanchang.places.batch import lookup_many
from lokpanchang.places.gazetteer import remote_gazetteer
lookup(28.6139, 77.2090)
lookup_many([(40.7128, -74.0060), (-33.8688, 151.2093), (51.5074, -0.1278)])
before = remote_gazetteer.cache_info().currsize
lookup(1.985, -157.475)
print(json.dumps([before, remote_gazetteer.cache_info().currsize]))
"""
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=False
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == [0, 1]


def test_it_names_the_country_in_full():
    assert lookup(28.6139, 77.2090).country == "India"


def test_a_place_of_the_points_own_zone_is_named_before_a_farther_one_of_another():
    # Issue 25, item 3: Lord Howe Island has no place in GeoNames' tables; it was named
    # "South West Rocks", on the mainland 600 km away in Australia/Sydney, while its own
    # zone (30-minute DST) was right. The zone's own place (tzdata's zone1970.tab) is nearer.
    place = lookup(-31.5553, 159.0821)
    assert (place.city, place.country_code) == ("Lord Howe", "AU")
    assert place.timezone == "Australia/Lord_Howe"
    assert place.distance_km < 2


def test_open_ocean_gives_the_nautical_zone_and_the_distance_to_the_nearest_city():
    # Point Nemo, the oceanic pole of inaccessibility (~2,700 km from any land).
    place = lookup(-48.8767, -123.3933)
    assert place.timezone == "Etc/GMT+8"
    assert 2000 < place.distance_km < 3500


@pytest.mark.parametrize("point", [(90, 0), (-90, 0), (-90, 180), (89.99, -45), (-77.85, 166.67)])
def test_poles_and_antarctica_do_not_crash(point):
    place = lookup(*point)
    assert place.timezone
    assert place.city
    assert 0 <= place.distance_km <= math.pi * 6371.01


def test_the_south_pole_is_in_an_antarctic_zone():
    assert lookup(-90, 0).timezone.startswith("Antarctica/")


def test_both_sides_of_the_antimeridian_are_the_same_place():
    assert lookup(0, 180) == lookup(0, -180)


@pytest.mark.parametrize(
    ("latitude", "longitude", "named"),
    [
        (95, 0, "latitude 95"),
        (-90.5, 0, "latitude -90.5"),
        (0, 180.01, "longitude 180.01"),
        (float("nan"), 0, "latitude nan"),
        (0, float("inf"), "longitude inf"),
        ("north", 0, "latitude 'north'"),
    ],
)
def test_bad_coordinates_raise_an_error_naming_the_value(latitude, longitude, named):
    with pytest.raises(ValueError, match=named):
        lookup(latitude, longitude)
