"""The planner on PostgreSQL, and how late the first send of each run is with a real worker.

1. ``pass``: one ``planner_pass`` over N subscribers (default 1,000,000) in Z zones (400) on a
   fresh PostgreSQL, in steady state (the last day's runs exist), side by side with the
   baseline: the seed planner's only database work, ``SELECT DISTINCT timezone`` of active users,
   and main's scan before issue 23 item 5 (``first_subscribed``'s GROUP BY over every active
   subscriber, and the subscribers at sunrise due): the pass now seeks each (zone, send time).
2. ``lateness``: R runs (40) of S subscribers (200) in P places each (100), due every
   ``--spacing`` s (0.5),
   each enqueued with its countdown to a real Celery worker (Redis broker, PostgreSQL, outbox
   channel); the lateness of a run is when its first message reached the outbox file (the
   script watches it every 5 ms) minus its ``due_at``. (The ledger's ``sent_at`` is the
   batch's start, before its panchangams are computed, so it cannot show them.) Every other
   run also gets ``tasks.prepare_run`` at once (as the planner queues it when it plans a run),
   the rest compute their panchangams in their batches: both kinds side by side in one run.

    CI=1 PYTHONPATH=src:. python bench/planner/run.py [--subscribers 1000000] [--zones 400]
        [--places 100] [--skip-pass] [--skip-lateness] [--repeat 7]

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
from tests import servers

from lokpanchang import clock, planning
from lokpanchang.broadcast import planner_pass
from lokpanchang.broadcast.locks import DatabaseLock
from lokpanchang.config import load_settings
from lokpanchang.storage import audience, migrate
from lokpanchang.storage.db import engine_for, transaction
from lokpanchang.storage.models import BroadcastRun, MessageLog, PreparedPanchangam, UserDetail

SEND_TIMES = (time(6, 30), time(7, 0))  # 1 in 10 subscribers chose 07:00


def zones(count: int) -> list[str]:
    names = sorted(
        z for z in available_timezones() if "/" in z and not z.startswith(("Etc/", "SystemV"))
    )
    step = max(1, len(names) // count)
    return names[::step][:count]


def populate(
    url: str,
    zone_names: list[str],
    subscribers: int,
    joined: datetime,
    seven_every: int = 10,
    places: int = 1,
) -> None:
    """N subscribers spread over the zones (one in ``seven_every`` at 07:00) and over
    ``places`` places 0.1° apart, in one INSERT; user_detail's secondary indexes are dropped
    before and built again after (much faster than maintaining them row by row)."""
    with transaction(url) as session:
        indexes = _drop_indexes(session)
        session.execute(text("CREATE TEMP TABLE z (i int, name text)"))
        session.execute(
            text("INSERT INTO z VALUES (:i, :n)"),
            [{"i": i, "n": n} for i, n in enumerate(zone_names)],
        )
        session.execute(
            text(
                "INSERT INTO user_detail (channel, display_name, latitude, longitude, timezone,"
                " language, send_time, created_on, obsoleted_on, undeliverable_days) "
                "SELECT 'whatsapp', '', 10.0 + 0.1 * ((g / :zones) % :places),"
                " 20.0, z.name, 'en',"
                " CASE WHEN g % :seven = 0 THEN time '07:00' ELSE time '06:30' END,"
                " :joined, timestamptz '2099-12-31', 0"
                " FROM generate_series(1, :n) g JOIN z ON z.i = g % :zones"
            ),
            {
                "n": subscribers,
                "zones": len(zone_names),
                "joined": joined,
                "seven": seven_every,
                "places": places,
            },
        )
        session.execute(
            text(
                "INSERT INTO subscriber_address (user_id, channel, address, created_on)"
                " SELECT id, channel, '+1' || lpad(id::text, 11, '0'), created_on FROM user_detail"
            )
        )
        for definition in indexes:
            session.execute(text(definition))
    # As autovacuum leaves a settled table: statistics, and a visibility map for index-only scans.
    with engine_for(url).connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
        connection.execute(text("VACUUM ANALYZE user_detail"))


def _drop_indexes(session) -> list[str]:
    """Drop user_detail's indexes that back no constraint; their definitions, to build again."""
    rows = session.execute(
        text(
            "SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'user_detail'"
            " AND indexname NOT IN (SELECT conname FROM pg_constraint)"
        )
    ).all()
    for name, _ in rows:
        session.execute(text(f'DROP INDEX "{name}"'))
    return [definition for _, definition in rows]


