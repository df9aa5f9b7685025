"""drikpanchang.com's New Delhi month pages, odd years 1901-2049: the published facts, loaded.

The files beside this module were extracted by ``scripts/drikpanchang_month_pages.py`` from
the raw HTML committed in github.com/dra8an/hindu-calendar @ 5269abb (see README.md here for
provenance and columns). Nothing in them was computed by us. ``days()`` gives one
``PublishedDay`` per civil date (the month grid); ``first_days()`` the detailed panchang of
the 1st of each month as ``FirstDay`` records. Local times are aware datetimes in
Asia/Kolkata, the zone the pages use (including its +05:21:10 before 1906 and +06:30 of
1941-45; the pages' sunrises show both).
"""

from __future__ import annotations

import csv
import gzip
import io
import json
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from functools import cache
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

HERE = Path(__file__).parent
ZONE = ZoneInfo("Asia/Kolkata")
# As each page prints it: "Latitude: 28° 38′ 08″ N, Longitude: 77° 13′ 28″ E, Elevation: 212 m".
LATITUDE = 28 + 38 / 60 + 8 / 3600
LONGITUDE = 77 + 13 / 60 + 28 / 3600
ELEVATION_M = 212.0
FIRST_YEAR, LAST_YEAR = 1901, 2049

TITHI_STEMS = (
    "Pratipada", "Dwitiya", "Tritiya", "Chaturthi", "Panchami", "Shashthi", "Saptami",
    "Ashtami", "Navami", "Dashami", "Ekadashi", "Dwadashi", "Trayodashi", "Chaturdashi",
)  # fmt: skip
NAKSHATRAS = (
    "Ashwini", "Bharani", "Krittika", "Rohini", "Mrigashira", "Ardra", "Punarvasu", "Pushya",
    "Ashlesha", "Magha", "Purva Phalguni", "Uttara Phalguni", "Hasta", "Chitra", "Swati",
    "Vishakha", "Anuradha", "Jyeshtha", "Mula", "Purva Ashadha", "Uttara Ashadha", "Shravana",
    "Dhanishtha", "Shatabhisha", "Purva Bhadrapada", "Uttara Bhadrapada", "Revati",
)  # fmt: skip
SIGNS = (
    "Mesha", "Vrishabha", "Mithuna", "Karka", "Simha", "Kanya", "Tula", "Vrishchika",
    "Dhanu", "Makara", "Kumbha", "Meena",
)  # fmt: skip
# The grid abbreviates "Purva"/"Uttara" to "P"/"U" ("P Ashadha").
_GRID_NAKSHATRAS = {
    name.replace("Purva ", "P ").replace("Uttara ", "U "): number
    for number, name in enumerate(NAKSHATRAS, 1)
}


def tithi_number(stem: str, paksha: str) -> int:
    """1..30 from the grid's name and paksha ("Ekadashi", "Shukla"; "Purnima" is 15,
    "Amavasya" 30)."""
    if stem == "Purnima":
        return 15
    if stem == "Amavasya":
        return 30
    return TITHI_STEMS.index(stem) + 1 + (15 if paksha == "Krishna" else 0)


def grid_time(printed: str, day: date) -> datetime:
    """A grid time ("06:35", "29:29+" = 05:29 the next day) as an aware local datetime."""
    hours, minutes = int(printed[:2]), int(printed[3:5])
    wall = datetime.combine(day, time(0)) + timedelta(hours=hours, minutes=minutes)
    return wall.replace(tzinfo=ZONE)


def local(stamp: str | None) -> datetime | None:
    """A detail stamp "1901-01-02T05:29" as an aware local datetime (None stays None)."""
    return None if stamp is None else datetime.fromisoformat(stamp).replace(tzinfo=ZONE)


