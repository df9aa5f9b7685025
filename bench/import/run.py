"""Benchmark: `lokpanchang subscribers import` of 100,000 subscribers on SQLite and PostgreSQL.

Baseline, side by side in the same run: the naive way, one ``subscribe()`` call per row
(ORM object, city lookup and flush per row), against the bulk importer on the same first
5,000 rows, both in-process inside one transaction on a fresh database.

    PYTHONPATH=src /work/venv/bin/python bench/import/run.py --rows 100000 --runs 3

PostgreSQL is started from the server binaries by tests/servers.py (fsync off, as in the
test fixtures); SQLite is a file in a temporary folder (WAL, synchronous=NORMAL).
"""

from __future__ import annotations

import argparse
import csv
import io
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "src"), str(ROOT)]

from tests import servers  # noqa: E402

from lokpanchang.places.gazetteer import gazetteer  # noqa: E402
from lokpanchang.storage import migrate  # noqa: E402
from lokpanchang.storage.db import session_factory  # noqa: E402
from lokpanchang.subscribers import import_subscribers, parse_subscribers, subscribe  # noqa: E402

LANGUAGES = ["en", "hi", "ta", "te", "kn", "ml", "mr", "gu", "bn", "sa"]
SEND_TIMES = ["06:30"] * 6 + ["06:00", "05:45", "07:00", "05:30"]
NOW = datetime(2026, 11, 1, 12, tzinfo=UTC)


def generate_csv(rows: int, seed: int = 7) -> str:
    """Subscribers spread over real towns (pop. >= 15,000), each a few km from the centre."""
    chooser = random.Random(seed)
    towns = [c for c in gazetteer().cities if c.population >= 15_000]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["phone", "latitude", "longitude", "name", "language", "send_time"])
    for i in range(rows):
        town = chooser.choice(towns)
        latitude = max(-90.0, min(90.0, town.latitude + chooser.uniform(-0.05, 0.05)))
        longitude = max(-180.0, min(180.0, town.longitude + chooser.uniform(-0.05, 0.05)))
        writer.writerow(
            [
                f"+9198{i:08d}",
                f"{latitude:.5f}",
                f"{longitude:.5f}",
                f"Subscriber {i}",
                chooser.choice(LANGUAGES),
                chooser.choice(SEND_TIMES),
            ]
        )
    return out.getvalue()


def time_cli_import(url: str, path: Path) -> float:
    """Wall-clock seconds of the real command, process start included."""
    env = {**os.environ, "DATABASE_URL": url, "PYTHONPATH": str(ROOT / "src")}
    started = time.perf_counter()
    result = subprocess.run(
        [sys.executable, "-m", "lokpanchang", "subscribers", "import", str(path)],
        env=env,
        capture_output=True,
        text=True,
    )
    elapsed = time.perf_counter() - started
    if result.returncode != 0 or " 0 bad row(s)" not in result.stdout:
        raise SystemExit(f"import failed: {result.stdout}\n{result.stderr}")
    return elapsed


def time_bulk(url: str, text: str) -> float:
    started = time.perf_counter()
    parsed = parse_subscribers(io.StringIO(text, newline=""))
    with session_factory(url).begin() as session:
        import_subscribers(session, [row for _, row in parsed.rows], NOW)
    return time.perf_counter() - started


def time_naive(url: str, text: str) -> float:
    started = time.perf_counter()
    with session_factory(url).begin() as session:
        for row in csv.DictReader(io.StringIO(text, newline="")):
            subscribe(
                session,
                row["phone"],
                float(row["latitude"]),
                float(row["longitude"]),
                now=NOW,
                name=row["name"],
                language=row["language"],
                send_time=row["send_time"],
            )
    return time.perf_counter() - started


def fresh(new_database) -> str:
    url = new_database()
    migrate.upgrade(url)
    return url


def bench_database(label: str, new_database, csv_path: Path, small: str, runs: int) -> dict:
    full = [time_cli_import(fresh(new_database), csv_path) for _ in range(runs)]
    naive = [time_naive(fresh(new_database), small) for _ in range(runs)]
    bulk = [time_bulk(fresh(new_database), small) for _ in range(runs)]
    result: dict[str, Any] = {
        "db": label,
        "full": statistics.median(full),
        "naive": statistics.median(naive),
        "bulk": statistics.median(bulk),
    }
    print(
        f"{label}: `subscribers import` of the full file: median {result['full']:.1f} s "
        f"{[round(t, 1) for t in full]}; baseline rows: naive per-row subscribe() median "
        f"{result['naive']:.2f} s {[round(t, 2) for t in naive]} vs bulk importer median "
        f"{result['bulk']:.2f} s {[round(t, 2) for t in bulk]} -> {result['naive'] / result['bulk']:.1f}x; "
        f"load average now: {os.getloadavg()[0]:.1f}",
        flush=True,
    )
    return result


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, default=100_000)
    parser.add_argument("--baseline-rows", type=int, default=5_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--databases", default="sqlite,postgresql", help="comma-separated")
    args = parser.parse_args()
    workdir = Path(tempfile.mkdtemp(prefix="lokpanchang-bench-import-"))
    text = generate_csv(args.rows)
    csv_path = workdir / "subscribers.csv"
    csv_path.write_text(text)
    small = "".join(text.splitlines(keepends=True)[: args.baseline_rows + 1])
    counter = iter(range(10**6))

    def new_sqlite() -> str:
        return f"sqlite:///{workdir / f'db{next(counter)}.sqlite3'}"

    print(
        f"{args.rows} rows, baseline {args.baseline_rows} rows, {args.runs} runs; "
        f"load average before: {os.getloadavg()[0]:.1f}",
        flush=True,
    )
    if "sqlite" in args.databases:
        bench_database("SQLite", new_sqlite, csv_path, small, args.runs)
    if "postgresql" not in args.databases:
        return 0
    postgres = servers.start_postgres()
    try:
        bench_database("PostgreSQL", postgres.create_database, csv_path, small, args.runs)
    finally:
        postgres.discard()
    return 0


if __name__ == "__main__":
    sys.exit(main())
