"""Extract the published facts of drikpanchang.com's New Delhi month pages (odd years only).

The pages are the raw HTML of ``https://www.drikpanchang.com/panchang/month-panchang.html``
for New Delhi, one per month 1900-2050, committed in the public repository
github.com/dra8an/hindu-calendar at commit 5269abb (``scraper/data/raw/month/YYYY-MM.html``).
This script reads them straight from a git directory of that repository (``git cat-file``),
**odd years only** (1901, 1903, ... 2049): the even years are held out for the project's own
check and are never opened. It writes our own compact reference files, described column by
column in ``tests/almanac/reference/drikpanchang/README.md``:

- ``days.csv.gz``: one row per civil date of the odd years, from the page's month grid
  (sunrise, sunset, tithi at sunrise, tithi numbers, Moon sign and nakshatra with their
  ends, festival and vrat names);
- ``first_days.jsonl.gz``: the page's detailed panchang of the 1st of each month (every
  tithi, nakshatra, yoga and karana with its end, moonrise, moonset, samvats, months...);
- ``festival_pages.csv``: the page each festival name links to.

Only *format* changes: the detail's "05:29 AM, Jan 02" becomes the local stamp
``1901-01-02T05:29``; the grid's 24-plus-hour times are kept as printed ("29:29+" = 05:29
the next day); "upto Full Night" becomes a null end. Every value
is as printed. Run from the repository root:

    python3 scripts/drikpanchang_month_pages.py /work/.mirror/dra8an+hindu-calendar/repo
"""

from __future__ import annotations

import argparse
import csv
import gzip
import html
import io
import json
import re
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from pathlib import Path
from typing import Any

COMMIT = "5269abb"
PAGE_PATH = "scraper/data/raw/month/{year}-{month:02d}.html"
YEARS = range(1901, 2050, 2)  # odd years only: the even ones are held out, never read
OUT = Path("tests/almanac/reference/drikpanchang")
DAY_COLUMNS = (
    "date",
    "sunrise",
    "sunset",
    "tithi",
    "paksha",
    "tithi_numbers",
    "moon_sign",
    "moon_sign_end",
    "nakshatra",
    "nakshatra_end",
    "festivals",
)
_MONTHS = {
    name: number
    for number, name in enumerate(
        ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"), 1
    )
}
_CELL = re.compile(r'(?=<div class="[^"]*dpMonthGridCell")')
_TAG = re.compile(r"<[^>]+>")
_ELEMENT = re.compile(
    r'<p class="dpElement"><span class="dpElementKey">(.*?)</span>'
    r'<span class="dpElementValue">(.*?)</span></p>'
)
_CLOCK_12 = re.compile(r"(\d\d):(\d\d) (AM|PM)(?: ?, (\w{3}) (\d\d))?")
_NEXT = re.compile(r'title="next (.+?) \((\d+)\)"')


class PageError(ValueError):
    """A page does not have the shape this parser knows (it fails rather than guess)."""


def text(fragment: str) -> str:
    """The visible text of an HTML fragment, entities decoded, spaces collapsed."""
    return " ".join(html.unescape(_TAG.sub(" ", fragment)).split())


def grid_clock(printed: str, day: date) -> str:
    """A grid time, checked and kept as printed: "06:35"; "29:29+" is 05:29 the next day.

    "24:00" and "24:00+" both occur: the page marks "+" from the instant itself (after
    midnight) and rounds the minutes separately, so both are kept as printed.
    """
    match = re.fullmatch(r"(\d\d):(\d\d)(\+?)", printed)
    if match is None or int(match[2]) > 59:
        raise PageError(f"{day}: grid time {printed!r}")
    past_midnight = int(match[1]) * 60 + int(match[2]) > 24 * 60
    if (past_midnight and not match[3]) or (match[3] and int(match[1]) < 24):
        raise PageError(f"{day}: grid time {printed!r} (24-plus mark)")
    return printed


def detail_clock(printed: str, day: date) -> str:
    """A detail time ("05:29 AM", "05:29 AM, Jan 02") as a local stamp near ``day``."""
    match = _CLOCK_12.fullmatch(printed)
    if match is None:
        raise PageError(f"{day}: detail time {printed!r}")
    hours = int(match[1]) % 12 + (12 if match[3] == "PM" else 0)
    on = day
    if match[4]:
        on = date(day.year, _MONTHS[match[4]], int(match[5]))
        if on < day - timedelta(days=300):  # "Jan 01" printed on a 31 December
            on = on.replace(year=day.year + 1)
    return datetime.combine(on, time(hours, int(match[2]))).isoformat(timespec="minutes")


def _first(pattern: str, fragment: str, day: date, what: str) -> str:
    match = re.search(pattern, fragment, re.S)
    if match is None:
        raise PageError(f"{day}: no {what}")
    return match[1]


def _name_and_end(printed: str, day: date) -> tuple[str, str]:
    """A grid line "Purva Phalguni 29:29+" or "Mesha": the name and its end (or "")."""
    match = re.fullmatch(r"(.+?)(?: (\d\d:\d\d\+?))?", printed)
    assert match is not None  # the pattern matches any non-empty text
    return match[1], grid_clock(match[2], day) if match[2] else ""


