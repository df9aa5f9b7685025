"""The WhatsApp channel's own throughput: batches through `WhatsAppSender` against the fake.

Three measurements in one run, against `lokpanchang fake-whatsapp --latency-ms 100` (Meta's
answers take ~100 ms), each sending process shaped like a broadcast worker (batches of
BATCH messages; each batch in its own `asyncio.run` with its own connection pool, as a Celery
task did, or with ``--compare-pools`` side by side with batches on one long-lived loop whose
pool is kept open between them, as a worker's channel now is):

1. unpaced: PROCESSES processes, `SEND_CONCURRENCY` 200 each, MESSAGES in total;
2. the seeds' design as the baseline: one process sending to each subscriber in turn
   (one request at a time), BASELINE messages;
3. paced: PROCESSES processes sharing the Redis token bucket at RATE messages/s.

Rates are counted from the first request (after process start-up) to the last answer,
across all processes.

    PYTHONPATH=src:. python bench/delivery/run.py [--messages 20000] [--baseline 200] [--rate 80]
    PYTHONPATH=src:. python bench/delivery/run.py --messages 20000 --compare-pools 3
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))  # tests.servers starts Redis

from tests import servers  # noqa: E402

BATCH = 500
PARAMETERS = (
    "Sunday 29 Nov 2026, Ujjain",
    "Krishna Shashthi till 01:47 (+1), then Krishna Saptami",
    "Pushya (4) till 10:59, then Ashlesha (1)",
    "Brahma till 17:08, then Indra",
    "Garaja till 14:48, then Vanija",
    "06:49 / 17:40",
    "16:19-17:40",
    "Margashirsha, Vikram Samvat 2083 Parabhava",
)

# One sending process: prints {"first": t, "last": t, "sent": n, "outcomes": {...}} (monotonic).
WORKER = """
import asyncio, json, resource, sys
from collections import Counter
from lokpanchang import clock
from lokpanchang.broadcast.context import run_async
from lokpanchang.delivery.base import OutgoingMessage
from lokpanchang.delivery.pacing import RedisBucket, Unpaced
from lokpanchang.delivery.whatsapp import WhatsAppSender

port, first_id, count, batch, concurrency, redis_url, rate = sys.argv[1:8]
first_id, count, batch, concurrency, rate = int(first_id), int(count), int(batch), int(concurrency), float(rate)
params, kept = tuple(json.loads(sys.argv[8])), sys.argv[9] == "kept"
class FirstSend:
    # Notes when the first request may go out: process start-up is not part of the rate.
    def __init__(self, inner):
        self.inner, self.first = inner, None
    async def acquire(self, key="", ahead=None):
        await self.inner.acquire(key, ahead)
        if self.first is None:
            self.first = clock.monotonic()
    async def release(self):
        await self.inner.release()

inner = RedisBucket(redis_url, rate, key="pacing:bench") if rate else Unpaced()
if sys.argv[9] == "per-batch-per-send":  # the path before: a Redis call for every send
    inner.block = 1
bucket = FirstSend(inner)
sender = WhatsAppSender(base_url=f"http://127.0.0.1:{port}", api_version="v25.0",
                        phone_number_ids=("1",), access_token="T", concurrency=concurrency,
                        bucket=bucket, keep_open=kept)
outcomes = Counter()
def cpu_now():
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime
cpu_start = cpu_now()  # after imports: the CPU of sending only
for offset in range(0, count, batch):
    ids = range(first_id + offset, first_id + min(offset + batch, count))
    messages = [OutgoingMessage(n, f"+9190{n:08d}", "hi", params) for n in ids]
    results = run_async(sender.send_batch(messages)) if kept else asyncio.run(sender.send_batch(messages))
    outcomes.update(str(r.outcome) for r in results)
if kept:
    run_async(sender.close())
usage = resource.getrusage(resource.RUSAGE_SELF)
print(json.dumps({"first": bucket.first, "last": clock.monotonic(), "sent": sum(outcomes.values()),
                  "outcomes": outcomes, "cpu_s": cpu_now() - cpu_start,
                  "peak_rss_mb": usage.ru_maxrss / 1024}))
