"""The four regional solar calendars: on which civil day each region begins a month.

A solar month begins with a sankranti, the instant the Sun's sidereal longitude reaches a
multiple of 30 degrees (``motion.Angle.SUN``, so under the almanac's convention). Which civil
day is its first is each region's rule (Sewell & Dikshit, *The Indian Calendar*, 1896,
Art. 28; the exact cut-offs measured on drikpanchang.com's month pages, see
``docs/almanac.md``, "Regional calendars"):

- Tamil: a sankranti before sunset begins the month that day, a later one the next day.
- Malayalam: before the end of the third fifth of the daytime (madhyahna) that day, else the
  next day.
- Odia: before 22:21:30 on the zone's standard clock that day, else the next day
  (drikpanchang.com states no rule; the published days fit this clock time and no day- or
  night-relative moment, and 1943's Kumbha sankranti at 21:23 standard, 22:23 war time,
  begins Phalguna the same day).
- Bengali: the month begins the day after the sankranti's Hindu day when the sankranti falls
  before the nishita muhurta (the eighth of the night's fifteen muhurtas, around midnight),
  the day after that when it falls after it. Inside the nishita muhurta the tithi decides:
  if the tithi current at that day's sunrise is still current, the next day, else the day
  after; the Karkata sankranti (the Sun turning south) then always takes the next day and
  the Makara one (turning north) the day after.

A day without a sunrise or sunset (polar places) takes the missing moments from the local
clock, as on an equinox at the equator: sunrise 06:00, sunset 18:00 (so madhyahna ends at
13:12 and the nishita muhurta runs 23:36 to 00:24). Times are UT Julian days.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta

from lokpanchang.almanac import daylight, motion
from lokpanchang.almanac.calendars.eras import month_number, solar_year
from lokpanchang.almanac.calendars.kinds import SOLAR, Calendar
from lokpanchang.almanac.convention import Convention
from lokpanchang.almanac.timescale import datetime_from_jd, jd_from_datetime, local_midnight_jd

_DAYS_PER_DEGREE = 365.2564 / 360.0
_ONE_DAY = timedelta(days=1)
_HOUR = 1.0 / 24.0
MADHYAHNA_END = 0.6  # of the daytime: the end of its third fifth
ODIA_CUTOFF = time(22, 21, 30)
KARKATA, MAKARA = 4, 10
_CACHE_LIMIT = 20_000
_cached: dict[tuple[object, ...], tuple[date, ...]] = {}


@dataclass(frozen=True)
class SolarDay:
    """A civil day in a solar calendar: month (1 = Chithirai, Chingam, Boishakh, Baisakha),
    day of the month from 1, and the era year (``eras.SOLAR_ERAS``)."""

    calendar: Calendar
    month: int
    day: int
    year: int
    sign: int  # the sign (1 Mesha .. 12 Meena) the Sun entered to begin the month
    first_day: date


def last_sankranti(jd_ut: float, convention: Convention) -> tuple[int, float]:
    """The latest sankranti at or before ``jd_ut``: (sign entered 1 .. 12, instant)."""
    longitude, _ = motion.angle_at(jd_ut, motion.Angle.SUN, convention)
    boundary = math.floor(longitude / 30.0) * 30.0
    guess = jd_ut - (longitude - boundary) * _DAYS_PER_DEGREE
    instant = motion.crossing(motion.Angle.SUN, boundary, guess, convention)
    return int(boundary // 30.0) + 1, min(instant, jd_ut)


def previous_sankranti(sign: int, instant: float, convention: Convention) -> tuple[int, float]:
    """The sankranti before the Sun's entry into ``sign`` at ``instant``."""
    sign = (sign - 2) % 12 + 1
    guess = instant - 30.0 * _DAYS_PER_DEGREE
    return sign, motion.crossing(motion.Angle.SUN, (sign - 1) * 30.0, guess, convention)


def solar_days(day: date, sunrises: daylight.Sunrises) -> dict[Calendar, SolarDay]:
    """Civil date ``day`` in each solar calendar at the place of ``sunrises``."""
    end_of_day = local_midnight_jd(day + _ONE_DAY, sunrises.zone)
    convention = sunrises.where.convention
    latest = last_sankranti(end_of_day, convention)
    firsts = _first_days(*latest, sunrises)
    earlier: tuple[tuple[int, float], tuple[date, ...]] | None = None
    found = {}
    for index, kind in enumerate(SOLAR):
        sankranti, first = latest, firsts[index]
        if first > day:  # that sankranti begins this calendar's month only after ``day``
            if earlier is None:
                before = previous_sankranti(*latest, convention)
                earlier = before, _first_days(*before, sunrises)
            sankranti, first = earlier[0], earlier[1][index]
        found[kind] = _solar_day(kind, day, sankranti, first, sunrises)
    return found


def solar_day(calendar: Calendar, day: date, sunrises: daylight.Sunrises) -> SolarDay:
    """Civil date ``day`` in solar ``calendar`` at the place of ``sunrises``."""
    return solar_days(day, sunrises)[calendar]


