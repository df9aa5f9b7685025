"""Sunrise, sunset and the frame of the Hindu day, with the polar rule; moonrise and moonset.

Polar rule: the Hindu day of civil date D runs from the *anchor* of D to the anchor of D+1.
The anchor of a date is its first sunrise; on a date without one (polar night, or midnight
sun) it is local midnight (00:00 in the zone). Days therefore stay contiguous through the
polar season. ``sunset`` is the first sunset inside the frame or None; the day's
``polar`` flag tells why sunrise or sunset is missing. Times are UT Julian days.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta, tzinfo

from lokpanchang.almanac import ephemeris, moonpath, motion, sunpath
from lokpanchang.almanac.convention import Convention
from lokpanchang.almanac.ephemeris import RisingMode
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


def _civil_bounds(day: date, zone: tzinfo) -> tuple[float, float]:
    return local_midnight_jd(day, zone), local_midnight_jd(day + timedelta(days=1), zone)


@dataclass(frozen=True)
class Where:
    """A place and how its Sun's rising is reckoned there."""

    zone: tzinfo
    latitude: float
    longitude: float
    mode: str  # a RisingMode
    convention: Convention


def _solar_day(day: date, where: Where) -> sunpath.SolarDay | None:
    """The fast closed-form Sun for this date, where it is reliable (see ``sunpath``)."""
    if abs(where.latitude) > sunpath.FAST_LATITUDE_LIMIT:
        return None
    noon = local_midnight_jd(day, where.zone) + 0.5
    frame = motion.sky_near(noon, where.convention)
    place = (where.latitude, where.longitude)
    return sunpath.SolarDay(frame, noon, place, where.convention, _lag(day, where))


def _lag(day: date, where: Where) -> float:
    """drikpanchang.com's equation-of-time lag (days): the zone's offset that day."""
    if where.mode != RisingMode.DRIK:
        return 0.0
    offset = datetime.combine(day, time(12), tzinfo=where.zone).utcoffset()
    return 0.0 if offset is None else offset.total_seconds() / 86400.0


def sunrise_on(day: date, where: Where, solar: sunpath.SolarDay | None = None) -> float | None:
    """The first sunrise on civil date ``day`` at ``where`` (UT JD), or None if there is none.

    ``solar`` (this date's ``SolarDay``) gives a fast answer, checked to fall on the date;
    otherwise Swiss Ephemeris' ``rise_trans`` searches from local midnight.
    """
    midnight, next_midnight = _civil_bounds(day, where.zone)
    rise = solar.event(where.mode, rising=True) if solar is not None else None
    if rise is None or not midnight <= rise < next_midnight:
        rise = ephemeris.sun_rise(midnight, where.latitude, where.longitude, where.mode)
    return rise if rise is not None and rise < next_midnight else None


def _sunset_between(
    start: float,
    end: float,
    latitude: float,
    longitude: float,
    mode: str,
    solar: sunpath.SolarDay | None,
) -> float | None:
    sunset = solar.event(mode, rising=False) if solar is not None else None
    if sunset is None or not start < sunset < end:
        sunset = ephemeris.sun_set(start, latitude, longitude, mode)
    return sunset if sunset is not None and sunset < end else None


def day_frame(day: date, where: Where) -> DayFrame:
    """The Hindu day of civil date ``day`` at the place, under the polar rule above."""
    return Sunrises(where).frame(day)


class Sunrises:
    """Day frames of one place; each date's sunrise is found once and shared by the frame of
    that date and of the date before (consecutive frames share an instant)."""

    def __init__(self, where: Where) -> None:
        self.where = where
        self.zone, self.latitude, self.longitude = where.zone, where.latitude, where.longitude
        self.mode = where.mode
        self._sunrises: dict[date, float | None] = {}
        self._solar: dict[date, sunpath.SolarDay | None] = {}

    def knowing(self, day: date, frame: DayFrame) -> Sunrises:
        """Record the sunrises of a frame already computed for ``day``; returns self."""
        self._sunrises[day] = frame.sunrise
        self._sunrises[day + timedelta(days=1)] = frame.next_sunrise
        return self

    def _solar_of(self, day: date) -> sunpath.SolarDay | None:
        if day not in self._solar:
            self._solar[day] = _solar_day(day, self.where)
        return self._solar[day]

    def sunrise(self, day: date) -> float | None:
        """The first sunrise on civil date ``day`` (UT JD), or None."""
        if day not in self._sunrises:
            self._sunrises[day] = sunrise_on(day, self.where, self._solar_of(day))
        return self._sunrises[day]

    def start(self, day: date) -> float:
        """The anchor of civil date ``day``: its sunrise, else local midnight (polar rule)."""
        sunrise = self.sunrise(day)
        return sunrise if sunrise is not None else local_midnight_jd(day, self.zone)

    def frame(self, day: date) -> DayFrame:
        """The Hindu day of civil date ``day`` (see the module's polar rule)."""
        tomorrow = day + timedelta(days=1)
        sunrise, following = self.sunrise(day), self.sunrise(tomorrow)
        start = sunrise if sunrise is not None else local_midnight_jd(day, self.zone)
        end = following if following is not None else local_midnight_jd(tomorrow, self.zone)
        where = (self.latitude, self.longitude)
        sunset = _sunset_between(start, end, *where, self.mode, self._solar_of(day))
        polar = _polar_flag(sunrise, sunset, following, start, *where)
        return DayFrame(start, end, sunrise, sunset, following, polar)


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
    day: date, zone: tzinfo, latitude: float, longitude: float, mode: str, convention: Convention
) -> tuple[float | None, float | None]:
    """First moonrise and first moonset on civil date ``day`` (UT JD each, None if none)."""
    midnight, next_midnight = _civil_bounds(day, zone)
    local = None
    if abs(latitude) <= moonpath.FAST_LATITUDE_LIMIT:
        frame = motion.sky_near(midnight + 0.5, convention)
        local = moonpath.LocalMoon(frame, latitude, longitude, convention)
    rise = _moon_event(local, midnight, latitude, longitude, mode, rising=True)
    setting = _moon_event(local, midnight, latitude, longitude, mode, rising=False)
    return _within(rise, next_midnight), _within(setting, next_midnight)


def first_moonrise(
    start: float, end: float, latitude: float, longitude: float, mode: str, convention: Convention
) -> float | None:
    """The first moonrise in ``[start, end)`` (UT JD), or None if the Moon does not rise."""
    local = None
    if abs(latitude) <= moonpath.FAST_LATITUDE_LIMIT:
        frame = motion.sky_near(start + 0.5, convention)
        local = moonpath.LocalMoon(frame, latitude, longitude, convention)
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
