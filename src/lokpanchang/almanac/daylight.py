"""Sunrise, sunset and the frame of the Hindu day, with the polar rule; moonrise and moonset.

Polar rule: the Hindu day of civil date D runs from the *anchor* of D to the anchor of D+1.
The anchor of a date is its first sunrise; on a date without one (polar night, or midnight
sun) it is local midnight (00:00 in the zone). Days therefore stay contiguous through the
polar season. ``sunset`` is the first sunset inside the frame or None; the day's
``polar`` flag tells why sunrise or sunset is missing. Times are UT Julian days.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import date, timedelta, tzinfo

from lokpanchang.almanac import ephemeris, moonpath, motion, sunpath
from lokpanchang.almanac.timescale import local_midnight_jd

POLAR_DAY = "polar_day"  # the Sun stays above the horizon for the whole civil date
POLAR_NIGHT = "polar_night"  # the Sun stays below the horizon for the whole civil date
NO_SUNSET = "no_sunset"  # the Sun rises on this date but does not set before the next anchor
NO_SUNRISE_TOMORROW = "no_sunrise_next_day"  # next date has no sunrise; the day ends at midnight
# Sunrises estimated from a neighbouring date's (see ``Sunrises.since_start``) only up to here.
ESTIMATE_LATITUDE_LIMIT = 60.0
_SECONDS = 1.0 / 86400.0
_MARGIN = 2.0 / 24.0  # days: an estimated sunrise this far from midnight is its date's only one


@dataclass(frozen=True)
class DayFrame:
    """The Hindu day: ``start`` to ``end`` (UT JD) and the Sun's events inside it."""

    start: float
    end: float
    sunrise: float | None
    sunset: float | None
    next_sunrise: float | None
    polar: str | None


def _civil_bounds(day: date, zone: tzinfo) -> tuple[float, float]:
    return local_midnight_jd(day, zone), local_midnight_jd(day + timedelta(days=1), zone)


def _solar_day(
    day: date, zone: tzinfo, latitude: float, longitude: float
) -> sunpath.SolarDay | None:
    """The fast closed-form Sun for this date, where it is reliable (see ``sunpath``)."""
    if abs(latitude) > sunpath.FAST_LATITUDE_LIMIT:
        return None
    noon = local_midnight_jd(day, zone) + 0.5
    return sunpath.SolarDay(motion.sky_near(noon), noon, latitude, longitude)


def sunrise_on(
    day: date,
    zone: tzinfo,
    latitude: float,
    longitude: float,
    mode: str,
    solar: sunpath.SolarDay | None = None,
) -> float | None:
    """The first sunrise on civil date ``day`` in ``zone`` (UT JD), or None if there is none.

    ``solar`` (this date's ``SolarDay``) gives a fast answer, checked to fall on the date;
    otherwise Swiss Ephemeris' ``rise_trans`` searches from local midnight.
    """
    midnight, next_midnight = _civil_bounds(day, zone)
    rise = solar.event(mode, rising=True) if solar is not None else None
    if rise is None or not midnight <= rise < next_midnight:
        rise = ephemeris.sun_rise(midnight, latitude, longitude, mode)
    return rise if rise is not None and rise < next_midnight else None


def day_frame(day: date, zone: tzinfo, latitude: float, longitude: float, mode: str) -> DayFrame:
    """The Hindu day of civil date ``day`` at the place, under the polar rule above."""
    return Sunrises(zone, latitude, longitude, mode).frame(day)


