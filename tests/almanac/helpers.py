"""Shared checks for almanac tests: the real ephemeris (not our interpolation) as the judge."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from lokpanchang.almanac import ephemeris
from lokpanchang.almanac.convention import DRIK, Convention
from lokpanchang.almanac.timescale import jd_from_datetime

# (weights on Moon, Sun; number of equal arcs) for each element kind.
KINDS = {
    "tithi": ((1, -1), 30),
    "karana": ((1, -1), 60),
    "nakshatra": ((1, 0), 27),
    "yoga": ((1, 1), 27),
}
ONE_SECOND = timedelta(seconds=1)


def true_number(kind: str, instant: datetime, convention: Convention = DRIK) -> int:
    """The element in force at ``instant`` straight from Swiss Ephemeris."""
    (moon_weight, sun_weight), count = KINDS[kind]
    state = ephemeris.sun_moon(jd_from_datetime(instant), convention)
    angle = (moon_weight * state.moon + sun_weight * state.sun) % 360.0
    return int(angle // (360.0 / count)) % count + 1


def all_datetimes(panchangam) -> list[datetime]:
    """Every datetime in a panchangam (to check offsets)."""
    found = [
        panchangam.sunrise,
        panchangam.sunset,
        panchangam.next_sunrise,
        panchangam.moonrise,
        panchangam.moonset,
        panchangam.day_start,
        panchangam.day_end,
    ]
    for kind in KINDS:
        for entry in getattr(panchangam, kind):
            found += [entry.start, entry.end]
    for name in ("rahu_kalam", "yamaganda", "gulika", "abhijit"):
        interval = getattr(panchangam, name)
        if interval is not None:
            found += [interval.start, interval.end]
    for interval in panchangam.durmuhurta:
        found += [interval.start, interval.end]
    return [instant for instant in found if instant is not None]


def offset_is_the_zones_at_that_instant(instant: datetime, zone) -> bool:
    """True if ``instant`` carries the offset ``zone`` has at that very instant."""
    return instant.utcoffset() == instant.astimezone(UTC).astimezone(zone).utcoffset()
