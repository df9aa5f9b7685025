"""What observances and muhurtas cost: a year of observances for one place, and a full day
with and without them, side by side in one run.

    PYTHONPATH=src .venv/bin/python bench/almanac/observances.py [--days 400] [--repeat 3]

"Today's full day" is issue 3's panchangam (``include_observances=False,
include_muhurtas=False``); "with extras" adds the day's and the next day's observances, any
parana falling on the day, and the muhurtas. The same (place, date) cases run both ways,
interleaved case by case, every cache emptied before each case ("cold", as the almanac
benchmark measures a day) and, separately, with caches kept across places of the same date
("warm", as in a broadcast). Each case keeps its best of ``--repeat`` rounds per side; the
headline figures are medians and the ratio with/without.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from datetime import date, timedelta
from zoneinfo import ZoneInfo

from run import clear_caches  # type: ignore[import-not-found]  # the almanac benchmark's (this directory is on the path)

from lokpanchang.almanac import generate_panchangam_with_timezone
from lokpanchang.almanac.observances import Place, observances_between

PLACES = [
    (28.6358, 77.2245, "Asia/Kolkata"),
    (19.0760, 72.8777, "Asia/Kolkata"),
    (13.0827, 80.2707, "Asia/Kolkata"),
    (40.7143, -74.0060, "America/New_York"),
    (37.7749, -122.4194, "America/Los_Angeles"),
    (51.5074, -0.1278, "Europe/London"),
    (-33.8688, 151.2093, "Australia/Sydney"),
    (27.7172, 85.3240, "Asia/Kathmandu"),
]
BARE = {"include_observances": False, "include_muhurtas": False}
BROADCAST = {"include_muhurtas": False}  # what broadcast.content computes per place and date


def cases(count: int) -> list[tuple[tuple[float, float, str], date]]:
    chooser = random.Random(10)
    start = date(2024, 1, 1)
    return [
        (chooser.choice(PLACES), start + timedelta(days=chooser.randrange(4 * 365)))
        for _ in range(count)
    ]


def _timed(place, day, options, cold: bool) -> float:
    if cold:
        clear_caches()
    began = time.perf_counter()
    latitude, longitude, zone = place
    generate_panchangam_with_timezone(latitude, longitude, zone, day, **options)
    return time.perf_counter() - began


def side_by_side(chosen, repeat: int, cold: bool) -> list[list[float]]:
    """Best-of-``repeat`` seconds per case: bare, as the broadcast, full; interleaved."""
    sides = [BARE, BROADCAST, {}]
    best = [[float("inf")] * len(chosen) for _ in sides]
    for _ in range(repeat):
        if not cold:  # warm: one pass first, so every date's Sun and Moon are cached
            for (latitude, longitude, zone), day in chosen:
                generate_panchangam_with_timezone(latitude, longitude, zone, day)
        for index, (place, day) in enumerate(chosen):
            for side, options in enumerate(sides):
                best[side][index] = min(best[side][index], _timed(place, day, options, cold))
    return best


def year_of_observances(repeat: int) -> dict[str, float]:
    """Seconds for a whole year of observances at New Delhi and New York (cold, best run)."""
    found = {}
    for name, (lat, lon, zone) in (("New Delhi", PLACES[0]), ("New York", PLACES[3])):
        best = float("inf")
        for _ in range(repeat):
            clear_caches()
            began = time.perf_counter()
            result = observances_between(
                Place(lat, lon, ZoneInfo(zone)), date(2026, 1, 1), date(2026, 12, 31), "en"
            )
            best = min(best, time.perf_counter() - began)
        found[f"{name} ({len(result.observances)} observances)"] = best
    return found


def _report(label: str, sides: list[list[float]]) -> None:
    bare, broadcast, full = ([statistics.median(s) * 1e3, statistics.mean(s) * 1e3] for s in sides)
    print(f"{label}: today's full day median {bare[0]:.3f} ms (mean {bare[1]:.3f})")
    for name, (median, mean) in (
        ("+ observances (broadcast)", broadcast),
        ("+ observances and muhurtas", full),
    ):
        print(f"  {name}: median {median:.3f} ms (mean {mean:.3f}); ratio {median / bare[0]:.3f} "
              f"(medians), {mean / bare[1]:.3f} (means); added {median - bare[0]:.3f} ms")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--days", type=int, default=400)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    for name, seconds in year_of_observances(args.repeat).items():
        print(
            f"a year of observances, {name}: {seconds * 1e3:.1f} ms (cold, best of {args.repeat})"
        )
    chosen = cases(args.days)
    _report(f"cold, {args.days} cases", side_by_side(chosen, args.repeat, cold=True))
    by_date = sorted(chosen, key=lambda case: case[1])
    _report(f"warm, {args.days} cases", side_by_side(by_date, args.repeat, cold=False))


if __name__ == "__main__":
    main()