class Sunrises:
    """Day frames of one place; each date's sunrise is found once and shared by the frame of
    that date and of the date before (consecutive frames share an instant)."""

    def __init__(
        self, zone: tzinfo, latitude: float, longitude: float, mode: str, estimate: bool = True
    ) -> None:
        """``estimate=False`` computes every sunrise ``since_start`` asks about."""
        self.zone, self.latitude, self.longitude, self.mode = zone, latitude, longitude, mode
        self._sunrises: dict[date, float | None] = {}
        self._solar: dict[date, sunpath.SolarDay | None] = {}
        self._sunsets: dict[date, float | None] = {}
        self._bounds: dict[date, tuple[float, float] | None] = {}  # see sunrise_bounds
        self._drift = _daily_drift(latitude) if estimate else None

    def knowing(self, day: date, frame: DayFrame) -> Sunrises:
        """Record the sunrises of a frame already computed for ``day``; returns self."""
        self._know(day, frame.sunrise)
        self._know(day + timedelta(days=1), frame.next_sunrise)
        self._sunsets[day] = frame.sunset
        return self

    def _know(self, day: date, sunrise: float | None) -> None:
        self._sunrises[day] = sunrise
        self._bounds[day] = None if sunrise is None else (sunrise, sunrise)

    def _solar_of(self, day: date) -> sunpath.SolarDay | None:
        if day not in self._solar:
            self._solar[day] = _solar_day(day, self.zone, self.latitude, self.longitude)
        return self._solar[day]

    def sunrise(self, day: date) -> float | None:
        """The first sunrise on civil date ``day`` (UT JD), or None."""
        if day not in self._sunrises:
            where = (self.latitude, self.longitude)
            solar = self._solar_of(day)
            self._know(day, sunrise_on(day, self.zone, *where, self.mode, solar))
        return self._sunrises[day]

    def sunrise_bounds(self, day: date) -> tuple[float, float] | None:
        """An interval certain to hold the first sunrise of ``day`` (a point once it is
        computed), from a neighbouring date's computed sunrise and the latitude's daily
        drift; None when neither is known, beyond ``ESTIMATE_LATITUDE_LIMIT``, or when the
        interval comes within two hours of either midnight (a date is at most 25 hours
        long, so the risings a day before and after then fall outside it: the one inside
        is the date's only sunrise)."""
        if day in self._bounds:
            return self._bounds[day]
        if self._drift is None:
            return None
        for offset in (-1, 1):
            neighbour = self._sunrises.get(day + timedelta(days=offset))
            if neighbour is None:
                continue
            low, high = neighbour - offset - self._drift, neighbour - offset + self._drift
            midnight, next_midnight = _civil_bounds(day, self.zone)
            if midnight + _MARGIN < low and high < next_midnight - _MARGIN:
                self._bounds[day] = low, high  # until the sunrise itself is computed
                return low, high
        return None

    def since_start(self, jd_ut: float, day: date) -> float:
        """A number with the sign of ``jd_ut - self.start(day)`` (that difference itself
        when ``jd_ut`` is near the start): the sunrise is computed only when ``jd_ut`` lies
        inside ``sunrise_bounds``, so decisions far from a sunrise cost nothing."""
        bounds = self.sunrise_bounds(day)
        if bounds is not None:
            low, high = bounds
            if jd_ut < low:
                return jd_ut - low
            if jd_ut > high:
                return jd_ut - high
        return jd_ut - self.start(day)

    def latest_start(self, day: date) -> float:
        """An instant no earlier than ``self.start(day)``, computing no sunrise if bounds
        for it are known (``sunrise_bounds``)."""
        bounds = self.sunrise_bounds(day)
        return bounds[1] if bounds is not None else self.start(day)

    def start(self, day: date) -> float:
        """The anchor of civil date ``day``: its sunrise, else local midnight (polar rule)."""
        sunrise = self.sunrise(day)
        return sunrise if sunrise is not None else local_midnight_jd(day, self.zone)

    def sunset(self, day: date) -> float | None:
        """The first sunset inside the Hindu day of ``day`` (its frame's ``sunset``),
        computing the next date's sunrise only if the sunset is near it."""
        if day not in self._sunsets:
            self._sunsets[day] = self._sunset_in_frame(day)
        return self._sunsets[day]

    def _sunset_in_frame(self, day: date) -> float | None:
        tomorrow, solar = day + timedelta(days=1), self._solar_of(day)
        sunset = solar.event(self.mode, rising=False) if solar is not None else None
        if (
            sunset is None
            or self.since_start(sunset, day) <= 0.0
            or self.since_start(sunset, tomorrow) >= 0.0
        ):  # not found, or outside the frame: Swiss Ephemeris' search from its start
            sunset = ephemeris.sun_set(self.start(day), self.latitude, self.longitude, self.mode)
        if sunset is None or self.since_start(sunset, tomorrow) >= 0.0:
            return None
        return sunset

    def frame(self, day: date) -> DayFrame:
        """The Hindu day of civil date ``day`` (see the module's polar rule)."""
        tomorrow = day + timedelta(days=1)
        sunrise, following = self.sunrise(day), self.sunrise(tomorrow)
        start = sunrise if sunrise is not None else local_midnight_jd(day, self.zone)
        end = following if following is not None else local_midnight_jd(tomorrow, self.zone)
        sunset = self.sunset(day)
        polar = _polar_flag(sunrise, sunset, following, start, self.latitude, self.longitude)
        return DayFrame(start, end, sunrise, sunset, following, polar)


