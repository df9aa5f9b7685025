"""Conversions between aware datetimes and Julian days in Universal Time (pure arithmetic)."""

from __future__ import annotations

import math
from datetime import date, datetime, time, tzinfo
from functools import lru_cache

_JD_UNIX_EPOCH = 2440587.5  # 1970-01-01T00:00:00Z as a Julian day
_SECONDS_PER_DAY = 86400.0


def jd_from_datetime(instant: datetime) -> float:
    """Julian day (UT) of an aware datetime; naive datetimes are refused."""
    if instant.tzinfo is None or instant.utcoffset() is None:
        raise ValueError(f"{instant.isoformat()} has no time zone; pass an aware datetime")
    return instant.timestamp() / _SECONDS_PER_DAY + _JD_UNIX_EPOCH


def datetime_from_jd(jd_ut: float, zone: tzinfo, truncated: bool = False) -> datetime:
    """The instant ``jd_ut`` (UT Julian day) in ``zone``, with the offset in force then.

    Rounded to the nearest second (``truncated``: the second it falls in): the almanac's
    times are meaningful to about a second.
    """
    return datetime.fromtimestamp(_unix_seconds(jd_ut, truncated), tz=zone)


def _unix_seconds(jd_ut: float, truncated: bool = False) -> int:
    seconds = (jd_ut - _JD_UNIX_EPOCH) * _SECONDS_PER_DAY
    # A Julian day near 2.46e6 holds time to ~40 us: a whole second (a local midnight) may
    # come back a hair short of it, which truncation must not take a second off.
    return math.floor(seconds + 1e-3) if truncated else round(seconds)


class LocalTimes:
    """``datetime_from_jd`` for one zone, converting each distinct second once (a day's
    boundaries repeat: a tithi's end is the next one's start, a choghadiya's end a hora's)."""

    def __init__(self, zone: tzinfo, truncated: bool = False) -> None:
        self.zone, self.truncated = zone, truncated
        self._known: dict[int, datetime] = {}

    def __call__(self, jd_ut: float) -> datetime:
        """The instant ``jd_ut`` (UT Julian day) in the zone, to the nearest second (or the
        second it falls in, if ``truncated``)."""
        seconds = _unix_seconds(jd_ut, self.truncated)
        found = self._known.get(seconds)
        if found is None:
            found = self._known[seconds] = datetime.fromtimestamp(seconds, tz=self.zone)
        return found


@lru_cache(maxsize=4096)  # a day's computation asks for the same few midnights many times
def local_midnight_jd(day: date, zone: tzinfo) -> float:
    """Julian day (UT) of 00:00 local time on ``day`` in ``zone`` (first occurrence)."""
    return jd_from_datetime(datetime.combine(day, time(0), tzinfo=zone))
