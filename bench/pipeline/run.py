"""One zone's daily run through the one pipeline, side by side with one task per subscriber.

1. ours: SUBSCRIBERS in Asia/Kolkata, NUMBERS WhatsApp numbers, real PostgreSQL 15 and Redis
   (started here from the server binaries), WORKERS x ``celery worker -c CONCURRENCY``
   (prefork), the planner pass as beat runs it (``tasks.jit_planner``: the run planned, its
   preparation queued) LEAD seconds before the due instant, and ``lokpanchang fake-whatsapp``
   with LATENCY ms and every number, each limited to RATE messages/s (Meta's 130429 beyond
   it). The workers pace each number at RATE through the shared Redis bucket, as production
   does (``SEND_RATE``); ``--rate 0`` runs unpaced and unlimited.
2. the peer (``bench/pipeline/peer.py``): PEER subscribers, ``send_one.delay(phone)`` each, on
   PEER_WORKERS x ``-P gevent -c GREENLETS`` with a pooled ``requests.Session``, against an
   unlimited fake (its first number). Rate = accepted / (last arrival - first enqueue).

``--cards off,on`` runs ours once with each: ``on`` sets WHATSAPP_TEMPLATE_HEADER=image (the
fake registers the daily template with an image header; each distinct card, 100 places x 2
languages, is rendered and uploaded once per number and its media id reused), ``off`` the
text template as before (issue 27's "same messages/s with cards on, +-5 %"). With ``on`` the
nightly pre-render pass (``broadcast.card_prerender``) first puts every card of the slot on
disk, untimed, as beat's passes do before the instant in production (``--no-prerender``:
none, each card is rendered at its first send). Each side also reports the fake's media
uploads.

``--batch-size 500,1000`` runs ours once with each ``BATCH_SIZE`` (the default: 500 alone).
``--postgres NAME=VALUE,...`` (repeatable) starts a PostgreSQL server with those settings for
each value and runs every side on each. ``--statements N`` loads ``pg_stat_statements`` and
reports each side's N statements that took PostgreSQL the most time from planning to the end
(calls, total and mean ms, rows; one line per statement text, which PostgreSQL may count under
several ids; the text cut to 160 characters).

``--src DIR`` (repeatable) runs ours once from each source tree (its workers, its planner,
its fake), one after the other in the same run, on the same servers: side by side with main
is ``--src <main>/src --src src``. Each side reports:

- first message: the first arrival at the fake after the due instant (seconds);
- lateness p50/p99 (arrival - due), the sustained rate (middle 80 % of arrivals) and the
  rate from the due instant to the last arrival;
- CPU ms per message by process (workers, fake, PostgreSQL, Redis; from planning to the end);
- peak RSS of the largest single process of each kind (sampled every 0.5 s), and the peak
  of RSS less shared memory (PostgreSQL's backends each map the one shared buffer pool);
- duplicates (templates the fake accepted for someone who had one already) and the
  throughput refusals (130429: a number sent above RATE).

    PYTHONPATH=src:. python bench/pipeline/run.py [--subscribers 1000000] [--numbers 4]
        [--rate 1000] [--peer 20000] [--src DIR ...]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import re
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

TOKEN = "bench-token"
PLAN = """
import json
from lokpanchang.tasks.scheduling import jit_planner
print(json.dumps(jit_planner()))
"""
PRERENDER = """
import json, time
from datetime import timedelta
from lokpanchang import clock
from lokpanchang.broadcast import card_prerender
from lokpanchang.broadcast.content import default_content
from lokpanchang.card_cache import CardCache
from lokpanchang.config import load_settings

settings = load_settings()
cache = CardCache(settings.effective_card_cache_dir, settings.card_cache_mb * 2**20)
work = card_prerender.Prerenderer(settings, cache, default_content(settings).panchangams)
started, rendered, far = time.monotonic(), 0, clock.now() + timedelta(days=1)
while True:
    report = card_prerender.prerender_chunk(work, clock.now(), far)
    rendered += report.rendered
    if report.stop is not card_prerender.Stop.MORE:
        break
print(json.dumps({"prerendered": rendered, "stop": str(report.stop), "wanted": report.wanted,
                  "seconds": round(time.monotonic() - started, 1)}))
