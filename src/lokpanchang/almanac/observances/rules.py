"""The shapes of observance rules: which tithi (or star, or sankranti), in which part of the day.

A rule is data. ``table`` holds the rules themselves, each with its published source; the
engine (``search``, ``ekadashi``, ``solar``) applies them without knowing any festival.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from lokpanchang.almanac.observances.model import ObservanceKind, Tradition

Names = Mapping[str, str]  # language code -> name, for every supported language
# A ``least`` of one night ghati in pradosha: pradosha is six of the night's thirty ghatis.
ONE_GHATI_OF_PRADOSHA = 1.0 / 6.0


class Part(StrEnum):
    """The part of the Hindu day in which the tithi must prevail.

    The daytime (sunrise to sunset) is cut in five equal parts (pratah, sangava, madhyahna,
    aparahna, sayahna) and the night (sunset to next sunrise) in fifteen muhurtas.
    """

    SUNRISE = "sunrise"  # in force at the instant of sunrise (udaya tithi)
    ARUNODAYA = "arunodaya"  # the 96 minutes (4 ghatis) before sunrise
    PRATAH = "pratah"  # the first fifth of the daytime (pratahkala)
    PURVAHNA = "purvahna"  # sunrise to midday (the first half of the daytime)
    MADHYAHNA = "madhyahna"  # the third fifth of the daytime
    APARAHNA = "aparahna"  # the fourth fifth of the daytime
    SUNSET = "sunset"  # in force at the instant of sunset
    PRADOSHA = "pradosha"  # sunset to the end of the first fifth of the night
    NISHITA = "nishita"  # the eighth of the fifteen night muhurtas (midnight)
    MOONRISE = "moonrise"  # in force at the first moonrise of the Hindu day


class Both(StrEnum):
    """Which day, when the tithi prevails in the part on two days."""

    EARLIER = "earlier"
    LATER = "later"
    GREATER = "greater"  # the day where it covers more of the part (equal: the earlier)
    SHARE = "share"  # the day where it covers a greater share of its part (equal: the later)
    LATER_IF_GHATI = "later_if_ghati"  # the later if it covers >= 1 ghati (24 min) there


class Neither(StrEnum):
    """Which day, when the tithi prevails in the part on no day (it falls between)."""

    EARLIER = "earlier"  # the first Hindu day the tithi touches
    LATER = "later"  # the last Hindu day the tithi touches
    NEXT = "next"  # the Hindu day after the last one it touches (a tithi at no sunrise)


class SankrantiDay(StrEnum):
    """On which civil date a sankranti is observed, from the instant it happens."""

    HALF_NIGHT = "half_night"  # by day: that day; at night: before mid-night that day, else next
    MAKARA = "makara"  # by day: that day; after sunset: the next day
    NIGHT_BEFORE = "night_before"  # by day: that day; at night: the day before (Karka)
    SUNSET = "sunset"  # before sunset: that day, else the next (Tamil month days)
    APARAHNA = "aparahna"  # before the end of aparahna: that day, else the next (Kerala)


@dataclass(frozen=True)
class LunarRule:
    """An observance on a tithi: ``tithi`` (1..30) of amanta ``month`` (None: every month).

    Annual festivals (``month`` set) are kept in the nija month, never in an adhika one;
    monthly vrats (``month`` None) are kept in adhika months too. ``avoid_vishti`` takes
    Bhadra (the Vishti karana) out of the part before looking. ``tradition``: the rule is one
    tradition's day (a Smarta and a Vaishnava rule of one key on one date become one
    observance). ``star``: a nakshatra (1..27) that moves the day to the next one when the
    tithi is in force at that day's sunrise and meets the star that day (Janmashtami with
    Rohini). ``whole``: the tithi prevails only where it fills the part.
    ``with_moonrise``: the observance carries its day's moonrise whatever its part.
    ``lasting``: when no day has the tithi in the part, the later day if the tithi is in force
    at its sunrise for that share of its daytime (Holika Dahan: 3.5 of the 4 praharas).
    ``lasting_without_eclipse``: ``lasting`` holds only when the Moon is not in the Earth's
    umbra during that later day's part (Holika Dahan 1913: a lunar eclipse that evening).
    ``fallback``: when no day has it in the part and ``lasting`` does not take the later
    day, first the part ``fallback`` (Raksha Bandhan: aparahna, else pradosha, both free of
    Bhadra).
    ``muhurtas``: the tithi prevails only on a day it is in force at sunrise and for that many
    muhurtas (fifteenths of the daytime) after it (Ghatasthapana: one).
    ``deciding_star``: a nakshatra (1..27) whose presence in the part decides (Vijayadashami's
    Shravana): see ``variants.star_decides``.
    ``least``: the tithi prevails only where it covers at least that share of the part
    (Pradosh: one of the pradosha's six ghatis).
    """

    key: str
    kind: ObservanceKind
    names: Names
    tithi: int
    part: Part
    both: Both
    neither: Neither
    source: str
    month: int | None = None
    avoid_vishti: bool = False
    fast: bool = False
    tradition: Tradition | None = None
    star: int | None = None
    whole: bool = False
    with_moonrise: bool = False
    lasting: float | None = None
    lasting_without_eclipse: bool = False
    fallback: Part | None = None
    deciding_star: int | None = None
    muhurtas: float | None = None
    least: float | None = None


@dataclass(frozen=True)
class DayAfterRule:
    """An observance on the civil date after another one (Holi after Holika Dahan)."""

    key: str
    names: Names
    after: str
    source: str


@dataclass(frozen=True)
class SolarRule:
    """An observance on the day the Sun enters sidereal sign ``sign`` (1 Mesha .. 12 Meena)."""

    key: str
    names: Names
    sign: int
    reckoning: SankrantiDay
    source: str


@dataclass(frozen=True)
class StarRule:
    """An observance on nakshatra ``nakshatra`` (1..27) while the Sun is in sign ``sign``."""

    key: str
    names: Names
    nakshatra: int
    sign: int
    part: Part
    both: Both
    neither: Neither
    source: str


@dataclass(frozen=True)
class EkadashiName:
    """Another name of an Ekadashi's day: the Shukla (``paksha`` 1) or Krishna (2) Ekadashi of
    amanta ``month`` (kshaya months carry the skipped month's), or of the solar month the Sun
    is in at that day's sunrise (``sign`` 1 Mesha .. 12 Meena), on ``tradition``'s day."""

    key: str
    names: Names
    paksha: int
    tradition: Tradition
    source: str
    month: int | None = None
    sign: int | None = None
