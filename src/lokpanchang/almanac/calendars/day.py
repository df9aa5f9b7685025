"""A day's regional calendars (``Calendars``) and their JSON shape (the ``calendars`` object).

The lunar month and the Shaka year come from ``lunisolar`` (as the panchangam's ``masa`` and
``samvat``); the solar calendars from ``solar`` at the day's place. Names are in the
panchangam's language.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from lokpanchang.almanac import daylight, lunisolar
from lokpanchang.almanac.calendars import eras, names, solar
from lokpanchang.almanac.calendars.kinds import Calendar
from lokpanchang.almanac.names import label


@dataclass(frozen=True)
class MonthOf:
    """A lunar month on one reckoning: number (1 Chaitra .. 12 Phalguna), name, adhika."""

    number: int
    name: str
    adhika: bool

    def to_dict(self) -> dict[str, Any]:
        return {"month_number": self.number, "month": self.name, "adhika": self.adhika}


@dataclass(frozen=True)
class SolarDate:
    """A day of a solar calendar: month (1 = Chithirai, Chingam, Boishakh, Baisakha) and its
    name, day of the month from 1, the era year and the era's name."""

    month_number: int
    month: str
    day: int
    year: int
    era: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "month_number": self.month_number,
            "month": self.month,
            "day": self.day,
            "year": self.year,
            "era": self.era,
        }


@dataclass(frozen=True)
class Calendars:
    """The day on every calendar: lunar months, Vikram (Chaitradi and Kartikadi, as Gujarat
    counts it) and Shaka years with the samvatsara, and the four solar calendars."""

    amanta: MonthOf
    purnimanta: MonthOf
    vikram_chaitradi: int
    vikram_kartikadi: int
    shaka: int
    samvatsara: str
    solar: tuple[tuple[Calendar, SolarDate], ...]

    def solar_date(self, calendar: Calendar) -> SolarDate:
        """The day in solar ``calendar``."""
        return dict(self.solar)[calendar]

    def to_dict(self) -> dict[str, Any]:
        return {
            "amanta": self.amanta.to_dict(),
            "purnimanta": self.purnimanta.to_dict(),
            "vikram_samvat": {
                "chaitradi": self.vikram_chaitradi,
                "kartikadi": self.vikram_kartikadi,
            },
            "shaka": {"year": self.shaka, "samvatsara": self.samvatsara},
            **{str(kind): found.to_dict() for kind, found in self.solar},
        }


def day_calendars(
    day: date, month: lunisolar.LunarMonth, shaka: int, sunrises: daylight.Sunrises, lang: str
) -> Calendars:
    """Civil date ``day`` at the place of ``sunrises`` on every calendar, named in ``lang``;
    ``month`` and ``shaka`` are the day's lunar month and Shaka year (at its sunrise)."""
    chaitradi = lunisolar.vikram_year(shaka)
    return Calendars(
        amanta=MonthOf(month.amanta, label("masa", month.amanta, lang), month.adhika),
        purnimanta=MonthOf(month.purnimanta, label("masa", month.purnimanta, lang), month.adhika),
        vikram_chaitradi=chaitradi,
        vikram_kartikadi=eras.kartikadi(chaitradi, month.amanta),
        shaka=shaka,
        samvatsara=label("samvatsara", eras.samvatsara(shaka), lang),
        solar=tuple(
            (kind, _named(found, lang)) for kind, found in solar.solar_days(day, sunrises).items()
        ),
    )


def _named(found: solar.SolarDay, lang: str) -> SolarDate:
    kind = found.calendar
    era = eras.SOLAR_ERAS[kind].era
    return SolarDate(
        found.month,
        names.month_name(kind, found.month, lang),
        found.day,
        found.year,
        names.era_name(era, lang),
    )
