"""Tithi, karana, nakshatra (with pada) and yoga over one Hindu day, with every transition.

Each element is an angle cut into equal arcs: tithi = Moon - Sun in 12 degree arcs (30),
karana = Moon - Sun in 6 degree arcs (60), nakshatra = Moon in 13 deg 20 min arcs (27, each
in 4 padas), yoga = Moon + Sun in 13 deg 20 min arcs (27). Times are UT Julian days.
"""

from __future__ import annotations

from dataclasses import dataclass

from lokpanchang.almanac import motion
from lokpanchang.almanac.convention import Convention


@dataclass(frozen=True)
class Span:
    """One element in force from ``start`` to ``end`` (UT Julian days); ``number`` is 1-based."""

    number: int
    start: float
    end: float


@dataclass(frozen=True)
class ElementKind:
    """How an element divides its angle: ``count`` equal arcs of ``weights``' angle."""

    name: str
    weights: tuple[float, float]
    count: int

    @property
    def arc(self) -> float:
        return 360.0 / self.count


TITHI = ElementKind("tithi", motion.Angle.ELONGATION, 30)
KARANA = ElementKind("karana", motion.Angle.ELONGATION, 60)
NAKSHATRA = ElementKind("nakshatra", motion.Angle.MOON, 27)
YOGA = ElementKind("yoga", motion.Angle.SUM, 27)
# (weights, target angle) -> the instant (JD, UT) the angle crosses it, shared within one day.
Boundaries = dict[tuple[tuple[float, float], float], float]
KINDS = {kind.name: kind for kind in (TITHI, NAKSHATRA, YOGA, KARANA)}


def spans(
    kind: ElementKind,
    day_start: float,
    day_end: float,
    convention: Convention,
    shared: Boundaries | None = None,
) -> list[Span]:
    """Every element from the one in force at ``day_start`` to the one in force at ``day_end``.

    Contiguous and ordered: each span's ``end`` is the next one's ``start``; skipped (kshaya)
    elements, which begin and end between two sunrises, are listed like the others. The first
    span's start and the last span's end may lie outside the day. ``shared`` (a dict kept by
    the caller for one day) lets tithi and karana reuse each other's boundaries.
    """
    shared = {} if shared is None else shared
    value, rate = motion.angle_at(day_start, kind.weights, convention)
    index = int(value // kind.arc)
    guess = day_start - (value - index * kind.arc) / rate
    start = _boundary(kind, index, guess, convention, shared)
    result: list[Span] = []
    while start < day_end or not result:
        end = _boundary(kind, index + 1, start + kind.arc / rate, convention, shared)
        result.append(Span(index % kind.count + 1, start, end))
        index, start = index + 1, end
    return result


def _boundary(
    kind: ElementKind, index: int, guess_jd: float, convention: Convention, shared: Boundaries
) -> float:
    # Within one day a (angle, target) pair names one instant: boundaries are days apart.
    target = round((index * kind.arc) % 360.0, 9)
    key = (kind.weights, target)
    instant = shared.get(key)
    if instant is None:
        instant = shared[key] = motion.crossing(kind.weights, target, guess_jd, convention)
    return instant


def pada_at(jd_ut: float, convention: Convention) -> int:
    """The quarter (1..4) of the nakshatra the Moon is in at ``jd_ut``."""
    value, _ = motion.angle_at(jd_ut, NAKSHATRA.weights, convention)
    return int(value // (NAKSHATRA.arc / 4)) % 4 + 1
