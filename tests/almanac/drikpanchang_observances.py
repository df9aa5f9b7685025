"""Our observances against every festival and vrat day of drikpanchang.com's New Delhi month
pages, odd years 1901-2049 (``reference/drikpanchang/observances.csv.gz``).

A case matches when our calendar has its key on its date (with its tradition when the page
prints a separate Vaishnava day). The per-class table (issue 22 item 4):

    PYTHONPATH=src .venv/bin/python -m tests.almanac.drikpanchang_observances [--misses KEY]
"""

from __future__ import annotations

import csv
import gzip
import sys
from collections import defaultdict
from datetime import date
from functools import cache

from lokpanchang.almanac.observances import Calendar, Place, observances_between
from tests.almanac.reference import drikpanchang

CASES_FILE = drikpanchang.HERE / "observances.csv.gz"
NEW_DELHI = Place(drikpanchang.LATITUDE, drikpanchang.LONGITUDE, drikpanchang.ZONE)


@cache
def cases() -> tuple[dict[str, str], ...]:
    """The published cases (date, key, tradition, name, file)."""
    with gzip.open(CASES_FILE, "rt", encoding="utf-8") as stream:
        return tuple(csv.DictReader(stream))


@cache
def calendar(year: int) -> Calendar:
    """Our observances of one year at New Delhi (the pages' place)."""
    return observances_between(NEW_DELHI, date(year, 1, 1), date(year, 12, 31), "en")


def matches(case: dict[str, str]) -> bool:
    """Whether our calendar has the case's key (and tradition) on its date."""
    day = date.fromisoformat(case["date"])
    for item in calendar(day.year).on(day):
        ours = "" if item.tradition is None else item.tradition.value
        if item.key == case["key"] and ours == case["tradition"]:
            return True
    return False


def class_of(case: dict[str, str]) -> str:
    """The class a case is counted in (Ekadashis together, by tradition)."""
    if case["key"].endswith("_ekadashi"):
        return f"ekadashi {case['tradition'] or 'both'}"
    return case["key"] + (f" {case['tradition']}" if case["tradition"] else "")


def tally() -> dict[str, list[dict[str, str]]]:
    """Per class: its cases that match and those that do not (keys ``class``, ``class!``)."""
    found: dict[str, list[dict[str, str]]] = defaultdict(list)
    for case in cases():
        found[class_of(case) + ("" if matches(case) else "!")].append(case)
    return found


def main(argv: list[str]) -> None:
    found = tally()
    classes = sorted({name.rstrip("!") for name in found})
    total = missed = 0
    for name in classes:
        good, bad = len(found[name]), len(found[name + "!"])
        total, missed = total + good + bad, missed + bad
        print(f"{name:36} {good:5}/{good + bad:<5} {100 * good / (good + bad):7.2f} %")
    print(f"{'all':36} {total - missed:5}/{total:<5} {100 * (total - missed) / total:7.2f} %")
    if argv[:1] == ["--misses"]:
        for case in found[argv[1] + "!"]:
            print(case["date"], case["name"])


if __name__ == "__main__":
    main(sys.argv[1:])
