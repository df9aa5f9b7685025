"""What observances and muhurtas cost: a year of observances for one place, and a full day
with and without them, side by side in one run; with ``--baseline REV``, the same measured
for git revision REV too, case by case beside this tree (before and after).

    PYTHONPATH=src .venv/bin/python bench/almanac/observances.py [--days 400] [--repeat 3]
        [--baseline main]

"Today's full day" is issue 3's panchangam (``include_observances=False,
include_muhurtas=False``); "+ observances" adds the day's and the next day's festivals and
vrats and any parana falling on the day (what ``broadcast.content`` computes); "+ observances
and muhurtas" is what the public page and ``lokpanchang panchang`` compute; "rendered" adds
turning the bare day and that day into their JSON shape (``to_dict``), where the muhurtas'
local times are made. The same (place, date) cases run every way, interleaved case by case,
every cache emptied before each case ("cold", as the almanac benchmark measures a day) and,
separately, with caches kept across places of the same date ("warm", as in a broadcast).
Each case keeps its best of ``--repeat`` rounds per side; the headline figures are medians
and the ratios to the bare day. A last pass times this tree with the rule table emptied
(``no_rules``) beside the bare day: the least the extras can add, whatever the rules cost.

Each version runs in its own worker process (this script with ``--worker``, the version's
``src`` first on the path), driven one timed call at a time, so the versions alternate call
by call on the shared machine. The baseline's ``src`` is taken with ``git archive``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager, nullcontext
from datetime import date, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from bench.baseline import baseline_source  # noqa: E402

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
SIDES: dict[str, dict[str, Any]] = {
    "bare": {"include_observances": False, "include_muhurtas": False},
    "broadcast": {"include_muhurtas": False},  # what broadcast.content computes
    "full": {},
    # The same two days turned into their JSON shape as well (``to_dict``), as the public
    # page and ``lokpanchang panchang --json`` do: local times are made when read.
    "bare, rendered": {"include_observances": False, "include_muhurtas": False},
    "full, rendered": {},
}
YEAR_PLACES = {"New Delhi": PLACES[0], "New York": PLACES[3]}


def cases(count: int) -> list[tuple[tuple[float, float, str], date]]:
    chooser = random.Random(10)
    start = date(2024, 1, 1)
    return [
        (chooser.choice(PLACES), start + timedelta(days=chooser.randrange(4 * 365)))
        for _ in range(count)
    ]


# --- the worker: one version of the almanac, timing one call per request -------------------


class Worker:
    """Times calls of the almanac on the path (imported here, in the worker process)."""

    def __init__(self, count: int) -> None:
        from run import clear_caches  # type: ignore[import-not-found]  # this directory's

        from lokpanchang.almanac import generate_panchangam_with_timezone

        self.clear, self.day = clear_caches, generate_panchangam_with_timezone
        self.chosen = cases(count)

    def warm_up(self) -> None:
        """One full pass, so every date's Sun and Moon are cached (the warm rounds)."""
        for (latitude, longitude, zone), day in self.chosen:
            self.day(latitude, longitude, zone, day)

    def time_case(self, index: int, side: str, cold: bool) -> float:
        """Seconds for one case one way: a side of ``SIDES``, or one with ``NO_RULES`` after
        its name (this tree only)."""
        if cold:
            self.clear()
        (latitude, longitude, zone), day = self.chosen[index]
        rules_out = side.endswith(NO_RULES)
        with no_rules() if rules_out else nullcontext():
            began = time.perf_counter()
            found = self.day(latitude, longitude, zone, day, **SIDES[side.removesuffix(NO_RULES)])
            if side.endswith("rendered"):
                found.to_dict()
            return time.perf_counter() - began

    def time_year(self, name: str) -> tuple[float, int]:
        """Seconds for a whole year (2026) of observances at a place, cold."""
        from zoneinfo import ZoneInfo

        from lokpanchang.almanac.observances import Place, observances_between

        latitude, longitude, zone = YEAR_PLACES[name]
        self.clear()
        began = time.perf_counter()
        found = observances_between(
            Place(latitude, longitude, ZoneInfo(zone)), date(2026, 1, 1), date(2026, 12, 31), "en"
        )
        return time.perf_counter() - began, len(found.observances)


NO_RULES = ", no rules"


@contextmanager
def no_rules() -> Iterator[None]:
    """The observance engine with every rule taken out: no lunar, Ekadashi, star or solar
    rule is evaluated, so a day "+ observances" computes only what every rule builds on
    (the Hindu days of the day and the next, the tithis touching them, the calendar) and
    "+ observances and muhurtas" that and the muhurtas. No rule code can make a day
    cheaper than this. Patches this tree's private names (the bench's own business)."""
    from lokpanchang.almanac.observances import calendar, table

    empty: dict[tuple[object, str], object] = {
        (calendar, "_RULES_BY_TITHI"): {number: () for number in range(1, 31)},
        (calendar, "_place_ekadashi"): _nothing,
        (calendar, "_leading"): _nothing,
        (calendar, "_place_sankrantis"): _nothing,
        (table, "STARS"): (),
    }
    saved = {where: getattr(*where) for where in empty}
    for (module, name), value in empty.items():
        setattr(module, name, value)
    try:
        yield
    finally:
        for (module, name), value in saved.items():
            setattr(module, name, value)


