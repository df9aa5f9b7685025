"""Bulk lookups give exactly what one-by-one lookups give."""

from __future__ import annotations

import random

import pytest

from lokpanchang.places import lookup
from lokpanchang.places.batch import lookup_many
from lokpanchang.places.gazetteer import gazetteer


def test_it_agrees_with_lookup_near_towns_at_sea_and_at_the_poles():
    chooser = random.Random(11)
    towns = random.Random(5).sample(gazetteer().cities, 800)
    points = [
        (t.latitude + chooser.uniform(-0.2, 0.2), t.longitude + chooser.uniform(-0.2, 0.2))
        for t in towns
    ]
    points = [(max(-90.0, min(90.0, a)), max(-180.0, min(180.0, b))) for a, b in points]
    points += [(chooser.uniform(-90, 90), chooser.uniform(-180, 180)) for _ in range(60)]
    points += [(90.0, 0.0), (-90.0, 0.0), (0.0, 180.0), (28.6139, 77.2090), (28.6139, 77.2090)]
    assert lookup_many(points) == [lookup(*point) for point in points]


def test_it_agrees_with_lookup_at_remote_settlements_and_at_the_threshold():
    chooser = random.Random(3)
    remote = [
        (-25.066, -130.101),
        (-29.05, 167.96),
        (-37.07, -12.31),
        (1.985, -157.475),
        (65.615, -37.637),
        (53.874, -166.534),
        (-7.262, 72.377),
        (0.0, -140.0),
    ]
    # Around these, points fall on both sides of the remoteness threshold.
    points = remote + [
        (a + chooser.uniform(-0.6, 0.6), b + chooser.uniform(-0.6, 0.6))
        for a, b in remote
        for _ in range(15)
    ]
    points += [
        (-29.0 + chooser.uniform(-4, 4), 134.75 + chooser.uniform(-6, 6)) for _ in range(120)
    ]
    places = lookup_many(points)
    assert places == [lookup(*point) for point in points]
    assert [place.city for place in places[:4]] == [
        "Adamstown",
        "Kingston",
        "Edinburgh of the Seven Seas",
        "London Village",
    ]


def test_it_names_a_bad_coordinate():
    with pytest.raises(ValueError, match="latitude 95"):
        lookup_many([(0, 0), (95, 0)])
