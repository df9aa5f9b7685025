"""`lokpanchang web` under load and under a slow-loris, side by side with the werkzeug server
`web` ran before (issue 11). Everything on loopback; every loop bounded in count and time.

For each server (werkzeug threaded = `web --simple`, what `web` was; gunicorn gthread;
gunicorn gevent, the default), on a migrated SQLite database whose worker and beat
heartbeats are fresh (so /healthz does its real database check and answers 200):

1. healthz: REQUESTS `GET /healthz` on new connections, CLIENTS at a time, sent by
   ApacheBench (`ab`, apt-get install apache2-utils: a C client, so the load generator takes
   little of the two cores); p50, p99 and max latency, requests/s, and failures;
2. slow-loris: a separate attacker process holds STALLED connections open for the whole
   phase (half trickle their request headers a byte a second, half are uploads to /webhook
   that announced 1 MB and trickle it a byte a second; a connection the server closes is
   reopened at once); meanwhile the healthz measurement of (1) runs again. Also the
   server's thread count at the end (werkzeug: a thread per stalled connection).

A request that has no answer within REQUEST_TIMEOUT seconds counts as failed.

    PYTHONPATH=src:. python bench/web/run.py [--clients 200] [--requests 4000] [--stalled 500]
    PYTHONPATH=src:. python bench/web/run.py --baseline REV [--rounds 3]   # before/after
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from bench.baseline import baseline_source  # noqa: E402
from tests import servers  # noqa: E402

REQUEST_TIMEOUT = 5.0
ATTACK_SECONDS_MAX = 120
SERVERS = {
    "werkzeug threaded (before)": (["--simple"], {}),
    "gunicorn gthread 2x8": ([], {"WEB_WORKER_CLASS": "gthread", "WEB_THREADS": "8"}),
    "gunicorn gevent 2x1000 (default)": ([], {"WEB_WORKER_CLASS": "gevent"}),
}


def prepare(directory: Path) -> str:
    from lokpanchang.storage import heartbeats, migrate
    from lokpanchang.storage.db import engine_for, transaction

    url = f"sqlite:///{directory / 'bench.sqlite3'}"
    migrate.upgrade(url)
    alive_until = datetime.now(UTC) + timedelta(hours=2)
    with transaction(url) as session:
        worker_key = heartbeats.HEARTBEAT_WORKER_PREFIX + "bench"
        heartbeats.record_heartbeat(session, worker_key, alive_until)
        heartbeats.record_heartbeat(session, heartbeats.HEARTBEAT_BEAT_KEY, alive_until)
    engine_for(url).dispose()
    return url


def start_server(directory: Path, url: str, args: list[str], extra: dict) -> tuple:
    port = servers.free_port()
    env = {
        **os.environ,
        "ENVIRONMENT": "production",
        "SECRET_KEY": "Bx5Nk9-Qt3Wm7Rv1Hd6Lz0Jc4Ps8Yf2Ga",
        "WHATSAPP_APP_SECRET": "bench-app-secret",
        "WHATSAPP_VERIFY_TOKEN": "bench-verify",
        "DATA_DIR": str(directory / "var"),
        "DATABASE_URL": url,
        "LOG_LEVEL": "INFO",  # production's default: an access line per request
        **extra,
    }
    for name in ("CELERY_BROKER_URL", "CELERY_RESULT_BACKEND", "REDIS_URL"):
        env.pop(name, None)
    log = open(directory / f"web-{port}.log", "w")  # noqa: SIM115 -- closed with the process
    process = subprocess.Popen(
        [sys.executable, "-m", "lokpanchang", "web", "--port", str(port), *args],
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    servers.wait_for_port(port, 60)
    asyncio.run(_warm_up(port))
    return process, port, log


async def _warm_up(port: int) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if (await one_request(port))[0] == 200:
            return
        await asyncio.sleep(0.2)
    raise RuntimeError(f"the server on {port} never answered /healthz 200")


async def one_request(port: int) -> tuple[int, float]:
    """(status, seconds) of one GET /healthz on a new connection; status 0 on failure."""
    started = time.perf_counter()
    try:
        async with asyncio.timeout(REQUEST_TIMEOUT):
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(b"GET /healthz HTTP/1.1\r\nHost: bench\r\nConnection: close\r\n\r\n")
            await writer.drain()
            head = await reader.readuntil(b"\r\n")
            await reader.read()
            writer.close()
        status = int(head.split()[1])
    except (OSError, TimeoutError, asyncio.IncompleteReadError, ValueError, IndexError):
        status = 0
    return status, time.perf_counter() - started


KEEPALIVE: list[str] = []  # ["-k"] with --keepalive: ab reuses its connections


def healthz_load(port: int, clients: int, requests: int) -> dict:
    """ApacheBench (C, so the client costs little of the 2 cores): ``requests`` GET /healthz
    on new connections, ``clients`` at a time; its percentiles are of completed requests."""
    done = subprocess.run(
        [
            "ab",
            "-r",
            "-s",
            str(int(REQUEST_TIMEOUT)),
            "-c",
            str(clients),
            "-n",
            str(requests),
            *KEEPALIVE,
            f"http://127.0.0.1:{port}/healthz",
        ],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    out = done.stdout
    if "Requests per second" not in out:
        # ab gives up when no request is answered within its timeout: the server was held.
        reason = (done.stderr.strip().splitlines() or ["no answer"])[-1]
        return {
            "requests": requests,
            "failed": requests,
            "rate": None,
            "p50_ms": None,
            "p99_ms": None,
            "max_ms": None,
            "note": reason,
        }
    return {
        "requests": requests,
        "failed": _ab_number(out, r"Failed requests:\s+(\d+)")
        + _ab_number(out, r"Non-2xx responses:\s+(\d+)"),
        "rate": _ab_number(out, r"Requests per second:\s+([\d.]+)", float),
        "p50_ms": _ab_number(out, r"\n\s+50%\s+(\d+)", float),
        "p99_ms": _ab_number(out, r"\n\s+99%\s+(\d+)", float),
        "max_ms": _ab_number(out, r"\n\s+100%\s+(\d+)", float),
        "note": "",
    }


def _ab_number(text: str, pattern: str, kind=int):
    match = re.search(pattern, text)
    return kind(match.group(1)) if match else (0 if kind is int else None)


# The attacker (a separate process) ---------------------------------------------------------


async def _stall(port: int, upload: bool, stop_at: float, opened: list[int]) -> None:
    head = (
        b"POST /webhook HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"X-Hub-Signature-256: sha256=00\r\nContent-Length: 1048576\r\n\r\n"
        if upload
        else b"GET /healthz HTTP/1.1\r\nHost: x\r\n"
    )
    while time.monotonic() < stop_at:
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(head)
            opened[0] += 1
            while time.monotonic() < stop_at and not reader.at_eof():
                writer.write(b"x" if upload else b"X-a: b\r\n"[:1])
                await writer.drain()
                try:
                    async with asyncio.timeout(1.0):
                        if await reader.read(1024) == b"":
                            break
                except TimeoutError:
                    pass
            writer.close()
        except OSError:
            await asyncio.sleep(0.1)


async def attack(port: int, stalled: int, seconds: float) -> None:
    stop_at = time.monotonic() + min(seconds, ATTACK_SECONDS_MAX)
    opened = [0]
    await asyncio.gather(*(_stall(port, i % 2 == 0, stop_at, opened) for i in range(stalled)))
    print(f"attacker opened {opened[0]} connections", flush=True)


def start_attacker(port: int, stalled: int, seconds: float) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, __file__, "--attack", str(port), str(stalled), str(seconds)]
    )


def threads_of(process: psutil.Process) -> int:
    return sum(p.num_threads() for p in [process, *process.children(recursive=True)])


def measure(name: str, directory: Path, url: str, options) -> dict:
    args, extra = SERVERS[name]
    process, port, log = start_server(directory, url, args, extra)
    try:
        quiet = healthz_load(port, options.clients, options.requests)
        attacker = start_attacker(port, options.stalled, options.attack_seconds)
        time.sleep(options.settle)  # the stalled connections open and start trickling
        loaded = healthz_load(port, options.clients, options.requests)
        threads = threads_of(psutil.Process(process.pid))
        attacker.wait(timeout=ATTACK_SECONDS_MAX + 30)
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=40)
        except subprocess.TimeoutExpired:
            process.kill()
        log.close()
    return {"quiet": quiet, "slowloris": loaded, "threads_during_attack": threads}


def compare(options) -> None:
    """``--baseline REV``: the default server (gunicorn, gevent) run from REV's ``src`` and
    from this tree, one after the other for ``--rounds`` rounds on the same database, each
    start measured quiet (no attack): requests/s, latency, and the CPU the server's processes
    spent per request (their user + system time over the load), which moves less with the
    machine's other work than the rates do."""
    with tempfile.TemporaryDirectory(prefix="lokpanchang-bench-web-") as tmp:
        directory = Path(tmp)
        url = prepare(directory)
        sides = {
            f"baseline {options.baseline}": baseline_source(options.baseline, directory),
            "this tree": ROOT / "src",
        }
        rows: dict[str, list[dict]] = {side: [] for side in sides}
        for _ in range(options.rounds):
            for side, source in sides.items():
                rows[side].append(measured_load(directory, url, source, options))
    print(
        f"\n{options.requests} GET /healthz, {options.clients} at a time (ab), "
        f"{options.rounds} rounds, medians\n"
    )
    print("| side | requests/s | p50 ms | p99 ms | server CPU µs per request | rounds (req/s) |")
    print("|---|--:|--:|--:|--:|---|")
    for side, results in rows.items():
        median = {key: statistics.median(r[key] or 0 for r in results) for key in MEDIANS}
        each = ", ".join(_ms(r["rate"]) for r in results)
        print(
            f"| {side} | {median['rate']:.1f} | {median['p50_ms']:.0f} | {median['p99_ms']:.0f}"
            f" | {median['server_us']:.0f} | {each} |"
        )