def grid_day(cell: str) -> dict[str, str]:
    """One cell of the month grid as a row of ``DAY_COLUMNS``."""
    d, m, y = _first(r'data-url="[^"]*date=(\d\d/\d\d/\d{4})"', cell, date.min, "date").split("/")
    day = date(int(y), int(m), int(d))
    sunrise = _first(r'dpSunriseTiming">.*?<br>([\d:+]+)</span>', cell, day, "sunrise")
    sunset = _first(r'dpSunsetTiming">.*?<br>([\d:+]+)</span>', cell, day, "sunset")
    tithi, paksha = text(_first(r'dpCellTithi">(.*?)</span>', cell, day, "tithi")).rsplit(" ", 1)
    if paksha not in ("Shukla", "Krishna"):
        raise PageError(f"{day}: paksha {paksha!r}")
    moon_sign, moon_end = _name_and_end(
        text(_first(r'dpMoonTiming">(.*?)</div>', cell, day, "moon sign")), day
    )
    nakshatra, nakshatra_end = _name_and_end(
        text(_first(r'dpNakshatra">(.*?)</div>', cell, day, "nakshatra")), day
    )
    names, pages = _festivals(cell)
    return {
        "date": day.isoformat(),
        "sunrise": grid_clock(sunrise, day),
        "sunset": grid_clock(sunset, day),
        "tithi": tithi,
        "paksha": paksha,
        "tithi_numbers": text(_first(r'dpSmallDate">(.*?)</span>', cell, day, "tithi number")),
        "moon_sign": moon_sign,
        "moon_sign_end": moon_end,
        "nakshatra": nakshatra,
        "nakshatra_end": nakshatra_end,
        "festivals": " | ".join(names),
        "festival_pages": " | ".join(pages),  # not written to days.csv: see festival_pages()
    }


def _festivals(cell: str) -> tuple[list[str], list[str]]:
    """The festival and vrat names of a grid cell and the path of each one's page."""
    block = re.search(r'<div class="dpCellFestivalName">(.*?)</div>', cell, re.S)
    if block is None:
        return [], []
    # A link's title holds HTML (a tooltip with an <img>), so it is matched as a quoted string.
    links = re.findall(r'<a href="([^"?]*)[^"]*"(?: \w+="[^"]*")*>([^<]+)</a>', block[1])
    return [html.unescape(name).strip() for _, name in links], [path for path, _ in links]


def grid_days(page: str, year: int, month: int) -> Iterator[dict[str, str]]:
    """The rows of the page's own month in date order (the grid also shows days of the months
    around, and puts a 31st that would need a sixth week in its first row)."""
    own = [grid_day(cell) for cell in _CELL.split(page)[1:]]
    rows = sorted(
        (row for row in own if row["date"][:7] == f"{year}-{month:02d}"),
        key=lambda row: row["date"],
    )
    if len({row["date"] for row in rows}) != len(rows):
        raise PageError(f"{year}-{month:02d}: a date printed twice")
    yield from rows


@dataclass(frozen=True)
class Entry:
    """One "name upto time" line of the detailed panchang."""

    name: str
    end: str | None  # local stamp; None = "upto Full Night" (beyond the next sunrise)
    next_name: str | None
    next_number: int | None

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "end": self.end,
            "next": self.next_name,
            "next_number": self.next_number,
        }


def _entry(value: str, day: date) -> Entry:
    following = _NEXT.search(value)
    name, _, until = text(value).partition(" upto ")
    end = None if until in ("", "Full Night") else detail_clock(until, day)
    if following is None:
        return Entry(name, end, None, None)
    return Entry(name, end, following[1], int(following[2]))


def _interval(value: str, day: date) -> list[str] | None:
    printed = text(value)
    if printed == "None":
        return None
    start, end = printed.split(" to ")
    return [detail_clock(start, day), detail_clock(end, day)]


def _event(value: str, day: date) -> str | None:
    printed = text(value)
    return None if printed.startswith("No ") else detail_clock(printed, day)


def _year(value: str) -> dict[str, Any]:
    number, name = text(value).split(" ", 1)
    return {"year": int(number), "name": name}


def _month(value: str) -> dict[str, Any]:
    name = text(value)
    return {"name": name.removesuffix(" (Adhik)"), "adhika": name.endswith(" (Adhik)")}


