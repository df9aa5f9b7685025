"""Almanac benchmark: our panchangam vs drik-panchanga 2.0.0 (Lahiri), side by side, one run;
and our two conventions (drik, astronomical) against each other.

    PYTHONPATH=src /work/venv/bin/python bench/almanac/run.py [--cases 1000] [--baseline main]

drik-panchanga runs in its own virtualenv (bench/.venv-drik, created here if missing) and its
own process: it installs top-level modules and resets Swiss Ephemeris' global sidereal mode.
Both sides compute the same 1,000 (place, date) cases with every cache emptied before each
case ("cold"), so no case profits from another; a warm pass of ours is reported too. The
machine is shared, so the two sides alternate for --repeat rounds and each case keeps its
fastest round on each side (as timeit does); medians are the headline figures.

``--baseline REV`` adds git revision REV's ``src`` beside this tree: both run the cold subset
and full day (each convention) in fresh worker processes of this script (``--worker``), in
the same alternating rounds, timed in CPU time (``time.process_time``: the other engineers'
load on the shared machine does not count; drik-panchanga's side stays wall time); it prints
each side's median, the ratios between the trees, and the largest move of any sunrise,
sunset or element boundary between them.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import date, datetime, timedelta
from datetime import time as dtime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from bench.baseline import baseline_source

from lokpanchang.almanac import (
    ASTRONOMICAL,
    DRIK,
    Convention,
    daylight,
    elements,
    ephemeris,
    generate_panchangam_with_timezone,
    lunisolar,
    motion,
)
from lokpanchang.almanac.calendars import solar
from lokpanchang.almanac.observances import lunar
from lokpanchang.almanac.timescale import local_midnight_jd

ROOT = Path(__file__).resolve().parents[2]
DRIK_VENV = ROOT / "bench" / ".venv-drik"
DRIK_PYTHON = DRIK_VENV / "bin" / "python"
WORKER = Path(__file__).with_name("drik_worker.py")
PLACES = [  # (latitude, longitude, zone); all below the polar circles, where drik is defined
    (28.6139, 77.2090, "Asia/Kolkata"),
    (19.0760, 72.8777, "Asia/Kolkata"),
    (13.0827, 80.2707, "Asia/Kolkata"),
    (22.5726, 88.3639, "Asia/Kolkata"),
    (12.9716, 77.5946, "Asia/Kolkata"),
    (27.7172, 85.3240, "Asia/Kathmandu"),
    (40.7128, -74.0060, "America/New_York"),
    (37.7749, -122.4194, "America/Los_Angeles"),
    (51.5074, -0.1278, "Europe/London"),
    (59.9139, 10.7522, "Europe/Oslo"),
    (-33.8688, 151.2093, "Australia/Sydney"),
    (-36.8485, 174.7633, "Pacific/Auckland"),
    (1.3521, 103.8198, "Asia/Singapore"),
    (25.2048, 55.2708, "Asia/Dubai"),
    (-26.2041, 28.0473, "Africa/Johannesburg"),
    (43.6532, -79.3832, "America/Toronto"),
    (6.9271, 79.8612, "Asia/Colombo"),
    (-20.1609, 57.5012, "Indian/Mauritius"),
    (64.1466, -21.9426, "Atlantic/Reykjavik"),
    (-12.0464, -77.0428, "America/Lima"),
]


# Strong references: ZoneInfo keeps only 8 zones in its strong cache, and reloading one from
# disk (~0.3 ms) inside the timed region would measure the file system, not the almanac.
ZONES = {zone: ZoneInfo(zone) for _, _, zone in PLACES}


def make_cases(count: int) -> list[dict]:
    rng = random.Random(20261129)
    cases = []
    for _ in range(count):
        latitude, longitude, zone = rng.choice(PLACES)
        day = date(1990, 1, 1) + timedelta(days=rng.randrange(365 * 50))
        noon = datetime.combine(day, dtime(12), tzinfo=ZONES[zone])
        cases.append(
            {
                "latitude": latitude,
                "longitude": longitude,
                "zone": zone,
                "date": day.isoformat(),
                "offset_hours": noon.utcoffset().total_seconds() / 3600,  # type: ignore[union-attr]
            }
        )
    return cases


def ensure_drik() -> None:
    if DRIK_PYTHON.exists():
        return
    subprocess.run([sys.executable, "-m", "venv", str(DRIK_VENV)], check=True)
    subprocess.run(
        [str(DRIK_PYTHON), "-m", "pip", "install", "-q", "drik-panchanga==2.0.0"], check=True
    )


def run_drik(cases: list[dict]) -> dict:
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as handle:
        json.dump(cases, handle)
    out = subprocess.run(
        [str(DRIK_PYTHON), str(WORKER), handle.name],
        check=True,
        capture_output=True,
        text=True,
        cwd=tempfile.gettempdir(),
    )
    Path(handle.name).unlink()
    return json.loads(out.stdout)


def clear_caches() -> None:
    motion.clear_cache()
    lunisolar.clear_cache()
    lunar.clear_cache()
    local_midnight_jd.cache_clear()
    solar.clear_cache()


def our_subset(case: dict, convention: Convention = ASTRONOMICAL) -> dict:
    """Sunrise, sunset and the four elements with end times (drik-panchanga's subset)."""
    zone, day = ZONES[case["zone"]], date.fromisoformat(case["date"])
    where = daylight.Where(zone, case["latitude"], case["longitude"], convention.rising, convention)
    frame = daylight.day_frame(day, where)
    kinds = (elements.TITHI, elements.NAKSHATRA, elements.YOGA, elements.KARANA)
    shared: dict = {}
    spans = {
        kind.name: elements.spans(kind, frame.start, frame.end, convention, shared)
        for kind in kinds
    }
    return {"sunrise": frame.sunrise, "sunset": frame.sunset, **spans}


def our_full(case: dict, convention: Convention = ASTRONOMICAL):
    """Issue 3's full day (observances and muhurtas are measured by observances.py)."""
    return generate_panchangam_with_timezone(
        case["latitude"],
        case["longitude"],
        case["zone"],
        date.fromisoformat(case["date"]),
        convention=convention,
        include_observances=False,
        include_muhurtas=False,
    )


def drik_subset(case: dict) -> dict:
    return our_subset(case, DRIK)


def drik_full(case: dict):
    return our_full(case, DRIK)


def time_ours(
    cases: list[dict], compute, cold: bool, clock=time.perf_counter
) -> tuple[list[float], list]:
    durations, results = [], []
    for case in cases:
        if cold:
            clear_caches()
        started = clock()
        results.append(compute(case))
        durations.append(clock() - started)
    return durations, results


def exact_end(kind: str, number: int, near: float) -> float:
    """The end of element ``number`` by bisection on direct Swiss Ephemeris calls (the judge)."""
    element = elements.KINDS[kind]

    def number_at(jd: float) -> int:
        state = ephemeris.sun_moon(jd, ASTRONOMICAL)  # drik-panchanga's positions
        moon_weight, sun_weight = element.weights
        angle = (moon_weight * state.moon + sun_weight * state.sun) % 360.0
        return int(angle // element.arc) % element.count + 1

    low, high = near - 30 / 86400, near + 30 / 86400
    while high - low > 1e-4 / 86400:
        middle = (low + high) / 2
        low, high = (middle, high) if number_at(middle) == number else (low, middle)
    return (low + high) / 2


def end_differences(ours: list[dict], theirs: list[dict]) -> dict:
    """Differences in seconds between our end times, drik-panchanga's and the exact ones."""
    report: dict[str, Any] = {
        "compared": 0,
        "worst": 0.0,
        "where": "",
        "ours_vs_exact": 0.0,
        "drik_vs_exact": 0.0,
        "judged": 0,
        "over_1s": 0,
    }
    for index, (mine, drik) in enumerate(zip(ours, theirs)):
        for kind in ("tithi", "nakshatra", "yoga", "karana"):
            for number, end in zip(drik[kind][0::2], drik[kind][1::2]):
                match = [span for span in mine[kind] if span.number == number]
                if not match:
                    continue
                report["compared"] += 1
                diff = abs(match[0].end - end) * 86400
                report["over_1s"] += diff > 1.0
                if diff > report["worst"]:
                    report["worst"], report["where"] = diff, f"case {index} {kind} {number}"
                if diff > 0.5 or report["compared"] % 10 == 0:  # every large one, and a sample
                    exact = exact_end(kind, number, match[0].end)
                    report["judged"] += 1
                    report["ours_vs_exact"] = max(
                        report["ours_vs_exact"], abs(match[0].end - exact) * 86400
                    )
                    report["drik_vs_exact"] = max(report["drik_vs_exact"], abs(end - exact) * 86400)
    return report


def sunrise_difference(ours: list[dict], theirs: list[dict]) -> float:
    return max(
        abs(mine["sunrise"] - drik["sunrise"]) * 86400
        for mine, drik in zip(ours, theirs)
        if mine["sunrise"] is not None
    )


def summary(label: str, durations: list[float]) -> str:
    mean = statistics.fmean(durations) * 1000
    median = statistics.median(durations) * 1000
    return f"{label:<44} mean {mean:7.3f} ms/day   median {median:7.3f} ms/day"


TREE_SIDES = {  # worker side -> (compute, convention name)
    "subset": (our_subset, ASTRONOMICAL),
    "subset_drik": (our_subset, DRIK),
    "full": (our_full, ASTRONOMICAL),
    "full_drik": (our_full, DRIK),
}


def _instants(result: dict) -> list[float]:
    """A subset's sunrise, sunset and every element boundary, in a fixed order."""
    values = [result["sunrise"] or 0.0, result["sunset"] or 0.0]
    for kind in ("tithi", "nakshatra", "yoga", "karana"):
        values += [value for span in result[kind] for value in (span.start, span.end)]
    return values


def worker(cases_path: str) -> None:
    """``--worker``: time this interpreter's ``lokpanchang`` (whatever PYTHONPATH gives)."""
    cases = json.loads(Path(cases_path).read_text())
    our_full(cases[0])
    out: dict[str, Any] = {}
    for side, (compute, convention) in TREE_SIDES.items():
        durations, results = time_ours(
            cases, functools.partial(compute, convention=convention), True, time.process_time
        )
        out[side] = durations
        if side.startswith("subset"):
            out[side + "_instants"] = [_instants(result) for result in results]
    print(json.dumps(out))


def run_tree(source: Path, cases_path: str) -> dict:
    environment = {**os.environ, "PYTHONPATH": str(source)}
    command = [sys.executable, str(Path(__file__).resolve()), "--worker", cases_path]
    done = subprocess.run(command, check=True, capture_output=True, text=True, env=environment)
    return json.loads(done.stdout)


def largest_move(ours: list[list[float]], theirs: list[list[float]]) -> tuple[float, int]:
    """The largest difference in seconds between matching instants, and how many > 1 s."""
    worst, over = 0.0, 0
    for mine, base in zip(ours, theirs):
        if len(mine) != len(base):
            return float("inf"), -1
        for a, b in zip(mine, base):
            difference = abs(a - b) * 86400
            worst, over = max(worst, difference), over + (difference > 1.0)
    return worst, over


def compare_trees(options: argparse.Namespace) -> None:
    """``--baseline``: this tree beside ``options.baseline``, both in worker processes."""
    cases = make_cases(options.cases)
    ensure_drik()
    with tempfile.TemporaryDirectory() as scratch:
        base_src = baseline_source(options.baseline, Path(scratch))
        cases_path = str(Path(scratch) / "cases.json")
        Path(cases_path).write_text(json.dumps(cases))
        trees = {"this tree": ROOT / "src", options.baseline: base_src}
        rounds: dict[str, list[Any]] = {"peer": []}
        last: dict[str, dict] = {}
        for _ in range(options.repeat):
            rounds["peer"].append(run_drik(cases)["durations"])
            for label, source in trees.items():
                last[label] = run_tree(source, cases_path)
                for side in TREE_SIDES:
                    rounds.setdefault(f"{label}/{side}", []).append(last[label][side])
    medians = {
        key: statistics.median(min(per_case) for per_case in zip(*values))
        for key, values in rounds.items()
    }
    print(f"{options.cases} cases, best of {options.repeat} alternating rounds, medians (ms/day)")
    print(f"drik-panchanga 2.0.0 subset: {medians['peer'] * 1000:.3f}")
    for label in trees:
        figures = {side: medians[f"{label}/{side}"] for side in TREE_SIDES}
        print(
            f"{label}: "
            + ", ".join(f"{side} {value * 1000:.3f}" for side, value in figures.items())
            + f"; subset/peer {figures['subset'] / medians['peer']:.3f} (astronomical),"
            f" {figures['subset_drik'] / medians['peer']:.3f} (drik);"
            f" drik/astronomical subset {figures['subset_drik'] / figures['subset']:.3f},"
            f" full {figures['full_drik'] / figures['full']:.3f}"
        )
    for side in TREE_SIDES:
        ratio = medians[f"this tree/{side}"] / medians[f"{options.baseline}/{side}"]
        print(f"this tree/{options.baseline}, {side}: {ratio:.3f}")
    for side in ("subset", "subset_drik"):
        key = side + "_instants"
        worst, over = largest_move(last["this tree"][key], last[options.baseline][key])
        print(f"largest instant moved against {options.baseline}, {side}: {worst:.4f} s;"
              f" {over} moved > 1 s")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--baseline", help="a git revision to run beside this tree")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.worker:
        return worker(options.worker)
    if options.baseline:
        return compare_trees(options)
    count = options.cases
    cases = make_cases(count)
    ensure_drik()
    our_full(cases[0])  # warm up imports and the zone database
    sides = ("drik", "subset", "full", "warm", "subset_drik", "full_drik", "warm_drik")
    rounds: dict[str, list[Any]] = {side: [] for side in sides}
    for _ in range(options.repeat):
        drik = run_drik(cases)
        rounds["drik"].append(drik["durations"])
        subset_times, subset_results = time_ours(cases, our_subset, cold=True)
        rounds["subset"].append(subset_times)
        rounds["full"].append(time_ours(cases, our_full, cold=True)[0])
        rounds["warm"].append(time_ours(cases, our_full, cold=False)[0])
        rounds["subset_drik"].append(time_ours(cases, drik_subset, cold=True)[0])
        rounds["full_drik"].append(time_ours(cases, drik_full, cold=True)[0])
        rounds["warm_drik"].append(time_ours(cases, drik_full, cold=False)[0])
    best = {side: [min(per_case) for per_case in zip(*rounds[side])] for side in sides}
    drik_times, subset_cold, full_cold, full_warm = (
        best[side] for side in ("drik", "subset", "full", "warm")
    )
    print(
        f"{count} (place, date) cases, {len(PLACES)} places, dates 1990-2039, "
        f"best of {options.repeat} alternating rounds per case"
    )
    print(summary("drik-panchanga 2.0.0 subset", drik_times))
    print(summary("ours, same subset (cold caches)", subset_cold))
    print(summary("ours, full day (cold caches)", full_cold))
    print(summary("ours, full day (warm caches)", full_warm))
    print(summary("ours drik, same subset (cold caches)", best["subset_drik"]))
    print(summary("ours drik, full day (cold caches)", best["full_drik"]))
    print(summary("ours drik, full day (warm caches)", best["warm_drik"]))
    for side, base in (("subset_drik", "subset"), ("full_drik", "full"), ("warm_drik", "warm")):
        mean = statistics.fmean(best[side]) / statistics.fmean(best[base])
        median = statistics.median(best[side]) / statistics.median(best[base])
        print(f"time ratio drik/astronomical, {base}: mean {mean:.3f}, median {median:.3f}")
    ratio = statistics.fmean(subset_cold) / statistics.fmean(drik_times)
    median_ratio = statistics.median(subset_cold) / statistics.median(drik_times)
    print(f"time ratio ours/drik, subset: mean {ratio:.3f}, median {median_ratio:.3f}")
    ends = end_differences(subset_results, drik["results"])
    print(
        f"largest end-time difference ours vs drik: {ends['worst']:.2f} s over "
        f"{ends['compared']} end times ({ends['where']}); {ends['over_1s']} differ by > 1 s"
    )
    print(
        f"against exact roots (bisection on direct Swiss Ephemeris calls, {ends['judged']} end "
        f"times: every one differing by > 0.5 s and every 10th): ours at most "
        f"{ends['ours_vs_exact']:.2f} s, drik-panchanga at most {ends['drik_vs_exact']:.2f} s"
    )
    print(
        f"largest sunrise difference: {sunrise_difference(subset_results, drik['results']):.2f} s"
    )


if __name__ == "__main__":
    main()
