"""The IANA time zone at a point on Earth (offline, from timezonefinder's bundled data)."""

from __future__ import annotations

import threading
from functools import cache

from timezonefinder import TimezoneFinder

_LOCK = threading.Lock()


@cache
def _finder() -> TimezoneFinder:
    # One instance: building it loads the boundary data (about 100 ms).
    return TimezoneFinder()


def zone_at(latitude: float, longitude: float) -> str:
    """IANA zone name at ``latitude``, ``longitude`` (degrees, north and east positive).

    Over the open sea, where no zone polygon covers the point, the nautical zone
    ``Etc/GMT±N`` of the longitude is returned. Raises ValueError for out-of-range values.
    """
    if not (-90.0 <= latitude <= 90.0 and -180.0 <= longitude <= 180.0):
        raise ValueError(f"coordinates out of range: latitude={latitude}, longitude={longitude}")
    with _LOCK:
        name = _finder().timezone_at(lng=longitude, lat=latitude)
    return name or _nautical_zone(longitude)


def _nautical_zone(longitude: float) -> str:
    hours = round(longitude / 15.0)
    # POSIX-style names have the sign inverted: Etc/GMT-5 is five hours *east* of Greenwich.
    return "Etc/UTC" if hours == 0 else f"Etc/GMT{-hours:+d}"
