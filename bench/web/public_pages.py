"""The review's public-load case (issue 24, item 2) against ``lokpanchang web``, before and after.

CLIENTS public visitors, each from its own loopback address (so a per-address limit is no
help to the server) and each with one request in flight at a time, ask without pause for
expensive public pages: three in four ``GET /panchang/month`` for a random city and a random
month of 1990-2040, one in four ``GET /ics`` for a random point in India (a year of
observances). They are a separate process (asyncio) and count the answers: 200, and the
bound's 429/503 with Retry-After.

While they run (after SETTLE_S, for MEASURE_S), the service's own clients, from 127.0.0.1,
each request on a new connection, 5 s to answer: ``GET /livez`` every 0.2 s and a signed
status webhook every 0.5 s. Both sides are the default server (gunicorn, gevent, 2 workers)
in production mode on a migrated SQLite database and a real Redis broker; "before" runs
REV's ``src``. The review measured /livez at a median of 54-59 s and a webhook at 34.7 s;
the target is /livez p99 < 200 ms and a webhook p99 < 500 ms.

    PYTHONPATH=src:. python bench/web/public_pages.py --baseline REV
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from bench.baseline import baseline_source  # noqa: E402
from bench.web import serving  # noqa: E402
from tests import servers  # noqa: E402

CITIES = ("Delhi", "Mumbai", "Chennai", "Kolkata", "Bengaluru", "Pune", "Jaipur", "Varanasi")
ANSWER_S = 60.0  # a visitor waits this long for its page


def public_path(pick: random.Random) -> str:
    if pick.random() < 0.25:
        lat, lon = pick.uniform(8.0, 32.0), pick.uniform(70.0, 88.0)
        return f"/ics?lat={lat:.3f}&lon={lon:.3f}"
    month = f"{pick.randint(1990, 2040)}-{pick.randint(1, 12):02d}"
    return f"/panchang/month?place={pick.choice(CITIES)}&month={month}"


# The visitors (their own process) -------------------------------------------------------


async def _visit(
    port: int, source: str, stop_at: float, seed: int, counts: Counter, polite: bool
) -> None:
    """One visitor's requests; ``polite``: after a 429/503 it waits the Retry-After asked."""
    pick = random.Random(seed)
    while time.monotonic() < stop_at:
        request = f"GET {public_path(pick)} HTTP/1.1\r\nHost: bench\r\nConnection: close\r\n\r\n"
        try:
            async with asyncio.timeout(ANSWER_S):
                reader, writer = await asyncio.open_connection(
                    "127.0.0.1", port, local_addr=(source, 0)
                )
                writer.write(request.encode())
                answer = await reader.read()
                writer.close()
            status = answer.split(maxsplit=2)[1].decode()
            counts[status] += 1
            if polite and status in ("429", "503"):
                await asyncio.sleep(retry_after(answer))
        except (OSError, TimeoutError, asyncio.IncompleteReadError, IndexError):
            counts["no answer"] += 1
            await asyncio.sleep(0.1)


def retry_after(answer: bytes) -> float:
    head = answer.split(b"\r\n\r\n", 1)[0].decode("latin-1").lower()
    for line in head.split("\r\n"):
        if line.startswith("retry-after:"):
            return float(line.split(":", 1)[1])
    return 1.0


async def _visitors(port: int, clients: int, seconds: float, polite: bool) -> None:
    stop_at = time.monotonic() + seconds
    counts: Counter = Counter()
    await asyncio.gather(
        *(
            _visit(port, serving.attacker_address(i), stop_at, i, counts, polite)
            for i in range(clients)
        )
    )
    print(json.dumps(counts), flush=True)


def start_visitors(port: int, options) -> subprocess.Popen:
    seconds = options.settle + options.measure + 2
    return subprocess.Popen(
        [
            sys.executable,
            __file__,
            "--visit",
            str(port),
            str(options.clients),
            str(seconds),
            str(int(options.polite)),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )


# The service's clients, timed ------------------------------------------------------------


async def own_clients(port: int, seconds: float) -> dict[str, serving.Timings]:
    until = time.monotonic() + seconds
    timings = {name: serving.Timings() for name in ("livez", "webhook")}

    async def webhook():
        raw, headers = serving.status_webhook()
        return await serving.timed(port, b"POST", "/webhook", raw, headers)

    await asyncio.gather(
        serving.every(0.2, until, lambda: serving.timed(port, b"GET", "/livez"), timings["livez"]),
        serving.every(0.5, until, webhook, timings["webhook"]),
    )
    return timings


def run_side(name: str, source: Path, directory: Path, url: str, redis, options) -> dict:
    web = serving.start_web(directory, url, source, redis.url)
    try:
        visitors = start_visitors(web.port, options)
        time.sleep(options.settle)
        timings = asyncio.run(own_clients(web.port, options.measure))
        rss_mb = serving.tree_rss(web.process.pid) / 2**20
        out, _ = visitors.communicate(timeout=options.settle + options.measure + ANSWER_S + 30)
    finally:
        web.stop()
    counts = json.loads(out.strip().splitlines()[-1])
    return {"side": name, "counts": counts, "rss_mb": rss_mb, **timings}


def show(results: list[dict], options) -> None:
    print(
        f"\n{options.clients} visitors, each from its own address, asking without pause for a "
        f"random month page (3 in 4) or a year's /ics (1 in 4); {options.measure:g} s measured "
        f"after {options.settle:g} s; own requests each on a new connection, 5 s to answer; "
        f"visitors {'wait' if options.polite else 'do not wait'} the Retry-After of a 429/503\n"
    )
    print(
        "| side | /livez p50 / p99 / max ms (failed of n) | signed webhook p50 / p99 / max ms "
        "(failed of n) | visitors' answers | server RSS MB |"
    )
    print("|---|---|---|---|--:|")
    for r in results:
        cells = [_cell(r[k].row()) for k in ("livez", "webhook")]
        answers = ", ".join(f"{k}: {v:,}" for k, v in sorted(r["counts"].items()))
        print(f"| {r['side']} | {cells[0]} | {cells[1]} | {answers} | {r['rss_mb']:,.0f} |")


def _cell(row: dict) -> str:
    return (
        f"{serving.fmt(row['p50_ms'])} / {serving.fmt(row['p99_ms'])} / "
        f"{serving.fmt(row['max_ms'])} ({row['failed']} of {row['requests']})"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--baseline", metavar="REV", required=False)
    parser.add_argument("--clients", type=int, default=64)
    parser.add_argument("--settle", type=float, default=10.0)
    parser.add_argument("--measure", type=float, default=40.0)
    parser.add_argument(
        "--polite", action="store_true", help="visitors wait the Retry-After of a 429/503"
    )
    parser.add_argument("--visit", nargs=4, help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.visit:
        port, clients, seconds, polite = options.visit
        asyncio.run(_visitors(int(port), int(clients), float(seconds), polite == "1"))
        return
    results = []
    redis = servers.start_redis()
    try:
        with tempfile.TemporaryDirectory(prefix="lokpanchang-bench-public-") as tmp:
            directory = Path(tmp)
            url = serving.prepare(directory)
            sides = [("this tree", ROOT / "src")]
            if options.baseline:
                source = baseline_source(options.baseline, directory / "baseline")
                sides.insert(0, (f"before ({options.baseline})", source))
            for name, source in sides:
                results.append(run_side(name, source, directory, url, redis, options))
    finally:
        redis.discard()
    show(results, options)


if __name__ == "__main__":
    main()
