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
from lokpanchang.almanac.ephemeris import MoonRisingMode, RisingMode
from lokpanchang.almanac.observances.model import Unavailable
from lokpanchang.almanac.observances.rules import Part
from lokpanchang.almanac.timescale import LocalTimes, local_midnight_jd

Span = tuple[float, float]


@dataclass(frozen=True)
class Place:
    """Where the observances are reckoned, and the rising conventions used there."""

    latitude: float
    longitude: float
    zone: tzinfo
    rising: str = RisingMode.UPPER_LIMB
    moon_rising: str = MoonRisingMode.GEOMETRIC_CENTRE


class Days:
    """Each civil date's Hindu day at one place, computed once (UT Julian days)."""

    def __init__(
        self,
        place: Place,
        known: dict[date, daylight.DayFrame] | None = None,
        local: LocalTimes | None = None,
        estimate: bool = True,
    ) -> None:
        """``known``: frames already computed for this place (the panchangam's own day);
        ``local``: the caller's converter to local times in ``place.zone``;
        ``estimate=False``: compute every sunrise a decision looks at (for tests)."""
        self.place = place
        self.local = local or LocalTimes(place.zone)
        self._frames: dict[date, daylight.DayFrame] = dict(known or {})
        self._sunrises = daylight.Sunrises(
            place.zone, place.latitude, place.longitude, place.rising, estimate
        )
        for day, frame in self._frames.items():
            self._sunrises.knowing(day, frame)
        self._moonrises: dict[date, float | None] = {}

    def frame(self, day: date) -> daylight.DayFrame:
        """The Hindu day of civil date ``day`` (sunrise to next sunrise, polar rule)."""
        found = self._frames.get(day)
        if found is None:
            found = self._frames[day] = self._sunrises.frame(day)
        return found

    def sunrise(self, day: date) -> float | None:
        """The first sunrise on civil date ``day``, or None (no sunset is computed)."""
        return self._sunrises.sunrise(day)

    def sunset(self, day: date) -> float | None:
        """The sunset in the Hindu day of ``day`` (its frame's), or None; the next date's
        sunrise is computed only if needed to tell (``daylight.Sunrises.sunset``)."""
        return self._sunrises.sunset(day)

    def daytime(self, day: date) -> tuple[float, ...] | Unavailable:
        """The six boundaries of the five parts of the daytime of ``day`` (sunrise ..
        sunset), as ``daytime_fifths`` gives them from the day's frame."""
        sunrise = self.sunrise(day)
        if sunrise is None:
            return Unavailable.NO_SUNRISE
        sunset = self.sunset(day)
        return Unavailable.NO_SUNSET if sunset is None else _fifths(sunrise, sunset)

    def start(self, day: date) -> float:
        """The start of the Hindu day of ``day``: its sunrise, else local midnight."""
        return self._sunrises.start(day)

    def since_start(self, jd_ut: float, day: date) -> float:
        """A number with the sign of ``jd_ut - self.start(day)``; the sunrise of ``day``
        is computed only if ``jd_ut`` is near it (``daylight.Sunrises.since_start``)."""
        return self._sunrises.since_start(jd_ut, day)

    def latest_start(self, day: date) -> float:
        """An instant no earlier than ``self.start(day)`` (its sunrise's upper bound)."""
        return self._sunrises.latest_start(day)

    def sunrise_within(self, day: date, span: Span) -> bool | None:
        """Whether the first sunrise of ``day`` lies in ``[span)``; None if there is none.
        The sunrise is computed only if its bounds (``Sunrises.sunrise_bounds``) straddle
        an end of the span."""
        bounds = self._sunrises.sunrise_bounds(day)
        if bounds is not None:
            low, high = bounds
            if high < span[0] or low >= span[1]:
                return False
            if span[0] <= low and high < span[1]:
                return True
        sunrise = self.sunrise(day)
        return None if sunrise is None else span[0] <= sunrise < span[1]

    def moonrise(self, day: date) -> float | None:
        """The first moonrise inside the Hindu day of ``day``, or None."""
        if day not in self._moonrises:
            place = self.place
            self._moonrises[day] = daylight.first_moonrise(
                self.start(day),
                self.start(day + timedelta(days=1)),
                place.latitude,
                place.longitude,
                place.moon_rising,
            )
        return self._moonrises[day]

    def day_of(self, jd_ut: float) -> date:
        """The civil date whose Hindu day contains the instant ``jd_ut``."""
        zone = self.place.zone
        local = self.local(jd_ut).date()
        if self._sunrises.since_start(jd_ut, local) < 0.0:
            return local - timedelta(days=1)
        following = local + timedelta(days=1)
        # An anchor is never before its date's midnight, so the next date's sunrise is
        # only needed for an instant past that midnight (a repeated hour, a rounded second).
        if (
            jd_ut >= local_midnight_jd(following, zone)
            and self._sunrises.since_start(jd_ut, following) >= 0.0
        ):
            return following
        return local

    def arunodaya(self, day: date) -> float | Unavailable:
        """The start of arunodaya before the sunrise of ``day``: two night muhurtas earlier."""
        sunrise = self.sunrise(day)
        if sunrise is None:
            return Unavailable.NO_SUNRISE
        sunset = self.sunset(day - timedelta(days=1))
        if sunset is None:
            return Unavailable.NO_SUNSET
        return sunrise - 2.0 * (sunrise - sunset) / 15.0

    def part(self, day: date, part: Part) -> Span | Unavailable:
        """The part ``part`` of the Hindu day of ``day`` as (start, end); a point part has
        start == end. Unavailable when the day lacks the event the part is measured from."""
        if part is Part.MOONRISE:
            rise = self.moonrise(day)
            return Unavailable.NO_MOONRISE if rise is None else (rise, rise)
        sunrise = self.sunrise(day)
        if sunrise is None:
            return Unavailable.NO_SUNRISE
        if part is Part.SUNRISE:  # the sunrise alone: this day's sunset is not needed
            return sunrise, sunrise
        if part is Part.ARUNODAYA:
            dawn = self.arunodaya(day)
            return dawn if isinstance(dawn, Unavailable) else (dawn, sunrise)
        sunset, tomorrow = self.sunset(day), day + timedelta(days=1)
        # A day without the next sunrise has no parts (its frame ends at midnight); bounds
        # on that sunrise show it exists without computing it.
        if sunset is None or (
            self._sunrises.sunrise_bounds(tomorrow) is None and self.sunrise(tomorrow) is None
        ):
            return Unavailable.NO_SUNSET
        if part in _NIGHT_PARTS:
            return _night_part(part, sunset, self.start(tomorrow))
        return _daytime_part(part, sunrise, sunset)


