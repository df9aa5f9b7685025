"""The planner on PostgreSQL, and how late the first send of each run is with a real worker.

1. ``pass``: one ``planner_pass`` over N subscribers (default 1,000,000) in Z zones (400) on a
   fresh PostgreSQL, in steady state (the last day's runs exist), side by side with the
   baseline: the seed planner's only database work, ``SELECT DISTINCT timezone`` of active users.
2. ``lateness``: R runs (40) of S subscribers (200) due every 0.5 s, each enqueued with its
   countdown to a real Celery worker (Redis broker, PostgreSQL, outbox channel); the lateness of
   a run is its first ``sent_at`` minus its ``due_at``.

    CI=1 PYTHONPATH=src:. python bench/planner/run.py [--subscribers 1000000] [--zones 400]

Needs the PostgreSQL and Redis binaries (the test fixtures start throw-away servers).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time as timer
from datetime import UTC, datetime, time, timedelta
from pathlib import Path
from zoneinfo import available_timezones

from sqlalchemy import select, text

from lokpanchang import clock, planning
from lokpanchang.broadcast import planner_pass
from lokpanchang.broadcast.locks import DatabaseLock
from lokpanchang.config import load_settings
from lokpanchang.storage import migrate
from lokpanchang.storage.db import transaction
from lokpanchang.storage.models import BroadcastRun, MessageLog, UserDetail
from tests import servers

SEND_TIMES = (time(6, 30), time(7, 0))  # 1 in 10 subscribers chose 07:00


def zones(count: int) -> list[str]:
    names = sorted(z for z in available_timezones() if "/" in z and not z.startswith(("Etc/", "SystemV")))
    step = max(1, len(names) // count)
    return names[::step][:count]


def populate(url: str, zone_names: list[str], subscribers: int, joined: datetime,
             seven_every: int = 10) -> None:
    """N subscribers spread over the zones (one in ``seven_every`` at 07:00), in one INSERT."""
    with transaction(url) as session:
        session.execute(text("CREATE TEMP TABLE z (i int, name text)"))
        session.execute(text("INSERT INTO z VALUES (:i, :n)"),
                        [{"i": i, "n": n} for i, n in enumerate(zone_names)])
        session.execute(text(
            "INSERT INTO user_detail (phone, display_name, latitude, longitude, timezone, language,"
            " send_time, created_on, obsoleted_on, undeliverable_days) "
            "SELECT '+1' || lpad(g::text, 11, '0'), '', 10.0, 20.0, z.name, 'en',"
            " CASE WHEN g % :seven = 0 THEN time '07:00' ELSE time '06:30' END,"
            " :joined, timestamptz '2099-12-31', 0"
            " FROM generate_series(1, :n) g JOIN z ON z.i = g % :zones"),
            {"n": subscribers, "zones": len(zone_names), "joined": joined, "seven": seven_every})
    with transaction(url) as session:
        session.execute(text("ANALYZE user_detail"))


def steady_state(url: str, zone_names: list[str], now: datetime) -> None:
    """Runs for every slot of the last day, done, as after a day of normal operation."""
    rows = []
    for zone in zone_names:
        for send_time in SEND_TIMES:
            for slot in planning.recent_slots(now, zone, send_time, timedelta(hours=25)):
                rows.append(BroadcastRun(timezone=zone, send_time=send_time, local_date=slot.local_date,
                                         due_at=slot.due_at, status="done", planned_at=slot.due_at))
    with transaction(url) as session:
        session.add_all(rows)


def baseline(url: str, now: datetime) -> None:
    with transaction(url) as session:
        list(session.execute(select(UserDetail.timezone).where(UserDetail.obsoleted_on > now).distinct()))


def bench_pass(pg, args) -> dict:
    url = pg.create_database()
    migrate.upgrade(url)
    names = zones(args.zones)
    start = datetime(2026, 3, 10, 0, 0, tzinfo=UTC)
    populate(url, names, args.subscribers, start - timedelta(days=30))
    steady_state(url, names, start)
    settings = load_settings({}, database_url=url, data_dir=Path(tempfile.mkdtemp()))
    lock, planned = DatabaseLock(url), []
    ours, base = [], []
    for k in range(args.repeat):  # passes every 600 s, interleaved with the baseline
        now = start + timedelta(seconds=600 * k)
        t0 = timer.perf_counter()
        baseline(url, now)
        t1 = timer.perf_counter()
        report = planner_pass(settings, now, lambda run_id, eta: planned.append(run_id), lock)
        t2 = timer.perf_counter()
        base.append(t1 - t0)
        ours.append(t2 - t1)
        assert not report.missed and not report.late, report.to_dict()
    return {"ours": ours, "baseline": base, "runs_planned": len(planned)}


def bench_lateness(pg, redis_server, args) -> list[float]:
    url = pg.create_database()
    migrate.upgrade(url)
    directory = Path(tempfile.mkdtemp(prefix="lokpanchang-bench-"))
    env = {**os.environ, "DATABASE_URL": url, "CELERY_BROKER_URL": redis_server.url,
           "CELERY_RESULT_BACKEND": redis_server.url, "DATA_DIR": str(directory),
           "DELIVERY_BACKEND": "outbox", "BATCH_SIZE": "100", "LOG_LEVEL": "WARNING"}
    worker = subprocess.Popen([sys.executable, "-m", "celery", "-A", "lokpanchang.tasks", "worker",
                               "-c", "2", "-Q", "default,priority", "--without-mingle",
                               "--without-gossip", "--loglevel", "WARNING"], env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        return _lateness_runs(url, env, args)
    finally:
        worker.terminate()
        worker.wait(timeout=30)


def _lateness_runs(url: str, env: dict, args) -> list[float]:
    from lokpanchang.tasks.app import create_celery

    now = clock.now()
    run_ids = _make_runs(url, args.runs, args.per_run, now + timedelta(seconds=15))
    app = create_celery(load_settings(env))
    with transaction(url) as session:
        due = {r.id: r.due_at for r in session.execute(select(BroadcastRun)).scalars()}
    for run_id in run_ids:
        countdown = (due[run_id] - clock.now()).total_seconds()
        app.send_task("tasks.send_for_timezone", args=[run_id], countdown=countdown)
    app.close()
    deadline = timer.monotonic() + 120 + args.runs
    while timer.monotonic() < deadline and _sent(url) < args.runs * args.per_run:
        timer.sleep(0.5)
    with transaction(url) as session:
        firsts = session.execute(text(
            "SELECT run_id, min(sent_at) FROM message_log WHERE status = 'sent' GROUP BY run_id"))
        return [(first - due[run_id]).total_seconds() for run_id, first in firsts]


def _make_runs(url: str, runs: int, per_run: int, first_due: datetime) -> list[int]:
    """Runs due every 0.5 s, each a zone of its own with ``per_run`` subscribers."""
    names = zones(runs)
    populate(url, names, runs * per_run, first_due - timedelta(hours=1), seven_every=10**9)
    with transaction(url) as session:
        rows = [BroadcastRun(timezone=zone, send_time=time(6, 30), local_date=first_due.date(),
                             due_at=first_due + timedelta(seconds=0.5 * i), status="enqueued",
                             planned_at=clock.now()) for i, zone in enumerate(names)]
        session.add_all(rows)
        session.flush()
        return [row.id for row in rows]


def _sent(url: str) -> int:
    with transaction(url) as session:
        return session.execute(select(MessageLog.id).where(MessageLog.status == "sent")
                               .with_only_columns(text("count(*)"))).scalar_one()


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--subscribers", type=int, default=1_000_000)
    parser.add_argument("--zones", type=int, default=400)
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--runs", type=int, default=40)
    parser.add_argument("--per-run", type=int, default=200)
    args = parser.parse_args()
    pg, redis_server = servers.start_postgres(), servers.start_redis()
    try:
        result = bench_pass(pg, args)
        print(f"planner pass, {args.subscribers:,} subscribers in {args.zones} zones "
              f"({result['runs_planned']} runs planned over {args.repeat} passes):")
        for name in ("baseline", "ours"):
            values = [v * 1000 for v in result[name]]
            print(f"  {name:9s} median {statistics.median(values):8.1f} ms  "
                  f"min {min(values):8.1f}  max {max(values):8.1f}")
        late = bench_lateness(pg, redis_server, args)
        print(f"first-send lateness over {len(late)} runs of {args.per_run}: "
              f"p50 {quantile(late, 0.5):.3f} s  p99 {quantile(late, 0.99):.3f} s  "
              f"max {max(late):.3f} s")
    finally:
        redis_server.stop()
        pg.stop()


if __name__ == "__main__":
    main()
