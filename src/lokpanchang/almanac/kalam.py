"""Rahu kalam, yamaganda, gulika, abhijit muhurta and durmuhurta from sunrise and sunset.

The daytime (sunrise to sunset) is cut into 8 equal parts for the three kalams and into 15
muhurtas for abhijit and durmuhurta; the night (sunset to next sunrise) into 15 muhurtas.
Weekday index: 0 = Sunday .. 6 = Saturday. Times are UT Julian days.
"""

from __future__ import annotations

# Which eighth of the daytime (1-based), by weekday Sunday..Saturday.
_RAHU = (8, 2, 7, 5, 6, 4, 3)
_YAMAGANDA = (5, 4, 3, 2, 1, 7, 6)
_GULIKA = (7, 6, 5, 4, 3, 2, 1)
# Durmuhurtas: (muhurta 1..15, True if it counts from sunset) by weekday Sunday..Saturday.
_DURMUHURTA = (
    ((14, False),),
    ((9, False), (12, False)),
    ((4, False), (7, True)),
    ((8, False),),
    ((6, False), (12, False)),
    ((4, False), (9, False)),
    ((3, False),),
)

Interval = tuple[float, float]


def _eighth(sunrise: float, sunset: float, part: int) -> Interval:
    length = (sunset - sunrise) / 8.0
    start = sunrise + (part - 1) * length
    return start, start + length


def rahu_kalam(sunrise: float, sunset: float, weekday: int) -> Interval:
    """Rahu kalam: an eighth of the daytime chosen by weekday (0 = Sunday)."""
    return _eighth(sunrise, sunset, _RAHU[weekday])


def yamaganda(sunrise: float, sunset: float, weekday: int) -> Interval:
    """Yamaganda: an eighth of the daytime chosen by weekday (0 = Sunday)."""
    return _eighth(sunrise, sunset, _YAMAGANDA[weekday])


def gulika(sunrise: float, sunset: float, weekday: int) -> Interval:
    """Gulika kalam: an eighth of the daytime chosen by weekday (0 = Sunday)."""
    return _eighth(sunrise, sunset, _GULIKA[weekday])


def _muhurta(start: float, end: float, number: int) -> Interval:
    length = (end - start) / 15.0
    begin = start + (number - 1) * length
    return begin, begin + length


WEDNESDAY = 3


def abhijit(sunrise: float, sunset: float, weekday: int) -> Interval | None:
    """Abhijit muhurta: the 8th of the 15 daytime muhurtas (centred on local noon); None on
    Wednesday (0 = Sunday), whose durmuhurta is that muhurta: drikpanchang.com prints
    "None" for it then (tests/almanac/reference/PROVENANCE.md, new-delhi-2022-01-26)."""
    return None if weekday == WEDNESDAY else _muhurta(sunrise, sunset, 8)


def durmuhurtas(sunrise: float, sunset: float, next_sunrise: float, weekday: int) -> list[Interval]:
    """The weekday's durmuhurtas, in time order (0 = Sunday)."""
    return [
        _muhurta(sunset, next_sunrise, number) if at_night else _muhurta(sunrise, sunset, number)
        for number, at_night in _DURMUHURTA[weekday]
    ]
