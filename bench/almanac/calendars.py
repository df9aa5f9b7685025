"""What the regional calendars cost a day: the full day with and without ``calendars``.

    PYTHONPATH=src .venv/bin/python bench/almanac/calendars.py [--cases 300] [--repeat 5]

The same cases as ``run.py`` (its places and dates); each case is timed with every cache
emptied first ("cold", as ``run.py``) and again right after ("warm"), on two sides that
alternate for --repeat rounds, each case keeping its fastest round on each side: ``with``
is ``generate_panchangam_with_timezone`` as shipped; ``without`` is the same call with the
calendars step replaced by nothing. Medians in milliseconds; the ratio is with / without.
"""

from __future__ import annotations

import argparse
import statistics
import time
from datetime import date

from run import clear_caches, make_cases  # type: ignore[import-not-found]

from lokpanchang.almanac import generate_panchangam_with_timezone
from lokpanchang.almanac.calendars import day as calendar_day

CALENDARS = calendar_day.day_calendars


def _day(case: dict) -> object:
    return generate_panchangam_with_timezone(
        case["latitude"],
        case["longitude"],
        case["zone"],
        date.fromisoformat(case["date"]),
        include_observances=False,
        include_muhurtas=False,
    )


def _timed(case: dict, with_calendars: bool) -> tuple[float, float]:
    calendar_day.day_calendars = CALENDARS if with_calendars else (lambda *_: None)  # type: ignore[assignment]
    try:
        clear_caches()  # run.py's: every cache, the months' first days too
        started = time.perf_counter()
        _day(case)
        cold = time.perf_counter() - started
        started = time.perf_counter()
        _day(case)
        return cold, time.perf_counter() - started
    finally:
        calendar_day.day_calendars = CALENDARS


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cases", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=5)
    arguments = parser.parse_args()
    cases = make_cases(arguments.cases)
    best = {side: [(float("inf"), float("inf"))] * len(cases) for side in (True, False)}
    for _ in range(arguments.repeat):
        for side in (True, False):
            for index, case in enumerate(cases):
                cold, warm = _timed(case, side)
                before = best[side][index]
                best[side][index] = (min(before[0], cold), min(before[1], warm))
    for pass_index, name in enumerate(("cold", "warm")):
        medians = {
            side: statistics.median(pair[pass_index] for pair in best[side]) * 1000 for side in best
        }
        print(
            f"{name}: with calendars {medians[True]:.3f} ms, without {medians[False]:.3f} ms,"
            f" ratio {medians[True] / medians[False]:.2f}"
        )


if __name__ == "__main__":
    main()
