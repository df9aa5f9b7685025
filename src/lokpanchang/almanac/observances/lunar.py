"""Tithis as they happen: tithi ``t`` of lunation ``n``, its start, end and lunar month.

A lunation is counted from the new moon of January 2000 (``lunisolar.new_moon``); tithi
t (1..30) is the Moon-Sun elongation from 12(t-1) to 12t degrees. Karana k (1..60) of a
lunation is the elongation from 6(k-1) to 6k degrees; Vishti (Bhadra) is karana 8, 15, ..,
57. Instants are UT Julian days found by ``motion.crossing`` (well under a second).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from lokpanchang.almanac import lunisolar, motion
from lokpanchang.almanac.convention import Convention

_DAYS_PER_TITHI = 29.530588853 / 30.0
_VISHTI_KARANAS = frozenset(range(8, 58, 7))


@dataclass(frozen=True, slots=True)
class Tithi:
    """Tithi ``number`` (1..30) of lunation ``lunation``, from ``start`` to ``end``."""

    lunation: int
    number: int
    start: float
    end: float
    convention: Convention

    @property
    def month(self) -> lunisolar.LunarMonth:
        """The lunar month this tithi lies in (purnimanta name for its own paksha)."""
        return lunisolar.lunation_month(self.lunation, self.number, self.convention)


@lru_cache(maxsize=8192)
def _elongation_reached(lunation: int, degrees: float, convention: Convention) -> float:
    """The instant the elongation reaches ``degrees`` (0..360) after new moon ``lunation``."""
    if degrees <= 0.0:
        return lunisolar.new_moon(lunation, convention)
    if degrees >= 360.0:
        return lunisolar.new_moon(lunation + 1, convention)
    guess = lunisolar.new_moon(lunation, convention) + degrees / 12.0 * _DAYS_PER_TITHI
    return motion.crossing(motion.Angle.ELONGATION, degrees, guess, convention)


def tithi(lunation: int, number: int, convention: Convention) -> Tithi:
    """Tithi ``number`` (1..30) of lunation ``lunation``."""
    if not 1 <= number <= 30:
        raise ValueError(f"tithi {number} out of range 1..30")
    start = _elongation_reached(lunation, 12.0 * (number - 1), convention)
    end = _elongation_reached(lunation, 12.0 * number, convention)
    return Tithi(lunation, number, start, end, convention)


def next_tithi(current: Tithi) -> Tithi:
    """The tithi after ``current`` (Pratipada of the next lunation after Amavasya)."""
    if current.number == 30:
        return tithi(current.lunation + 1, 1, current.convention)
    return tithi(current.lunation, current.number + 1, current.convention)


def lunations(first_jd: float, last_jd: float, convention: Convention) -> range:
    """Every lunation that overlaps the instants ``first_jd`` .. ``last_jd``."""
    return range(
        lunisolar.lunation_containing(first_jd, convention),
        lunisolar.lunation_containing(last_jd, convention) + 1,
    )


def tithis_between(first_jd: float, last_jd: float, convention: Convention) -> Iterator[Tithi]:
    """Every tithi that overlaps the instants ``first_jd`` .. ``last_jd``, in order.

    Only the Moon and Sun around the stretch are computed (no whole lunation).
    """
    lunation = lunisolar.lunation_containing(first_jd, convention)
    value, _ = motion.angle_at(first_jd, motion.Angle.ELONGATION, convention)
    current = tithi(lunation, min(30, int(value // 12.0) + 1), convention)
    if current.start > first_jd:  # the interpolant and the new moon disagree at the edge
        current = previous_tithi(current)
    while current.start < last_jd:
        if current.end > first_jd:
            yield current
        if current.end >= last_jd:  # the next one starts at this end: not computed at all
            return
        current = next_tithi(current)


def previous_tithi(current: Tithi) -> Tithi:
    """The tithi before ``current`` (Amavasya of the lunation before after Pratipada)."""
    if current.number == 1:
        return tithi(current.lunation - 1, 30, current.convention)
    return tithi(current.lunation, current.number - 1, current.convention)


def vishti(current: Tithi) -> tuple[float, float] | None:
    """The Vishti (Bhadra) karana inside ``current``, if one of its halves is Vishti."""
    for karana in (2 * current.number - 1, 2 * current.number):
        if karana in _VISHTI_KARANAS:
            return (
                _elongation_reached(current.lunation, 6.0 * (karana - 1), current.convention),
                _elongation_reached(current.lunation, 6.0 * karana, current.convention),
            )
    return None


def clear_cache() -> None:
    """Forget cached tithi boundaries (benchmarks use it to measure cold computation)."""
    _elongation_reached.cache_clear()
