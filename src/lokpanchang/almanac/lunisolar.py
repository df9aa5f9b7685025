"""Lunar month (amanta, purnimanta, adhika), Shaka and Vikram years, samvatsara, ritu, ayana.

Amanta months run from new moon to new moon and take their name from the sidereal sign
(rasi) the Sun is in at the new moon that opens them: Sun in Meena -> Chaitra, in Mesha ->
Vaishakha, and so on. A month whose opening and closing new moons fall in the same sign (no
sankranti inside it) is adhika and carries the name of the month that follows it; one with two
sankrantis inside it is kshaya: it keeps its own name and the next month's name is skipped
(1963, 1983, next in 2123-24). Purnimanta
months end at full moon: in Krishna paksha their number is one more than the amanta one,
except in an adhika month, which keeps its name on both reckonings (as drikpanchang.com).
Times are UT Julian days.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import date

from lokpanchang.almanac import motion
from lokpanchang.almanac.calendars.eras import samvatsara
from lokpanchang.almanac.convention import Convention

_SYNODIC_MONTH = 29.530588853  # days, mean
_REFERENCE_NEW_MOON = 2451550.26  # 2000-01-06 18:14 UT, a new moon near which lunations count
_new_moons: dict[tuple[Convention, int], float] = {}
__all__ = ["LunarMonth", "samvatsara", "shaka_year", "vikram_year"]


@dataclass(frozen=True)
class LunarMonth:
    """Month numbers 1 (Chaitra) .. 12 (Phalguna) on both reckonings, and the adhika and
    kshaya flags."""

    amanta: int
    purnimanta: int
    adhika: bool
    kshaya: bool = False


def new_moon(lunation: int, convention: Convention) -> float:
    """The instant (UT JD) of new moon number ``lunation`` counted from January 2000."""
    instant = _new_moons.get((convention, lunation))
    if instant is None:
        guess = _REFERENCE_NEW_MOON + lunation * _SYNODIC_MONTH
        instant = motion.crossing(motion.Angle.ELONGATION, 0.0, guess, convention)
        _new_moons[convention, lunation] = instant
    return instant


def lunation_containing(jd_ut: float, convention: Convention) -> int:
    """The number of the last new moon at or before ``jd_ut``."""
    lunation = math.floor((jd_ut - _REFERENCE_NEW_MOON) / _SYNODIC_MONTH)
    while new_moon(lunation, convention) > jd_ut:
        lunation -= 1
    while new_moon(lunation + 1, convention) <= jd_ut:
        lunation += 1
    return lunation


def _sun_sign(jd_ut: float, convention: Convention) -> int:
    """Sidereal sign of the Sun: 0 = Mesha .. 11 = Meena."""
    value, _ = motion.angle_at(jd_ut, motion.Angle.SUN, convention)
    return int(value // 30.0) % 12


def lunar_month(jd_ut: float, tithi: int, convention: Convention) -> LunarMonth:
    """The lunar month in force at ``jd_ut``, given the tithi (1..30) in force then."""
    return lunation_month(lunation_containing(jd_ut, convention), tithi, convention)


def lunation_month(lunation: int, tithi: int, convention: Convention) -> LunarMonth:
    """The lunar month of new moon number ``lunation``, named for ``tithi`` (1..30) in it."""
    opening_sign = _sun_sign(new_moon(lunation, convention), convention)
    closing_sign = _sun_sign(new_moon(lunation + 1, convention), convention)
    amanta = (opening_sign + 1) % 12 + 1
    adhika = opening_sign == closing_sign
    kshaya = (closing_sign - opening_sign) % 12 == 2  # two sankrantis: the next name is skipped
    # An adhika month keeps its name through both pakshas on the purnimanta reckoning too.
    # Krishna paksha takes the next month's name; in a kshaya month, the one after (the
    # skipped name: drikpanchang.com's Kartika 1963 -> Pausha, Pausha 1983 -> Phalguna).
    purnimanta = amanta
    if tithi >= 16 and not adhika:
        purnimanta = (amanta + (1 if kshaya else 0)) % 12 + 1
    return LunarMonth(amanta, purnimanta, adhika, kshaya)


def shaka_year(civil: date, amanta_month: int) -> int:
    """Shaka samvat of a civil date: the year turns at Chaitra Shukla Pratipada (amanta)."""
    # January to June dated months Margashirsha..Phalguna still belong to the year before
    # (Margashirsha reaches into January: 1 January 2033 is Shaka 1954).
    before_new_year = civil.month <= 6 and amanta_month >= 9
    return civil.year - 78 - (1 if before_new_year else 0)


def vikram_year(shaka: int) -> int:
    """Vikram samvat (Chaitradi, as in North India) for a Shaka year."""
    return shaka + 135


def ritu(tropical_sun: float) -> int:
    """Drik ritu 1 (Vasanta) .. 6 (Shishira) from the Sun's tropical longitude in degrees.

    Vasanta begins when the Sun reaches 330 degrees (Pisces), each ritu spans 60 degrees.
    """
    return int(((tropical_sun + 30.0) % 360.0) // 60.0) + 1


def ayana(tropical_sun: float) -> str:
    """ "Uttarayana" from the winter to the summer solstice, else "Dakshinayana".

    ``tropical_sun`` is the Sun's tropical longitude in degrees.
    """
    return "Uttarayana" if tropical_sun >= 270.0 or tropical_sun < 90.0 else "Dakshinayana"


def clear_cache() -> None:
    """Forget cached new moons (used by benchmarks to measure cold computation)."""
    _new_moons.clear()
