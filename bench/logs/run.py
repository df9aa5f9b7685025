"""What writing one log line costs, this tree side by side with a baseline commit's, in one run.

Each side writes LINES access-log-sized lines through ``JsonLinesLogger`` (no stream, the
day's file under a fresh directory), alternating side by side ROUNDS times; medians of
microseconds per line.

    PYTHONPATH=src .venv/bin/python bench/logs/run.py --baseline 1268a22
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LINE = (
    '{"event": "127.0.0.1 \\"GET /healthz HTTP/1.0\\" 200 77 1ms \\"ApacheBench/2.3\\"", '
    '"level": "info", "logger": "gunicorn.access", "ts": "2026-12-01T18:00:00.000000Z"}'
)


def tree_of(commit: str) -> str:
    directory = Path(tempfile.mkdtemp(prefix="bench-logs-"))
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", commit, "src"], check=True, capture_output=True
    )
    subprocess.run(["tar", "-x", "-C", str(directory)], input=archive.stdout, check=True)
    return str(directory / "src")


def microseconds_per_line(src: str, lines: int) -> float:
    sys.path.insert(0, src)
    for name in [name for name in sys.modules if name.startswith("lokpanchang")]:
        del sys.modules[name]
    from lokpanchang.logs import JsonLinesLogger

    writer = JsonLinesLogger(None, Path(tempfile.mkdtemp(prefix="bench-logs-dir-")))
    started = time.perf_counter()
    for _ in range(lines):
        writer.msg(LINE)
    elapsed = time.perf_counter() - started
    sys.path.remove(src)
    return 1e6 * elapsed / lines


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--baseline", required=True, help="the commit to compare with")
    parser.add_argument("--lines", type=int, default=20_000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    sides = {f"before ({args.baseline})": tree_of(args.baseline), "this tree": str(ROOT / "src")}
    times: dict[str, list[float]] = {name: [] for name in sides}
    for _ in range(args.rounds):
        for name, src in sides.items():
            times[name].append(microseconds_per_line(src, args.lines))
    for name, values in times.items():
        print(
            f"{name}: median {statistics.median(values):.1f} us per line over {args.rounds} rounds"
        )


if __name__ == "__main__":
    main()
