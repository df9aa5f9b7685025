"""A year for one place from the command line: `lokpanchang panchang --days 365 --json`,
this tree beside a baseline revision and the `drik` convention beside `astronomical`, in one
run (issue 22 item 5: at most 1 s).

    PYTHONPATH=src .venv/bin/python bench/almanac/days.py [--baseline main] [--repeat 5]

Each (version, convention) runs the whole command in a fresh process (`python -m
lokpanchang`, the version's `src` first on the path: start-up, 365 full days with
observances and muhurtas, the JSON printed), the sides alternating round by round. Reported
per side: the median wall time and the median CPU time (user + system, from the children's
rusage); on this shared machine the CPU time is the figure to trust, the wall time says how
busy the machine was. Each side's output is hashed, so the report also says whether the
versions print the same year.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from bench.baseline import ROOT, baseline_source

PLACE = ("28.6139", "77.2090", "Asia/Kolkata")  # New Delhi
FIRST_DAY = "2026-01-01"


@dataclass
class Side:
    label: str
    source: Path
    convention: str
    walls: list[float] = field(default_factory=list)
    cpus: list[float] = field(default_factory=list)
    digests: set[str] = field(default_factory=set)

    def command(self, days: int) -> list[str]:
        latitude, longitude, zone = PLACE
        return [
            sys.executable, "-m", "lokpanchang", "panchang", "--lat", latitude, "--lon",
            longitude, "--tz", zone, "--date", FIRST_DAY, "--days", str(days), "--json",
            "--convention", self.convention,
        ]  # fmt: skip

    def run_once(self, days: int) -> None:
        environment = {**os.environ, "PYTHONPATH": str(self.source)}
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        done = subprocess.run(
            self.command(days), env=environment, capture_output=True, check=True, cwd=ROOT
        )
        self.walls.append(time.perf_counter() - started)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        self.cpus.append(cpu)
        self.digests.add(hashlib.sha256(done.stdout).hexdigest()[:12])

    def line(self) -> str:
        wall, cpu = statistics.median(self.walls), statistics.median(self.cpus)
        return f"{self.label:<34} wall {wall:6.3f} s   cpu {cpu:6.3f} s   output {self.digest}"

    @property
    def digest(self) -> str:
        return ",".join(sorted(self.digests))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--days", type=int, default=365)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--baseline", help="a git revision to run beside this tree")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        versions = [("this tree", ROOT / "src")]
        if options.baseline:
            versions.insert(0, (options.baseline, baseline_source(options.baseline, Path(scratch))))
        sides = [
            Side(f"{label}, {convention}", source, convention)
            for label, source in versions
            for convention in ("astronomical", "drik")
        ]
        for _ in range(options.repeat):
            for side in sides:
                side.run_once(options.days)
    print(f"`lokpanchang panchang --days {options.days} --json`, New Delhi from {FIRST_DAY}, "
          f"median of {options.repeat} alternating rounds")  # fmt: skip
    for side in sides:
        print(side.line())
    cpu = {side.label: statistics.median(side.cpus) for side in sides}
    for label, _ in versions:
        ratio = cpu[f"{label}, drik"] / cpu[f"{label}, astronomical"]
        print(f"cpu ratio drik/astronomical, {label}: {ratio:.3f}")
    if options.baseline:
        for convention in ("astronomical", "drik"):
            ratio = cpu[f"this tree, {convention}"] / cpu[f"{options.baseline}, {convention}"]
            print(f"cpu ratio this tree/{options.baseline}, {convention}: {ratio:.3f}")


if __name__ == "__main__":
    main()
