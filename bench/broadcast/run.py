"""The daily broadcast end to end: one zone's subscribers, due in a minute, sent by real workers.

Real PostgreSQL, Redis and Celery workers (started here from the server binaries and
`celery -A lokpanchang.tasks worker`), the planner pass as beat runs it, and the fake Cloud
API with 100 ms latency (`lokpanchang fake-whatsapp`). Three measurements in one run:

1. unpaced: SUBSCRIBERS in one zone (Asia/Kolkata), SEND_RATE far above the channel;
2. paced: PACED subscribers at SEND_RATE=RATE through the shared Redis bucket;
3. the seeds' design as the baseline: one task for the zone sending to each subscriber in
   turn (panchangam computed per subscriber, then one request at a time), BASELINE of them.

Sustained rate runs from the run's due instant to the last accepted send at the fake;
lateness is each send's arrival at the fake minus the due instant; peak RSS is sampled
every 0.5 s over each worker process (the prefork children that send).

    PYTHONPATH=src:. python bench/broadcast/run.py [--subscribers 100000] [--baseline 2000]
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
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import psutil

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests import servers  # noqa: E402

ZONE = "Asia/Kolkata"
TOKEN, PHONE_NUMBER_ID = "bench-token", "4242"
LEAD_SECONDS = 40  # the run falls due this long after planning: workers start meanwhile


def start_fake(port: int) -> subprocess.Popen:
    command = [
        sys.executable,
        "-m",
        "lokpanchang",
        "fake-whatsapp",
        "--port",
        str(port),
        "--token",
        TOKEN,
        "--phone-number-id",
        PHONE_NUMBER_ID,
        "--latency-ms",
        "100",
        "--pair-seconds",
        "0",
        "--keep",
        "1000",
    ]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    process.stdout.readline()
    return process


@contextmanager
def send_servers() -> Iterator[tuple]:
    """Redis, PostgreSQL, a free port and the fake Cloud API on it, started here and
    stopped at the end; the
    package's Celery app (the planner's enqueue) configured from the environment."""
    redis_server, pg = servers.start_redis(), servers.start_postgres()
    port = servers.free_port()
    os.environ.update(
        environment("postgresql://unused", redis_server.url, port, 1e6, tempfile.mkdtemp())
    )
    fake = start_fake(port)
    try:
        yield redis_server, pg, port, fake
    finally:
        fake.terminate()
        fake.wait()
        redis_server.discard()
        pg.discard()


def fake_call(port: int, path: str, method: str = "GET") -> dict:
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", method=method)
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.loads(response.read())


def environment(database_url: str, redis_url: str, port: int, rate: float, data_dir: str) -> dict:
    return {
        "ENVIRONMENT": "test",
        "DATA_DIR": data_dir,
        "DATABASE_URL": database_url,
        "CELERY_BROKER_URL": redis_url,
        "CELERY_RESULT_BACKEND": redis_url,
        "REDIS_URL": redis_url,
        "DELIVERY_BACKEND": "whatsapp",
        "WHATSAPP_BASE_URL": f"http://127.0.0.1:{port}",
        "WHATSAPP_ACCESS_TOKEN": TOKEN,
        "WHATSAPP_PHONE_NUMBER_ID": PHONE_NUMBER_ID,
        "SEND_RATE": str(rate),
        "LOG_LEVEL": "WARNING",
    }


def send_time_after(now: datetime, seconds: int):
    """The next whole local minute in ZONE at least ``seconds`` after ``now``."""
    local = (now + timedelta(seconds=seconds + 59)).astimezone(ZoneInfo(ZONE))
    return local.replace(second=0, microsecond=0).time()


def insert_subscribers(
    database_url: str, count: int, send_time, now: datetime, first_phone: int
) -> None:
    from lokpanchang.storage.addresses import insert_subscribers as insert_rows
    from lokpanchang.storage.db import transaction
    from lokpanchang.storage.models import FOREVER

    rng = random.Random(7)
    places = [(round(rng.uniform(9, 30), 3), round(rng.uniform(72, 88), 3)) for _ in range(100)]
    rows = [
        {
            "address": f"+9190{first_phone + n:08d}",
            "latitude": places[n % 100][0],
            "longitude": places[n % 100][1],
            "timezone": ZONE,
            "language": ("en", "hi")[n % 2],
            "send_time": send_time,
            "created_on": now,
            "obsoleted_on": FOREVER,
            "undeliverable_days": 0,
            "display_name": "",
        }
        for n in range(count)
    ]
    with transaction(database_url) as session:
        insert_rows(session, "whatsapp", rows, now)


def start_workers(env: dict, workers: int, concurrency: int) -> list[subprocess.Popen]:
    full_env = {**os.environ, **env}
    return [
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "lokpanchang.tasks",
                "worker",
                "-Q",
                "default,priority",
                "-c",
                str(concurrency),
                "-n",
                f"bench{i}@%h",
                "--loglevel",
                "WARNING",
            ],
            env=full_env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for i in range(workers)
    ]


def plan(settings) -> list[int]:
    from lokpanchang import broadcast, clock
    from lokpanchang.broadcast.locks import make_lock
    from lokpanchang.tasks.scheduling import enqueue_send

    report = broadcast.planner_pass(settings, clock.now(), enqueue_send, make_lock(settings))
    return report.planned


def run_status(database_url: str, run_id: int):
    from lokpanchang.storage.db import transaction
    from lokpanchang.storage.models import BroadcastRun

    with transaction(database_url) as session:
        run = session.get_one(BroadcastRun, run_id)
        return run.status, run.due_at, run.sent


def wait_for_run(database_url: str, run_id: int, workers: list, deadline_s: float) -> tuple:
    peak_process, peak_total = 0, 0
    deadline = time.monotonic() + deadline_s
    while time.monotonic() < deadline:
        status, due_at, sent = run_status(database_url, run_id)
        if status in ("done", "halted", "missed"):
            return status, due_at, peak_process, peak_total
        rss = [p.memory_info().rss for w in workers for p in _tree(w.pid)]
        peak_process, peak_total = max([peak_process, *rss]), max(peak_total, sum(rss))
        time.sleep(0.5)
    raise TimeoutError(f"run {run_id} not finished within {deadline_s} s")


class CpuMeter:
    """CPU seconds the run's processes use between ``start`` and ``stop``, by part: the
    worker trees, the fake, PostgreSQL (the postmaster's tree) and Redis. A process that
    ended and was reaped is in its parent's children times, so nothing is lost or counted
    twice. Robust where messages/s is not: other work on the machine slows a run but does
    not add to our processes' CPU time."""

    def __init__(self, parts: dict[str, list[int]]) -> None:
        self.parts = parts
        self._start: dict[str, float] = {}

    @classmethod
    def for_servers(cls, pg, redis_server, fake: subprocess.Popen) -> CpuMeter:
        postmaster = int((pg.datadir / "postmaster.pid").read_text().split()[0])
        return cls(
            {"fake": [fake.pid], "postgres": [postmaster], "redis": [redis_server.process.pid]}
        )

    def with_workers(self, workers: list[subprocess.Popen]) -> CpuMeter:
        return CpuMeter({**self.parts, "workers": [w.pid for w in workers]})

    def start(self) -> None:
        self._start = self._totals()

    def stop(self, messages: int) -> dict:
        """CPU ms per message, in all and by part."""
        used = {name: seconds - self._start[name] for name, seconds in self._totals().items()}
        per = {name: round(1000 * seconds / max(messages, 1), 3) for name, seconds in used.items()}
        return {
            "cpu_ms_per_message": round(sum(per.values()), 3),
            "cpu_ms_per_message_by_part": per,
        }

    def _totals(self) -> dict[str, float]:
        return {name: sum(_cpu_seconds(pid) for pid in pids) for name, pids in self.parts.items()}


def _cpu_seconds(pid: int) -> float:
    total = 0.0
    for process in _tree(pid):
        try:
            times = process.cpu_times()
        except psutil.NoSuchProcess:
            continue
        total += times.user + times.system + times.children_user + times.children_system
    return total


def _tree(pid: int) -> list[psutil.Process]:
    try:
        parent = psutil.Process(pid)
        return [parent, *parent.children(recursive=True)]
    except psutil.NoSuchProcess:
        return []


def broadcast_scenario(
    name: str,
    pg,
    redis_url: str,
    port: int,
    count: int,
    rate: float,
    workers: int,
    concurrency: int,
    first_phone: int,
    meter: CpuMeter,
) -> dict:
    import redis

    from lokpanchang import clock
    from lokpanchang.config import load_settings
    from lokpanchang.storage import migrate

    redis.Redis.from_url(redis_url).flushall()  # locks and queues of the previous scenario
    fake_call(port, "/_fake/messages", "DELETE")
    database_url = pg.create_database()
    migrate.upgrade(database_url)
    env = environment(database_url, redis_url, port, rate, tempfile.mkdtemp(prefix="bench-"))
    now = clock.now()
    insert_subscribers(database_url, count, send_time_after(now, LEAD_SECONDS), now, first_phone)
    running = start_workers(env, workers, concurrency)
    meter = meter.with_workers(running)
    try:
        [run_id] = plan(load_settings(env))
        meter.start()
        status, due_at, peak_process, peak_total = wait_for_run(database_url, run_id, running, 3600)
        cpu = meter.stop(count)
    finally:
        for worker in running:
            worker.terminate()
        for worker in running:
            worker.wait(60)
    arrivals = sorted(fake_call(port, "/_fake/accepted-at")["accepted_at"])
    return {
        **summary(
            name,
            status,
            due_at,
            arrivals,
            count,
            rate,
            peak_process,
            peak_total,
            workers,
            concurrency,
        ),
        **cpu,
    }


def summary(
    name, status, due_at, arrivals, count, rate, peak_process, peak_total, workers, concurrency
) -> dict:
    due = due_at.timestamp()
    lateness = [t - due for t in arrivals]
    span = arrivals[-1] - due if arrivals else float("nan")
    result = {
        "scenario": name,
        "run_status": status,
        "subscribers": count,
        "accepted": len(arrivals),
        "workers": workers,
        "concurrency": concurrency,
        "seconds_due_to_last": round(span, 2),
        "messages_per_s": round(len(arrivals) / span, 1),
        "lateness_p50_s": round(statistics.median(lateness), 2),
        "lateness_p99_s": round(lateness[int(0.99 * (len(lateness) - 1))], 2),
        "peak_rss_per_process_mb": round(peak_process / 2**20, 1),
        "peak_rss_all_workers_mb": round(peak_total / 2**20, 1),
    }
    if rate < 1e5:
        result["configured_per_s"] = rate
        result["achieved_fraction"] = round(result["messages_per_s"] / rate, 3)
    return result


def seeds_design(port: int, count: int) -> dict:
    """One task for the zone, each subscriber in turn: compute, render, send, next."""
    import asyncio

    from lokpanchang import clock
    from lokpanchang.almanac import generate_panchangam_with_timezone
    from lokpanchang.delivery.base import OutgoingMessage
    from lokpanchang.delivery.whatsapp import WhatsAppSender
    from lokpanchang.messages import render_daily

    rng = random.Random(7)
    places = [(round(rng.uniform(9, 30), 3), round(rng.uniform(72, 88), 3)) for _ in range(100)]

    today = clock.now().astimezone(ZoneInfo(ZONE)).date()

    async def send_all() -> int:
        sender = WhatsAppSender(
            base_url=f"http://127.0.0.1:{port}",
            api_version="v25.0",
            phone_number_ids=(PHONE_NUMBER_ID,),
            access_token=TOKEN,
        )
        sent = 0
        async with sender:
            for n in range(count):
                latitude, longitude = places[n % 100]
                day = generate_panchangam_with_timezone(latitude, longitude, ZONE, today)
                rendered = render_daily(day, "en")
                message = OutgoingMessage(
                    n, f"+9199{n:08d}", "en", rendered.parameters, template="daily_panchangam"
                )
                result = await sender.send(message)
                sent += result.outcome == "sent"
        return sent

    start = time.perf_counter()
    sent = asyncio.run(send_all())
    elapsed = time.perf_counter() - start
    return {
        "scenario": "seeds_design_one_task_in_turn",
        "subscribers": count,
        "accepted": sent,
        "seconds": round(elapsed, 2),
        "messages_per_s": round(sent / elapsed, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--subscribers", type=int, default=100_000)
    parser.add_argument("--paced", type=int, default=2400)
    parser.add_argument("--rate", type=float, default=80.0)
    parser.add_argument("--baseline", type=int, default=2000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--concurrency", type=int, default=2)
    args = parser.parse_args()
    with send_servers() as (redis_server, pg, port, fake):
        meter = CpuMeter.for_servers(pg, redis_server, fake)
        unpaced = broadcast_scenario(
            "unpaced",
            pg,
            redis_server.url,
            port,
            args.subscribers,
            1e6,
            args.workers,
            args.concurrency,
            0,
            meter,
        )
        print(json.dumps(unpaced), flush=True)
        paced = broadcast_scenario(
            "paced",
            pg,
            redis_server.url,
            port,
            args.paced,
            args.rate,
            args.workers,
            args.concurrency,
            50_000_000,
            meter,
        )
        print(json.dumps(paced), flush=True)
        baseline = seeds_design(port, args.baseline)
        print(json.dumps(baseline), flush=True)
        print(
            json.dumps(
                {
                    "unpaced_over_seeds_design": round(
                        unpaced["messages_per_s"] / baseline["messages_per_s"], 1
                    )
                }
            )
        )


if __name__ == "__main__":
    main()
