"""Observances as immutable values, and their JSON shape (``Observance.to_dict``)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from enum import StrEnum
from typing import Any

from lokpanchang.almanac.model import Interval, iso


class ObservanceKind(StrEnum):
    """What an observance is (the JSON ``kind``; a contract of issue 10)."""

    EKADASHI = "ekadashi"
    PURNIMA = "purnima"
    AMAVASYA = "amavasya"
    SANKASHTI_CHATURTHI = "sankashti_chaturthi"
    VINAYAKA_CHATURTHI = "vinayaka_chaturthi"
    PRADOSH = "pradosh"
    MASIK_SHIVARATRI = "masik_shivaratri"
    MASIK_DURGASHTAMI = "masik_durgashtami"
    SANKRANTI = "sankranti"
    FESTIVAL = "festival"


class Tradition(StrEnum):
    """Whose reckoning an Ekadashi follows when the traditions keep it on different days."""

    SMARTA = "smarta"
    VAISHNAVA = "vaishnava"


class Unavailable(StrEnum):
    """Why an observance could not be placed (polar days and nights)."""

    NO_SUNRISE = "no_sunrise"
    NO_SUNSET = "no_sunset"
    NO_MOONRISE = "no_moonrise"


@dataclass(frozen=True, slots=True)
class Observance:
    """One festival or vrat on one civil date at one place.

    ``parana`` is the window for breaking an Ekadashi fast (on the next civil date);
    ``moonrise`` the moonrise a moonrise vrat waits for; ``moment`` the instant of a
    sankranti; ``month`` the lunar month on both reckonings ("Kartika / Kartika").
    """

    date: date
    key: str
    kind: ObservanceKind
    name: str
    fast: bool = False
    tradition: Tradition | None = None
    parana: Interval | None = None
    moonrise: datetime | None = None
    moment: datetime | None = None
    amanta_month: int | None = None
    purnimanta_month: int | None = None
    adhika: bool = False
    sign: int | None = None  # sankrantis: the sign entered (1 Mesha .. 12 Meena)

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of ``lokpanchang festivals --json`` (issue 10's contract)."""
        return {
            "date": self.date.isoformat(),
            "key": self.key,
            "kind": self.kind.value,
            "name": self.name,
            "tradition": None if self.tradition is None else self.tradition.value,
            "parana": None if self.parana is None else self.parana.to_dict(),
            "fast": self.fast,
            "moonrise": iso(self.moonrise),
            "moment": iso(self.moment),
            "amanta_month": self.amanta_month,
            "purnimanta_month": self.purnimanta_month,
            "adhika": self.adhika,
            "sign": self.sign,
        }


@dataclass(frozen=True)
class Gap:
    """An observance the almanac cannot place at this place, and why (polar rule)."""

    key: str
    near: date
    reason: Unavailable
    name: str = ""  # in the calendar's language

    def to_dict(self) -> dict[str, str]:
        return {
            "key": self.key,
            "name": self.name,
            "near": self.near.isoformat(),
            "reason": self.reason.value,
        }


@dataclass(frozen=True)
class Calendar:
    """The observances of a stretch of civil dates, and the ones that could not be placed."""

    observances: tuple[Observance, ...]
    gaps: tuple[Gap, ...] = ()

    def on(self, day: date) -> tuple[Observance, ...]:
        """The observances of civil date ``day``."""
        return tuple(item for item in self.observances if item.date == day)
