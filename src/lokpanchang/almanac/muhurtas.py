"""The day's muhurtas beside the kalams: choghadiya, Gowri Panchangam (``gowri``), hora,
brahma muhurta, pradosha and nishita, amrit kalam and varjyam, and the Moon's and Sun's
signs with their change times.

- Choghadiya: the daytime and the night each cut in eight equal parts. The day's first is
  the weekday's (Sunday Udvega, Monday Amrita, Tuesday Roga, Wednesday Labha, Thursday
  Shubha, Friday Chara, Saturday Kala) and each next one follows in the running order of
  ``muhurta_names.CHOGHADIYA``; the eighth repeats the first. The night starts five places
  on and steps back two places each time.
- Hora: twelve equal hours of daytime and twelve of night; the first belongs to the
  weekday's lord and each next to the next lord of ``HORA_LORDS``.
- Brahma muhurta: the 14th of the 15 muhurtas of the night before sunrise; pradosha the
  first three night muhurtas; nishita the 8th.
- Varjyam (tyajya) and amrit kalam: 4 ghatis of each nakshatra, starting after the ghatis of
  the traditional table (``VARJYAM_GHATI``, ``AMRIT_GHATI``), a ghati being 1/60 of that
  nakshatra's own duration.
Times are UT Julian days inside, aware local datetimes in the result.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, tzinfo
from typing import Any

from lokpanchang.almanac import daylight, elements, gowri, motion
from lokpanchang.almanac.convention import Convention
from lokpanchang.almanac.model import Interval, iso
from lokpanchang.almanac.muhurta_names import CHOGHADIYA, HORA_LORDS, Quality
from lokpanchang.almanac.observances.names_table import SIGNS
from lokpanchang.almanac.timescale import LocalTimes

_CHOGHADIYA_FIRST = (0, 3, 6, 2, 5, 1, 4)  # index into CHOGHADIYA by weekday, Sunday first
_HORA_FIRST = (0, 3, 6, 2, 5, 1, 4)  # index into HORA_LORDS by weekday, Sunday first
# Ghatis (of 60 in the nakshatra) before varjyam and amrit kalam begin, Ashwini .. Revati:
# the table printed in Telugu and Tamil panchangams (as in the jyotisha project's
# TYAJYA/AMRITA spans, 1-based there); Mula has two varjyams (20 and 56 ghatis), as
# drikpanchang.com prints them.
VARJYAM_GHATI: tuple[tuple[int, ...], ...] = (
    tuple(
        (start,)
        for start in (50, 24, 30, 40, 14, 21, 30, 20, 32, 30, 20, 18, 21, 20, 14, 14, 10, 14)
    )
    + ((20, 56),)
    + tuple((start,) for start in (24, 20, 10, 10, 18, 16, 24, 30))
)
AMRIT_GHATI: tuple[tuple[int, ...], ...] = tuple(
    (start,)
    for start in (42, 48, 54, 52, 38, 35, 54, 44, 56, 54, 44, 42, 45, 44)
    + (38, 38, 34, 38, 44, 48, 44, 34, 34, 42, 40, 48, 54)
)
Span = tuple[float, float]


class Period:
    """A named stretch of the day (a choghadiya, a hora, a sign's stay).

    Kept as UT Julian days; ``start`` and ``end`` are turned into aware local datetimes when
    first read (a page shows some of the 40 a day has, a message none). Values compare by
    number, name, local start and end, and quality.
    """

    __slots__ = ("_local", "_span", "name", "number", "quality")

    def __init__(
        self,
        number: int,
        name: str,
        span: Span,
        local: LocalTimes,
        quality: Quality | None = None,
    ) -> None:
        self.number, self.name, self.quality = number, name, quality
        self._span, self._local = span, local

    @property
    def start(self) -> datetime:
        """The local start (aware, to the second)."""
        return self._local(self._span[0])

    @property
    def end(self) -> datetime:
        """The local end (aware, to the second)."""
        return self._local(self._span[1])

    def _key(self) -> tuple[object, ...]:
        return self.number, self.name, self.start, self.end, self.quality

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Period) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"Period({self.number}, {self.name!r}, {self.start}, {self.end}, {self.quality})"

    def to_dict(self) -> dict[str, Any]:
        result: dict[str, Any] = {"number": self.number, "name": self.name}
        if self.quality is not None:
            result["quality"] = self.quality.value
        result.update(start=iso(self.start), end=iso(self.end))
        return result


@dataclass(frozen=True, slots=True)
class Sign:
    """A sign (1 Mesha .. 12 Meena) the Moon or Sun is in, ``until`` it leaves it that day."""

    number: int
    name: str
    until: datetime | None

    def to_dict(self) -> dict[str, Any]:
        return {"number": self.number, "name": self.name, "until": iso(self.until)}


@dataclass(frozen=True)
class Muhurtas:
    """The day's muhurtas (``None`` or empty where a polar day has no sunrise or sunset)."""

    choghadiya_day: tuple[Period, ...]
    choghadiya_night: tuple[Period, ...]
    gowri_day: tuple[Period, ...]
    gowri_night: tuple[Period, ...]
    hora: tuple[Period, ...]
    brahma_muhurta: Interval | None
    pradosha: Interval | None
    nishita: Interval | None
    amrit_kalam: tuple[Interval, ...]
    varjyam: tuple[Interval, ...]
    chandra_rashi: tuple[Sign, ...]
    surya_rashi: tuple[Sign, ...]

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape (``Panchangam.to_dict()["muhurtas"]``)."""
        periods = (
            "choghadiya_day",
            "choghadiya_night",
            "gowri_day",
            "gowri_night",
            "hora",
            "chandra_rashi",
            "surya_rashi",
        )
        result: dict[str, Any] = {
            name: [item.to_dict() for item in getattr(self, name)] for name in periods
        }
        for name in ("brahma_muhurta", "pradosha", "nishita"):
            value = getattr(self, name)
            result[name] = None if value is None else value.to_dict()
        for name in ("amrit_kalam", "varjyam"):
            result[name] = [item.to_dict() for item in getattr(self, name)]
        return result


@dataclass(frozen=True)
class _Sky:
    """One Hindu day's frame and the previous evening's sunset, with the zone."""

    frame: daylight.DayFrame
    previous_sunset: float | None
    local: LocalTimes  # UT JD -> aware local datetime
    weekday: int  # 0 = Sunday
    nakshatras: tuple[elements.Span, ...]  # from the one in force at sunrise
    convention: Convention

    def at(self, span: Span) -> Interval:
        return Interval(self.local(span[0]), self.local(span[1]))


def day_muhurtas(
    frame: daylight.DayFrame,
    day: date,
    zone: tzinfo | LocalTimes,
    previous_sunset: float | None,
    lang: str,
    convention: Convention,
    nakshatras: list[elements.Span] | None = None,
) -> Muhurtas:
    """The muhurtas of civil date ``day`` whose Hindu day is ``frame``; ``previous_sunset``
    (UT JD) is the sunset before ``frame``'s sunrise, for brahma muhurta. ``zone`` may be
    the caller's ``LocalTimes`` for it; ``nakshatras`` the day's nakshatra spans when the
    caller has them (``elements.spans``)."""
    if nakshatras is None:
        nakshatras = elements.spans(elements.NAKSHATRA, frame.start, frame.end, convention)
    local = zone if isinstance(zone, LocalTimes) else LocalTimes(zone, convention.truncated_seconds)
    weekday = (day.weekday() + 1) % 7
    sky = _Sky(frame, previous_sunset, local, weekday, tuple(nakshatras), convention)
    return Muhurtas(
        *_choghadiyas(sky, lang),
        *_gowris(sky, lang),
        hora=_horas(sky, lang),
        brahma_muhurta=_night_muhurta(sky, before_sunrise=True),
        pradosha=_pradosha(sky),
        nishita=_night_muhurta(sky, before_sunrise=False),
        amrit_kalam=_nakshatra_parts(sky, AMRIT_GHATI),
        varjyam=_nakshatra_parts(sky, VARJYAM_GHATI),
        chandra_rashi=_signs(sky, motion.Angle.MOON, lang),
        surya_rashi=_signs(sky, motion.Angle.SUN, lang),
    )


def _halves(sky: _Sky) -> tuple[Span, Span] | None:
    """(sunrise, sunset) and (sunset, next sunrise), when the day has all three."""
    frame = sky.frame
    if frame.sunrise is None or frame.sunset is None or frame.next_sunrise is None:
        return None
    return (frame.sunrise, frame.sunset), (frame.sunset, frame.next_sunrise)


def _parts(span: Span, count: int) -> list[Span]:
    length = (span[1] - span[0]) / count
    return [(span[0] + i * length, span[0] + (i + 1) * length) for i in range(count)]


def _boundaries(span: Span, count: int) -> list[float]:
    """The ``count + 1`` instants (UT JD) cutting ``span`` in ``count`` equal parts."""
    length = (span[1] - span[0]) / count
    return [span[0] + i * length for i in range(count + 1)]


def _choghadiyas(sky: _Sky, lang: str) -> tuple[tuple[Period, ...], tuple[Period, ...]]:
    halves = _halves(sky)
    if halves is None:
        return (), ()
    first = _CHOGHADIYA_FIRST[sky.weekday]
    day_order = [(first + i) % 7 for i in range(8)]
    night_order = [(first + 5 - 2 * i) % 7 for i in range(8)]
    return (
        _choghadiya_periods(sky, _boundaries(halves[0], 8), day_order, lang),
        _choghadiya_periods(sky, _boundaries(halves[1], 8), night_order, lang),
    )


def _choghadiya_periods(
    sky: _Sky, times: list[float], order: list[int], lang: str
) -> tuple[Period, ...]:
    periods = []
    for number, index in enumerate(order, start=1):
        names, quality = CHOGHADIYA[index]
        span = (times[number - 1], times[number])
        periods.append(Period(number, names[lang], span, sky.local, quality))
    return tuple(periods)


def _gowris(sky: _Sky, lang: str) -> tuple[tuple[Period, ...], tuple[Period, ...]]:
    """Gowri Panchangam's eight parts of the daytime and of the night (``gowri``)."""
    halves = _halves(sky)
    if halves is None:
        return (), ()
    return _gowri_periods(sky, halves[0], False, lang), _gowri_periods(sky, halves[1], True, lang)


def _gowri_periods(sky: _Sky, half: Span, night: bool, lang: str) -> tuple[Period, ...]:
    order, spans = gowri.gowri_order(sky.weekday, night), gowri.eighths(*half)
    return tuple(
        Period(number, gowri.gowri_name(index, lang), span, sky.local, gowri.gowri_quality(index))
        for number, (index, span) in enumerate(zip(order, spans, strict=True), start=1)
    )


def _horas(sky: _Sky, lang: str) -> tuple[Period, ...]:
    halves = _halves(sky)
    if halves is None:
        return ()
    times = _boundaries(halves[0], 12) + _boundaries(halves[1], 12)[1:]
    first = _HORA_FIRST[sky.weekday]
    return tuple(
        Period(
            number,
            HORA_LORDS[(first + number - 1) % 7][lang],
            (times[number - 1], times[number]),
            sky.local,
        )
        for number in range(1, 25)
    )


def _night_muhurta(sky: _Sky, before_sunrise: bool) -> Interval | None:
    frame = sky.frame
    if before_sunrise:
        if frame.sunrise is None or sky.previous_sunset is None:
            return None
        night = (sky.previous_sunset, frame.sunrise)
        return sky.at(_parts(night, 15)[13])
    halves = _halves(sky)
    return None if halves is None else sky.at(_parts(halves[1], 15)[7])


def _pradosha(sky: _Sky) -> Interval | None:
    halves = _halves(sky)
    if halves is None:
        return None
    muhurtas = _parts(halves[1], 15)
    return sky.at((muhurtas[0][0], muhurtas[2][1]))


def nakshatra_periods(span: elements.Span, ghatis: tuple[tuple[int, ...], ...]) -> list[Span]:
    """The 4-ghati periods of nakshatra ``span`` starting after the table's ghatis."""
    ghati = (span.end - span.start) / 60.0
    starts = (span.start + offset * ghati for offset in ghatis[span.number - 1])
    return [(start, start + 4.0 * ghati) for start in starts]


def _nakshatra_parts(sky: _Sky, ghatis: tuple[tuple[int, ...], ...]) -> tuple[Interval, ...]:
    """The periods of the day's nakshatras that fall (partly) inside the day."""
    frame = sky.frame
    return tuple(
        sky.at(period)
        for span in sky.nakshatras
        for period in nakshatra_periods(span, ghatis)
        if period[1] > frame.start and period[0] < frame.end
    )


def _signs(sky: _Sky, weights: tuple[float, float], lang: str) -> tuple[Sign, ...]:
    """The signs the body is in from sunrise to next sunrise, each with the instant it is
    left if that happens inside the day (as drikpanchang writes "Mesha upto 18:36")."""
    frame, found = sky.frame, []
    value, rate = motion.angle_at(frame.start, weights, sky.convention)
    number = int(value // 30.0) % 12 + 1
    boundary = (int(value // 30.0) + 1) * 30.0
    guess = frame.start + (boundary - value) / rate
    while guess < frame.end + 0.05:  # the estimate is good to minutes; 0.05 d is ample
        leaves = motion.crossing(weights, boundary % 360.0, guess, sky.convention)
        if leaves >= frame.end:
            break
        found.append(Sign(number, SIGNS[number - 1][lang], sky.local(leaves)))
        number, boundary = number % 12 + 1, boundary + 30.0
        guess = leaves + 30.0 / rate
    found.append(Sign(number, SIGNS[number - 1][lang], None))
    return tuple(found)
