"""The panchangam as immutable values, and its JSON shape (``Panchangam.to_dict``)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the observance and muhurta modules import this one
    from lokpanchang.almanac.calendars.day import Calendars
    from lokpanchang.almanac.muhurtas import Muhurtas
    from lokpanchang.almanac.observances.model import Gap, Observance


def iso(instant: datetime | None) -> str | None:
    """ISO 8601 with the offset, to the second; None stays None."""
    if instant is None:
        return None
    if instant.microsecond == 0:  # the almanac's times: the same text, at half the cost
        return instant.isoformat()
    return instant.isoformat(timespec="seconds")


@dataclass(frozen=True)
class Named:
    """A numbered element and its name in the chosen language."""

    number: int
    name: str

    def to_dict(self) -> dict[str, Any]:
        return {"number": self.number, "name": self.name}


@dataclass(frozen=True)
class Interval:
    """A stretch of time (aware local datetimes)."""

    start: datetime
    end: datetime

    def to_dict(self) -> dict[str, Any]:
        return {"start": iso(self.start), "end": iso(self.end)}


@dataclass(frozen=True)
class Element:
    """One tithi, nakshatra, yoga or karana with its start and end (local, aware)."""

    number: int
    name: str
    start: datetime
    end: datetime
    paksha: str | None = None  # tithi only
    pada: int | None = None  # nakshatra only: the pada at sunrise (or at its start, if later)

    def to_dict(self) -> dict[str, Any]:
        result = {"number": self.number, "name": self.name}
        if self.paksha is not None:
            result["paksha"] = self.paksha
        if self.pada is not None:
            result["pada"] = self.pada
        result.update(start=iso(self.start), end=iso(self.end))
        return result


@dataclass(frozen=True)
class Masa:
    """Lunar month on the amanta and purnimanta reckonings, and whether it is adhika (no
    sankranti in it) or kshaya (two: the next month's name is skipped)."""

    amanta: Named
    purnimanta: Named
    adhika: bool
    kshaya: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "amanta": self.amanta.to_dict(),
            "purnimanta": self.purnimanta.to_dict(),
            "adhika": self.adhika,
            "kshaya": self.kshaya,
        }


@dataclass(frozen=True)
class Samvat:
    """Shaka and Vikram years and the samvatsara (60-year cycle) name."""

    shaka: int
    vikram: int
    samvatsara: Named

    def to_dict(self) -> dict[str, Any]:
        return {
            "shaka": self.shaka,
            "vikram": self.vikram,
            "samvatsara": self.samvatsara.name,
            "samvatsara_number": self.samvatsara.number,
        }


@dataclass(frozen=True)
class Panchangam:
    """The day's panchangam at one place. See ``docs/almanac.md`` for the conventions.

    ``polar`` is None on ordinary days, else why sunrise or sunset is missing
    (``daylight.POLAR_DAY`` etc.); then the day's divisions (kalams) are None / empty.
    """

    date: date
    timezone: str
    latitude: float
    longitude: float
    city: str | None
    language: str
    convention: str  # the almanac convention's name ("drik", "astronomical")
    rising: str
    polar: str | None
    day_start: datetime
    day_end: datetime
    sunrise: datetime | None
    sunset: datetime | None
    next_sunrise: datetime | None
    moonrise: datetime | None
    moonset: datetime | None
    vara: Named
    tithi: tuple[Element, ...]
    nakshatra: tuple[Element, ...]
    yoga: tuple[Element, ...]
    karana: tuple[Element, ...]
    rahu_kalam: Interval | None
    yamaganda: Interval | None
    gulika: Interval | None
    abhijit: Interval | None
    durmuhurta: tuple[Interval, ...]
    masa: Masa
    samvat: Samvat
    ritu: Named
    ayana: Named
    observances: tuple[Observance, ...] = ()
    observances_tomorrow: tuple[Observance, ...] = ()
    parana_today: tuple[Observance, ...] = ()  # yesterday's Ekadashi fasts broken today
    observance_gaps: tuple[Gap, ...] = ()  # what the polar rule keeps from being placed
    muhurtas: Muhurtas | None = None
    calendars: Calendars | None = None  # amanta, purnimanta, samvats and the solar calendars

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape of issue 3 (times ISO 8601 local with offset), plus a few extras."""
        return {
            "date": self.date.isoformat(),
            "timezone": self.timezone,
            "latitude": self.latitude,
            "longitude": self.longitude,
            "city": self.city,
            "language": self.language,
            "convention": self.convention,
            "rising": self.rising,
            "polar": self.polar,
            "day_start": iso(self.day_start),
            "day_end": iso(self.day_end),
            "sunrise": iso(self.sunrise),
            "sunset": iso(self.sunset),
            "next_sunrise": iso(self.next_sunrise),
            "moonrise": iso(self.moonrise),
            "moonset": iso(self.moonset),
            "vara": self.vara.to_dict(),
            **{
                kind: [entry.to_dict() for entry in getattr(self, kind)]
                for kind in ("tithi", "nakshatra", "yoga", "karana")
            },
            **{
                kind: _optional(getattr(self, kind))
                for kind in ("rahu_kalam", "yamaganda", "gulika", "abhijit")
            },
            "durmuhurta": [interval.to_dict() for interval in self.durmuhurta],
            "masa": self.masa.to_dict(),
            "samvat": self.samvat.to_dict(),
            "ritu": self.ritu.to_dict(),
            "ayana": self.ayana.name,
            "calendars": None if self.calendars is None else self.calendars.to_dict(),
            **self._extras(),
        }

    def _extras(self) -> dict[str, Any]:
        return {
            "observances": [item.to_dict() for item in self.observances],
            "observances_tomorrow": [item.to_dict() for item in self.observances_tomorrow],
            "parana_today": [item.to_dict() for item in self.parana_today],
            "observance_gaps": [gap.to_dict() for gap in self.observance_gaps],
            "muhurtas": None if self.muhurtas is None else self.muhurtas.to_dict(),
        }


def _optional(value: Interval | None) -> dict[str, Any] | None:
    return None if value is None else value.to_dict()
