"""How much of a cold day's elements subset is Swiss Ephemeris itself, beside drik-panchanga
in the same run (issue 22 item 5: is 0.4x drik-panchanga reachable?).

    PYTHONPATH=src .venv/bin/python bench/almanac/swiss_share.py [--cases 300] [--repeat 3]

The cases and the cold subset are ``run.py``'s. Every Swiss Ephemeris function that
``almanac.ephemeris`` calls is wrapped in a CPU-time counter (``time.process_time``, so the
other engineers on the machine do not count), and each subset is timed the same way. The
wrappers add a little to each side, so read the share as an estimate. Reported per
convention, as medians over cases of the best of ``--repeat`` rounds: the time of the subset,
the time inside Swiss Ephemeris, how many calls it made, and the ratio of each to
drik-panchanga's own median day (CPU time, measured in its own process).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from types import SimpleNamespace

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from bench.almanac import run

from lokpanchang.almanac import ASTRONOMICAL, DRIK, ephemeris

CLOCK = time.process_time


class CountingSwiss(SimpleNamespace):
    """``swisseph`` with each function timed; constants pass through."""

    def __init__(self, module) -> None:
        super().__init__()
        self.spent, self.calls = 0.0, 0
        for name in dir(module):
            value = getattr(module, name)
            setattr(self, name, self._timed(value) if callable(value) else value)

    def _timed(self, function):
        def timed(*args):
            started = CLOCK()
            try:
                return function(*args)
            finally:
                self.spent += CLOCK() - started
                self.calls += 1

        return timed


def measure(cases, convention, swiss: CountingSwiss) -> tuple[list[float], list[float], list[int]]:
    totals, inside, calls = [], [], []
    for case in cases:
        run.clear_caches()
        spent, count = swiss.spent, swiss.calls
        started = CLOCK()
        run.our_subset(case, convention)
        totals.append(CLOCK() - started)
        inside.append(swiss.spent - spent)
        calls.append(swiss.calls - count)
    return totals, inside, calls


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=3)
    options = parser.parse_args()
    cases = run.make_cases(options.cases)
    run.ensure_drik()
    swiss = CountingSwiss(vars(ephemeris)["swe"])
    vars(ephemeris)["swe"] = swiss  # every call the almanac makes now goes through it
    rounds: dict[str, list] = {"peer": [], "astronomical": [], "drik": []}
    for _ in range(options.repeat):
        rounds["peer"].append(run.run_drik(cases)["durations"])
        for convention in (ASTRONOMICAL, DRIK):
            rounds[convention.name].append(measure(cases, convention, swiss))
    peer = statistics.median(min(day) for day in zip(*rounds["peer"]))
    print(f"{options.cases} cases, best of {options.repeat} rounds per case, CPU time")
    print(f"drik-panchanga 2.0.0 subset (its own process, wall)   median {peer * 1000:.3f} ms")
    for name in ("astronomical", "drik"):
        best = [min(per_round, key=lambda r: r[0]) for per_round in zip(*_cases(rounds[name]))]
        total = statistics.median(b[0] for b in best)
        inside = statistics.median(b[1] for b in best)
        calls = statistics.median(b[2] for b in best)
        print(
            f"ours {name:<13} subset median {total * 1000:.3f} ms ({total / peer:.2f}x peer), "
            f"inside Swiss Ephemeris {inside * 1000:.3f} ms ({inside / peer:.2f}x peer), "
            f"{calls:.0f} calls"
        )


def _cases(per_round: list[tuple[list, list, list]]) -> list[list[tuple]]:
    """Rounds of (totals, inside, calls) -> per round, a list of per-case triples."""
    return [list(zip(*one_round)) for one_round in per_round]


if __name__ == "__main__":
    main()
