"""One zone's daily run through the one pipeline, side by side with one task per subscriber.

1. ours: SUBSCRIBERS in Asia/Kolkata, two WhatsApp numbers, real PostgreSQL 15 and Redis
   (started here from the server binaries), WORKERS x ``celery worker -c CONCURRENCY``
   (prefork), the planner pass as beat runs it, ``lokpanchang fake-whatsapp`` with 100 ms
   latency and both numbers. Rate = accepted / (last arrival - due instant); the sustained
   rate is the middle 80 % of arrivals; lateness = arrival - due; RSS is sampled every 0.5 s
   over every worker process, and its peak over the first and the second half of the run is
   printed (growth shows as the second above the first).
2. the peer (``bench/pipeline/peer.py``): PEER subscribers, ``send_one.delay(phone)`` each, on
   PEER_WORKERS x ``-P gevent -c GREENLETS`` with a pooled ``requests.Session``, against the
   same fake (its first number). Rate = accepted / (last arrival - first enqueue).

Duplicates are counted by the fake: templates accepted for someone who already had one.

    PYTHONPATH=src:. python bench/pipeline/run.py [--subscribers 1000000] [--peer 20000]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests import servers  # noqa: E402

_spec = importlib.util.spec_from_file_location("broadcast_bench", ROOT / "bench/broadcast/run.py")
assert _spec is not None and _spec.loader is not None
broadcast_bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(broadcast_bench)

TOKEN, NUMBERS = "bench-token", ("4242", "4343")
LEAD_SECONDS = 60  # planning to the due instant: workers start and the run's rows are owed


def start_fake(port: int) -> subprocess.Popen:
    command = [
        *(sys.executable, "-m", "lokpanchang", "fake-whatsapp", "--port", str(port)),
        *("--token", TOKEN, "--phone-number-id", ",".join(NUMBERS), "--latency-ms", "100"),
        *("--pair-seconds", "0", "--keep", "1000"),
    ]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    process.stdout.readline()
    return process


def reset_fake(port: int) -> None:
    broadcast_bench.fake_call(port, "/_fake/messages", "DELETE")


def fake_state(port: int) -> tuple[list[float], dict]:
    arrivals = sorted(broadcast_bench.fake_call(port, "/_fake/accepted-at")["accepted_at"])
    return arrivals, broadcast_bench.fake_call(port, "/_fake/messages")


class RssSampler(threading.Thread):
    """Samples (seconds since start, largest RSS of one process) over a set of process trees."""

    def __init__(self, roots: list[subprocess.Popen]) -> None:
        super().__init__(daemon=True)
        self.roots, self.done = roots, threading.Event()
        self.samples: list[tuple[float, int]] = []

    def run(self) -> None:
        start = time.monotonic()
        while not self.done.is_set():
            rss = [p.memory_info().rss for r in self.roots for p in _tree(r.pid)]
            if rss:
                self.samples.append((time.monotonic() - start, max(rss)))
            self.done.wait(0.5)

    def halves(self) -> tuple[float, float]:
        end = self.samples[-1][0] if self.samples else 0.0
        first = [r for t, r in self.samples if t <= end / 2] or [0]
        second = [r for t, r in self.samples if t > end / 2] or [0]
        return round(max(first) / 2**20, 1), round(max(second) / 2**20, 1)


def _tree(pid: int) -> list[psutil.Process]:
    try:
        parent = psutil.Process(pid)
        return [parent, *parent.children(recursive=True)]
    except psutil.NoSuchProcess:
        return []


def rates(arrivals: list[float], start: float) -> dict:
    middle = arrivals[len(arrivals) // 10 : len(arrivals) * 9 // 10]
    lateness = [t - start for t in arrivals]
    return {
        "accepted": len(arrivals),
        "seconds_start_to_last": round(arrivals[-1] - start, 2),
        "messages_per_s": round(len(arrivals) / (arrivals[-1] - start), 1),
        "sustained_per_s_middle_80pct": round(len(middle) / (middle[-1] - middle[0]), 1),
        "lateness_p50_s": round(statistics.median(lateness), 2),
        "lateness_p99_s": round(lateness[int(0.99 * (len(lateness) - 1))], 2),
    }


def ours(pg, redis_url: str, port: int, count: int, workers: int, concurrency: int, meter) -> dict:
    import redis

    from lokpanchang import clock
    from lokpanchang.config import load_settings
    from lokpanchang.storage import migrate

    redis.Redis.from_url(redis_url).flushall()
    reset_fake(port)
    url = pg.create_database()
    migrate.upgrade(url)
    env = broadcast_bench.environment(url, redis_url, port, 1e6, tempfile.mkdtemp(prefix="bench-"))
    env.update(WHATSAPP_PHONE_NUMBER_ID=",".join(NUMBERS), WHATSAPP_ACCESS_TOKEN=TOKEN)
    env.update(WHATSAPP_TEMPLATE_CATEGORY="utility")
    now = clock.now()
    send_time = broadcast_bench.send_time_after(now, LEAD_SECONDS)
    started = time.monotonic()
    broadcast_bench.insert_subscribers(url, count, send_time, now, 0)
    print(json.dumps({"inserted": count, "seconds": round(time.monotonic() - started, 1)}))
    running = broadcast_bench.start_workers(env, workers, concurrency)
    sampler = RssSampler(running)
    meter = meter.with_workers(running)
    try:
        [run_id] = broadcast_bench.plan(load_settings(env))
        sampler.start()
        meter.start()
        status, due_at, *_ = broadcast_bench.wait_for_run(url, run_id, running, 7200)
        cpu = meter.stop(count)
    finally:
        sampler.done.set()
        for worker in running:
            worker.terminate()
        for worker in running:
            worker.wait(60)
    arrivals, listing = fake_state(port)
    first_half, second_half = sampler.halves()
    return {
        "scenario": "ours: one pipeline, batches of 500, two numbers",
        "run_status": status,
        "subscribers": count,
        "workers": f"{workers} x prefork -c {concurrency}",
        **rates(arrivals, due_at.timestamp()),
        "recipients_by_number": listing["recipients_by_number"],
        "duplicates": listing["repeated_templates"],
        "peak_rss_per_process_mb_first_half": first_half,
        "peak_rss_per_process_mb_second_half": second_half,
        **cpu,
    }


def peer(redis_url: str, port: int, count: int, workers: int, greenlets: int, meter) -> dict:
    import redis

    redis.Redis.from_url(redis_url).flushall()
    reset_fake(port)
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "src")]),
        "PEER_BROKER_URL": redis_url,
        "PEER_BASE_URL": f"http://127.0.0.1:{port}",
        "PEER_TOKEN": TOKEN,
        "PEER_NUMBER": NUMBERS[0],
    }
    command = [sys.executable, "-m", "celery", "-A", "bench.pipeline.peer", "worker"]
    running = [
        subprocess.Popen(
            [*command, "-P", "gevent", "-c", str(greenlets), "-n", f"peer{i}@%h", "-l", "WARNING"],
            env=env,
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for i in range(workers)
    ]
    os.environ.update({k: v for k, v in env.items() if k.startswith("PEER_")})
    from bench.pipeline.peer import app, send_one

    app.conf.update(broker_url=redis_url)
    time.sleep(8)  # the workers connect before the first enqueue (so start-up is not counted)
    sampler = RssSampler(running)
    sampler.start()
    meter = meter.with_workers(running)
    meter.start()
    start = time.time()
    for n in range(count):
        send_one.delay(f"+9177{n:08d}")
    deadline = time.monotonic() + 1800
    while time.monotonic() < deadline:
        _, listing = fake_state(port)
        if listing["totals"].get("accepted", 0) >= count:
            break
        time.sleep(1)
    cpu = meter.stop(count)
    time.sleep(5)  # late duplicates, if any, arrive too
    sampler.done.set()
    for worker in running:
        worker.terminate()
    for worker in running:
        worker.wait(60)
    arrivals, listing = fake_state(port)
    return {
        "scenario": "peer: send_one.delay(phone) per subscriber, gevent pool, requests.Session",
        "subscribers": count,
        "workers": f"{workers} x gevent -c {greenlets}",
        **rates(arrivals, start),
        "duplicates": listing["repeated_templates"],
        "peak_rss_per_process_mb": max(sampler.halves()),
        **cpu,
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--subscribers", type=int, default=1_000_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--concurrency", type=int, default=2)
    parser.add_argument("--peer", type=int, default=20_000)
    parser.add_argument("--peer-workers", type=int, default=2)
    parser.add_argument("--greenlets", type=int, default=300)
    args = parser.parse_args()
    print(json.dumps({"load_average_at_start": os.getloadavg()}), flush=True)
    redis_server, pg = servers.start_redis(), servers.start_postgres()
    port = servers.free_port()
    os.environ.update(
        broadcast_bench.environment("postgresql://unused", redis_server.url, port, 1e6, "/tmp")
    )
    fake = start_fake(port)
    meter = broadcast_bench.CpuMeter.for_servers(pg, redis_server, fake)
    try:
        mine = ours(
            pg, redis_server.url, port, args.subscribers, args.workers, args.concurrency, meter
        )
        print(json.dumps(mine), flush=True)
        if not args.peer:
            return
        theirs = peer(redis_server.url, port, args.peer, args.peer_workers, args.greenlets, meter)
        print(json.dumps(theirs), flush=True)
        ratio = mine["messages_per_s"] / theirs["messages_per_s"]
        print(
            json.dumps({"ours_over_peer": round(ratio, 2), "load_average_at_end": os.getloadavg()})
        )
    finally:
        fake.terminate()
        fake.wait()
        redis_server.discard()
        pg.discard()


if __name__ == "__main__":
    main()
