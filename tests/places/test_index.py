"""The grid index finds exactly the city a brute-force scan finds."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from lokpanchang.places import lookup
from lokpanchang.places.gazetteer import gazetteer
from lokpanchang.places.geometry import EARTH_RADIUS_KM, haversine_km


def brute_force_km(latitude: float, longitude: float) -> float:
    cities = gazetteer().cities
    lat = np.radians([c.latitude for c in cities])
    lon = np.radians([c.longitude for c in cities])
    phi, lam = np.radians(latitude), np.radians(longitude)
    a = np.sin((lat - phi) / 2) ** 2 + np.cos(phi) * np.cos(lat) * np.sin((lon - lam) / 2) ** 2
    return float((2 * EARTH_RADIUS_KM * np.arcsin(np.sqrt(np.minimum(a, 1)))).min())


@settings(max_examples=150, deadline=None)
@given(st.floats(-90, 90), st.floats(-180, 180))
def test_it_agrees_with_a_brute_force_scan_anywhere(latitude, longitude):
    place = lookup(latitude, longitude)
    assert abs(place.distance_km - brute_force_km(latitude, longitude)) < 0.1


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 60_000), st.floats(-0.3, 0.3), st.floats(-0.3, 0.3))
def test_it_agrees_with_a_brute_force_scan_among_towns(which, dlat, dlon):
    city = gazetteer().cities[which]
    latitude = max(-90.0, min(90.0, city.latitude + dlat))
    longitude = max(-180.0, min(180.0, city.longitude + dlon))
    place = lookup(latitude, longitude)
    assert abs(place.distance_km - brute_force_km(latitude, longitude)) < 0.1


def test_haversine_matches_a_known_distance():
    # Delhi -> Mumbai city centres: about 1,150 km great-circle.
    assert 1140 < haversine_km(28.6139, 77.2090, 19.0760, 72.8777) < 1160