def steady_state(url: str, zone_names: list[str], now: datetime) -> None:
    """Runs for every slot of the last day, done, as after a day of normal operation."""
    rows = []
    for zone in zone_names:
        for send_time in SEND_TIMES:
            for slot in planning.recent_slots(now, zone, send_time, timedelta(hours=25)):
                rows.append(
                    BroadcastRun(
                        timezone=zone,
                        send_time=send_time,
                        local_date=slot.local_date,
                        due_at=slot.due_at,
                        status="done",
                        planned_at=slot.due_at,
                    )
                )
    with transaction(url) as session:
        session.add_all(rows)


def main_scan(url: str, now: datetime) -> None:
    """What main's pass read from user_detail: one GROUP BY scan of every active subscriber
    (``first_subscribed``), and the subscribers at sunrise due."""
    with transaction(url) as session:
        audience.first_subscribed(session, now)
        audience.sunrise_subscribers_due(session, now)


def baseline(url: str, now: datetime) -> None:
    with transaction(url) as session:
        list(
            session.execute(
                select(UserDetail.timezone).where(UserDetail.obsoleted_on > now).distinct()
            )
        )


def bench_pass(pg, args) -> dict:
    url = pg.create_database()
    migrate.upgrade(url)
    names = zones(args.zones)
    start = datetime(2026, 3, 10, 0, 0, tzinfo=UTC)
    began = timer.perf_counter()
    populate(url, names, args.subscribers, start - timedelta(days=30))
    steady_state(url, names, start)
    print(f"setup: {args.subscribers:,} subscribers in {timer.perf_counter() - began:.0f} s")
    _check_groups(url, start)
    settings = load_settings({}, database_url=url, data_dir=Path(tempfile.mkdtemp()))
    lock, planned = DatabaseLock(url), []
    times: dict[str, list[float]] = {"baseline": [], "main's scan": [], "ours": []}
    for k in range(args.repeat):  # passes every 600 s, interleaved with the references
        now = start + timedelta(seconds=600 * k)
        t0 = timer.perf_counter()
        baseline(url, now)
        t1 = timer.perf_counter()
        main_scan(url, now)
        t2 = timer.perf_counter()
        report = planner_pass(settings, now, lambda run_id, eta: planned.append(run_id), lock)
        t3 = timer.perf_counter()
        for name, seconds in zip(times, (t1 - t0, t2 - t1, t3 - t2), strict=True):
            times[name].append(seconds)
        assert not report.missed and not report.late, report.to_dict()
    return {**times, "runs_planned": len(planned)}


def _check_groups(url: str, now: datetime) -> None:
    """The pass's groups are main's: the same (zone, send time) pairs as the full scan."""
    with transaction(url) as session:
        groups = audience.active_zone_send_times(session, now)
        assert groups == sorted(audience.first_subscribed(session, now)), "groups differ"
    print(f"groups: {len(groups)} (zone, send time), the same as main's full scan")


def bench_lateness(pg, redis_server, args) -> dict[bool, list[float]]:
    url = pg.create_database()
    migrate.upgrade(url)
    directory = Path(tempfile.mkdtemp(prefix="lokpanchang-bench-"))
    env = {
        **os.environ,
        "DATABASE_URL": url,
        "CELERY_BROKER_URL": redis_server.url,
        "CELERY_RESULT_BACKEND": redis_server.url,
        "DATA_DIR": str(directory),
        "DELIVERY_BACKEND": "outbox",
        "BATCH_SIZE": "100",
        "LOG_LEVEL": "WARNING",
    }
    worker = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "lokpanchang.tasks",
            "worker",
            "-c",
            "2",
            "-Q",
            "default,priority",
            "--without-mingle",
            "--without-gossip",
            "--loglevel",
            "WARNING",
        ],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        return _lateness_runs(url, env, args)
    finally:
        worker.terminate()
        worker.wait(timeout=30)


def _lateness_runs(url: str, env: dict, args) -> dict[bool, list[float]]:
    """First-send lateness by whether the run was prepared (every other run is)."""
    from lokpanchang.tasks.app import create_celery

    now = clock.now()
    run_ids = _make_runs(
        url, args.runs, args.per_run, now + timedelta(seconds=15), args.places, args.spacing
    )
    prepared = set(run_ids[::2])
    app = create_celery(load_settings(env))
    with transaction(url) as session:
        due = {r.id: r.due_at for r in session.execute(select(BroadcastRun)).scalars()}
    for run_id in run_ids:
        if run_id in prepared:
            app.send_task("tasks.prepare_run", args=[run_id])
        countdown = (due[run_id] - clock.now()).total_seconds()
        app.send_task("tasks.send_for_timezone", args=[run_id], countdown=countdown)
    app.close()
    arrivals = _watch_outbox(
        Path(env["DATA_DIR"]) / "outbox.jsonl",
        args.runs * args.per_run,
        timer.monotonic() + 120 + args.runs * args.spacing,
    )
    with transaction(url) as session:
        run_of = dict(session.execute(select(MessageLog.id, MessageLog.run_id)).all())
    firsts: dict[int, datetime] = {}
    for ledger_id, instant in arrivals.items():
        run_id = run_of[ledger_id] or 0
        firsts[run_id] = min(instant, firsts.get(run_id, instant))
    late: dict[bool, list[float]] = {True: [], False: []}
    for run_id, first in firsts.items():
        late[run_id in prepared].append((first - due[run_id]).total_seconds())
    _check_prepared(url, due, prepared)
    return late