MEDIANS = ("rate", "p50_ms", "p99_ms", "server_us")


def measured_load(directory: Path, url: str, source: Path, options) -> dict:
    extra = {"WEB_WORKER_CLASS": "gevent", "PYTHONPATH": str(source)}
    process, port, log = start_server(directory, url, [], extra)
    try:
        server = psutil.Process(process.pid)
        processes = [server, *server.children(recursive=True)]
        healthz_load(port, options.clients, options.clients * 5)  # warm every worker
        before = _cpu_seconds(processes)
        result = healthz_load(port, options.clients, options.requests)
        result["server_us"] = (_cpu_seconds(processes) - before) / options.requests * 1e6
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=40)
        log.close()
    return result


def _cpu_seconds(processes: list[psutil.Process]) -> float:
    times = [process.cpu_times() for process in processes]
    return sum(t.user + t.system for t in times)


def show(results: dict, options) -> None:
    print(
        f"\n{options.requests} GET /healthz, {options.clients} at a time (ab); "
        f"slow-loris: {options.stalled} stalled connections\n"
    )
    print("| server | phase | requests | failed | requests/s | p50 ms | p99 ms | max ms | note |")
    print("|---|---|--:|--:|--:|--:|--:|--:|---|")
    for name, result in results.items():
        for phase in ("quiet", "slowloris"):
            r = result[phase]
            cells = [_ms(r[k]) for k in ("rate", "p50_ms", "p99_ms", "max_ms")]
            print(
                f"| {name} | {phase} | {r['requests']} | {r['failed']} | "
                + " | ".join(cells)
                + " |"
            )
    for name, result in results.items():
        print(f"threads in {name} during the attack: {result['threads_during_attack']}")