def _daily_drift(latitude: float) -> float | None:
    """A bound (days) on how far one sunrise is from a day after the one before, at
    ``latitude``; None beyond ``ESTIMATE_LATITUDE_LIMIT``. Measured with ``sunrise_on``
    (every date of 1902, 2026 and 2099, latitudes 0-65 degrees every 2.5 degrees, both
    hemispheres, three longitudes): at most 30 s + 88 s x tan(latitude) (the equation of
    time changes up to 30 s a day, the half-day arc with the declination); twice that.
    tests/almanac/test_estimated_sunrises.py checks it and the decisions made with it."""
    if abs(latitude) > ESTIMATE_LATITUDE_LIMIT:
        return None
    return 2.0 * (30.0 + 88.0 * math.tan(math.radians(abs(latitude)))) * _SECONDS


def _polar_flag(
    sunrise: float | None,
    sunset: float | None,
    following: float | None,
    start: float,
    latitude: float,
    longitude: float,
) -> str | None:
    if sunrise is None:
        noon = start + 0.5
        up = ephemeris.sun_altitude(noon, latitude, longitude) > 0.0
        return POLAR_DAY if up else POLAR_NIGHT
    if sunset is None:
        return NO_SUNSET
    if following is None:
        return NO_SUNRISE_TOMORROW
    return None


def moon_events(
    day: date, zone: tzinfo, latitude: float, longitude: float, mode: str
) -> tuple[float | None, float | None]:
    """First moonrise and first moonset on civil date ``day`` (UT JD each, None if none)."""
    midnight, next_midnight = _civil_bounds(day, zone)
    local = None
    if abs(latitude) <= moonpath.FAST_LATITUDE_LIMIT:
        local = moonpath.LocalMoon(motion.sky_near(midnight + 0.5), latitude, longitude)
    rise = _moon_event(local, midnight, latitude, longitude, mode, rising=True)
    setting = _moon_event(local, midnight, latitude, longitude, mode, rising=False)
    return _within(rise, next_midnight), _within(setting, next_midnight)


def first_moonrise(
    start: float, end: float, latitude: float, longitude: float, mode: str
) -> float | None:
    """The first moonrise in ``[start, end)`` (UT JD), or None if the Moon does not rise."""
    local = None
    if abs(latitude) <= moonpath.FAST_LATITUDE_LIMIT:
        local = moonpath.LocalMoon(motion.sky_near(start + 0.5), latitude, longitude)
    return _within(_moon_event(local, start, latitude, longitude, mode, rising=True), end)


def _moon_event(
    local: moonpath.LocalMoon | None,
    start: float,
    latitude: float,
    longitude: float,
    mode: str,
    rising: bool,
) -> float | None:
    event = local.first_event_after(start, mode, rising) if local is not None else None
    if event is None:  # high latitude, grazing or unsettled: Swiss Ephemeris' own search
        search = ephemeris.moon_rise if rising else ephemeris.moon_set
        event = search(start, latitude, longitude, mode)
    return event


def _within(jd_ut: float | None, limit: float) -> float | None:
    return jd_ut if jd_ut is not None and jd_ut < limit else None