_NIGHT_PARTS = frozenset((Part.PRADOSHA, Part.NISHITA))


def _daytime_part(part: Part, sunrise: float, sunset: float) -> Span:
    fifth = (sunset - sunrise) / 5.0
    spans = {
        Part.PURVAHNA: (sunrise, sunrise + 2.5 * fifth),
        Part.MADHYAHNA: (sunrise + 2.0 * fifth, sunrise + 3.0 * fifth),
        Part.APARAHNA: (sunrise + 3.0 * fifth, sunrise + 4.0 * fifth),
        Part.SUNSET: (sunset, sunset),
    }
    return spans[part]


def _night_part(part: Part, sunset: float, next_sunrise: float) -> Span:
    night_muhurta = (next_sunrise - sunset) / 15.0
    if part is Part.PRADOSHA:
        return sunset, sunset + 3.0 * night_muhurta
    return sunset + 7.0 * night_muhurta, sunset + 8.0 * night_muhurta


def daytime_fifths(frame: daylight.DayFrame) -> tuple[float, ...] | None:
    """The six boundaries of the daytime's five parts (sunrise .. sunset), or None."""
    if frame.sunrise is None or frame.sunset is None:
        return None
    return _fifths(frame.sunrise, frame.sunset)


def _fifths(sunrise: float, sunset: float) -> tuple[float, ...]:
    fifth = (sunset - sunrise) / 5.0
    return tuple(sunrise + index * fifth for index in range(6))