# Rows a page may print several times (or, for the last three, not at all).
_ENTRIES = {"Tithi": "tithi", "Nakshatra": "nakshatra", "Yoga": "yoga", "Karana": "karana"}
_INTERVALS = {"Dur Muhurtam": "dur_muhurtam", "Amrit Kalam": "amrit_kalam", "Varjyam": "varjyam"}
_SINGLE = {
    "Sunrise": ("sunrise", lambda v, d: detail_clock(text(v), d)[11:]),
    "Sunset": ("sunset", lambda v, d: detail_clock(text(v), d)[11:]),
    "Moonrise": ("moonrise", _event),
    "Moonset": ("moonset", _event),
    "Shaka Samvat": ("shaka_samvat", lambda v, d: _year(v)),
    "Vikram Samvat": ("vikram_samvat", lambda v, d: _year(v)),
    "Gujarati Samvat": ("gujarati_samvat", lambda v, d: _year(v)),
    "Amanta Month": ("amanta_month", lambda v, d: _month(v)),
    "Purnimanta Month": ("purnimanta_month", lambda v, d: _month(v)),
    "Weekday": ("weekday", lambda v, d: text(v)),
    "Paksha": ("paksha", lambda v, d: text(v)),
    "Pravishte/Gate": ("pravishte", lambda v, d: int(text(v))),
    "Sunsign": ("sun_sign", lambda v, d: _entry(v, d).to_dict()),
    "Moonsign": ("moon_sign", lambda v, d: _entry(v, d).to_dict()),
    "Rahu Kalam": ("rahu_kalam", _interval),
    "Gulikai Kalam": ("gulikai_kalam", _interval),
    "Yamaganda": ("yamaganda", _interval),
    "Abhijit": ("abhijit", _interval),
}


def first_day(page: str, year: int, month: int) -> dict[str, Any]:
    """The page's detailed panchang (always of the 1st of its month) as one record."""
    day = date(year, month, 1)
    focused = _first(
        r'dpFocusedDay[^"]*" data-url="[^"]*date=(\d\d/\d\d/\d{4})"', page, day, "focus"
    )
    if focused != day.strftime("%d/%m/%Y"):
        raise PageError(f"{day}: the detailed panchang is of {focused}")
    start = page.index('<div class="dpPanchang">')
    block = page[start : page.index("dpPanchangLink", start)]
    lists = {**_ENTRIES, **_INTERVALS}
    record: dict[str, Any] = {"date": day.isoformat(), **{key: [] for key in lists.values()}}
    for raw_key, value in _ELEMENT.findall(block):
        key = text(raw_key)
        if key in _ENTRIES:
            record[_ENTRIES[key]].append(_entry(value, day).to_dict())
        elif key in _INTERVALS:
            record[_INTERVALS[key]].append(_interval(value, day))
        elif key in _SINGLE:
            field, read = _SINGLE[key]
            record[field] = read(value, day)
        else:
            raise PageError(f"{day}: unknown detail row {key!r}")
    missing = {field for field, _ in _SINGLE.values()} - record.keys()
    if missing:
        raise PageError(f"{day}: no {sorted(missing)}")
    return record


def pages(repository: Path, commit: str) -> Iterator[tuple[int, int, str]]:
    """(year, month, HTML) of every odd-year page, read with one ``git cat-file --batch``."""
    wanted = [(year, month) for year in YEARS for month in range(1, 13)]
    request = "".join(f"{commit}:{PAGE_PATH.format(year=y, month=m)}\n" for y, m in wanted)
    output = subprocess.run(
        ["git", "--git-dir", str(repository), "cat-file", "--batch"],
        input=request.encode(),
        capture_output=True,
        check=True,
    ).stdout
    stream = io.BytesIO(output)
    for year, month in wanted:
        header = stream.readline().decode().split()
        if len(header) != 3:
            raise PageError(f"{year}-{month:02d}: {' '.join(header)}")
        content = stream.read(int(header[2]))
        stream.readline()
        yield year, month, content.decode("utf-8")


def festival_pages(rows: list[dict[str, str]]) -> str:
    """CSV of each (festival name, path of the page it links to) pair, sorted."""
    pairs = {
        pair
        for row in rows
        if row["festivals"]
        for pair in zip(row["festivals"].split(" | "), row["festival_pages"].split(" | "))
    }
    table = io.StringIO()
    writer = csv.writer(table, lineterminator="\n")
    writer.writerow(("name", "page"))
    writer.writerows(sorted(pairs))
    return table.getvalue()


def _write_gzip(path: Path, content: str) -> None:
    with path.open("wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as packed:
        packed.write(content.encode("utf-8"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("repository", type=Path, help="git directory of dra8an/hindu-calendar")
    parser.add_argument("--commit", default=COMMIT)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    rows: list[dict[str, str]] = []
    firsts: list[dict[str, Any]] = []
    for year, month, page in pages(args.repository, args.commit):
        rows += grid_days(page, year, month)
        firsts.append(first_day(page, year, month))
    table = io.StringIO()
    writer = csv.DictWriter(table, DAY_COLUMNS, lineterminator="\n", extrasaction="ignore")
    writer.writeheader()
    writer.writerows(rows)
    args.out.mkdir(parents=True, exist_ok=True)
    _write_gzip(args.out / "days.csv.gz", table.getvalue())
    lines = "".join(json.dumps(record, ensure_ascii=False) + "\n" for record in firsts)
    _write_gzip(args.out / "first_days.jsonl.gz", lines)
    (args.out / "festival_pages.csv").write_text(festival_pages(rows), encoding="utf-8")
    print(f"{len(rows)} days, {len(firsts)} detailed first days -> {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