"""


def numbers(count: int) -> list[str]:
    """``count`` phone-number ids."""
    return [str(4242 + 101 * n) for n in range(count)]


def start_fake(
    src: Path, port: int, ids: list[str], rate: float, latency_ms: float, cards: str = "off"
):
    command = [
        *(sys.executable, "-m", "lokpanchang", "fake-whatsapp", "--port", str(port)),
        *("--token", TOKEN, "--phone-number-id", ",".join(ids)),
        *("--latency-ms", str(latency_ms), "--rate", str(rate)),
        *("--pair-seconds", "0", "--keep", "1000"),
        *(("--image-header", "daily_panchangam") if cards == "on" else ()),
    ]
    env = {**os.environ, "PYTHONPATH": str(src)}
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=env)
    assert process.stdout is not None
    process.stdout.readline()
    return process


def fake_state(port: int) -> tuple[list[float], dict]:
    arrivals = sorted(broadcast_bench.fake_call(port, "/_fake/accepted-at")["accepted_at"])
    return arrivals, broadcast_bench.fake_call(port, "/_fake/messages")


class RssSampler(threading.Thread):
    """The peak RSS of the largest single process of each kind, sampled every 0.5 s; and the
    peak of RSS less shared memory (``RssShmem``: PostgreSQL's buffer pool, mapped into every
    backend that has touched it, is one piece of memory however many backends count it)."""

    def __init__(self, kinds: dict[str, list[int]]) -> None:
        super().__init__(daemon=True)
        self.kinds, self.done = kinds, threading.Event()
        self.peaks = dict.fromkeys(kinds, 0)
        self.unshared_peaks = dict.fromkeys(kinds, 0)

    def run(self) -> None:
        while not self.done.is_set():
            for kind, pids in self.kinds.items():
                sizes = [_rss(p) for pid in pids for p in _tree(pid) if _alive(p)]
                self.peaks[kind] = max([self.peaks[kind], *(rss for rss, _ in sizes)])
                unshared = (rss - shmem for rss, shmem in sizes)
                self.unshared_peaks[kind] = max([self.unshared_peaks[kind], *unshared])
            self.done.wait(0.5)

    def stop(self) -> tuple[dict[str, float], dict[str, float]]:
        """The peaks of RSS and of RSS less shared memory, by kind (MB)."""
        self.done.set()
        self.join(5)
        return _mb(self.peaks), _mb(self.unshared_peaks)


def _mb(peaks: dict[str, int]) -> dict[str, float]:
    return {kind: round(peak / 2**20, 1) for kind, peak in peaks.items()}


def _rss(process: psutil.Process) -> tuple[int, int]:
    """RSS and the shared memory in it (bytes, from one read of ``/proc/PID/status``); 0, 0
    for a process that has ended."""
    try:
        status = Path(f"/proc/{process.pid}/status").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return 0, 0
    kb = dict(re.findall(r"^(VmRSS|RssShmem):\s+(\d+) kB", status, re.MULTILINE))
    return int(kb.get("VmRSS", 0)) * 1024, int(kb.get("RssShmem", 0)) * 1024


def _alive(process: psutil.Process) -> bool:
    try:
        return process.is_running() and process.status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:  # ended between the two questions
        return False


def _tree(pid: int) -> list[psutil.Process]:
    try:
        parent = psutil.Process(pid)
        return [parent, *parent.children(recursive=True)]
    except psutil.NoSuchProcess:
        return []


def rates(arrivals: list[float], start: float) -> dict:
    if not arrivals:
        return {"accepted": 0}
    middle = arrivals[len(arrivals) // 10 : len(arrivals) * 9 // 10]
    lateness = [t - start for t in arrivals]
    return {
        "accepted": len(arrivals),
        "first_message_s": round(arrivals[0] - start, 3),
        "seconds_start_to_last": round(arrivals[-1] - start, 2),
        "messages_per_s": round(len(arrivals) / (arrivals[-1] - start), 1),
        "sustained_per_s_middle_80pct": round(len(middle) / (middle[-1] - middle[0]), 1),
        "lateness_p50_s": round(statistics.median(lateness), 2),
        "lateness_p99_s": round(lateness[int(0.99 * (len(lateness) - 1))], 2),
    }


def settled(meter, most: float = 90.0) -> None:
    """Wait until the workers have started (their CPU use falls quiet), so that start-up is
    not counted as the run's CPU."""
    deadline, last = time.monotonic() + most, meter._totals()["workers"]
    while time.monotonic() < deadline:
        time.sleep(1.0)
        now = meter._totals()["workers"]
        if now - last < 0.05:
            return
        last = now


