"""The day's muhurtas: choghadiya against drikpanchang.com, varjyam and amrit kalam against
drikpanchang's daily text (both as captured; reference/observances/PROVENANCE.md), and the
rules of hora, brahma muhurta, pradosha and nishita. Tolerance: 2 minutes (printed minutes).
"""

from __future__ import annotations

import json
import re
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from lokpanchang.almanac import daylight, elements
from lokpanchang.almanac.convention import DRIK
from lokpanchang.almanac.muhurtas import (
    AMRIT_GHATI,
    VARJYAM_GHATI,
    day_muhurtas,
    nakshatra_periods,
)
from lokpanchang.almanac.timescale import datetime_from_jd, local_midnight_jd

REFERENCE = json.loads(
    (Path(__file__).parent / "reference" / "observances" / "muhurtas.json").read_text("utf-8")
)
PLACES = json.loads(
    (Path(__file__).parent / "reference" / "observances" / "cases.json").read_text("utf-8")
)["places"]
TOLERANCE = timedelta(minutes=2)
TROMSO = (69.6492, 18.9553, "Europe/Oslo")


def _muhurtas(latitude, longitude, zone_name, day, lang="en"):
    zone = ZoneInfo(zone_name)
    where = daylight.Where(zone, latitude, longitude, DRIK.rising, DRIK)
    frame = daylight.day_frame(day, where)
    before = daylight.day_frame(day - timedelta(days=1), where)
    return day_muhurtas(frame, day, zone, before.sunset, lang, DRIK)


def _utc(text: str, day: str) -> datetime:
    stamp = text if "T" in text else f"{day}T{text}"
    return datetime.fromisoformat(stamp).replace(tzinfo=UTC)


@pytest.mark.parametrize("record_id", sorted(REFERENCE["choghadiya"]["records"]))
def test_choghadiya_matches_drikpanchang(record_id):
    record = REFERENCE["choghadiya"]["records"][record_id]
    place = PLACES[record["place"]]
    ours = _muhurtas(
        place["latitude"], place["longitude"], place["timezone"], date.fromisoformat(record["date"])
    )
    for published, computed in (
        (record["day"], ours.choghadiya_day),
        (record["night"], ours.choghadiya_night),
    ):
        assert [name for name, _, _ in published] == [period.name for period in computed]
        for (_, start, end), period in zip(published, computed):
            assert abs(period.start - _utc(start, record["date"])) <= TOLERANCE
            assert abs(period.end - _utc(end, record["date"])) <= TOLERANCE


_LINE = re.compile(
    r"(Varjyam|Amrit Kalam) - (\d\d:\d\d [AP]M)(?:, (\w{3} \d\d))? to (\d\d:\d\d [AP]M)(?:, (\w{3} \d\d))?"
)


def _local(clock: str, on: str | None, day: date, zone: ZoneInfo) -> datetime:
    when = day if on is None else datetime.strptime(f"{on} {day.year}", "%b %d %Y").date()
    return datetime.combine(when, datetime.strptime(clock, "%I:%M %p").time(), tzinfo=zone)


def _published_periods(entry, zone):
    """(kind, start, end) for every Varjyam / Amrit Kalam line of one day."""
    day = date.fromisoformat(entry["date"])
    found = []
    for line in entry["read"]:
        kind, start, start_on, end, end_on = _LINE.fullmatch(line).groups()
        finish = _local(end, end_on, day, zone)
        # "03:01 AM to 04:48 AM, Apr 02": a start without a date shares the end's date when
        # it is the earlier clock time on it; "11:03 PM to 12:45 AM, Jan 02" starts on the day.
        begin = _local(start, start_on, day, zone)
        if (
            start_on is None
            and end_on is not None
            and datetime.combine(finish.date(), begin.timetz()) <= finish
        ):
            begin = _local(start, end_on, day, zone)
        found.append((kind, begin, finish))
    return found


def _nakshatra_periods(day: date, zone: ZoneInfo, ghatis):
    """Our 4-ghati periods of every nakshatra between the day before and the day after."""
    start = local_midnight_jd(day - timedelta(days=1), zone)
    return [
        (datetime_from_jd(a, zone), datetime_from_jd(b, zone))
        for span in elements.spans(elements.NAKSHATRA, start, start + 3.0, DRIK)
        for a, b in nakshatra_periods(span, ghatis)
    ]


