"""Checks of the extracted drikpanchang.com month-page files (drikpanchang/README.md).

They check the extraction, not our engine: coverage (every odd-year date, no even-year one),
names, times, the page's own internal consistency, and that the parser reads the shapes it
claims to. Where the source repository is present, also that the committed files are exactly
what the parser writes.
"""

from __future__ import annotations

import gzip
import importlib.util
import subprocess
import sys
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest

from tests.almanac.reference import drikpanchang
from tests.almanac.reference.drikpanchang import days, first_days

ROOT = Path(__file__).resolve().parents[3]
SOURCE = Path("/work/.mirror/dra8an+hindu-calendar/repo")
SCRIPT = ROOT / "scripts" / "drikpanchang_month_pages.py"


def _parser() -> Any:
    spec = importlib.util.spec_from_file_location("drikpanchang_month_pages", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


parser = _parser()


def test_every_date_of_the_odd_years_and_nothing_else():
    dates = [day.date for day in days()]
    first, last = date(1901, 1, 1), date(2049, 12, 31)
    expected = [
        first + timedelta(days=n)
        for n in range((last - first).days + 1)
        if (first + timedelta(days=n)).year % 2 == 1
    ]
    assert dates == expected
    assert len(dates) == 27_375


def test_times_are_plausible_for_new_delhi():
    for day in days():
        assert day.sunrise.date() == day.date == day.sunset.date()
        assert 5 <= day.sunrise.hour <= 8 and 17 <= day.sunset.hour <= 20, day.printed
        for end in (day.moon_sign_end, day.nakshatra_end):
            assert end is None or day.sunrise <= end < day.sunrise + timedelta(hours=25)


def test_the_grid_agrees_with_itself_from_day_to_day():
    """The nakshatra, Moon sign and tithi of a date follow from the day before: the same when
    it printed no end, the next one when it did (rarely the one after, never anything else)."""
    for before, after in zip(days(), days()[1:]):
        if after.date - before.date != timedelta(days=1):
            continue  # 31 December of an odd year -> 1 January two years on
        for field, count in (("nakshatra", 27), ("moon_sign", 12)):
            step = (getattr(after, field) - getattr(before, field)) % count
            ended = getattr(before, f"{field}_end") is not None
            assert step in ((1, 2) if ended else (0,)), (field, before.printed, after.printed)
        # The next date's tithi: the same (it spans two sunrises), the next, or, after a
        # skipped one (two numbers printed), the one after.
        step = (after.tithi - before.tithi) % 30
        assert step in ((2,) if len(before.tithi_numbers) == 2 else (0, 1)), before.printed


def test_one_detailed_first_day_a_month_its_elements_chained():
    records = first_days()
    assert [r.date for r in records] == [
        date(year, month, 1) for year in range(1901, 2050, 2) for month in range(1, 13)
    ]
    for record in records:
        for kind in ("tithi", "nakshatra", "yoga", "karana"):
            entries = getattr(record, kind)
            assert entries, (record.date, kind)
            for entry, following in zip(entries, entries[1:]):
                assert entry.next_name == following.name, (record.date, kind)
                assert entry.end is not None
            assert all(e.end is not None for e in entries[:-1])
        assert len(record.karana) >= 2


def test_the_grid_and_the_detail_print_the_same_first_day():
    grid = {day.date: day for day in days()}
    for record in first_days():
        day = grid[record.date]
        assert record.record["sunrise"] == day.printed["sunrise"]
        assert record.record["sunset"] == day.printed["sunset"]
        assert record.tithi[0].name == day.printed["tithi"]


GRID_CELL = (
    '<div class="dpMonthGridCell" data-url="/panchang/month-panchang.html?date=03/01/1901">'
    '<div class="dpCellDate"><span class="dpSunriseTiming"><img alt="Sunrise"><br>07:06</span>'
    '<span class="dpBigDate">3</span><span class="dpSmallDate">13,14</span>'
    '<span class="dpSunsetTiming"><img alt="Sunset"><br>17:28</span></div>'
    '<span class="dpCellTithi">Trayodashi Shukla</span>'
    '<div class="dpMoonTiming"><img alt="Moon">Vrishabha 15:53</div>'
    '<div class="dpNakshatra"><img alt="Star">P Phalguni 27:28+</div>'
    '<div class="dpCellFestivalName"><a href="/a/b.html?year=1901" title="<img src=\'x\'> '
    'A <br> on">Chhoti Holi</a><br><a href="/c.html" title="t">Holika Dahan</a><br></div></div>'
)


def test_the_parser_reads_a_grid_cell():
    row = parser.grid_day(GRID_CELL)
    assert row["date"] == "1901-01-03"
    assert (row["sunrise"], row["sunset"]) == ("07:06", "17:28")
    assert (row["tithi"], row["paksha"], row["tithi_numbers"]) == ("Trayodashi", "Shukla", "13,14")
    assert (row["moon_sign"], row["moon_sign_end"]) == ("Vrishabha", "15:53")
    assert (row["nakshatra"], row["nakshatra_end"]) == ("P Phalguni", "27:28+")
    assert row["festivals"] == "Chhoti Holi | Holika Dahan"
    assert row["festival_pages"] == "/a/b.html | /c.html"


@pytest.mark.parametrize("printed", ["25:10", "23:10+", "07:61", "7:10"])
def test_the_parser_refuses_a_time_it_does_not_know(printed):
    with pytest.raises(parser.PageError, match="grid time"):
        parser.grid_clock(printed, date(1901, 1, 3))


def test_the_parser_reads_detail_times_across_the_year_end():
    assert parser.detail_clock("05:29 AM , Jan 02", date(1901, 1, 1)) == "1901-01-02T05:29"
    assert parser.detail_clock("12:10 AM", date(1901, 1, 1)) == "1901-01-01T00:10"
    assert parser.detail_clock("12:10 PM, Jan 01", date(1901, 12, 31)) == "1902-01-01T12:10"


@pytest.mark.slow
@pytest.mark.skipif(not SOURCE.exists(), reason=f"the month pages' repository is not at {SOURCE}")
def test_the_committed_files_are_what_the_parser_writes(tmp_path):
    subprocess.run(
        [sys.executable, str(SCRIPT), str(SOURCE)] + ["--out", str(tmp_path)],
        check=True,
        capture_output=True,
    )
    for name in ("days.csv.gz", "first_days.jsonl.gz"):
        written = gzip.decompress((tmp_path / name).read_bytes())
        assert written == gzip.decompress((drikpanchang.HERE / name).read_bytes()), name
    assert (tmp_path / "festival_pages.csv").read_text() == (
        drikpanchang.HERE / "festival_pages.csv"
    ).read_text()