"""


def start_fake(port: int) -> subprocess.Popen:
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "lokpanchang",
            "fake-whatsapp",
            "--port",
            str(port),
            "--token",
            "T",
            "--phone-number-id",
            "1",
            "--latency-ms",
            "100",
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    process.stdout.readline()
    return process


def run_senders(
    port: int,
    total: int,
    processes: int,
    batch: int,
    concurrency: int,
    redis_url: str,
    rate: float,
    first_id: int,
    pools: str = "per-batch",
    fake: subprocess.Popen | None = None,
) -> dict:
    share = total // processes
    fake_cpu = _cpu_seconds(fake)
    commands = [
        [
            sys.executable,
            "-c",
            WORKER,
            str(port),
            str(first_id + i * share),
            str(share),
            str(batch),
            str(concurrency),
            redis_url,
            str(rate),
            json.dumps(PARAMETERS),
            pools,
        ]
        for i in range(processes)
    ]
    running = [subprocess.Popen(c, stdout=subprocess.PIPE, text=True) for c in commands]
    # The report is the last line (log lines, if any, come before it).
    reports = [json.loads(p.communicate(timeout=3600)[0].splitlines()[-1]) for p in running]
    first, last = min(r["first"] for r in reports), max(r["last"] for r in reports)
    outcomes: dict[str, int] = {}
    for report in reports:
        for name, count in report["outcomes"].items():
            outcomes[name] = outcomes.get(name, 0) + count
    cpu = sum(r["cpu_s"] for r in reports)
    fake_cpu = _cpu_seconds(fake) - fake_cpu
    return {
        "pools": pools,
        "messages": share * processes,
        "processes": processes,
        "seconds": round(last - first, 2),
        "messages_per_s": round(share * processes / (last - first), 1),
        "outcomes": outcomes,
        "sender_cpu_s": round(cpu, 2),
        "messages_per_sender_cpu_s": round(share * processes / cpu),
        "peak_rss_mb": round(max(r["peak_rss_mb"] for r in reports), 1),
        "sender_cpu_ms_per_message": round(1000 * cpu / (share * processes), 3),
        "fake_cpu_ms_per_message": round(1000 * fake_cpu / (share * processes), 3),
    }


def _cpu_seconds(process: subprocess.Popen | None) -> float:
    if process is None:
        return 0.0
    times = psutil.Process(process.pid).cpu_times()
    return times.user + times.system


def compare_pools(port: int, fake: subprocess.Popen, redis_url: str, args) -> None:
    """Before (a pool per batch, a Redis reservation per send) and now (pools kept open,
    reservations by the block), both paced through Redis at a rate far above the fake's,
    alternating round by round; medians at the end."""
    rounds: dict[str, list[dict]] = {"per-batch-per-send": [], "kept": []}
    for number in range(args.compare_pools):
        for pools in rounds:
            first_id = 30_000_000 + number * 1_000_000 + (500_000 if pools == "kept" else 0)
            result = run_senders(
                port,
                args.messages,
                args.processes,
                BATCH,
                200,
                redis_url,
                1e6,
                first_id,
                pools,
                fake,
            )
            rounds[pools].append(result)
            print(json.dumps(result), flush=True)
    for pools, results in rounds.items():
        medians = {
            key: statistics.median(r[key] for r in results)
            for key in ("messages_per_s", "sender_cpu_ms_per_message", "fake_cpu_ms_per_message")
        }
        print(json.dumps({"pools": pools, "medians": medians}), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--messages", type=int, default=20000)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--baseline", type=int, default=200)
    parser.add_argument("--rate", type=float, default=80.0)
    parser.add_argument("--paced-seconds", type=float, default=30.0)
    parser.add_argument("--compare-pools", type=int, default=0, metavar="ROUNDS")
    args = parser.parse_args()
    redis = servers.start_redis()
    port = servers.free_port()
    fake = start_fake(port)
    try:
        if args.compare_pools:
            compare_pools(port, fake, redis.url, args)
            return
        unpaced = run_senders(port, args.messages, args.processes, BATCH, 200, redis.url, 0, 0)
        print(json.dumps({"unpaced": unpaced}), flush=True)
        baseline = run_senders(port, args.baseline, 1, 1, 1, redis.url, 0, 10_000_000)
        print(json.dumps({"seeds_design_one_at_a_time": baseline}), flush=True)
        paced_total = int(args.rate * args.paced_seconds)
        paced = run_senders(
            port, paced_total, args.processes, BATCH, 200, redis.url, args.rate, 20_000_000
        )
        paced["configured_per_s"] = args.rate
        paced["achieved_fraction"] = round(paced["messages_per_s"] / args.rate, 3)
        print(json.dumps({"paced": paced}), flush=True)
        print(
            json.dumps(
                {
                    "unpaced_over_seeds_design": round(
                        unpaced["messages_per_s"] / baseline["messages_per_s"], 1
                    )
                }
            )
        )
    finally:
        fake.terminate()
        fake.wait()
        redis.discard()


if __name__ == "__main__":
    main()
