"""The local time of a place's sunrise on a civil date, as a send time (issue 14, item 3).

The polar rule: on a date with no sunrise at the place (polar day or polar night) there is
no sunrise to send at, and ``sunrise_send_time`` answers None; the delivery then uses the
fixed ``POLAR_SEND_TIME`` in the place's zone, and the day's message says why there is no
sunrise (``messages``: "none today: the Sun stays above the horizon all day").
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from lokpanchang.almanac.convention import Convention
from lokpanchang.almanac.daylight import Sunrises, Where
from lokpanchang.almanac.timescale import LocalTimes
from lokpanchang.minutes import nearest_minute

POLAR_SEND_TIME = time(6, 30)
"""A sunrise subscriber's send time on a date their place has no sunrise."""


def sunrise_send_time(
    latitude: float,
    longitude: float,
    zone_name: str,
    day: date,
    convention: Convention,
    offset_minutes: int = 0,
) -> time | None:
    """The minute of sunrise (the convention's) on ``day`` at the place as the message prints
    it (``lokpanchang.minutes``: half-up, so a sunrise at 06:56:16 is sent at 06:56, never a
    minute apart from the sunrise the message and the reply name), moved by ``offset_minutes``
    and kept within ``day``; None when the Sun does not rise that date (the polar rule above)."""
    zone = ZoneInfo(zone_name)
    # The sunrise as the panchangam finds it (``Sunrises``) and dates it (``LocalTimes``).
    rise = Sunrises(Where(zone, latitude, longitude, convention.rising, convention)).sunrise(day)
    if rise is None:
        return None
    printed = LocalTimes(zone, convention.truncated_seconds)(rise)
    local = nearest_minute(printed).replace(tzinfo=None)
    return _within_day(local + timedelta(minutes=offset_minutes), day)


def _within_day(local: datetime, day: date) -> time:
    first, last = datetime.combine(day, time(0, 0)), datetime.combine(day, time(23, 59))
    return min(max(local, first), last).time()
