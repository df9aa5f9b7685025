"""Many lookups at once (bulk imports): the same answers as ``lookup``, vectorised.

Points are grouped by their home grid cell; each group is compared with the cached
27-cell cube around it in one array operation. Points with no town within one cell
(open sea, deserts, poles) and remote points (no town's built-up area within
``REMOTE_KM``, where ``lookup`` also consults places of 500+) go through ``lookup``
one by one, so both give the same answer.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

import numpy as np

from lokpanchang.places import REMOTE_KM, Place, _place, in_own_zone, lookup
from lokpanchang.places.gazetteer import gazetteer
from lokpanchang.places.geometry import (
    EARTH_RADIUS_KM,
    km_to_chord,
    unit_vector,
    validated,
)
from lokpanchang.places.index import CELL, Cell, cell_of
from lokpanchang.places.zones import zone_at

# Points this close to the remoteness threshold are left to ``lookup`` itself, so that
# rounding differences between numpy's and math's arcsin never split the two answers.
NOT_REMOTE_KM = REMOTE_KM - 1e-6
NAMED_BIT = 40  # above any population (2**40 > 10**12)


def lookup_many(points: Iterable[tuple[float, float]]) -> list[Place]:
    """``[lookup(lat, lon) for lat, lon in points]``, computed in bulk (degrees in, as ``lookup``).

    Raises ValueError naming the first bad coordinate.
    """
    checked = [validated(latitude, longitude) for latitude, longitude in points]
    chosen: list[tuple[int, float] | None] = [None] * len(checked)
    for home, members in _by_home_cell(checked).items():
        _choose_in_cube(home, members, checked, chosen)
    return [_finish(point, choice) for point, choice in zip(checked, chosen, strict=True)]


def _by_home_cell(points: list[tuple[float, float]]) -> dict[Cell, list[int]]:
    groups: dict[Cell, list[int]] = defaultdict(list)
    for number, point in enumerate(points):
        groups[cell_of(unit_vector(*point))].append(number)
    return groups


def _choose_in_cube(
    home: Cell,
    members: list[int],
    points: list[tuple[float, float]],
    chosen: list[tuple[int, float] | None],
) -> None:
    places = gazetteer()
    positions, vectors = places.index.cube(home, 1)
    if not len(positions):
        return
    queries = np.array([unit_vector(*points[number]) for number in members])
    chords = np.sqrt(((queries[:, None, :] - vectors[None, :, :]) ** 2).sum(axis=2))
    distances = EARTH_RADIUS_KM * 2.0 * np.arcsin(np.minimum(1.0, chords / 2.0))
    outside = np.maximum(0.0, distances - places.footprints_km[positions][None, :])
    least = outside.min(axis=1, keepdims=True)
    # Among the towns least outside: one with other names first, then the most populous.
    named = (1 - places.unnamed[positions]) << NAMED_BIT
    ranked = np.where(outside <= least, (named + places.populations[positions])[None, :], -1)
    best = ranked.argmax(axis=1)
    trusted = chords.min(axis=1) <= CELL - km_to_chord(places.widest_footprint_km)
    trusted &= least[:, 0] <= NOT_REMOTE_KM
    for row, number in enumerate(members):
        if trusted[row]:
            chosen[number] = (int(positions[best[row]]), float(distances[row, best[row]]))


def _finish(point: tuple[float, float], choice: tuple[int, float] | None) -> Place:
    if choice is None:
        return lookup(*point)
    city = gazetteer().cities[choice[0]]
    zone = zone_at(*point) or city.timezone
    city, distance_km = in_own_zone(city, choice[1], unit_vector(*point), zone)
    return _place(city, zone, round(distance_km, 1))
