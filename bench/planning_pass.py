"""One planner pass (the pure part): our forward rule vs the seed's rule, side by side.

Seed's rule (baseline): for each zone, read the local time now; if 06:30 today or tomorrow
is within the next 15 minutes, plan it (no gap/fold handling, 06:30 only).
Ours: lokpanchang.planning.due_slots over (zone, send time) pairs.

    PYTHONPATH=src python bench/planning_pass.py [--zones 400] [--send-times 3] [--repeat 30]

Prints the median and spread of each over ``--repeat`` passes at instants spread over 2026.
"""

from __future__ import annotations

import argparse
import statistics
import time as clock
from datetime import UTC, datetime, time, timedelta
from functools import cache
from zoneinfo import ZoneInfo, available_timezones

from lokpanchang.planning import due_slots

LOOKAHEAD = timedelta(minutes=15)
SEND_TIMES = [time(6, 30), time(7, 0), time(5, 45), time(6, 0), time(8, 15)]


@cache
def cached_zone(name: str) -> ZoneInfo:
    return ZoneInfo(name)


def seed_rule(now: datetime, zones: list[str]) -> list[tuple[str, datetime]]:
    """The seed's planner: 06:30 today or tomorrow, local, inside the next 15 minutes.

    Zones are cached as the planner caches them, so the comparison is about the rule.
    """
    planned = []
    for name in zones:
        local = now.astimezone(cached_zone(name))
        for days in (0, 1):
            target = (local + timedelta(days=days)).replace(
                hour=6, minute=30, second=0, microsecond=0
            )
            if now <= target < now + LOOKAHEAD:
                planned.append((name, target.astimezone(UTC)))
    return planned


def timed(function, *args) -> float:
    start = clock.perf_counter()
    function(*args)
    return clock.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--zones", type=int, default=400)
    parser.add_argument("--send-times", type=int, default=3)
    parser.add_argument("--repeat", type=int, default=30)
    args = parser.parse_args()
    zones = sorted(available_timezones() - {"localtime", "posixrules"})[: args.zones]
    pairs = [(zone, send) for zone in zones for send in SEND_TIMES[: args.send_times]]
    single = [(zone, time(6, 30)) for zone in zones]
    instants = [
        datetime(2026, 1, 1, tzinfo=UTC) + timedelta(hours=293 * n) for n in range(args.repeat)
    ]
    runs: dict[str, list[float]] = {
        "seed rule, 06:30 only": [],
        "due_slots, 06:30 only": [],
        f"due_slots, {args.send_times} send times": [],
    }
    for now in instants:  # interleaved so machine noise hits all three alike
        runs["seed rule, 06:30 only"].append(timed(seed_rule, now, zones))
        runs["due_slots, 06:30 only"].append(timed(due_slots, now, single, LOOKAHEAD))
        runs[f"due_slots, {args.send_times} send times"].append(
            timed(due_slots, now, pairs, LOOKAHEAD)
        )
    print(f"{len(zones)} zones, {args.repeat} passes each (ms per pass)")
    for name, seconds in runs.items():
        ms = sorted(s * 1000 for s in seconds)
        print(
            f"  {name:28s} median {statistics.median(ms):7.2f}  min {ms[0]:7.2f}  max {ms[-1]:7.2f}"
        )


if __name__ == "__main__":
    main()
