"""The IANA time zone at a point, from timezonefinder's offline boundary data."""

from __future__ import annotations

from functools import lru_cache

from timezonefinder import TimezoneFinder


@lru_cache(maxsize=1)
def _finder() -> TimezoneFinder:
    return TimezoneFinder()


def zone_at(latitude: float, longitude: float) -> str | None:
    """IANA zone name at ``latitude``/``longitude`` (degrees, WGS84).

    Over land this is the zone whose boundary contains the point; at sea it is the
    nautical zone (``Etc/GMT±N``). ``None`` only if the data has no answer.
    """
    return _finder().timezone_at(lat=latitude, lng=longitude)
