"""CPU per ledger row of loading a batch's (row, subscriber) pairs, tree beside tree.

``ledger.with_subscribers`` for a run's rows in batches of 500, each pair read as rendering
reads it (the row's id and attempts, the subscriber's address and town), on a real
PostgreSQL with 5,000 subscribers owed ahead. Each ``--src`` tree runs in its own process,
the trees alternating for ``--rounds`` rounds; CPU time (``time.process_time``) of the
loading process only, median of 7 passes per process.

    PYTHONPATH=src:. .venv/bin/python bench/pipeline/rows_loading.py --src /tmp/base/src --src src
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SUBSCRIBERS, BATCH, PASSES = 5000, 500, 7


def measure() -> None:
    """One tree (this process's ``lokpanchang``): median CPU ms per row."""
    sys.path.insert(0, str(ROOT))
    from tests import servers

    spec = importlib.util.spec_from_file_location("bb", ROOT / "bench/broadcast/run.py")
    assert spec is not None and spec.loader is not None
    broadcast_bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(broadcast_bench)
    pg = servers.start_postgres()
    try:
        print(json.dumps({"ms_per_row": _passes(pg.create_database(), broadcast_bench)}))
    finally:
        pg.stop()


def _passes(url: str, broadcast_bench) -> float:
    from lokpanchang import clock
    from lokpanchang.broadcast import planner_pass, prepare
    from lokpanchang.broadcast.locks import DatabaseLock
    from lokpanchang.config.loading import load_settings
    from lokpanchang.storage import ledger, migrate
    from lokpanchang.storage.db import transaction

    migrate.upgrade(url)
    now = clock.now()
    later = broadcast_bench.send_time_after(now, 300)
    broadcast_bench.insert_subscribers(url, SUBSCRIBERS, later, now, 0)
    settings = load_settings({"DATABASE_URL": url, "DATA_DIR": "/tmp/rows-loading"})
    planned: list[int] = []
    planner_pass(settings, now, lambda *_: None, DatabaseLock(url), prepare=planned.append)
    prepare.owe_ahead(settings, planned[0], clock.now())
    with transaction(url) as session:
        where = ledger.run_rows(planned[0])
        ids = ledger.ids_in(session, ledger.DAILY, where, ("prepared",))
    times = []
    for _ in range(PASSES):
        started = time.process_time()
        for first in range(0, len(ids), BATCH):
            with transaction(url) as session:
                pairs = ledger.with_subscribers(session, ledger.DAILY, ids[first:][:BATCH])
                read = [(r.id, r.attempts, r.local_date, u.address, u.city) for r, u in pairs]
                assert len(read) == len(pairs)
        times.append((time.process_time() - started) / len(ids) * 1e3)
    return round(statistics.median(times), 4)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--src", type=Path, action="append", required=True)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--one", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        measure()
        return
    found: dict[str, list[float]] = {str(src): [] for src in args.src}
    for _ in range(args.rounds):
        for src in args.src:
            env = {**os.environ, "PYTHONPATH": f"{src.resolve()}:{ROOT}", "LOG_LEVEL": "WARNING"}
            done = subprocess.run(
                [sys.executable, __file__, "--one", "--src", str(src)],
                env=env,
                capture_output=True,
                text=True,
                check=True,
            )
            found[str(src)].append(json.loads(done.stdout.strip().splitlines()[-1])["ms_per_row"])
    for src, values in found.items():
        print(
            json.dumps({"src": src, "median_ms_per_row": statistics.median(values), "runs": values})
        )


if __name__ == "__main__":
    main()
