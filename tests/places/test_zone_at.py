"""zone_at: the IANA zone at a point, offline."""

from __future__ import annotations

import pytest

from lokpanchang.places.zones import zone_at


@pytest.mark.parametrize(
    ("latitude", "longitude", "zone"),
    [
        (28.6139, 77.2090, "Asia/Kolkata"),
        (27.7172, 85.3240, "Asia/Kathmandu"),
        (40.7128, -74.0060, "America/New_York"),
        (51.5074, -0.1278, "Europe/London"),
        (69.65, 18.96, "Europe/Oslo"),
        (-33.8688, 151.2093, "Australia/Sydney"),
    ],
)
def test_it_finds_the_zone_of_a_city(latitude, longitude, zone):
    assert zone_at(latitude, longitude) == zone


def test_open_sea_gets_the_nautical_zone_of_its_longitude():
    assert zone_at(0.0, -150.0) == "Etc/GMT+10"


def test_out_of_range_coordinates_are_refused_naming_them():
    with pytest.raises(ValueError, match="95"):
        zone_at(95, 0)