@dataclass(frozen=True)
class PublishedDay:
    """One cell of a month grid. Times are the printed minutes (aware, Asia/Kolkata).

    ``tithi`` is the tithi at sunrise (1..30); ``tithi_numbers`` what the cell prints beside
    the date (the sunrise tithi, and a second number when the next tithi begins and ends
    before the next sunrise: a skipped tithi). ``moon_sign`` (1 Mesha..12) and ``nakshatra``
    (1..27) are those at sunrise, with the instant each ends if it ends before the next
    sunrise (else None). ``festivals``: the names listed on the day.
    """

    date: date
    sunrise: datetime
    sunset: datetime
    tithi: int
    tithi_numbers: tuple[int, ...]
    moon_sign: int
    moon_sign_end: datetime | None
    nakshatra: int
    nakshatra_end: datetime | None
    festivals: tuple[str, ...]
    printed: dict[str, str]  # the row as stored (names and times as the page printed them)


def _day(row: dict[str, str]) -> PublishedDay:
    day = date.fromisoformat(row["date"])

    def end(field: str) -> datetime | None:
        return grid_time(row[field], day) if row[field] else None

    return PublishedDay(
        date=day,
        sunrise=grid_time(row["sunrise"], day),
        sunset=grid_time(row["sunset"], day),
        tithi=tithi_number(row["tithi"], row["paksha"]),
        tithi_numbers=tuple(int(n) for n in row["tithi_numbers"].split(",")),
        moon_sign=SIGNS.index(row["moon_sign"]) + 1,
        moon_sign_end=end("moon_sign_end"),
        nakshatra=_GRID_NAKSHATRAS[row["nakshatra"]],
        nakshatra_end=end("nakshatra_end"),
        festivals=tuple(row["festivals"].split(" | ")) if row["festivals"] else (),
        printed=row,
    )


def _gzip_text(name: str) -> str:
    return gzip.decompress((HERE / name).read_bytes()).decode("utf-8")


@cache
def days() -> tuple[PublishedDay, ...]:
    """Every civil date of the odd years 1901-2049 (27,375 days), in date order."""
    return tuple(_day(row) for row in csv.DictReader(io.StringIO(_gzip_text("days.csv.gz"))))


@dataclass(frozen=True)
class Entry:
    """A "name upto time" row of the detailed panchang. ``end`` None: "upto Full Night"
    (it lasts beyond the next sunrise). ``next_number`` is the number the page gives the
    element that follows (tithi 1..30, nakshatra and yoga 1..27, karana 1..60)."""

    name: str
    end: datetime | None
    next_name: str | None
    next_number: int | None


@dataclass(frozen=True)
class FirstDay:
    """The detailed panchang of the 1st of a month; ``record`` is the stored JSON object
    (every row the page prints, see README.md), the rest typed views of it."""

    date: date
    tithi: tuple[Entry, ...]
    nakshatra: tuple[Entry, ...]
    yoga: tuple[Entry, ...]
    karana: tuple[Entry, ...]
    moonrise: datetime | None
    moonset: datetime | None
    record: dict[str, Any]


def _entries(items: list[dict[str, Any]]) -> tuple[Entry, ...]:
    return tuple(
        Entry(item["name"], local(item["end"]), item["next"], item["next_number"]) for item in items
    )


def _first_day(record: dict[str, Any]) -> FirstDay:
    return FirstDay(
        date=date.fromisoformat(record["date"]),
        tithi=_entries(record["tithi"]),
        nakshatra=_entries(record["nakshatra"]),
        yoga=_entries(record["yoga"]),
        karana=_entries(record["karana"]),
        moonrise=local(record["moonrise"]),
        moonset=local(record["moonset"]),
        record=record,
    )


@cache
def first_days() -> tuple[FirstDay, ...]:
    """The 900 detailed first days (one per month of the odd years), in date order."""
    lines = _gzip_text("first_days.jsonl.gz").splitlines()
    return tuple(_first_day(json.loads(line)) for line in lines)


@cache
def festival_pages() -> dict[str, tuple[str, ...]]:
    """Each festival name -> the paths of the drikpanchang.com pages it links to."""
    pages: dict[str, tuple[str, ...]] = {}
    with (HERE / "festival_pages.csv").open(encoding="utf-8") as table:
        for row in csv.DictReader(table):
            pages[row["name"]] = (*pages.get(row["name"], ()), row["page"])
    return pages
