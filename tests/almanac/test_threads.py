"""Concurrent callers get the same answers as a single caller (Swiss Ephemeris behind a lock)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from datetime import date, timedelta

from lokpanchang.almanac import generate_panchangam_with_timezone, lunisolar, motion

PLACES = [
    (28.6139, 77.2090, "Asia/Kolkata"),
    (40.7128, -74.0060, "America/New_York"),
    (-33.8688, 151.2093, "Australia/Sydney"),
    (69.65, 18.96, "Europe/Oslo"),
]
DAYS = [date(2026, 1, 1) + timedelta(days=37 * step) for step in range(8)]


def _all(place_days):
    return [
        generate_panchangam_with_timezone(*place, target_date=day).to_dict()
        for place, day in place_days
    ]


def test_threads_computing_at_once_agree_with_one_thread():
    work = [(place, day) for place in PLACES for day in DAYS]
    expected = _all(work)
    motion.clear_cache()
    lunisolar.clear_cache()
    with ThreadPoolExecutor(max_workers=6) as pool:
        results = list(pool.map(lambda item: _all([item])[0], work))
    assert results == expected