@pytest.mark.parametrize("entry", REFERENCE["nakshatra_periods"]["days"], ids=lambda e: e["date"])
def test_varjyam_and_amrit_kalam_match_drikpanchang(entry):
    zone = ZoneInfo(REFERENCE["nakshatra_periods"]["timezone"])
    day = date.fromisoformat(entry["date"])
    tables = {"Varjyam": VARJYAM_GHATI, "Amrit Kalam": AMRIT_GHATI}
    for kind, start, end in _published_periods(entry, zone):
        ours = _nakshatra_periods(day, zone, tables[kind])
        assert any(abs(a - start) <= TOLERANCE and abs(b - end) <= TOLERANCE for a, b in ours), (
            f"{kind} {start:%m-%d %H:%M}-{end:%H:%M} not among ours"
        )


def test_hora_follows_the_weekday_lord_in_hora_order():
    day = date(2026, 12, 20)  # a Sunday
    ours = _muhurtas(28.63576, 77.22445, "Asia/Kolkata", day)
    names = [period.name for period in ours.hora]
    assert len(names) == 24
    assert names[:8] == ["Sun", "Venus", "Mercury", "Moon", "Saturn", "Jupiter", "Mars", "Sun"]
    # The 25th hora would be the next weekday's lord (Moon, Monday): the 24th is Mercury.
    assert names[-1] == "Mercury"
    assert ours.hora[0].start.strftime("%H:%M") == ours.choghadiya_day[0].start.strftime("%H:%M")
    assert ours.hora[11].end == ours.hora[12].start == ours.choghadiya_night[0].start


def test_night_muhurtas_divide_the_night_in_fifteen():
    day = date(2026, 12, 21)
    ours = _muhurtas(28.63576, 77.22445, "Asia/Kolkata", day)
    night = ours.choghadiya_night[-1].end - ours.choghadiya_night[0].start
    muhurta = night / 15
    assert abs((ours.pradosha.end - ours.pradosha.start) - 3 * muhurta) < timedelta(seconds=2)
    assert abs(ours.nishita.start - (ours.choghadiya_night[0].start + 7 * muhurta)) < timedelta(
        seconds=2
    )
    sunrise = ours.choghadiya_day[0].start
    assert ours.brahma_muhurta.end < sunrise
    previous = sunrise - ours.brahma_muhurta.end
    assert abs((ours.brahma_muhurta.end - ours.brahma_muhurta.start) - previous) < timedelta(
        seconds=2
    )


def test_signs_cover_the_day_in_order():
    ours = _muhurtas(28.63576, 77.22445, "Asia/Kolkata", date(2026, 12, 21))
    assert [p.name for p in ours.chandra_rashi] == ["Mesha", "Vrishabha"]
    sunrise, next_sunrise = ours.choghadiya_day[0].start, ours.choghadiya_night[-1].end
    assert sunrise < ours.chandra_rashi[0].until < next_sunrise
    assert ours.chandra_rashi[1].until is None
    assert [(p.name, p.until) for p in ours.surya_rashi] == [("Dhanu", None)]


def test_names_are_given_in_the_chosen_language():
    ours = _muhurtas(28.63576, 77.22445, "Asia/Kolkata", date(2026, 12, 21), lang="hi")
    assert ours.choghadiya_day[0].name == "अमृत"
    assert ours.hora[0].name == "चंद्र"
    assert ours.chandra_rashi[0].name == "मेष"


def test_polar_night_gives_no_day_divisions_but_still_the_signs():
    ours = _muhurtas(*TROMSO[:2], TROMSO[2], date(2026, 12, 21))
    assert ours.choghadiya_day == ours.choghadiya_night == ours.hora == ()
    assert ours.brahma_muhurta is ours.pradosha is ours.nishita is None
    assert ours.chandra_rashi and ours.surya_rashi
    assert json.dumps(ours.to_dict())


def test_periods_kept_as_instants_read_as_the_local_seconds_and_compare_by_value():
    day, zone = date(2026, 3, 8), "America/New_York"  # the clocks go forward at 02:00
    ours = _muhurtas(40.7143, -74.0060, zone, day)
    again = _muhurtas(40.7143, -74.0060, zone, day)
    where = daylight.Where(ZoneInfo(zone), 40.7143, -74.0060, DRIK.rising, DRIK)
    frame = daylight.day_frame(day, where)
    first, last = ours.choghadiya_day[0], ours.hora[-1]
    truncated = DRIK.truncated_seconds
    assert first.start == datetime_from_jd(frame.sunrise, ZoneInfo(zone), truncated)
    assert last.end == datetime_from_jd(frame.next_sunrise, ZoneInfo(zone), truncated)
    assert first.start.utcoffset() == timedelta(hours=-4)  # after the change: EDT
    assert ours.hora == again.hora and hash(ours.hora) == hash(again.hora)
    assert ours.hora[0] != ours.hora[1] and ours.hora[0] != ours.choghadiya_day[0]
    assert ours.to_dict()["hora"][0]["start"] == first.start.isoformat(timespec="seconds")
