"""Gowri Panchangam (கௌரி பஞ்சாங்கம்), the Tamil table of good and bad times, and its
Nalla Neram: pure arithmetic on the day's sunrise, sunset and next sunrise.

The daytime and the night are each cut in eight equal parts; each weekday gives its parts
their names in the order of the published table below (it is not Choghadiya's: eight names,
Visham where the day's Rahu Kalam falls). Nalla Neram ("good time") is the daytime's good
parts, neighbours joined.

Source of the table: drikpanchang.com's Tamil Gowri Panchangam page, as three public
repositories copy it cell for cell (GitHub search "GOWRI_NIGHT", December 2026: one says
"as published by Drik Panchang (from the Pambu Panchangam)"). The daytime rows agree with
hindu-blog.com's Sunday and Monday ("What is Gauri Panchang?", 2018) and with the rule
sanjayprabhakaran.blogspot.com derives (2014/12/gowri-panchangam.html): the weekday lords
in order from the day's own, Visham put in at the Rahu Kalam part. Saturday night's last
part is Rogam here; that repository says drikpanchang.com prints Soram twice there.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import TypeVar

from lokpanchang.almanac.muhurta_names import GOWRI, Quality

Instant = TypeVar("Instant", float, datetime)  # UT Julian days or aware datetimes

# Indices into ``muhurta_names.GOWRI`` (0 Amirdha, 1 Uthi, 2 Rogam, 3 Laabam, 4 Dhanam,
# 5 Sugam, 6 Soram, 7 Visham) for the eight parts, Sunday first.
_A, _U, _R, _L, _D, _S, _C, _V = range(8)
GOWRI_DAY: tuple[tuple[int, ...], ...] = (
    (_U, _A, _R, _L, _D, _S, _C, _V),
    (_A, _V, _R, _L, _D, _S, _C, _U),
    (_R, _L, _D, _S, _C, _U, _V, _A),
    (_L, _D, _S, _C, _V, _U, _A, _R),
    (_D, _S, _C, _U, _A, _V, _R, _L),
    (_S, _C, _U, _V, _A, _R, _L, _D),
    (_C, _U, _V, _A, _R, _L, _D, _S),
)
GOWRI_NIGHT: tuple[tuple[int, ...], ...] = (
    (_D, _S, _C, _V, _U, _A, _R, _L),
    (_S, _C, _U, _A, _V, _R, _L, _D),
    (_C, _U, _V, _A, _R, _L, _D, _S),
    (_U, _A, _R, _L, _D, _S, _C, _V),
    (_A, _V, _R, _L, _D, _S, _C, _U),
    (_R, _L, _D, _S, _C, _U, _V, _A),
    (_L, _D, _S, _C, _U, _V, _A, _R),
)


def gowri_order(weekday: int, night: bool = False) -> tuple[int, ...]:
    """The eight parts' indices into ``GOWRI`` for ``weekday`` (0 = Sunday), day or night."""
    if not 0 <= weekday <= 6:
        raise ValueError(f"weekday {weekday} out of range 0..6 (0 = Sunday)")
    return (GOWRI_NIGHT if night else GOWRI_DAY)[weekday]


def gowri_name(index: int, lang: str) -> str:
    """Part ``index`` of ``GOWRI`` named in ``lang``."""
    return GOWRI[index][0][lang]


def gowri_quality(index: int) -> Quality:
    """Whether part ``index`` of ``GOWRI`` is good or bad."""
    return GOWRI[index][1]


def eighths(start: Instant, end: Instant) -> list[tuple[Instant, Instant]]:
    """``start``..``end`` (Julian days or aware datetimes) cut in eight equal parts."""
    step = (end - start) / 8
    return [(start + step * i, start + step * (i + 1)) for i in range(8)]


def nalla_neram(weekday: int, sunrise: Instant, sunset: Instant) -> list[tuple[Instant, Instant]]:
    """The daytime's good Gowri parts for ``weekday`` (0 = Sunday), neighbours joined."""
    joined: list[tuple[Instant, Instant]] = []
    parts: Sequence[tuple[Instant, Instant]] = eighths(sunrise, sunset)
    for index, (start, end) in zip(gowri_order(weekday), parts, strict=True):
        if gowri_quality(index) is not Quality.GOOD:
            continue
        if joined and joined[-1][1] == start:
            joined[-1] = (joined[-1][0], end)
        else:
            joined.append((start, end))
    return joined
