"""The refinements a rule may carry beyond its tithi and part of the day: a star that moves the
day (Janmashtami's Rohini), the two traditions' days of one festival, and the other names of
an Ekadashi's day (Gita Jayanti, Vaikuntha and Guruvayur Ekadashi). Times are UT Julian days.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import date, timedelta

from lokpanchang.almanac import motion
from lokpanchang.almanac.observances import lunar, search
from lokpanchang.almanac.observances.days import Days, Span
from lokpanchang.almanac.observances.model import Observance, ObservanceKind, Tradition
from lokpanchang.almanac.observances.rules import EkadashiName, LunarRule, Part

_STAR_ARC = 360.0 / 27.0
_THREE_MUHURTAS = 3.0 / 15.0  # of the daytime


def nakshatra_at(days: Days, jd_ut: float) -> int:
    """The Moon's nakshatra (1..27) at ``jd_ut``."""
    moon, _ = motion.angle_at(jd_ut, motion.Angle.MOON, days.place.convention)
    return int(moon // _STAR_ARC) % 27 + 1


def sun_sign_at(days: Days, jd_ut: float) -> int:
    """The Sun's sidereal sign (1 Mesha .. 12 Meena) at ``jd_ut``."""
    sun, _ = motion.angle_at(jd_ut, motion.Angle.SUN, days.place.convention)
    return int(sun // 30.0) % 12 + 1


def _star_in(days: Days, window: Span, star: int) -> bool:
    return star in (nakshatra_at(days, window[0]), nakshatra_at(days, window[1]))


def star_moves(days: Days, tithi: lunar.Tithi, part: Part, star: int, day: date) -> date:
    """The next day instead of ``day`` when ``tithi`` is in force at its sunrise and meets
    ``star`` that day, unless the star covers all of ``day``'s ``part`` (Nirnaya Sindhu's
    Jayanti: Ashtami joined with Rohini on the second day outweighs Ashtami at the first
    nishita; drikpanchang.com's month pages 1901-2049 show the star must fill that nishita
    to keep the first day)."""
    following = day + timedelta(days=1)
    sunrise = days.sunrise(following)
    if sunrise is None or not tithi.start <= sunrise < tithi.end:
        return day
    here = days.part(day, part)
    if not isinstance(here, tuple) or _star_all(days, here, star):
        return day
    return following if _star_in(days, (sunrise, tithi.end), star) else day


def _star_all(days: Days, window: Span, star: int) -> bool:
    return nakshatra_at(days, window[0]) == star == nakshatra_at(days, window[1])


def refined(days: Days, rule: LunarRule, tithi: lunar.Tithi, day: date) -> date:
    """``day``, the rule's tithi in its part, moved by the rule's star (``star_moves``) and
    decided by its deciding star (``star_decides``) where it has them."""
    if rule.star is not None:
        day = star_moves(days, tithi, rule.part, rule.star, day)
    if rule.deciding_star is not None:
        day = star_decides(days, tithi, rule.part, rule.deciding_star, day)
    return day


def star_decides(days: Days, tithi: lunar.Tithi, part: Part, star: int, day: date) -> date:
    """Dharmasindhu's Vijayadashami, with ``star`` Shravana and ``part`` aparahna: when the
    tithi touches the part on two days or on none, the day ``star`` touches the part if it
    does on one of them only; when the tithi touches the part on ``day`` only, without the
    star there, the next day if the tithi lasts 3 muhurtas after its sunrise and the star
    touches its part. Otherwise ``day``."""
    span = (tithi.start, tithi.end)
    windows = [(each, days.part(each, part)) for each in search.candidate_dates(days, span)]
    spans = [(each, window) for each, window in windows if isinstance(window, tuple)]
    if len(spans) < len(windows):
        return day
    touched = [each for each, window in spans if search.cover(span, window) > 0.0]
    pool = touched if len(touched) > 1 else [each for each, _ in spans]
    starred = [each for each, window in spans if _star_in(days, window, star)]
    if len(touched) != 1:
        chosen = [each for each in pool if each in starred]
        return chosen[0] if len(chosen) == 1 else day
    following = day + timedelta(days=1)
    if day in starred or following not in starred:
        return day
    return following if search.lasts(days, span, following, _THREE_MUHURTAS) else day


def merge_traditions(observances: list[Observance]) -> list[Observance]:
    """A festival's Smarta and Vaishnava days that fall on one date become one observance
    (tradition None), as the Ekadashis are given."""

    def dated(tradition: Tradition) -> set[tuple[str, date]]:
        return {
            (item.key, item.date)
            for item in observances
            if item.tradition is tradition and item.kind is not ObservanceKind.EKADASHI
        }

    paired = dated(Tradition.SMARTA) & dated(Tradition.VAISHNAVA)
    merged: list[Observance] = []
    for item in observances:
        if (item.key, item.date) not in paired or item.kind is ObservanceKind.EKADASHI:
            merged.append(item)
        elif item.tradition is Tradition.SMARTA:
            merged.append(replace(item, tradition=None))
    return merged


def names_of_day(
    days: Days,
    rules: tuple[EkadashiName, ...],
    paksha: int,
    month_matches: Callable[[int], bool],
    day: date,
) -> list[EkadashiName]:
    """The other names ``rules`` give the Ekadashi fast day ``day`` of ``paksha``;
    ``month_matches(amanta)`` says whether the Ekadashi's lunar month is that month."""
    found = []
    sign: int | None = None  # the Sun's sign at the day's sunrise, computed once if asked
    for rule in rules:
        if rule.paksha != paksha:
            continue
        if rule.month is not None and not month_matches(rule.month):
            continue
        if rule.sign is not None:
            sunrise = days.sunrise(day)
            if sunrise is None:
                continue
            sign = sign or sun_sign_at(days, sunrise)
            if sign != rule.sign:
                continue
        found.append(rule)
    return found
