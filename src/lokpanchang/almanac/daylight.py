"""Sunrise, sunset and the frame of the Hindu day, with the polar rule; moonrise and moonset.

Polar rule: the Hindu day of civil date D runs from the *anchor* of D to the anchor of D+1.
The anchor of a date is its first sunrise; on a date without one (polar night, or midnight
sun) it is local midnight (00:00 in the zone). Days therefore stay contiguous through the
polar season. ``sunset`` is the first sunset inside the frame or None; the day's
``polar`` flag tells why sunrise or sunset is missing. Times are UT Julian days.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta, tzinfo

from lokpanchang.almanac import ephemeris
from lokpanchang.almanac.timescale import local_midnight_jd

POLAR_DAY = "polar_day"  # the Sun stays above the horizon for the whole civil date
POLAR_NIGHT = "polar_night"  # the Sun stays below the horizon for the whole civil date
NO_SUNSET = "no_sunset"  # the Sun rises on this date but does not set before the next anchor
NO_SUNRISE_TOMORROW = "no_sunrise_next_day"  # next date has no sunrise; the day ends at midnight


@dataclass(frozen=True)
class DayFrame:
    """The Hindu day: ``start`` to ``end`` (UT JD) and the Sun's events inside it."""

    start: float
    end: float
    sunrise: float | None
    sunset: float | None
    next_sunrise: float | None
    polar: str | None


def sunrise_on(day: date, zone: tzinfo, latitude: float, longitude: float,
               mode: str) -> float | None:
    """The first sunrise on civil date ``day`` in ``zone`` (UT JD), or None if there is none."""
    midnight = local_midnight_jd(day, zone)
    next_midnight = local_midnight_jd(day + timedelta(days=1), zone)
    rise = ephemeris.sun_rise(midnight, latitude, longitude, mode)
    return rise if rise is not None and rise < next_midnight else None


def day_frame(day: date, zone: tzinfo, latitude: float, longitude: float, mode: str) -> DayFrame:
    """The Hindu day of civil date ``day`` at the place, under the polar rule above."""
    sunrise = sunrise_on(day, zone, latitude, longitude, mode)
    following = sunrise_on(day + timedelta(days=1), zone, latitude, longitude, mode)
    start = sunrise if sunrise is not None else local_midnight_jd(day, zone)
    end = following if following is not None else local_midnight_jd(day + timedelta(days=1), zone)
    sunset = ephemeris.sun_set(start, latitude, longitude, mode)
    if sunset is not None and sunset >= end:
        sunset = None
    polar = _polar_flag(sunrise, sunset, following, start, latitude, longitude)
    return DayFrame(start, end, sunrise, sunset, following, polar)


def _polar_flag(sunrise, sunset, following, start, latitude, longitude) -> str | None:
    if sunrise is None:
        noon = start + 0.5
        up = ephemeris.sun_altitude(noon, latitude, longitude) > 0.0
        return POLAR_DAY if up else POLAR_NIGHT
    if sunset is None:
        return NO_SUNSET
    if following is None:
        return NO_SUNRISE_TOMORROW
    return None


def moon_events(day: date, zone: tzinfo, latitude: float, longitude: float,
                mode: str) -> tuple[float | None, float | None]:
    """First moonrise and first moonset on civil date ``day`` (UT JD each, None if none)."""
    midnight = local_midnight_jd(day, zone)
    next_midnight = local_midnight_jd(day + timedelta(days=1), zone)
    rise = ephemeris.moon_rise(midnight, latitude, longitude, mode)
    setting = ephemeris.moon_set(midnight, latitude, longitude, mode)
    return (_within(rise, next_midnight), _within(setting, next_midnight))


def _within(jd_ut: float | None, limit: float) -> float | None:
    return jd_ut if jd_ut is not None and jd_ut < limit else None