def _solar_day(
    kind: Calendar,
    day: date,
    sankranti: tuple[int, float],
    first: date,
    sunrises: daylight.Sunrises,
) -> SolarDay:
    sign, instant = sankranti
    year = solar_year(kind, sign, _civil_date(instant, sunrises))
    return SolarDay(kind, month_number(kind, sign), (day - first).days + 1, year, sign, first)


def first_day(calendar: Calendar, sign: int, instant: float, sunrises: daylight.Sunrises) -> date:
    """The civil date on which the Sun's entry into ``sign`` at ``instant`` begins a month of
    ``calendar`` at the place of ``sunrises`` (that region's rule, see the module's doc)."""
    return _RULES[calendar](sign, instant, _hindu_day(instant, sunrises), sunrises)


def _first_days(sign: int, instant: float, sunrises: daylight.Sunrises) -> tuple[date, ...]:
    """``first_day`` in each of ``SOLAR``, remembered per place and sankranti."""
    zone = getattr(sunrises.zone, "key", repr(sunrises.zone))
    where = sunrises.where
    key = (sign, round(instant * 1e6), zone, where.latitude, where.longitude, where.mode)
    found = _cached.get(key)
    if found is None:
        if len(_cached) >= _CACHE_LIMIT:
            _cached.clear()
        hindu = _hindu_day(instant, sunrises)  # the rules share one look at the day
        found = _cached[key] = tuple(rule(sign, instant, hindu, sunrises) for rule in _IN_ORDER)
    return found


def clear_cache() -> None:
    """Forget the months' first days (benchmarks use it to measure cold computation)."""
    _cached.clear()


@dataclass(frozen=True)
class _HinduDay:
    """The Hindu day containing an instant, with the moments the rules compare it with."""

    civil: date
    sunrise: float
    sunset: float
    next_sunrise: float


def _hindu_day(instant: float, sunrises: daylight.Sunrises) -> _HinduDay:
    day = _civil_date(instant, sunrises)
    frame = sunrises.frame(day)
    if instant < frame.start:
        day -= _ONE_DAY
        frame = sunrises.frame(day)
    midnight = local_midnight_jd(day, sunrises.zone)
    sunrise = frame.sunrise if frame.sunrise is not None else midnight + 6.0 * _HOUR
    sunset = frame.sunset if frame.sunset is not None else midnight + 18.0 * _HOUR
    following = frame.next_sunrise if frame.next_sunrise is not None else midnight + 30.0 * _HOUR
    return _HinduDay(day, sunrise, sunset, following)


def _civil_date(instant: float, sunrises: daylight.Sunrises) -> date:
    return datetime_from_jd(instant, sunrises.zone).date()


def _tamil(sign: int, instant: float, hindu: _HinduDay, sunrises: daylight.Sunrises) -> date:
    return hindu.civil if instant < hindu.sunset else hindu.civil + _ONE_DAY


def _malayalam(sign: int, instant: float, hindu: _HinduDay, sunrises: daylight.Sunrises) -> date:
    cutoff = hindu.sunrise + MADHYAHNA_END * (hindu.sunset - hindu.sunrise)
    return hindu.civil if instant < cutoff else hindu.civil + _ONE_DAY


def _odia(sign: int, instant: float, hindu: _HinduDay, sunrises: daylight.Sunrises) -> date:
    civil = _civil_date(instant, sunrises)
    wall = datetime.combine(civil, ODIA_CUTOFF, tzinfo=sunrises.zone)
    # On the zone's standard clock: daylight saving (India's war time of 1942-45) moves it.
    shift = wall.dst() or timedelta(0)
    cutoff = jd_from_datetime(wall) + shift.total_seconds() / 86400.0
    return civil if instant < cutoff else civil + _ONE_DAY


def _bengali(sign: int, instant: float, hindu: _HinduDay, sunrises: daylight.Sunrises) -> date:
    muhurta = (hindu.next_sunrise - hindu.sunset) / 15.0
    nishita_start = hindu.sunset + 7.0 * muhurta
    if instant < nishita_start:
        before_midnight = True
    elif instant >= nishita_start + muhurta:
        before_midnight = False
    elif sign in (KARKATA, MAKARA):
        before_midnight = sign == KARKATA
    else:
        convention = sunrises.where.convention
        before_midnight = _tithi(hindu.sunrise, convention) == _tithi(instant, convention)
    return hindu.civil + (_ONE_DAY if before_midnight else 2 * _ONE_DAY)


def _tithi(jd_ut: float, convention: Convention) -> int:
    elongation, _ = motion.angle_at(jd_ut, motion.Angle.ELONGATION, convention)
    return int(elongation // 12.0)


_RULES = {
    Calendar.TAMIL: _tamil,
    Calendar.MALAYALAM: _malayalam,
    Calendar.ODIA: _odia,
    Calendar.BENGALI: _bengali,
}
_IN_ORDER = tuple(_RULES[kind] for kind in SOLAR)