def _check_prepared(url: str, due: dict, prepared: set[int]) -> None:
    """Say how many stored panchangams were there before their run's instant (a sanity check)."""
    with transaction(url) as session:
        zone_due = {
            r.timezone: (r.due_at, r.id in prepared)
            for r in session.execute(select(BroadcastRun)).scalars()
        }
        rows = session.execute(select(PreparedPanchangam.key, PreparedPanchangam.created_at)).all()
    ahead = {True: 0, False: 0}
    for key, created_at in rows:
        due_at, was_prepared = zone_due[key.split(",")[2]]
        ahead[was_prepared] += created_at < due_at
    print(
        f"stored before the instant: {ahead[True]} for prepared runs, {ahead[False]} for the others;"
        f" {len(rows)} stored in all"
    )


def _watch_outbox(path: Path, expected: int, deadline: float) -> dict[int, datetime]:
    """When each ledger id first appeared in the outbox file (polled every 5 ms)."""
    import json

    seen: dict[int, datetime] = {}
    offset, partial = 0, b""
    while timer.monotonic() < deadline and len(seen) < expected:
        if path.exists():
            with path.open("rb") as handle:
                handle.seek(offset)
                chunk = handle.read()
            offset += len(chunk)
            now = clock.now()
            *lines, partial = (partial + chunk).split(b"\n")
            for line in lines:
                if line.strip():
                    seen.setdefault(json.loads(line)["ledger_id"], now)
        timer.sleep(0.005)
    return seen


def _make_runs(
    url: str, runs: int, per_run: int, first_due: datetime, places: int, spacing: float
) -> list[int]:
    """Runs due every ``spacing`` s, each a zone of its own with ``per_run`` subscribers."""
    names = zones(runs)
    populate(
        url, names, runs * per_run, first_due - timedelta(hours=1), seven_every=10**9, places=places
    )
    with transaction(url) as session:
        rows = [
            BroadcastRun(
                timezone=zone,
                send_time=time(6, 30),
                local_date=first_due.date(),
                due_at=first_due + timedelta(seconds=spacing * i),
                status="enqueued",
                planned_at=clock.now(),
            )
            for i, zone in enumerate(names)
        ]
        session.add_all(rows)
        session.flush()
        return [row.id for row in rows]


def report_pass(result: dict, args) -> None:
    print(
        f"planner pass, {args.subscribers:,} subscribers in {args.zones} zones "
        f"({result['runs_planned']} runs planned over {args.repeat} passes):"
    )
    for name in ("baseline", "main's scan", "ours"):
        values = [v * 1000 for v in result[name]]
        print(
            f"  {name:11s} median {statistics.median(values):8.1f} ms  "
            f"min {min(values):8.1f}  max {max(values):8.1f}"
        )
    base, ours = statistics.median(result["baseline"]), statistics.median(result["ours"])
    scan = statistics.median(result["main's scan"])
    print(f"  ratios of medians: ours / baseline {ours / base:.3f}, ", end="")
    print(f"main's scan / baseline {scan / base:.3f}")


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
    parser.add_argument("--places", type=int, default=100, help="distinct places in each run")
    parser.add_argument("--spacing", type=float, default=0.5, help="seconds between due instants")
    parser.add_argument("--skip-pass", action="store_true", help="measure the lateness only")
    parser.add_argument("--skip-lateness", action="store_true", help="measure the pass only")
    args = parser.parse_args()
    pg, redis_server = servers.start_postgres(), servers.start_redis()
    try:
        if not args.skip_pass:
            report_pass(bench_pass(pg, args), args)
        if args.skip_lateness:
            return
        late = bench_lateness(pg, redis_server, args)
        for prepared, label in ((False, "computed in the batch"), (True, "prepared ahead")):
            values = late[prepared]
            print(
                f"first-send lateness, {label}, {len(values)} runs of {args.per_run} in "
                f"{args.places} places: p50 {quantile(values, 0.5):.3f} s  "
                f"p99 {quantile(values, 0.99):.3f} s  max {max(values):.3f} s"
            )
    finally:
        redis_server.discard()
        pg.discard()


if __name__ == "__main__":
    main()
