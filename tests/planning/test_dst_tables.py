"""Send instants on the 2026 transition days of six zones, worked out by hand from the tz rules.

Rules used (tzdata, as in force for 2026):
  America/New_York   EST -5 / EDT -4; starts Mar Sun>=8 2:00, ends Nov Sun>=1 2:00
  Europe/London      GMT 0 / BST +1; starts Mar lastSun 1:00u, ends Oct lastSun 1:00u
  Australia/Lord_Howe  +10:30 / +11:00 (a 30-minute DST); ends Apr Sun>=1 2:00, starts Oct Sun>=1 2:00
  America/Santiago   -4 / -3; ends Apr Sun>=2 3:00u, starts Sep Sun>=2 4:00u (midnight transitions)
  Asia/Kathmandu     +5:45 fixed since 1986 (no transition: a quarter-hour zone as an ordinary day)
  Pacific/Chatham    +12:45 / +13:45; ends Apr Sun>=1 2:45s, starts Sep lastSun 2:45s
2026-01-01 is a Thursday, so the Sundays used are Mar 8, Mar 29, Apr 5, Sep 6, Sep 27, Oct 4,
Oct 25 and Nov 1. Gap rule: moved forward by the gap. Overlap rule: the first occurrence.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta

import pytest

from lokpanchang.planning import due_slots, occurrence


def utc(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=UTC)


NY_SPRING = "New York spring forward 2026-03-08 02:00 EST -> 03:00 EDT (gap 02:00-03:00)"
NY_AUTUMN = "New York fall back 2026-11-01 02:00 EDT -> 01:00 EST (01:00-02:00 twice)"
LONDON_SPRING = "London spring forward 2026-03-29 01:00 GMT -> 02:00 BST (gap 01:00-02:00)"
LONDON_AUTUMN = "London fall back 2026-10-25 02:00 BST -> 01:00 GMT (01:00-02:00 twice)"
LORD_HOWE_AUTUMN = "Lord Howe DST ends 2026-04-05 02:00 +11 -> 01:30 +10:30 (01:30-02:00 twice)"
LORD_HOWE_SPRING = "Lord Howe DST starts 2026-10-04 02:00 +10:30 -> 02:30 +11 (30-minute gap)"
SANTIAGO_AUTUMN = (
    "Santiago DST ends 2026-04-05 00:00 -03 -> 2026-04-04 23:00 -04 (Sat 23:00-24:00 twice)"
)
SANTIAGO_SPRING = "Santiago DST starts 2026-09-06 00:00 -04 -> 01:00 -03 (gap 00:00-01:00)"
KATHMANDU = "Kathmandu +05:45 all year: no transition"
CHATHAM_AUTUMN = "Chatham DST ends 2026-04-05 03:45 +13:45 -> 02:45 +12:45 (02:45-03:45 twice)"
CHATHAM_SPRING = "Chatham DST starts 2026-09-27 02:45 +12:45 -> 03:45 +13:45 (gap 02:45-03:45)"

# (zone, local date, send time, due instant in UTC, what happens that day)
TABLE = [
    ("America/New_York", date(2026, 3, 8), time(6, 30), utc("2026-03-08T10:30"), NY_SPRING),
    (
        "America/New_York",
        date(2026, 3, 8),
        time(2, 30),
        utc("2026-03-08T07:30"),
        NY_SPRING,
    ),  # 03:30 EDT
    ("America/New_York", date(2026, 3, 8), time(1, 30), utc("2026-03-08T06:30"), NY_SPRING),
    ("America/New_York", date(2026, 3, 8), time(0, 0), utc("2026-03-08T05:00"), NY_SPRING),
    ("America/New_York", date(2026, 11, 1), time(6, 30), utc("2026-11-01T11:30"), NY_AUTUMN),
    ("America/New_York", date(2026, 11, 1), time(2, 30), utc("2026-11-01T07:30"), NY_AUTUMN),
    (
        "America/New_York",
        date(2026, 11, 1),
        time(1, 30),
        utc("2026-11-01T05:30"),
        NY_AUTUMN,
    ),  # EDT, first
    ("America/New_York", date(2026, 11, 1), time(0, 0), utc("2026-11-01T04:00"), NY_AUTUMN),
    ("Europe/London", date(2026, 3, 29), time(6, 30), utc("2026-03-29T05:30"), LONDON_SPRING),
    ("Europe/London", date(2026, 3, 29), time(2, 30), utc("2026-03-29T01:30"), LONDON_SPRING),
    (
        "Europe/London",
        date(2026, 3, 29),
        time(1, 30),
        utc("2026-03-29T01:30"),
        LONDON_SPRING,
    ),  # 02:30 BST
    ("Europe/London", date(2026, 3, 29), time(0, 0), utc("2026-03-29T00:00"), LONDON_SPRING),
    ("Europe/London", date(2026, 10, 25), time(6, 30), utc("2026-10-25T06:30"), LONDON_AUTUMN),
    ("Europe/London", date(2026, 10, 25), time(2, 30), utc("2026-10-25T02:30"), LONDON_AUTUMN),
    (
        "Europe/London",
        date(2026, 10, 25),
        time(1, 30),
        utc("2026-10-25T00:30"),
        LONDON_AUTUMN,
    ),  # BST, first
    ("Europe/London", date(2026, 10, 25), time(0, 0), utc("2026-10-24T23:00"), LONDON_AUTUMN),
    (
        "Australia/Lord_Howe",
        date(2026, 4, 5),
        time(6, 30),
        utc("2026-04-04T20:00"),
        LORD_HOWE_AUTUMN,
    ),
    (
        "Australia/Lord_Howe",
        date(2026, 4, 5),
        time(2, 30),
        utc("2026-04-04T16:00"),
        LORD_HOWE_AUTUMN,
    ),
    (
        "Australia/Lord_Howe",
        date(2026, 4, 5),
        time(1, 30),
        utc("2026-04-04T14:30"),
        LORD_HOWE_AUTUMN,
    ),  # +11, first
    (
        "Australia/Lord_Howe",
        date(2026, 4, 5),
        time(1, 45),
        utc("2026-04-04T14:45"),
        LORD_HOWE_AUTUMN,
    ),  # +11, first
    (
        "Australia/Lord_Howe",
        date(2026, 4, 5),
        time(0, 0),
        utc("2026-04-04T13:00"),
        LORD_HOWE_AUTUMN,
    ),
    (
        "Australia/Lord_Howe",
        date(2026, 10, 4),
        time(6, 30),
        utc("2026-10-03T19:30"),
        LORD_HOWE_SPRING,
    ),
    (
        "Australia/Lord_Howe",
        date(2026, 10, 4),
        time(2, 30),
        utc("2026-10-03T15:30"),
        LORD_HOWE_SPRING,
    ),  # gap's end
    (
        "Australia/Lord_Howe",
        date(2026, 10, 4),
        time(2, 15),
        utc("2026-10-03T15:45"),
        LORD_HOWE_SPRING,
    ),  # 02:45 +11
    (
        "Australia/Lord_Howe",
        date(2026, 10, 4),
        time(1, 30),
        utc("2026-10-03T15:00"),
        LORD_HOWE_SPRING,
    ),
    (
        "Australia/Lord_Howe",
        date(2026, 10, 4),
        time(0, 0),
        utc("2026-10-03T13:30"),
        LORD_HOWE_SPRING,
    ),
    ("America/Santiago", date(2026, 4, 5), time(6, 30), utc("2026-04-05T10:30"), SANTIAGO_AUTUMN),
    ("America/Santiago", date(2026, 4, 5), time(2, 30), utc("2026-04-05T06:30"), SANTIAGO_AUTUMN),
    ("America/Santiago", date(2026, 4, 5), time(1, 30), utc("2026-04-05T05:30"), SANTIAGO_AUTUMN),
    (
        "America/Santiago",
        date(2026, 4, 5),
        time(0, 0),
        utc("2026-04-05T04:00"),
        SANTIAGO_AUTUMN,
    ),  # -04, once
    (
        "America/Santiago",
        date(2026, 4, 4),
        time(23, 30),
        utc("2026-04-05T02:30"),
        SANTIAGO_AUTUMN,
    ),  # -03, first
    ("America/Santiago", date(2026, 9, 6), time(6, 30), utc("2026-09-06T09:30"), SANTIAGO_SPRING),
    ("America/Santiago", date(2026, 9, 6), time(2, 30), utc("2026-09-06T05:30"), SANTIAGO_SPRING),
    ("America/Santiago", date(2026, 9, 6), time(1, 30), utc("2026-09-06T04:30"), SANTIAGO_SPRING),
    (
        "America/Santiago",
        date(2026, 9, 6),
        time(0, 0),
        utc("2026-09-06T04:00"),
        SANTIAGO_SPRING,
    ),  # 01:00 -03
    (
        "America/Santiago",
        date(2026, 9, 6),
        time(0, 15),
        utc("2026-09-06T04:15"),
        SANTIAGO_SPRING,
    ),  # 01:15 -03
    ("Asia/Kathmandu", date(2026, 3, 29), time(6, 30), utc("2026-03-29T00:45"), KATHMANDU),
    ("Asia/Kathmandu", date(2026, 3, 29), time(2, 30), utc("2026-03-28T20:45"), KATHMANDU),
    ("Asia/Kathmandu", date(2026, 3, 29), time(1, 30), utc("2026-03-28T19:45"), KATHMANDU),
    ("Asia/Kathmandu", date(2026, 3, 29), time(0, 0), utc("2026-03-28T18:15"), KATHMANDU),
    ("Pacific/Chatham", date(2026, 4, 5), time(6, 30), utc("2026-04-04T17:45"), CHATHAM_AUTUMN),
    (
        "Pacific/Chatham",
        date(2026, 4, 5),
        time(3, 0),
        utc("2026-04-04T13:15"),
        CHATHAM_AUTUMN,
    ),  # +13:45, first
    ("Pacific/Chatham", date(2026, 4, 5), time(2, 30), utc("2026-04-04T12:45"), CHATHAM_AUTUMN),
    ("Pacific/Chatham", date(2026, 4, 5), time(1, 30), utc("2026-04-04T11:45"), CHATHAM_AUTUMN),
    ("Pacific/Chatham", date(2026, 4, 5), time(0, 0), utc("2026-04-04T10:15"), CHATHAM_AUTUMN),
    ("Pacific/Chatham", date(2026, 9, 27), time(6, 30), utc("2026-09-26T16:45"), CHATHAM_SPRING),
    (
        "Pacific/Chatham",
        date(2026, 9, 27),
        time(3, 0),
        utc("2026-09-26T14:15"),
        CHATHAM_SPRING,
    ),  # 04:00 +13:45
    ("Pacific/Chatham", date(2026, 9, 27), time(2, 30), utc("2026-09-26T13:45"), CHATHAM_SPRING),
    ("Pacific/Chatham", date(2026, 9, 27), time(1, 30), utc("2026-09-26T12:45"), CHATHAM_SPRING),
    ("Pacific/Chatham", date(2026, 9, 27), time(0, 0), utc("2026-09-26T11:15"), CHATHAM_SPRING),
]
IDS = [f"{zone}-{day}-{send:%H%M}" for zone, day, send, _, _ in TABLE]


@pytest.mark.parametrize(("zone", "day", "send_time", "due", "transition"), TABLE, ids=IDS)
def test_the_send_instant_follows_the_gap_and_fold_rules(zone, day, send_time, due, transition):
    assert occurrence(zone, day, send_time) == due, transition


@pytest.mark.parametrize(("zone", "day", "send_time", "due", "transition"), TABLE, ids=IDS)
def test_the_pass_ten_minutes_before_plans_that_instant_once(zone, day, send_time, due, transition):
    result = due_slots(due - timedelta(minutes=10), [(zone, send_time)], timedelta(seconds=900))
    assert [(s.due_at, s.local_date) for s in result.slots] == [(due, day)], transition


def test_the_table_covers_six_zones_and_four_send_times_on_each_transition_day():
    days = {(zone, day) for zone, day, *_ in TABLE if day.day != 4 or zone != "America/Santiago"}
    for zone, day in days:
        times = {send for z, d, send, *_ in TABLE if (z, d) == (zone, day)}
        assert {time(6, 30), time(2, 30), time(1, 30), time(0, 0)} <= times, (zone, day)
    assert len({zone for zone, _ in days}) == 6
