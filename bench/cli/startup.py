"""Benchmark: how long `lokpanchang --version` and `lokpanchang --help` take as whole processes,
this checkout against a baseline checkout (each with its own ./.venv), in turn A B A B ….

    python bench/cli/startup.py --baseline /path/to/main-checkout --runs 15

Each run is a fresh process through the checkout's console script (``.venv/bin/lokpanchang``),
as a user runs it; CPU is the child's user + system time (``getrusage``), wall is from spawn
to exit. Medians are quoted, and the ratio this/baseline pair by pair.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CASES = (("--version",), ("--help",))


def one_run(checkout: Path, arguments: tuple[str, ...]) -> tuple[float, float]:
    """(wall s, CPU s) of one ``lokpanchang ARGUMENTS`` from ``checkout``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(
        [str(checkout / ".venv" / "bin" / "lokpanchang"), *arguments],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def side_by_side(this: Path, baseline: Path, arguments: tuple[str, ...], runs: int) -> dict:
    one_run(this, arguments), one_run(baseline, arguments)  # warm the file cache
    pairs = [(one_run(this, arguments), one_run(baseline, arguments)) for _ in range(runs)]
    return {
        "this_wall": statistics.median(a[0] for a, _ in pairs),
        "this_cpu": statistics.median(a[1] for a, _ in pairs),
        "base_wall": statistics.median(b[0] for _, b in pairs),
        "base_cpu": statistics.median(b[1] for _, b in pairs),
        "ratio_cpu": statistics.median(a[1] / b[1] for a, b in pairs),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", type=Path, required=True, help="the other checkout")
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    print("| command | this: wall / CPU (median) | baseline: wall / CPU | CPU ratio |")
    print("| --- | --- | --- | --- |")
    for arguments in CASES:
        r = side_by_side(ROOT, args.baseline.resolve(), arguments, args.runs)
        print(
            f"| `lokpanchang {' '.join(arguments)}` | {r['this_wall']:.3f} s / {r['this_cpu']:.3f} s "
            f"| {r['base_wall']:.3f} s / {r['base_cpu']:.3f} s | {r['ratio_cpu']:.3f} |"
        )


if __name__ == "__main__":
    main()
