"""Hand-written panchangams in issue 3's JSON shape (until the almanac lands on main)."""

from __future__ import annotations

import copy

UJJAIN_DAY = {
    "date": "2026-11-29",
    "timezone": "Asia/Kolkata",
    "latitude": 23.18,
    "longitude": 75.78,
    "city": "Ujjain",
    "sunrise": "2026-11-29T06:52:10+05:30",
    "sunset": "2026-11-29T17:39:02+05:30",
    "next_sunrise": "2026-11-30T06:52:51+05:30",
    "moonrise": "2026-11-29T14:01:00+05:30",
    "moonset": None,
    "vara": {"number": 1, "name": "Sunday", "names": {"hi": "रविवार"}},
    "tithi": [
        {
            "number": 10,
            "name": "Shukla Dashami",
            "paksha": "Shukla",
            "start": "2026-11-28T22:10:00+05:30",
            "end": "2026-11-29T21:14:00+05:30",
            "names": {"hi": "शुक्ल दशमी"},
        },
        {
            "number": 11,
            "name": "Shukla Ekadashi",
            "paksha": "Shukla",
            "start": "2026-11-29T21:14:00+05:30",
            "end": "2026-11-30T19:02:00+05:30",
        },
    ],
    "nakshatra": [
        {
            "number": 26,
            "name": "Uttara Bhadrapada",
            "pada": 3,
            "start": "2026-11-28T10:00:00+05:30",
            "end": "2026-11-30T02:40:00+05:30",
        },
    ],
    "yoga": [
        {
            "number": 16,
            "name": "Siddhi",
            "start": "2026-11-28T12:00:00+05:30",
            "end": "2026-11-29T10:03:00+05:30",
        },
        {
            "number": 17,
            "name": "Vyatipata",
            "start": "2026-11-29T10:03:00+05:30",
            "end": "2026-11-30T07:40:00+05:30",
        },
    ],
    "karana": [
        {
            "number": 19,
            "name": "Taitila",
            "start": "2026-11-28T22:10:00+05:30",
            "end": "2026-11-29T09:40:00+05:30",
        },
        {
            "number": 20,
            "name": "Garaja",
            "start": "2026-11-29T09:40:00+05:30",
            "end": "2026-11-29T21:14:00+05:30",
        },
    ],
    "rahu_kalam": {"start": "2026-11-29T16:18:00+05:30", "end": "2026-11-29T17:39:00+05:30"},
    "yamaganda": {"start": "2026-11-29T12:15:00+05:30", "end": "2026-11-29T13:36:00+05:30"},
    "gulika": {"start": "2026-11-29T14:57:00+05:30", "end": "2026-11-29T16:18:00+05:30"},
    "abhijit": {"start": "2026-11-29T11:54:00+05:30", "end": "2026-11-29T12:37:00+05:30"},
    "durmuhurta": [{"start": "2026-11-29T16:12:00+05:30", "end": "2026-11-29T16:55:00+05:30"}],
    "masa": {
        "amanta": {"number": 9, "name": "Margashirsha"},
        "purnimanta": {"number": 9, "name": "Margashirsha"},
        "adhika": False,
    },
    "samvat": {"shaka": 1948, "vikram": 2083, "samvatsara": "Parabhava"},
    "ritu": {"number": 5, "name": "Hemanta"},
    "ayana": "Dakshinayana",
}


def ujjain_day() -> dict:
    return copy.deepcopy(UJJAIN_DAY)
