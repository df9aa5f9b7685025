"""The one generic search: on which civil date does a span (a tithi) prevail in a part of the day.

Candidates are the civil dates whose Hindu day (sunrise to next sunrise) the span touches:
one, two or three. On each, the span "prevails" when it covers the part (any of an
interval part, or the instant of a point part such as sunrise). One candidate prevailing:
that date. Two: ``Both`` decides. None: ``Neither`` decides. Times are UT Julian days.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date, timedelta

from lokpanchang.almanac import ephemeris
from lokpanchang.almanac.observances.days import Days, Span
from lokpanchang.almanac.observances.model import Unavailable
from lokpanchang.almanac.observances.rules import Both, LunarRule, Neither, Part

GHATI_DAYS = 24.0 / 1440.0  # one ghati: 24 minutes
_SECOND = 1.0 / 86400.0
_ARUNODAYA_REACH = 0.14  # days: more than the longest arunodaya (2/15 of a 24-hour night)
_UMBRA_REACH = 0.1  # days: more than half the longest umbral phase of a lunar eclipse (4 h)


@dataclass(frozen=True, slots=True)
class Question:
    """Where ``span`` must prevail: ``part`` of the day, minus ``excluded`` (Bhadra); with
    ``whole``, only where it fills the part; ``least``: only where it covers at least that
    share of the part; ``lasting``: at neither, the later day if the span lasts that share of
    its daytime from its sunrise (with ``lasting_without_eclipse``, and no umbral lunar
    eclipse falls in that day's part); ``fallback``: at neither and not lasting, first the
    earliest day it prevails in that part instead; ``muhurtas``: it prevails only on a day it
    is in force at sunrise and for that many muhurtas (fifteenths of the daytime)."""

    span: Span
    part: Part
    both: Both
    neither: Neither
    excluded: Span | None = None
    whole: bool = False
    lasting: float | None = None
    fallback: Part | None = None
    muhurtas: float | None = None
    least: float | None = None
    lasting_without_eclipse: bool = False


def question_for(rule: LunarRule, span: Span, excluded: Span | None) -> Question:
    """Where ``rule`` asks its tithi, spanning ``span``, to prevail (``excluded``: Bhadra)."""
    return Question(
        span,
        rule.part,
        rule.both,
        rule.neither,
        excluded,
        rule.whole,
        rule.lasting,
        rule.fallback,
        rule.muhurtas,
        rule.least,
        rule.lasting_without_eclipse,
    )


def candidate_dates(days: Days, span: Span) -> list[date]:
    """The civil dates whose Hindu day the span touches, in order."""
    start, end = span
    first, last = days.day_of(start), days.day_of(max(start, end - 1e-7))
    return [first + timedelta(days=offset) for offset in range((last - first).days + 1)]


def cover(span: Span, window: Span, excluded: Span | None = None) -> float:
    """How much of ``window`` the span covers (days); a point window counts 1 if inside.

    ``excluded`` is taken out of the window first.
    """
    start, end = span
    low, high = window
    if low == high:
        inside = start <= low < end
        hidden = excluded is not None and excluded[0] <= low < excluded[1]
        return 1.0 if inside and not hidden else 0.0
    covered = max(0.0, min(end, high) - max(start, low))
    if excluded is not None and covered > 0.0:
        covered -= max(0.0, min(end, high, excluded[1]) - max(start, low, excluded[0]))
    return covered


def decide(days: Days, question: Question) -> date | Unavailable:
    """The civil date the rule picks, or why it cannot be picked at this place."""
    start, end = question.span
    if question.part is Part.ARUNODAYA:  # its end may lie in the next date's arunodaya
        end += _ARUNODAYA_REACH
    candidates = candidate_dates(days, (start, end))
    covers: list[tuple[date, float]] = []
    for day in candidates:
        window = days.part(day, question.part)
        if isinstance(window, Unavailable):
            return window
        amount = cover(question.span, window, question.excluded)
        length = window[1] - window[0]
        if question.whole and amount < length - _SECOND:
            amount = 0.0
        if question.least is not None and amount < question.least * length:
            amount = 0.0
        if question.muhurtas is not None and not lasts(
            days, question.span, day, question.muhurtas / 15.0
        ):
            amount = 0.0
        share = question.both is Both.SHARE and length > 0.0
        covers.append((day, amount / length if share else amount))
    prevailing = [(day, amount) for day, amount in covers if amount > 0.0]
    if not prevailing:
        if _lasts(days, question, candidates[-1]):
            return candidates[-1]
        return _fallback(days, question, candidates)
    if len(prevailing) == 1:
        return prevailing[0][0]
    return _tie(prevailing[0], prevailing[-1], question.both)


def _fallback(days: Days, question: Question, candidates: list[date]) -> date | Unavailable:
    """At neither (and not lasting): the earliest day the span prevails in the fallback part,
    else as ``neither`` says."""
    if question.fallback is not None:
        instead = replace(question, part=question.fallback, fallback=None, lasting=None)
        found = decide(days, replace(instead, neither=Neither.NEXT))
        if isinstance(found, Unavailable) or found in candidates:
            return found
    return _neither(candidates, question.neither)


def _lasts(days: Days, question: Question, day: date) -> bool:
    if question.lasting is None or not lasts(days, question.span, day, question.lasting):
        return False
    return not (question.lasting_without_eclipse and eclipsed(days, day, question.part))


def eclipsed(days: Days, day: date, part: Part) -> bool:
    """Whether the Moon is in the Earth's umbra (a partial or total lunar eclipse; a
    penumbral one does not count) at some instant of ``part`` of ``day``'s Hindu day."""
    window = days.part(day, part)
    if isinstance(window, Unavailable):
        return False
    start, end = window
    begin, finish = ephemeris.umbral_lunar_eclipse_after(start - _UMBRA_REACH)
    return begin <= end and finish >= start


def lasts(days: Days, span: Span, day: date, share: float) -> bool:
    """Whether ``span`` is in force at ``day``'s sunrise and for ``share`` of its daytime."""
    frame = days.frame(day)
    if frame.sunrise is None or frame.sunset is None:
        return False
    start, end = span
    daytime = frame.sunset - frame.sunrise
    return start <= frame.sunrise and end - frame.sunrise >= share * daytime


def _neither(candidates: list[date], neither: Neither) -> date:
    if neither is Neither.EARLIER:
        return candidates[0]
    if neither is Neither.LATER:
        return candidates[-1]
    return candidates[-1] + timedelta(days=1)


def _tie(earlier: tuple[date, float], later: tuple[date, float], both: Both) -> date:
    if both is Both.EARLIER:
        return earlier[0]
    if both is Both.LATER:
        return later[0]
    if both is Both.GREATER:
        return later[0] if later[1] > earlier[1] else earlier[0]
    if both is Both.SHARE:
        return later[0] if later[1] >= earlier[1] else earlier[0]
    return later[0] if later[1] >= GHATI_DAYS else earlier[0]
