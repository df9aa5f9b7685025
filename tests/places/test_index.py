"""The grid index gives exactly what a brute-force scan of every city gives."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from lokpanchang.places import REMOTE_KM, lookup
from lokpanchang.places.gazetteer import City, gazetteer, remote_gazetteer
from lokpanchang.places.geometry import EARTH_RADIUS_KM, haversine_km, unit_vector
from lokpanchang.places.zone_places import zone_places
from lokpanchang.places.zones import zone_at


def distances_km(latitude: float, longitude: float, places=None) -> np.ndarray:
    cities = (places or gazetteer()).cities
    lat = np.radians([c.latitude for c in cities])
    lon = np.radians([c.longitude for c in cities])
    phi, lam = np.radians(latitude), np.radians(longitude)
    a = np.sin((lat - phi) / 2) ** 2 + np.cos(phi) * np.cos(lat) * np.sin((lon - lam) / 2) ** 2
    return 2 * EARTH_RADIUS_KM * np.arcsin(np.sqrt(np.minimum(a, 1)))


def brute_force_choice(latitude: float, longitude: float) -> tuple[str, float]:
    """The rule lookup documents, applied to every city: closest footprint, then a town with
    other names, then population; when that footprint is more than REMOTE_KM away, the same
    over the towns and the remote places. Then, if the choice is of another zone than the
    point, the nearest place of the point's zone when it is nearer (issue 25, item 3)."""
    best = brute_force_in(gazetteer(), latitude, longitude)
    if best.outside_km > REMOTE_KM:
        best = min(best, brute_force_in(remote_gazetteer(), latitude, longitude))
    zone = zone_at(latitude, longitude) or best.city.timezone
    if best.city.timezone == zone:
        return best.city.name, best.km
    found = [(best.km, best.city.name), nearest_of_zone(gazetteer(), latitude, longitude, zone)]
    if zone in zone_places():
        own = zone_places()[zone]
        found.append((haversine_km(latitude, longitude, own.latitude, own.longitude), own.name))
    if min(found)[0] > REMOTE_KM:
        found.append(nearest_of_zone(remote_gazetteer(), latitude, longitude, zone))
    km, name = min(found, key=lambda candidate: candidate[0])
    return name, km


def nearest_of_zone(places, latitude: float, longitude: float, zone: str) -> tuple[float, str]:
    km = np.where(
        [city.timezone == zone for city in places.cities],
        distances_km(latitude, longitude, places),
        np.inf,
    )
    best = int(km.argmin())
    return float(km[best]), places.cities[best].name


class Choice(NamedTuple):
    """A city the rule may choose, ordered as the rule ranks them (best first)."""

    outside_km: float
    unnamed: int
    minus_population: int
    city: City
    km: float


def brute_force_in(places, latitude: float, longitude: float) -> Choice:
    km = distances_km(latitude, longitude, places)
    outside = np.maximum(0.0, km - places.footprints_km)
    best = np.lexsort((-places.populations, places.unnamed, outside))[0]
    return Choice(
        float(outside[best]),
        int(places.unnamed[best]),
        -int(places.populations[best]),
        places.cities[best],
        float(km[best]),
    )


coordinates = st.tuples(st.floats(-90, 90), st.floats(-180, 180))


def near_a_town():
    def build(which, dlat, dlon):
        city = gazetteer().cities[which]
        return (
            max(-90.0, min(90.0, city.latitude + dlat)),
            max(-180.0, min(180.0, city.longitude + dlon)),
        )

    return st.builds(build, st.integers(0, 60_000), st.floats(-0.3, 0.3), st.floats(-0.3, 0.3))


@settings(max_examples=100, deadline=None)
@given(st.one_of(coordinates, near_a_town()))
def test_the_nearest_point_agrees_with_a_brute_force_scan(point):
    _, chord = gazetteer().index.nearest(unit_vector(*point))
    nearest_km = 2 * EARTH_RADIUS_KM * np.arcsin(chord / 2)
    assert abs(nearest_km - distances_km(*point).min()) < 1e-6


@settings(max_examples=100, deadline=None)
@given(st.one_of(coordinates, near_a_town()))
def test_lookup_chooses_the_city_a_brute_force_scan_chooses(point):
    place = lookup(*point)
    name, km = brute_force_choice(*point)
    assert (place.city, place.distance_km) == (name, round(km, 1))


def test_a_point_in_a_big_city_is_in_that_city_not_in_a_listed_neighbourhood():
    # Central Toronto: GeoNames also lists "Bay Street Corridor" right there.
    assert lookup(43.6532, -79.3832).city == "Toronto"


def test_a_separate_town_beyond_a_city_footprint_keeps_its_own_name():
    # Parramatta is 23 km from central Sydney, beyond Sydney's footprint.
    assert lookup(-33.815, 151.0).city == "Parramatta"


def test_haversine_matches_a_known_distance():
    # Delhi -> Mumbai city centres: about 1,150 km great-circle.
    assert 1140 < haversine_km(28.6139, 77.2090, 19.0760, 72.8777) < 1160
