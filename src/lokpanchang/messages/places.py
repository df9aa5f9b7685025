"""How the message, the replies and the page name a subscriber's place and time zone.

Honestly: a town more than ``FAR_KM`` away is "near X (914 km)", not X; a nautical zone
``Etc/GMT+9`` (POSIX signs it backwards: it is nine hours *behind* UTC) is "UTC−09:00".
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from lokpanchang.languages import words

FAR_KM = 50.0
"""Beyond this many km from the named town, the name says "near" and the distance."""

_NAUTICAL = re.compile(r"^(?:Etc/)?GMT([+-])(\d{1,2})$")
_UTC_NAMES = frozenset(
    f"{prefix}{name}"
    for prefix in ("", "Etc/")
    for name in ("UTC", "UCT", "Universal", "Zulu", "GMT", "GMT0", "GMT+0", "GMT-0", "Greenwich")
)
MINUS = "\u2212"


def place_label(city: str, distance_km: float | None, language: str) -> str:
    """``city`` as the reader of ``language`` should see it: "near {city} ({n} km)" when the
    subscriber is more than ``FAR_KM`` (km, great circle) from it, else ``city`` itself."""
    if not city or distance_km is None or distance_km <= FAR_KM:
        return city
    return words(language)["near"].format(place=city, distance=f"{round(distance_km):,}")


def zone_label(zone: str | None) -> str:
    """An IANA zone name for people: ``Etc/GMT+9`` -> ``UTC−09:00``, ``Etc/UTC`` -> ``UTC``;
    every named zone (``Asia/Kolkata``) as it is."""
    if not zone:
        return ""
    if zone in _UTC_NAMES:
        return "UTC"
    nautical = _NAUTICAL.match(zone)
    if nautical is None:
        return zone
    sign, hours = nautical.groups()
    if int(hours) == 0:
        return "UTC"
    return f"UTC{MINUS if sign == '+' else '+'}{int(hours):02d}:00"


def place_name(place: Any) -> str:
    """ "City, Region, Country" of a place (any object with those attributes), empty parts left out."""
    return ", ".join(part for part in (place.city, place.region, place.country) if part)


def distinct_labels(places: Sequence[Any], language: str) -> list[str]:
    """A label for each of ``places`` (search results): its ``place_name``, and where two
    would read alike, also its population and coordinates (degrees), so each can be told apart."""
    names = [place_name(place) for place in places]
    repeated = {name for name in names if names.count(name) > 1}
    return [
        f"{name} ({_identity(place, language)})" if name in repeated else name
        for name, place in zip(names, places)
    ]


def _identity(place: Any, language: str) -> str:
    where = f"{place.latitude:.2f}°, {place.longitude:.2f}°"
    if not place.population:
        return where
    return f"{words(language)['population']} {place.population:,}; {where}"
