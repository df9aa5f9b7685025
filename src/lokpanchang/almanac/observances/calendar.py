"""The observances of a stretch of civil dates at one place, from the rule table.

Every tithi of every lunation touching the stretch is matched against the rules of its
tithi (monthly rules in every month, annual ones only in their nija month); the generic
search places each on a civil date; Ekadashis and sankrantis have their own placing.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import TypedDict

from lokpanchang.almanac import lunisolar, motion
from lokpanchang.almanac.convention import Convention
from lokpanchang.almanac.model import Interval
from lokpanchang.almanac.observances import (
    ekadashi,
    lunar,
    mahadwadashi,
    names_table,
    solar,
    table,
    variants,
)
from lokpanchang.almanac.observances.days import Days, Place
from lokpanchang.almanac.observances.model import (
    Calendar,
    Gap,
    Observance,
    ObservanceKind,
    Tradition,
    Unavailable,
)
from lokpanchang.almanac.observances.rules import LunarRule, Part, StarRule
from lokpanchang.almanac.observances.search import Question, decide, question_for

_LONGEST_DAY = 2.0  # days: a Hindu day (anchor to anchor) is shorter, even at a polar place
_SHORT_STRETCH = 20.0  # days: the Moon goes round less than once (27.3 days)
_KIND_ORDER = {kind: index for index, kind in enumerate(ObservanceKind)}
_RULES_BY_TITHI: dict[int, tuple[LunarRule, ...]] = {
    number: tuple(rule for rule in (*table.MONTHLY, *table.ANNUAL) if rule.tithi == number)
    for number in range(1, 31)
}
_EKADASHIS = frozenset((11, 26))
# Rules another observance follows a day later (Holika Dahan, then Holi), by tithi.
_DAY_BEFORE_RULES: dict[int, tuple[LunarRule, ...]] = {
    number: tuple(rule for rule in rules if rule.key in {after.after for after in table.DAY_AFTER})
    for number, rules in _RULES_BY_TITHI.items()
}


@dataclass
class _Found:
    """What the placing produced so far (observances and gaps)."""

    observances: list[Observance]
    gaps: list[Gap]


def observances_between(
    place: Place, first: date, last: date, lang: str, days: Days | None = None
) -> Calendar:
    """Every observance on civil dates ``first`` .. ``last`` at ``place``, names in ``lang``.

    ``days`` may carry Hindu days already computed for ``place``.
    """
    days = days or Days(place)
    found = _Found([], [])
    # The Hindu days of the stretch: an observance falls on a date its tithi touches, so
    # only tithis touching these days can land in the stretch (and the leading ones).
    start, end = days.start(first), days.start(last + timedelta(days=1))
    touching = list(lunar.tithis_between(start, end, place.convention))
    for tithi in (*_leading(days, first, touching[0]), *touching):
        _place_tithi(days, tithi, lang, found)
    # A sankranti in the Hindu day before the stretch may be observed on its first date.
    _place_sankrantis(days, start - _LONGEST_DAY, end, lang, found)
    for rule in table.STARS:
        _place_star(days, rule, start, end, lang, found)
    _add_day_after(found, lang)
    kept = [
        item for item in variants.merge_traditions(found.observances) if first <= item.date <= last
    ]
    kept.sort(key=lambda item: (item.date, _KIND_ORDER[item.kind], item.key))
    gaps = sorted({gap for gap in found.gaps if first <= gap.near <= last}, key=_gap_order)
    return Calendar(tuple(kept), tuple(gaps))


def _leading(days: Days, first: date, earliest: lunar.Tithi) -> list[lunar.Tithi]:
    """The tithis of the Hindu day before ``first`` (wholly before ``earliest``, the tithi
    in force as ``first`` begins) that can still place an observance on ``first``: an
    Ekadashi (its Vaishnava or Gauna fast may be a day later) or a tithi another observance
    follows a day later (Holika Dahan, then Holi). Nothing is computed when the numbers of
    the tithis just before rule that out (a Hindu day is under two days, even where a
    sunrise near midnight moves to the next date: at most four tithis touch it)."""
    numbers = [(earliest.lunation, earliest.number)]
    for _ in range(4):
        lunation, number = numbers[-1]
        numbers.append((lunation - 1, 30) if number == 1 else (lunation, number - 1))
    convention = days.place.convention
    if not any(_may_lead(*pair, convention) for pair in numbers[1:]):
        return []
    found: list[lunar.Tithi] = []
    current = earliest
    day_before = days.start(first - timedelta(days=1))
    while current.start > day_before:
        current = lunar.previous_tithi(current)
        if _may_lead(current.lunation, current.number, convention):
            found.insert(0, current)
    return found


def _may_lead(lunation: int, number: int, convention: Convention) -> bool:
    """Whether tithi ``number`` of ``lunation`` can place an observance on a later date than
    every date it touches."""
    if number in _EKADASHIS:
        return True
    rules = _DAY_BEFORE_RULES[number]
    if not rules:
        return False
    month = lunisolar.lunation_month(lunation, number, convention)
    return any(_applies(rule, month) for rule in rules)


_PARANA_TITHIS = frozenset((11, 12, 13, 26, 27, 28))  # in force on a parana day's sunrise


def paranas_on(
    place: Place, day: date, lang: str, days: Days | None = None
) -> tuple[Observance, ...]:
    """The Ekadashi fasts (of the days before) whose parana falls on civil date ``day``."""
    days = days or Days(place)
    dawn = days.start(day)
    convention = place.convention
    value, _ = motion.angle_at(dawn, motion.Angle.ELONGATION, convention)
    at_dawn = int(value // 12.0) + 1
    if at_dawn not in _PARANA_TITHIS:
        return ()
    # The Ekadashi of this paksha, at most two tithis back (the only one within days).
    lunation = lunisolar.lunation_containing(dawn, convention)
    ekadashi = lunar.tithi(lunation, 11 if at_dawn < 15 else 26, convention)
    found = _Found([], [])
    _place_ekadashi(days, ekadashi, ekadashi.month, lang, found, named=False)
    return tuple(
        item
        for item in found.observances
        if item.parana is not None and item.parana.start.date() == day
    )


def _gap_order(gap: Gap) -> tuple[date, str]:
    return gap.near, gap.key


def _place_tithi(days: Days, tithi: lunar.Tithi, lang: str, found: _Found) -> None:
    month = tithi.month
    for rule in _RULES_BY_TITHI[tithi.number]:
        if _applies(rule, month):
            _place_lunar(days, rule, tithi, month, lang, found)
    if tithi.number in (11, 26):
        _place_ekadashi(days, tithi, month, lang, found)


def _applies(rule: LunarRule, month: lunisolar.LunarMonth) -> bool:
    """Monthly rules apply in every month; annual ones in their nija month only."""
    return rule.month is None or (not month.adhika and _in_month(rule.month, month))


def _in_month(wanted: int, month: lunisolar.LunarMonth) -> bool:
    # A kshaya month carries the festivals of the month whose name it skips.
    return month.amanta == wanted or (month.kshaya and month.amanta % 12 + 1 == wanted)


def _place_lunar(
    days: Days,
    rule: LunarRule,
    tithi: lunar.Tithi,
    month: lunisolar.LunarMonth,
    lang: str,
    found: _Found,
) -> None:
    excluded = lunar.vishti(tithi) if rule.avoid_vishti else None
    span = (tithi.start, tithi.end)
    day = decide(days, question_for(rule, span, excluded))
    if isinstance(day, Unavailable):
        found.gaps.append(Gap(rule.key, days.day_of(tithi.start), day, rule.names[lang]))
        return
    day = variants.refined(days, rule, tithi, day)
    moonrise = days.moonrise(day) if rule.part is Part.MOONRISE or rule.with_moonrise else None
    found.observances.append(
        Observance(
            day,
            rule.key,
            rule.kind,
            _lunar_name(rule, month, lang),
            fast=rule.fast,
            tradition=rule.tradition,
            moonrise=_local(days, moonrise),
            **_month_fields(month),
        )
    )


def _lunar_name(rule: LunarRule, month: lunisolar.LunarMonth, lang: str) -> str:
    if rule.kind in (ObservanceKind.PURNIMA, ObservanceKind.AMAVASYA):
        masa = names_table.month_names(month.purnimanta, month.adhika)[lang]
        return f"{masa} {rule.names[lang]}"
    return rule.names[lang]


class _MonthFields(TypedDict):
    amanta_month: int
    purnimanta_month: int
    adhika: bool


def _month_fields(month: lunisolar.LunarMonth) -> _MonthFields:
    return {
        "amanta_month": month.amanta,
        "purnimanta_month": month.purnimanta,
        "adhika": month.adhika,
    }


def _place_ekadashi(
    days: Days,
    tithi: lunar.Tithi,
    month: lunisolar.LunarMonth,
    lang: str,
    found: _Found,
    named: bool = True,
) -> None:
    """The Ekadashi's fasts with their parana and, if ``named``, the other names of its days
    and its Mahadwadashis (``paranas_on`` wants only the fasts)."""
    paksha = 1 if tithi.number == 11 else 2
    key_month = 0 if month.adhika else month.amanta
    key = names_table.ekadashi_key(key_month, paksha)
    name = names_table.ekadashi_names(key_month, paksha)[lang]
    fast = ekadashi.fast_days(days, tithi)
    if isinstance(fast, Unavailable):
        found.gaps.append(Gap(key, days.day_of(tithi.start), fast, name))
        return
    dwadashi = lunar.next_tithi(tithi)
    traditions: tuple[tuple[date, Tradition | None], ...] = (
        ((fast.smarta, None),)
        if fast.smarta == fast.vaishnava
        else ((fast.smarta, Tradition.SMARTA), (fast.vaishnava, Tradition.VAISHNAVA))
    )
    for day, tradition in traditions:
        window = ekadashi.parana(days, day, dwadashi)
        parana = None if isinstance(window, Unavailable) else _window(days, window)
        found.observances.append(
            Observance(
                day,
                key,
                ObservanceKind.EKADASHI,
                name,
                fast=True,
                tradition=tradition,
                parana=parana,
                **_month_fields(month),
            )
        )
    if not named:
        return
    _name_ekadashi_days(days, fast, paksha, month, lang, found)
    for key, day in mahadwadashi.mahadwadashis(days, tithi).items():
        names = table.MAHADWADASHIS[key]
        found.observances.append(
            Observance(
                day,
                key,
                ObservanceKind.FESTIVAL,
                names[lang],
                fast=True,
                **_month_fields(month),
            )
        )


def _name_ekadashi_days(
    days: Days,
    fast: ekadashi.Fast,
    paksha: int,
    month: lunisolar.LunarMonth,
    lang: str,
    found: _Found,
) -> None:
    """Gita Jayanti, Vaikuntha and Guruvayur Ekadashi: other names of a fast day."""
    for tradition, day in ((Tradition.SMARTA, fast.smarta), (Tradition.VAISHNAVA, fast.vaishnava)):
        rules = tuple(rule for rule in table.EKADASHI_NAMES if rule.tradition is tradition)
        for rule in variants.names_of_day(
            days, rules, paksha, lambda wanted: _in_month(wanted, month), day
        ):
            found.observances.append(
                Observance(day, rule.key, ObservanceKind.FESTIVAL, rule.names[lang], fast=True)
            )


def _window(days: Days, span: tuple[float, float]) -> Interval:
    return Interval(days.local(span[0]), days.local(span[1]))


def _local(days: Days, jd_ut: float | None) -> datetime | None:
    return None if jd_ut is None else days.local(jd_ut)


def _place_sankrantis(days: Days, start: float, end: float, lang: str, found: _Found) -> None:
    for sign, instant in solar.sankrantis(start, end, days.place.convention):
        for rule in (*table.SANKRANTIS, *table.SOLAR):
            if rule.sign != sign:
                continue
            day = solar.observed_on(days, instant, rule.reckoning)
            if isinstance(day, Unavailable):
                found.gaps.append(Gap(rule.key, days.day_of(instant), day, rule.names[lang]))
                continue
            kind = ObservanceKind.SANKRANTI if rule.key == "sankranti" else ObservanceKind.FESTIVAL
            found.observances.append(
                Observance(
                    day,
                    rule.key,
                    kind,
                    rule.names[lang],
                    moment=days.local(instant),
                    sign=sign,
                )
            )


def _place_star(
    days: Days, rule: StarRule, start: float, end: float, lang: str, found: _Found
) -> None:
    arc, convention = 360.0 / 27.0, days.place.convention
    for span in _star_spans(rule.nakshatra, arc, (start, end), convention):
        sun, _ = motion.angle_at(span[0], motion.Angle.SUN, convention)
        if int(sun // 30.0) + 1 != rule.sign:
            continue
        day = decide(days, Question(span, rule.part, rule.both, rule.neither))
        if isinstance(day, Unavailable):
            found.gaps.append(Gap(rule.key, days.day_of(span[0]), day, rule.names[lang]))
            continue
        found.observances.append(
            Observance(day, rule.key, ObservanceKind.FESTIVAL, rule.names[lang])
        )


def _star_spans(
    nakshatra: int, arc: float, stretch: tuple[float, float], convention: Convention
) -> list[tuple[float, float]]:
    """Every stay of the Moon in ``nakshatra`` that overlaps the ``stretch`` (start, end)."""
    start, end = stretch
    spans: list[tuple[float, float]] = []
    moon, _ = motion.angle_at(start, motion.Angle.MOON, convention)
    target = (nakshatra - 1) * arc
    ahead = (target - moon) % 360.0  # degrees the Moon has to go to enter it
    if ahead > 360.0 - arc:  # already in it at ``start``: the stay began that far back
        guess = start - (360.0 - ahead) / 13.176
    elif end - start < _SHORT_STRETCH and ahead >= _travelled(moon, end, convention):
        return spans  # not entered before ``end`` (the Moon goes round once at most)
    else:
        guess = start + ahead / 13.176
    while guess < end + 2.0:
        begin = motion.crossing(motion.Angle.MOON, target, guess, convention)
        after = begin + arc / 13.176
        finish = motion.crossing(motion.Angle.MOON, (target + arc) % 360.0, after, convention)
        if finish > start and begin < end:
            spans.append((begin, finish))
        guess = begin + 27.3217
    return spans


def _travelled(moon: float, until: float, convention: Convention) -> float:
    """Degrees the Moon goes from longitude ``moon`` to its place at ``until`` (< 360)."""
    later, _ = motion.angle_at(until, motion.Angle.MOON, convention)
    return (later - moon) % 360.0


def _add_day_after(found: _Found, lang: str) -> None:
    for rule in table.DAY_AFTER:
        for item in [item for item in found.observances if item.key == rule.after]:
            found.observances.append(
                Observance(
                    item.date + timedelta(days=1),
                    rule.key,
                    ObservanceKind.FESTIVAL,
                    rule.names[lang],
                    amanta_month=item.amanta_month,
                    purnimanta_month=item.purnimanta_month,
                )
            )
