"""Year reckonings: the 60-year cycle, Vikram Samvat counted from Kartika (Gujarat), and the
eras of the four solar calendars: arithmetic on years and dates.

A solar era's year turns on the first day of its new-year month: Tamil Chithirai (Sun into
Mesha, counted in Shaka years), Malayalam Chingam (Simha, Kollam era), Bengali Boishakh
(Mesha, Bangabda), Odia Ashvina (Kanya: the Amli year as drikpanchang.com's Odia pages
count it, 1433 from September 2025). The Gregorian year of that month's sankranti less the
era's offset is the year: Shaka 78, Kollam 824, Bangabda 593, Amli 592.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta

from lokpanchang.almanac.calendars.kinds import Calendar

_MEAN_SOLAR_MONTH = 365.2564 / 12.0  # days


def samvatsara(shaka: int) -> int:
    """Number 1 (Prabhava) .. 60 (Akshaya) of the 60-year cycle for a Shaka year."""
    return (shaka + 11) % 60 + 1


def kartikadi(chaitradi: int, amanta_month: int) -> int:
    """Vikram Samvat as Gujarat counts it, from Kartika Shukla Pratipada (the day after
    Diwali), for the Chaitradi year ``chaitradi`` in amanta month ``amanta_month`` (1
    Chaitra .. 12 Phalguna). An adhika Kartika already counts the new year, as
    drikpanchang.com does (Gujarati Samvat 2020 from 1963's adhika Kartika)."""
    return chaitradi if amanta_month >= 8 else chaitradi - 1


@dataclass(frozen=True)
class SolarEra:
    """How a solar calendar numbers its months and years."""

    first_sign: int  # the sign (1 Mesha .. 12 Meena) the Sun enters to begin month 1
    new_year_sign: int  # the sign that begins the era's year
    offset: int  # Gregorian year of the new-year sankranti minus the era year
    era: str  # the era's key in ``names.ERAS``


SOLAR_ERAS: dict[Calendar, SolarEra] = {
    Calendar.TAMIL: SolarEra(1, 1, 78, "shaka"),
    Calendar.MALAYALAM: SolarEra(5, 5, 824, "kollam"),
    Calendar.BENGALI: SolarEra(1, 1, 593, "bangabda"),
    Calendar.ODIA: SolarEra(1, 6, 592, "amli"),
}


def month_number(calendar: Calendar, sign: int) -> int:
    """The month (1 .. 12, 1 = Chithirai, Chingam, Boishakh, Baisakha) the Sun's entry into
    ``sign`` (1 Mesha .. 12 Meena) begins in ``calendar``."""
    return (sign - SOLAR_ERAS[calendar].first_sign) % 12 + 1


def solar_year(calendar: Calendar, sign: int, sankranti_day: date) -> int:
    """The era year of the month begun by the Sun's entry into ``sign`` on (civil date)
    ``sankranti_day``. The new-year sankranti lies months earlier, always far from 1 January
    (mid-March to May, July to September over years 2-2999), so the mean month suffices."""
    era = SOLAR_ERAS[calendar]
    months_back = (sign - era.new_year_sign) % 12
    new_year = sankranti_day - timedelta(days=months_back * _MEAN_SOLAR_MONTH)
    return new_year.year - era.offset