def plan(src: Path, env: dict) -> list[int]:
    """One planner pass as beat runs it, from ``src``; the runs it planned."""
    full = {**os.environ, **env, "PYTHONPATH": str(src)}
    done = subprocess.run([sys.executable, "-c", PLAN], env=full, capture_output=True, text=True)
    if done.returncode:
        raise RuntimeError(f"the planner pass failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])["planned"]


def prerender(src: Path, env: dict) -> dict:
    """The nightly pre-render pass (``broadcast.card_prerender``) from ``src``, chunk after
    chunk until every card of the coming slot is on disk, as beat's passes leave them before
    the instant; its guard is off here only because the bench's slot is minutes away."""
    extra = {"PYTHONPATH": str(src), "CARD_PRERENDER_GUARD": "0", "CARD_PRERENDER_CHUNK": "1000"}
    full = {**os.environ, **env, **extra}
    done = subprocess.run(
        [sys.executable, "-c", PRERENDER], env=full, capture_output=True, text=True
    )
    if done.returncode:
        raise RuntimeError(f"the pre-render pass failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def retime(url: str, send_time) -> None:
    """Every subscriber's send time moved to ``send_time`` (the same day): inserted an hour
    ahead so that the pre-render, however slow, ends before the slot is near."""
    from sqlalchemy import text

    from lokpanchang.storage.db import transaction

    with transaction(url) as session:
        session.execute(text("UPDATE user_detail SET send_time = :t"), {"t": send_time})


STATEMENTS = """
SELECT sum(calls)::bigint AS calls, round(sum(total_exec_time)::numeric, 1)::float AS total_ms,
       round((sum(total_exec_time) / sum(calls))::numeric, 3)::float AS mean_ms,
       sum(rows)::bigint AS rows, left(query, 160) AS query
FROM pg_stat_statements
WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
GROUP BY query ORDER BY sum(total_exec_time) DESC LIMIT :top
"""


def count_statements_from_now(url: str) -> None:
    """``pg_stat_statements`` in ``url``'s database, emptied: it counts from now."""
    from sqlalchemy import text

    from lokpanchang.storage.db import transaction

    with transaction(url) as session:
        session.execute(text("CREATE EXTENSION IF NOT EXISTS pg_stat_statements"))
        session.execute(text("SELECT pg_stat_statements_reset()"))


def slowest_statements(url: str, top: int) -> list[dict]:
    """The ``top`` statements of ``url``'s database by PostgreSQL's time in them."""
    from sqlalchemy import text

    from lokpanchang.storage.db import transaction

    with transaction(url) as session:
        return [dict(row._mapping) for row in session.execute(text(STATEMENTS), {"top": top})]


def ours(pg, redis_server, src: Path, args, cards: str = "off", batch_size: int = 500) -> dict:
    import redis

    from lokpanchang import clock
    from lokpanchang.storage import migrate

    redis.Redis.from_url(redis_server.url).flushall()
    port, ids = servers.free_port(), numbers(args.numbers)
    fake = start_fake(src, port, ids, args.rate, args.latency_ms, cards)
    url = pg.create_database()
    migrate.upgrade(url)
    rate = args.rate or 1e6
    env = broadcast_bench.environment(
        url, redis_server.url, port, rate, tempfile.mkdtemp(prefix="bench-")
    )
    env.update(WHATSAPP_PHONE_NUMBER_ID=",".join(ids), WHATSAPP_ACCESS_TOKEN=TOKEN)
    env.update(WHATSAPP_TEMPLATE_CATEGORY="utility", BATCH_SIZE=str(batch_size))
    env.update(PYTHONPATH=str(src))
    if cards == "on":
        env.update(WHATSAPP_TEMPLATE_HEADER="image")
    now = clock.now()
    later = broadcast_bench.send_time_after(now, args.lead + 3600)
    started = time.monotonic()
    broadcast_bench.insert_subscribers(url, args.subscribers, later, now, 0)
    print(json.dumps({"inserted": args.subscribers, "seconds": round(time.monotonic() - started)}))
    ahead = prerender(src, env) if cards == "on" and args.prerender else None
    print(json.dumps({"prerender": ahead}), flush=True)
    running = broadcast_bench.start_workers(env, args.workers, args.concurrency)
    meter = broadcast_bench.CpuMeter.for_servers(pg, redis_server, fake).with_workers(running)
    settled(meter)
    postmaster = meter.parts["postgres"][0]
    retime(url, broadcast_bench.send_time_after(clock.now(), args.lead))  # both sides alike
    sampler = RssSampler(
        {
            "workers": [w.pid for w in running],
            "fake": [fake.pid],
            "postgres": [postmaster],
            "redis": [redis_server.process.pid],
        }
    )
    try:
        if args.statements:
            count_statements_from_now(url)
        sampler.start()
        meter.start()
        [run_id] = plan(src, env)
        status, due_at, *_ = broadcast_bench.wait_for_run(url, run_id, running, 7200)
        cpu = meter.stop(args.subscribers)
        rss, unshared = sampler.stop()
        slowest = slowest_statements(url, args.statements) if args.statements else None
        arrivals, listing = fake_state(port)
        uploads = broadcast_bench.fake_call(port, "/_fake/media")["count"] if cards == "on" else 0
    finally:
        for process in (*running, fake):
            process.terminate()
        for process in (*running, fake):
            process.wait(60)
    return {
        "scenario": f"ours from {src}, cards {cards}",
        "card_uploads": uploads,
        "cards_prerendered": ahead and ahead["prerendered"],
        "run_status": status,
        "subscribers": args.subscribers,
        "numbers": args.numbers,
        "rate_per_number": args.rate,
        "workers": f"{args.workers} x prefork -c {args.concurrency}",
        "batch_size": batch_size,
        **rates(arrivals, due_at.timestamp()),
        "recipients_by_number": listing["recipients_by_number"],
        "duplicates": listing["repeated_templates"],
        "throughput_refusals_130429": listing["totals"].get("130429", 0),
        "peak_rss_mb": rss,
        "peak_rss_less_shared_memory_mb": unshared,
        **cpu,
        **({"postgres_statements": slowest} if slowest is not None else {}),
    }


def peer(redis_server, src: Path, args) -> dict:
    import redis

    redis.Redis.from_url(redis_server.url).flushall()
    port, ids = servers.free_port(), numbers(1)
    fake = start_fake(src, port, ids, 0, args.latency_ms)
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(ROOT), str(src)]),
        "PEER_BROKER_URL": redis_server.url,
        "PEER_BASE_URL": f"http://127.0.0.1:{port}",
        "PEER_TOKEN": TOKEN,
        "PEER_NUMBER": ids[0],
    }
    command = [sys.executable, "-m", "celery", "-A", "bench.pipeline.peer", "worker"]
    running = [
        subprocess.Popen(
            [*command, "-P", "gevent", "-c", str(args.greenlets), "-n", f"peer{i}@%h"],
            env=env,
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for i in range(args.peer_workers)
    ]
    os.environ.update({k: v for k, v in env.items() if k.startswith("PEER_")})
    from bench.pipeline.peer import app, send_one

    app.conf.update(broker_url=redis_server.url)
    time.sleep(8)  # the workers connect before the first enqueue (so start-up is not counted)
    sampler = RssSampler({"workers": [w.pid for w in running]})
    sampler.start()
    meter = broadcast_bench.CpuMeter({"fake": [fake.pid]}).with_workers(running)
    meter.start()
    start = time.time()
    for n in range(args.peer):
        send_one.delay(f"+9177{n:08d}")
    deadline = time.monotonic() + 1800
    while time.monotonic() < deadline:
        _, listing = fake_state(port)
        if listing["totals"].get("accepted", 0) >= args.peer:
            break
        time.sleep(1)
    cpu = meter.stop(args.peer)
    time.sleep(5)  # late duplicates, if any, arrive too
    rss, _ = sampler.stop()
    arrivals, listing = fake_state(port)
    for process in (*running, fake):
        process.terminate()
    for process in (*running, fake):
        process.wait(60)
    return {
        "scenario": "peer: send_one.delay(phone) per subscriber, gevent pool, requests.Session",
        "subscribers": args.peer,
        "workers": f"{args.peer_workers} x gevent -c {args.greenlets}",
        **rates(arrivals, start),
        "duplicates": listing["repeated_templates"],
        "peak_rss_mb": rss,
        **cpu,
    }


def postgres_settings(parser: argparse.ArgumentParser, text: str) -> dict[str, str]:
    """``shared_buffers=1GB,max_wal_size=8GB`` as a dict ("" is none)."""
    pairs = [pair.strip() for pair in text.split(",") if pair.strip()]
    if any(not re.fullmatch(r"[a-z_]+=[A-Za-z0-9_.]+", pair) for pair in pairs):
        parser.error(f"--postgres takes name=value pairs, e.g. shared_buffers=1GB; not {text!r}")
    return dict(pair.split("=", 1) for pair in pairs)


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    parser.add_argument("--subscribers", type=int, default=1_000_000)
    parser.add_argument("--numbers", type=int, default=4, help="WhatsApp numbers")
    parser.add_argument("--rate", type=float, default=1000, help="messages/s per number; 0: none")
    parser.add_argument("--latency-ms", type=float, default=100)
    parser.add_argument("--lead", type=int, default=120, help="seconds from planning to due")
    parser.add_argument(
        "--batch-size", default="500", help="BATCH_SIZE; several, e.g. 500,1000: a run for each"
    )
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--concurrency", type=int, default=2)
    parser.add_argument("--src", type=Path, action="append", help="a source tree (repeatable)")
    parser.add_argument("--cards", default="off", help="off, on, or off,on: a run for each")
    parser.add_argument(
        "--no-prerender",
        dest="prerender",
        action="store_false",
        help="cards on: render none before the instant (each is made at its first send)",
    )
    parser.add_argument(
        "--postgres",
        action="append",
        default=[],
        metavar="NAME=VALUE,...",
        help="PostgreSQL settings besides the tests' (repeatable: a server and a run for each;"
        " '' for none)",
    )
    parser.add_argument(
        "--statements",
        type=int,
        default=0,
        metavar="N",
        help="report each side's N statements PostgreSQL spent the most time in"
        " (loads pg_stat_statements)",
    )
    parser.add_argument("--peer", type=int, default=20_000)
    parser.add_argument("--peer-workers", type=int, default=2)
    parser.add_argument("--greenlets", type=int, default=300)
    args = parser.parse_args()
    for value, name in ((args.subscribers, "--subscribers"), (args.numbers, "--numbers")):
        if value < 1:
            parser.error(f"{name} must be at least 1, not {value}")
    if args.rate < 0:
        parser.error(f"--rate must be 0 (none) or more, not {args.rate}")
    args.cards = [mode.strip() for mode in args.cards.split(",")]
    if not args.cards or any(mode not in ("off", "on") for mode in args.cards):
        parser.error(f"--cards must be off, on or off,on; not {','.join(args.cards)!r}")
    try:
        args.batch_sizes = [int(size) for size in args.batch_size.split(",")]
    except ValueError:
        parser.error(f"--batch-size must be whole numbers, e.g. 500,1000; not {args.batch_size!r}")
    if any(size < 1 for size in args.batch_sizes):
        parser.error(f"--batch-size must be at least 1, not {args.batch_size!r}")
    args.postgres = [postgres_settings(parser, text) for text in args.postgres or [""]]
    if args.statements < 0:
        parser.error(f"--statements must be 0 (none) or more, not {args.statements}")
    if args.statements:
        for settings in args.postgres:
            preload = [settings.get("shared_preload_libraries", ""), "pg_stat_statements"]
            settings["shared_preload_libraries"] = ",".join(filter(None, dict.fromkeys(preload)))
    args.src = [path.resolve() for path in (args.src or [ROOT / "src"])]
    for path in args.src:
        if not (path / "lokpanchang").is_dir():
            parser.error(f"--src {path} holds no lokpanchang package")
    return args


def main() -> None:
    args = arguments()
    print(json.dumps({"load_average_at_start": os.getloadavg()}), flush=True)
    redis_server = servers.start_redis()
    pg = None
    try:
        results = []
        for settings in args.postgres:  # a server each: its settings take effect at start
            pg = servers.start_postgres(settings)
            for src in args.src:
                for cards in args.cards:
                    for size in args.batch_sizes:
                        results.append(ours(pg, redis_server, src, args, cards, size))
                        results[-1]["postgres_settings"] = settings
                        print(json.dumps(results[-1]), flush=True)
            if settings is not args.postgres[-1]:
                pg.discard()
        if args.peer:
            theirs = peer(redis_server, args.src[-1], args)
            print(json.dumps(theirs), flush=True)
            ratio = results[-1]["messages_per_s"] / theirs["messages_per_s"]
            print(json.dumps({"ours_over_peer": round(ratio, 2)}))
        print(json.dumps({"load_average_at_end": os.getloadavg()}))
    finally:
        redis_server.discard()
        if pg is not None:
            pg.discard()


if __name__ == "__main__":
    main()