def _ms(value) -> str:
    return "-" if value is None else f"{value:.1f}"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--clients", type=int, default=200)
    parser.add_argument("--requests", type=int, default=4000)
    parser.add_argument("--stalled", type=int, default=500)
    parser.add_argument("--settle", type=float, default=5.0)
    parser.add_argument("--attack-seconds", type=float, default=45.0)
    parser.add_argument("--only", choices=list(SERVERS), action="append")
    parser.add_argument("--keepalive", action="store_true", help="ab -k (connections reused)")
    parser.add_argument("--attack", nargs=3, help=argparse.SUPPRESS)
    parser.add_argument(
        "--baseline", metavar="REV", help="compare the default server with REV's (no attack)"
    )
    parser.add_argument("--rounds", type=int, default=3, help="with --baseline")
    options = parser.parse_args()
    if options.attack:
        port, stalled, seconds = options.attack
        asyncio.run(attack(int(port), int(stalled), float(seconds)))
        return
    KEEPALIVE[:] = ["-k"] if options.keepalive else []
    if options.baseline:
        compare(options)
        return
    with tempfile.TemporaryDirectory(prefix="lokpanchang-bench-web-") as tmp:
        directory = Path(tmp)
        url = prepare(directory)
        results = {name: measure(name, directory, url, options) for name in options.only or SERVERS}
    show(results, options)


if __name__ == "__main__":
    main()