def _nothing(*_arguments: object, **_keywords: object) -> list[object]:
    return []


def serve(count: int) -> None:
    """The worker loop: one JSON request per line in, one JSON answer per line out."""
    worker = Worker(count)
    for line in sys.stdin:
        request = json.loads(line)
        if request["op"] == "where":
            answer: object = _almanac_file()
        elif request["op"] == "warm_up":
            worker.warm_up()
            answer = None
        elif request["op"] == "year":
            answer = worker.time_year(request["name"])
        else:
            answer = worker.time_case(request["index"], request["side"], request["cold"])
        print(json.dumps(answer), flush=True)


def _almanac_file() -> str:
    import lokpanchang.almanac

    return str(lokpanchang.almanac.__file__)


# --- the driver ----------------------------------------------------------------------------


class Version:
    """One version of the almanac in its own worker process."""

    def __init__(self, label: str, source: Path, count: int) -> None:
        self.label = label
        environment = {**os.environ, "PYTHONPATH": f"{source}{os.pathsep}{Path(__file__).parent}"}
        self.process = subprocess.Popen(
            [sys.executable, __file__, "--worker", "--days", str(count)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=environment,
            cwd=tempfile.gettempdir(),
        )
        print(f"{label}: {self.ask(op='where')}")

    def ask(self, **request: object) -> Any:  # a JSON value
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        return json.loads(self.process.stdout.readline())

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()


def side_by_side(
    versions: list[Version], count: int, repeat: int, cold: bool, sides: Iterable[str] = SIDES
) -> dict:
    """Best-of-``repeat`` seconds per (version, side, case); calls alternate."""
    sides = tuple(sides)
    best = {(v.label, side): [float("inf")] * count for v in versions for side in sides}
    order = sorted(range(count), key=lambda index: cases(count)[index][1])  # warm: by date
    for _ in range(repeat):
        if not cold:
            for version in versions:
                version.ask(op="warm_up")
        for index in order if not cold else range(count):
            for side in sides:
                for version in versions:
                    seconds = version.ask(op="case", index=index, side=side, cold=cold)
                    row = best[version.label, side]
                    row[index] = min(row[index], seconds)
    return best


def years(versions: list[Version], repeat: int) -> None:
    for name in YEAR_PLACES:
        for version in versions:
            runs = [version.ask(op="year", name=name) for _ in range(repeat)]
            print(
                f"a year of observances, {name}, {version.label} ({runs[0][1]} observances): "
                f"{min(seconds for seconds, _ in runs) * 1e3:.1f} ms (cold, best of {repeat})"
            )


def report(label: str, best: dict, versions: list[Version]) -> None:
    for version in versions:
        medians = {side: statistics.median(best[version.label, side]) for side in SIDES}
        means = {side: statistics.mean(best[version.label, side]) for side in SIDES}
        print(f"{label}, {version.label}: today's full day median {medians['bare'] * 1e3:.3f} ms")
        for side, name in (("broadcast", "+ observances"), ("full", "+ observances and muhurtas")):
            print(
                f"  {name}: median {medians[side] * 1e3:.3f} ms; ratio "
                f"{medians[side] / medians['bare']:.3f} (medians), "
                f"{means[side] / means['bare']:.3f} (means); "
                f"added {(medians[side] - medians['bare']) * 1e3:.3f} ms"
            )
        bare, full = medians["bare, rendered"], medians["full, rendered"]
        print(
            f"  rendered (to_dict): today's full day median {bare * 1e3:.3f} ms, + observances "
            f"and muhurtas {full * 1e3:.3f} ms; ratio {full / bare:.3f} (medians), "
            f"{means['full, rendered'] / means['bare, rendered']:.3f} (means)"
        )


def bound(version: Version, count: int, repeat: int) -> None:
    """This tree's day with an empty rule table (``no_rules``) beside the bare day, the
    three alternating case by case: the least the extras can add whatever the rules cost."""
    sides = ("bare", f"broadcast{NO_RULES}", f"full{NO_RULES}")
    for cold in (True, False):
        best = side_by_side([version], count, repeat, cold, sides)
        medians = {side: statistics.median(best[version.label, side]) for side in sides}
        bare = medians["bare"]
        ratios = ", ".join(
            f"+ {name} {medians[side] * 1e3:.3f} ms (ratio {medians[side] / bare:.3f})"
            for side, name in zip(sides[1:], ("observances", "observances and muhurtas"))
        )
        print(
            f"no rules, {'cold' if cold else 'warm'}, {version.label}: today's full day "
            f"{bare * 1e3:.3f} ms; {ratios} (medians)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--days", type=int, default=400)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--baseline", help="a git revision to measure beside this tree")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        serve(args.days)
        return
    with tempfile.TemporaryDirectory() as scratch:
        versions = [Version("this tree", ROOT / "src", args.days)]
        if args.baseline:
            source = baseline_source(args.baseline, Path(scratch))
            versions.insert(0, Version(f"baseline {args.baseline}", source, args.days))
        years(versions, args.repeat)
        for cold in (True, False):
            best = side_by_side(versions, args.days, args.repeat, cold)
            report(f"{'cold' if cold else 'warm'}, {args.days} cases", best, versions)
        bound(versions[-1], args.days, args.repeat)
        for version in versions:
            version.close()


if __name__ == "__main__":
    main()
