"""Benchmark: place lookups before and after remote points consult the remote places.

1. 10,000 ordinary lookups (each within ~5 km of a random town of >= 15,000 people, as in
   bench/import), one by one with ``lookup`` and in bulk with ``lookup_many``: this tree's
   code against a baseline commit's (extracted with ``git archive``), each side in its own
   fresh process, the sides alternating for ``--rounds`` rounds. Each process warms up
   (gazetteer load, one pass over the points) and then times one pass.
2. The one-off cost of the first remote lookup in a process (Kiritimati, which loads the
   table of remote places, ``data/remote_places.csv``), a warm remote lookup after it, and
   the memory it adds.

    PYTHONPATH=src /work/venv/bin/python bench/places/run.py --lookups 10000 --rounds 5
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
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from bench.baseline import baseline_source  # noqa: E402

BASELINE = "442b38e"  # main before remote points consulted places of 500+ (towns only)
REMOTE_POINT = (1.985, -157.475)  # London Village, Kiritimati


def ordinary_points(count: int, seed: int = 7) -> list[tuple[float, float]]:
    from lokpanchang.places.gazetteer import gazetteer

    chooser = random.Random(seed)
    towns = [c for c in gazetteer().cities if c.population >= 15_000]
    points = []
    for _ in range(count):
        town = chooser.choice(towns)
        points.append(
            (
                max(-90.0, min(90.0, town.latitude + chooser.uniform(-0.05, 0.05))),
                max(-180.0, min(180.0, town.longitude + chooser.uniform(-0.05, 0.05))),
            )
        )
    return points


def rss_mb() -> float:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def child_ordinary(count: int) -> dict:
    from lokpanchang.places import lookup
    from lokpanchang.places.batch import lookup_many

    points = ordinary_points(count)
    for point in points:  # warm-up: gazetteer, index and cube caches
        lookup(*point)
    start = time.perf_counter()
    for point in points:
        lookup(*point)
    one_by_one = time.perf_counter() - start
    start = time.perf_counter()
    lookup_many(points)
    bulk = time.perf_counter() - start
    return {"lookup_s": one_by_one, "lookup_many_s": bulk, "rss_mb": rss_mb()}


def child_remote() -> dict:
    from lokpanchang.places import lookup

    lookup(28.6139, 77.2090)
    before = rss_mb()
    start = time.perf_counter()
    first = lookup(*REMOTE_POINT)
    first_s = time.perf_counter() - start
    start = time.perf_counter()
    lookup(REMOTE_POINT[0] + 0.01, REMOTE_POINT[1])
    warm_s = time.perf_counter() - start
    return {
        "first_s": first_s,
        "warm_s": warm_s,
        "rss_added_mb": rss_mb() - before,
        "city": first.city,
    }


def run_child(src: Path, mode: str, count: int) -> dict:
    env = {**os.environ, "PYTHONPATH": str(src)}
    command = [sys.executable, __file__, "--child", mode, "--lookups", str(count)]
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def summary(label: str, values: list[float], scale: float, unit: str) -> str:
    scaled = [v * scale for v in values]
    return f"| {label} | {statistics.median(scaled):.3f} {unit} | {min(scaled):.3f} | {max(scaled):.3f} |"


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--lookups", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--baseline", default=BASELINE)
    parser.add_argument("--child", choices=["ordinary", "remote"])
    args = parser.parse_args()
    if args.child:
        result = child_ordinary(args.lookups) if args.child == "ordinary" else child_remote()
        print(json.dumps(result))
        return 0
    results: dict[str, list[dict]] = {"baseline": [], "new": [], "remote": []}
    with tempfile.TemporaryDirectory() as folder:
        sides = {"baseline": baseline_source(args.baseline, Path(folder)), "new": ROOT / "src"}
        for _ in range(args.rounds):
            for side, src in sides.items():
                results[side].append(run_child(src, "ordinary", args.lookups))
            results["remote"].append(run_child(ROOT / "src", "remote", 0))
    per = 1000.0 / args.lookups
    print("| measure | median | min | max |\n|---|---:|---:|---:|")
    for side in ("baseline", "new"):
        name = f"baseline {args.baseline}" if side == "baseline" else "this tree"
        print(
            summary(
                f"{name}: `lookup`, ms per point", [r["lookup_s"] for r in results[side]], per, "ms"
            )
        )
        print(
            summary(
                f"{name}: `lookup_many`, ms per point",
                [r["lookup_many_s"] for r in results[side]],
                per,
                "ms",
            )
        )
        print(
            summary(f"{name}: process RSS after, MB", [r["rss_mb"] for r in results[side]], 1, "MB")
        )
    remote = results["remote"]
    print(
        summary(
            "first remote lookup (loads the remote places), s",
            [r["first_s"] for r in remote],
            1,
            "s",
        )
    )
    print(summary("next remote lookup, ms", [r["warm_s"] for r in remote], 1000, "ms"))
    print(
        summary(
            "RSS added by the first remote lookup, MB", [r["rss_added_mb"] for r in remote], 1, "MB"
        )
    )
    ratio = statistics.median(r["lookup_s"] for r in results["new"]) / statistics.median(
        r["lookup_s"] for r in results["baseline"]
    )
    print(
        f"\nRatio (median, `lookup`): this tree / baseline = {ratio:.3f}; remote answer: {remote[0]['city']}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
