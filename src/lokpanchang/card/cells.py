"""PURE: which cards the coming sends need (issue 27 item 3), one per distinct (place cell,
local date, language, calendar), in the order their sends are due.

A *cell* is a card: the subscribers of one ~1 km place cell (``CELL_DECIMALS``) who read one
language and calendar on one local date all get the same picture.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime

from lokpanchang.almanac.calendars.kinds import default_calendar

CELL_DECIMALS = 2  # the broadcast's PLACE_DECIMALS: subscribers of one town share a card


@dataclass(frozen=True)
class Reader:
    """One distinct kind of subscriber of a slot (as the storage query returns it): where
    they are, what they read, and their town (name, country code, state: their calendar's
    default when they chose none)."""

    latitude: float
    longitude: float
    language: str
    calendar: str  # their own choice, "" when none
    city: str
    country_code: str
    state: str


@dataclass(frozen=True, order=True)
class CardCell:
    """A card to have ready before ``due_at`` (UTC): the first send that needs it."""

    due_at: datetime
    latitude: float  # rounded to the cell
    longitude: float
    timezone: str
    local_date: date
    language: str
    calendar: str
    place: str  # the town's name at the card's foot

    def identity(self) -> tuple[float, float, date, str, str]:
        """What makes two cells one card (the card cache's key, less the convention)."""
        return (self.latitude, self.longitude, self.local_date, self.language, self.calendar)


def reader_calendar(reader: Reader) -> str:
    """The calendar ``reader`` reads: their choice, else their language's and town's default."""
    if reader.calendar:
        return reader.calendar
    return str(default_calendar(reader.language, reader.country_code, reader.state))


def card_cells(
    slots: Iterable[tuple[datetime, str, date, Iterable[Reader]]],
) -> list[CardCell]:
    """The distinct cards the ``slots`` need, soonest send first.

    ``slots`` holds (due_at UTC, zone, local date, readers of that slot). A card wanted by
    two slots (one cell in two send times) is listed once, at the earlier ``due_at``; its
    place name is the first reader's. Ties are broken by the cell's identity, so the order
    is the same on every pass."""
    first: dict[tuple[float, float, date, str, str], CardCell] = {}
    for due_at, zone, local_date, readers in sorted(slots, key=lambda slot: slot[0]):
        for reader in readers:
            cell = _cell(due_at, zone, local_date, reader)
            first.setdefault(cell.identity(), cell)
    return sorted(first.values(), key=lambda cell: (cell.due_at, cell.identity()))


def _cell(due_at: datetime, zone: str, local_date: date, reader: Reader) -> CardCell:
    return CardCell(
        due_at,
        round(reader.latitude, CELL_DECIMALS),
        round(reader.longitude, CELL_DECIMALS),
        zone,
        local_date,
        reader.language,
        reader_calendar(reader),
        reader.city,
    )
