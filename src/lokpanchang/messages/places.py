"""How the message, the replies and the page name a subscriber's place and time zone.

Honestly: a town more than ``FAR_KM`` away is "near X (914 km)", not X; a nautical zone
``Etc/GMT+9`` (POSIX signs it backwards: it is nine hours *behind* UTC) is "UTC−09:00".
"""

from __future__ import annotations

import re

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
