"""Extract the odd-year solar month starts of dra8an/hindu-calendar into ``months.csv``.

Run from the repository root with the fetched bare repository at hand:

    python3 tests/almanac/reference/solar/extract.py /work/.mirror/dra8an+hindu-calendar/repo

It reads ``validation/moshier/solar/<calendar>_months_1900_2050.csv`` at commit ``COMMIT``
with ``git show`` (nothing of that repository is copied here but these facts) and keeps only
the months that start in an odd Gregorian year; a month's length is kept only when its last
day is in an odd year too (even years are the project's held-out check). See PROVENANCE.md.
"""

from __future__ import annotations

import csv
import subprocess
import sys
from datetime import date, timedelta
from pathlib import Path

COMMIT = (
    "bb84cb51c0d7f38cb9fac0a36b6c96ca074bdc5a"  # dra8an/hindu-calendar, 2026-03 (see PROVENANCE.md)
)
CALENDARS = ("tamil", "malayalam", "bengali", "odia")
OUTPUT = Path(__file__).with_name("months.csv")


def source_rows(repository: str, commit: str, calendar: str) -> list[dict[str, str]]:
    path = f"validation/moshier/solar/{calendar}_months_1900_2050.csv"
    text = subprocess.run(
        ["git", "-C", repository, "show", f"{commit}:{path}"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return list(csv.DictReader(text.splitlines()))


def odd_year_rows(calendar: str, rows: list[dict[str, str]]) -> list[dict[str, object]]:
    kept = []
    for row in rows:
        start = date(int(row["greg_year"]), int(row["greg_month"]), int(row["greg_day"]))
        if start.year % 2 == 0:
            continue
        last = start + timedelta(days=int(row["length"]) - 1)
        kept.append(
            {
                "calendar": calendar,
                "month_number": int(row["month"]),
                "year": int(row["year"]),
                "start": start.isoformat(),
                "length": row["length"] if last.year % 2 else "",
                "source_name": row["month_name"],
            }
        )
    return kept


def main(repository: str) -> None:
    rows = [
        row
        for name in CALENDARS
        for row in odd_year_rows(name, source_rows(repository, COMMIT, name))
    ]
    with OUTPUT.open("w", newline="") as out:
        writer = csv.DictWriter(out, fieldnames=list(rows[0]), lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
    print(f"{len(rows)} months from {COMMIT} -> {OUTPUT}")


if __name__ == "__main__":
    main(sys.argv[1])
