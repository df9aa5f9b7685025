"""Sankrantis (the Sun entering a sidereal sign) and the civil date each is observed on.

The instant is when the Sun's sidereal (Lahiri) longitude reaches 30(s-1) degrees for sign s
(1 Mesha .. 12 Meena). The observed date follows the rule's ``SankrantiDay``; "night" is
from sunset to the next sunrise, "day" from sunrise to sunset of the Hindu day containing
the instant. Times are UT Julian days.
"""

from __future__ import annotations

from datetime import date, timedelta

from lokpanchang.almanac import motion
from lokpanchang.almanac.convention import Convention
from lokpanchang.almanac.observances.days import Days, daytime_fifths
from lokpanchang.almanac.observances.model import Unavailable
from lokpanchang.almanac.observances.rules import SankrantiDay

_DAYS_PER_DEGREE = 365.2564 / 360.0


def sankrantis(first_jd: float, last_jd: float, convention: Convention) -> list[tuple[int, float]]:
    """Every (sign 1..12, instant) with the instant in ``first_jd`` .. ``last_jd``."""
    longitude, _ = motion.angle_at(first_jd, motion.Angle.SUN, convention)
    boundary = (int(longitude // 30.0) + 1) * 30.0
    found = []
    guess = first_jd + (boundary - longitude) * _DAYS_PER_DEGREE
    while guess <= last_jd + 2.0:
        instant = motion.crossing(motion.Angle.SUN, boundary % 360.0, guess, convention)
        if first_jd <= instant <= last_jd:
            found.append((int(boundary % 360.0 // 30.0) + 1, instant))
        boundary += 30.0
        guess = instant + 30.0 * _DAYS_PER_DEGREE
    return found


def observed_on(days: Days, instant: float, reckoning: SankrantiDay) -> date | Unavailable:
    """The civil date a sankranti at ``instant`` is observed on under ``reckoning``."""
    day = days.day_of(instant)
    frame = days.frame(day)
    fifths = daytime_fifths(frame)
    if fifths is None or frame.next_sunrise is None:
        return Unavailable.NO_SUNRISE if frame.sunrise is None else Unavailable.NO_SUNSET
    following = day + timedelta(days=1)
    if instant < fifths[5]:  # by day
        by_aparahna = reckoning is not SankrantiDay.APARAHNA or instant <= fifths[4]
        return day if by_aparahna else following
    if reckoning is SankrantiDay.NIGHT_BEFORE:
        return day
    if reckoning is SankrantiDay.HALF_NIGHT:
        return day if instant < (fifths[5] + frame.next_sunrise) / 2.0 else following
    return following
