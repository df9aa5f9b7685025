"""The Hindu days of one place and the parts of each day a rule may ask for.

The daytime (sunrise to sunset) is cut in five equal parts and the night (sunset to the next
sunrise) in fifteen muhurtas, as drikpanchang.com does: madhyahna is the third fifth of the
daytime, aparahna the fourth, pradosha the first fifth of the night (three muhurtas), nishita
the eighth night muhurta. Arunodaya is the last two muhurtas of the night before sunrise (4
night ghatis: 96 minutes on a 12-hour night; the published Vaishnava dates follow this
night-relative length, not a fixed 96 minutes, see docs/almanac.md). Every time
is a UT Julian day; a part a day does not have (no sunrise or sunset at a polar place) is
``None`` with the reason (``Unavailable``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta, tzinfo

from lokpanchang.almanac import daylight
from lokpanchang.almanac.convention import DRIK, Convention
from lokpanchang.almanac.ephemeris import MoonRisingMode
from lokpanchang.almanac.observances.model import Unavailable
from lokpanchang.almanac.observances.rules import Part
from lokpanchang.almanac.timescale import LocalTimes, local_midnight_jd

Span = tuple[float, float]
# The moonrise a vrat kept at moonrise is decided by: the Moon's upper limb with refraction,
# its first sight, as drikpanchang.com's Karwa Chauth page gives it ("Moonrise on Karwa Chauth
# Day": 20:13 in 2025, quoted by Newspage360; its panchang pages print the centre, 20:17).
# The month pages 1901-2049 need it: a Chaturthi beginning 1.0-2.4 minutes before the centre's
# rising (1919, 1971, 2003: the upper limb is up 4.1-4.5 minutes earlier) is not at that
# moonrise; one beginning 6.3 minutes or more before it is. The moonrise an observance
# carries for display stays the place's own (``Place.moon_rising``).
VRAT_MOON_RISING = MoonRisingMode.UPPER_LIMB


@dataclass(frozen=True)
class Place:
    """Where the observances are reckoned, and the conventions used there (``rising``
    None: the convention's own sunrise)."""

    latitude: float
    longitude: float
    zone: tzinfo
    rising: str | None = None
    moon_rising: str = MoonRisingMode.GEOMETRIC_CENTRE
    convention: Convention = DRIK

    @property
    def where(self) -> daylight.Where:
        """The place for ``daylight``'s sunrise searches."""
        rising = self.rising or self.convention.rising
        return daylight.Where(self.zone, self.latitude, self.longitude, rising, self.convention)


class Days:
    """Each civil date's Hindu day at one place, computed once (UT Julian days)."""

    def __init__(
        self,
        place: Place,
        known: dict[date, daylight.DayFrame] | None = None,
        local: LocalTimes | None = None,
    ) -> None:
        """``known``: frames already computed for this place (the panchangam's own day);
        ``local``: the caller's converter to local times in ``place.zone``."""
        self.place = place
        self.local = local or LocalTimes(place.zone, place.convention.truncated_seconds)
        self._frames: dict[date, daylight.DayFrame] = dict(known or {})
        self._sunrises = daylight.Sunrises(place.where)
        for day, frame in self._frames.items():
            self._sunrises.knowing(day, frame)
        self._moonrises: dict[tuple[date, str], float | None] = {}

    def frame(self, day: date) -> daylight.DayFrame:
        """The Hindu day of civil date ``day`` (sunrise to next sunrise, polar rule)."""
        found = self._frames.get(day)
        if found is None:
            found = self._frames[day] = self._sunrises.frame(day)
        return found

    def sunrise(self, day: date) -> float | None:
        """The first sunrise on civil date ``day``, or None (no sunset is computed)."""
        return self._sunrises.sunrise(day)

    def start(self, day: date) -> float:
        """The start of the Hindu day of ``day``: its sunrise, else local midnight."""
        return self._sunrises.start(day)

    def moonrise(self, day: date, mode: str | None = None) -> float | None:
        """The first moonrise inside the Hindu day of ``day``, or None (``mode``: a
        ``MoonRisingMode``, None: the place's own)."""
        mode = mode or self.place.moon_rising
        if (day, mode) not in self._moonrises:
            place = self.place
            self._moonrises[day, mode] = daylight.first_moonrise(
                self.start(day),
                self.start(day + timedelta(days=1)),
                place.latitude,
                place.longitude,
                mode,
                place.convention,
            )
        return self._moonrises[day, mode]

    def day_of(self, jd_ut: float) -> date:
        """The civil date whose Hindu day contains the instant ``jd_ut``."""
        zone = self.place.zone
        local = self.local(jd_ut).date()
        if jd_ut < self._sunrises.start(local):
            return local - timedelta(days=1)
        following = local + timedelta(days=1)
        # An anchor is never before its date's midnight, so the next date's sunrise is
        # only needed for an instant past that midnight (a repeated hour, a rounded second).
        if jd_ut >= local_midnight_jd(following, zone) and jd_ut >= self._sunrises.start(following):
            return following
        return local

    def arunodaya(self, day: date) -> float | Unavailable:
        """The start of arunodaya before the sunrise of ``day``: two night muhurtas earlier."""
        sunrise = self.sunrise(day)
        if sunrise is None:
            return Unavailable.NO_SUNRISE
        sunset = self.frame(day - timedelta(days=1)).sunset
        if sunset is None:
            return Unavailable.NO_SUNSET
        return sunrise - 2.0 * (sunrise - sunset) / 15.0

    def part(self, day: date, part: Part) -> Span | Unavailable:
        """The part ``part`` of the Hindu day of ``day`` as (start, end); a point part has
        start == end. Unavailable when the day lacks the event the part is measured from."""
        if part is Part.MOONRISE:
            rise = self.moonrise(day, VRAT_MOON_RISING)
            return Unavailable.NO_MOONRISE if rise is None else (rise, rise)
        sunrise = self.sunrise(day)
        if sunrise is None:
            return Unavailable.NO_SUNRISE
        if part is Part.SUNRISE:  # the sunrise alone: this day's sunset is not needed
            return sunrise, sunrise
        if part is Part.ARUNODAYA:
            dawn = self.arunodaya(day)
            return dawn if isinstance(dawn, Unavailable) else (dawn, sunrise)
        frame = self.frame(day)
        if frame.sunset is None or frame.next_sunrise is None:
            return Unavailable.NO_SUNSET
        return _divided(part, sunrise, frame.sunset, frame.next_sunrise)


def _divided(part: Part, sunrise: float, sunset: float, next_sunrise: float) -> Span:
    fifth = (sunset - sunrise) / 5.0
    night_muhurta = (next_sunrise - sunset) / 15.0
    spans = {
        Part.PRATAH: (sunrise, sunrise + fifth),
        Part.PURVAHNA: (sunrise, sunrise + 2.5 * fifth),
        Part.MADHYAHNA: (sunrise + 2.0 * fifth, sunrise + 3.0 * fifth),
        Part.APARAHNA: (sunrise + 3.0 * fifth, sunrise + 4.0 * fifth),
        Part.SUNSET: (sunset, sunset),
        Part.PRADOSHA: (sunset, sunset + 3.0 * night_muhurta),
        Part.NISHITA: (sunset + 7.0 * night_muhurta, sunset + 8.0 * night_muhurta),
    }
    return spans[part]


def daytime_fifths(frame: daylight.DayFrame) -> tuple[float, ...] | None:
    """The six boundaries of the daytime's five parts (sunrise .. sunset), or None."""
    if frame.sunrise is None or frame.sunset is None:
        return None
    fifth = (frame.sunset - frame.sunrise) / 5.0
    return tuple(frame.sunrise + index * fifth for index in range(6))
