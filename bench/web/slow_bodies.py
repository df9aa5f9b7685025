"""The review's slow-body attack (issue 24, item 1) against ``lokpanchang web``, before and after.

ATTACKERS connections ``POST /webhook`` with ``Content-Length: 3000000`` and send one byte of
body every TRICKLE_S seconds (the review: 2,100 connections, a byte every 20 s); a connection
the server answers or closes is opened again at once, so the attacker always holds as many
as it can. Two shapes: all from one address (127.1.0.1), and spread over ATTACKERS addresses
(one connection each, which no per-address budget catches). The attacker is a separate
process (asyncio).

While the attack runs (after SETTLE_S, for MEASURE_S), the service's own clients, from
127.0.0.1, each request on a new connection, 5 s to answer: ``GET /livez`` every 0.2 s, a
signed status webhook every 0.5 s, ``GET /panchang`` every second. Both sides are the
default server (gunicorn, gevent, 2 workers x 1000 connections) in production mode on a
migrated SQLite database and a real Redis broker; "before" runs REV's ``src``.

    PYTHONPATH=src:. python bench/web/slow_bodies.py --baseline REV
"""

from __future__ import annotations

import argparse
import asyncio
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from bench.baseline import baseline_source  # noqa: E402
from bench.web import serving  # noqa: E402
from tests import servers  # noqa: E402

HEAD = (
    b"POST /webhook HTTP/1.1\r\nHost: bench\r\nContent-Type: application/json\r\n"
    b"X-Hub-Signature-256: sha256=00\r\nContent-Length: 3000000\r\n\r\n{"
)


# The attacker (its own process) ---------------------------------------------------------


async def _hold(port: int, source: str, trickle_s: float, stop_at: float, counts: dict) -> None:
    """One connection slot held for as long as the server allows, then taken again."""
    while time.monotonic() < stop_at:
        try:
            reader, writer = await asyncio.open_connection(
                "127.0.0.1", port, local_addr=(source, 0)
            )
        except OSError:
            counts["refused_connect"] += 1
            await asyncio.sleep(0.1)
            continue
        counts["opened"] += 1
        writer.write(HEAD)
        while time.monotonic() < stop_at:
            try:
                async with asyncio.timeout(trickle_s):
                    await reader.read(4096)  # an answer, or the close: held no more
                counts["answered"] += 1
                break
            except TimeoutError:
                writer.write(b" ")
            except OSError:
                counts["answered"] += 1
                break
        writer.close()


async def _attack(port: int, sources: list[str], trickle_s: float, seconds: float) -> None:
    stop_at = time.monotonic() + seconds
    counts = {"opened": 0, "answered": 0, "refused_connect": 0}
    await asyncio.gather(*(_hold(port, s, trickle_s, stop_at, counts) for s in sources))
    print(json.dumps(counts), flush=True)


def start_attacker(port: int, shape: str, options) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, __file__, "--attack", str(port), shape, *_attack_args(options)],
        stdout=subprocess.PIPE,
        text=True,
    )


def _attack_args(options) -> list[str]:
    seconds = options.settle + options.measure + 2
    return [str(options.attackers), str(options.trickle), str(seconds)]


def sources_for(shape: str, attackers: int) -> list[str]:
    if shape == "one address":
        return [serving.attacker_address(0)] * attackers
    return [serving.attacker_address(i) for i in range(attackers)]


# The service's clients, timed ------------------------------------------------------------


async def clients(port: int, seconds: float) -> dict[str, serving.Timings]:
    until = time.monotonic() + seconds
    timings = {name: serving.Timings() for name in ("livez", "webhook", "panchang")}

    async def webhook():
        raw, headers = serving.status_webhook()
        return await serving.timed(port, b"POST", "/webhook", raw, headers)

    await asyncio.gather(
        serving.every(0.2, until, lambda: serving.timed(port, b"GET", "/livez"), timings["livez"]),
        serving.every(0.5, until, webhook, timings["webhook"]),
        serving.every(
            1.0, until, lambda: serving.timed(port, b"GET", "/panchang"), timings["panchang"]
        ),
    )
    return timings


def run_side(name: str, source: Path, shape: str, directory: Path, url: str, redis, options):
    web = serving.start_web(directory, url, source, redis.url)
    try:
        attacker = start_attacker(web.port, shape, options)
        time.sleep(options.settle)
        timings = asyncio.run(clients(web.port, options.measure))
        rss_mb = serving.tree_rss(web.process.pid) / 2**20
        out, _ = attacker.communicate(timeout=options.settle + options.measure + 60)
    finally:
        web.stop()
    counts = json.loads(out.strip().splitlines()[-1])
    return {"side": name, "shape": shape, "counts": counts, "rss_mb": rss_mb, **timings}


def show(results: list[dict], options) -> None:
    print(
        f"\n{options.attackers} slow POST /webhook (Content-Length 3000000, a byte every "
        f"{options.trickle:g} s, reopened when closed); {options.measure:g} s measured after "
        f"{options.settle:g} s; each request on a new connection, 5 s to answer\n"
    )
    print(
        "| attack | side | /livez p50 / p99 / max ms (failed of n) | signed webhook p50 / p99 / "
        "max ms (failed of n) | /panchang p50 / p99 ms (failed of n) | attacker: opened, "
        "answered | server RSS MB |"
    )
    print("|---|---|---|---|---|---|--:|")
    for r in results:
        cells = [_cell(r[k].row()) for k in ("livez", "webhook")]
        page = r["panchang"].row()
        page_cell = (
            f"{serving.fmt(page['p50_ms'])} / {serving.fmt(page['p99_ms'])} "
            f"({page['failed']} of {page['requests']})"
        )
        counts = r["counts"]
        print(
            f"| {r['shape']} | {r['side']} | {cells[0]} | {cells[1]} | {page_cell} | "
            f"{counts['opened']:,}, {counts['answered']:,} | {r['rss_mb']:,.0f} |"
        )


def _cell(row: dict) -> str:
    return (
        f"{serving.fmt(row['p50_ms'])} / {serving.fmt(row['p99_ms'])} / "
        f"{serving.fmt(row['max_ms'])} ({row['failed']} of {row['requests']})"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--baseline", metavar="REV", required=False)
    parser.add_argument("--attackers", type=int, default=2100)
    parser.add_argument("--trickle", type=float, default=20.0)
    parser.add_argument("--settle", type=float, default=8.0)
    parser.add_argument("--measure", type=float, default=40.0)
    parser.add_argument("--shape", choices=("one address", "spread"), action="append")
    parser.add_argument("--attack", nargs=5, help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.attack:
        port, shape, attackers, trickle, seconds = options.attack
        sources = sources_for(shape, int(attackers))
        asyncio.run(_attack(int(port), sources, float(trickle), float(seconds)))
        return
    results = []
    redis = servers.start_redis()
    try:
        with tempfile.TemporaryDirectory(prefix="lokpanchang-bench-slow-") as tmp:
            directory = Path(tmp)
            url = serving.prepare(directory)
            sides = [("this tree", ROOT / "src")]
            if options.baseline:
                source = baseline_source(options.baseline, directory / "baseline")
                sides.insert(0, (f"before ({options.baseline})", source))
            for shape in options.shape or ("one address", "spread"):
                for name, source in sides:
                    results.append(run_side(name, source, shape, directory, url, redis, options))
    finally:
        redis.discard()
    show(results, options)


if __name__ == "__main__":
    main()
