"""Throughput of the fake WhatsApp Cloud API, as the broadcast benchmark will use it.

Starts `lokpanchang fake-whatsapp` in its own process and drives it with an aiohttp client
keeping IN_FLIGHT template sends in flight, each to a distinct recipient (so the pair limit
never applies), for each latency setting. Side by side, the same client drives a bare aiohttp
server that answers a constant success body after the same latency and checks nothing: the
ceiling of aiohttp itself on this machine, so the ratio is the fake's own cost.

The machine is shared, so wall-clock rates swing with other load; the server process's own
CPU time is also reported: requests per CPU-second is what one free core would sustain.

``--src DIR`` (repeatable) runs the fake from each source tree side by side (e.g. main's, from
``git archive``, beside this one's), ``--rounds`` times in turn; ``--numbers N --rate R`` give
the fake N phone-number ids, each limited to R messages/s (the client spreads its sends over
them, so at 100 ms latency and 200 in flight no number passes 1,000/s, and the limiter runs on
every send without refusing). The summary gives the median CPU ms per request of each server.

    PYTHONPATH=src python bench/fake_whatsapp/run.py [--requests 20000] [--in-flight 200] \
        [--latency-ms 100] [--numbers 4 --rate 1000] [--src /tmp/main/src --src src] [--rounds 3]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import time
from collections.abc import Callable

import aiohttp
import psutil

PARAMETERS = [{"type": "text", "text": f"parameter {n}"} for n in range(1, 9)]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def numbers(count: int) -> list[str]:
    return [str(1 + n) for n in range(count)]


def start_fake(
    port: int, latency_ms: int, src: str = "src", count: int = 1, rate: float = 0
) -> subprocess.Popen:
    command = [
        *(sys.executable, "-m", "lokpanchang", "fake-whatsapp", "--port", str(port)),
        *("--token", "T", "--phone-number-id", ",".join(numbers(count))),
        *("--latency-ms", str(latency_ms), "--rate", str(rate)),
        *("--pair-seconds", "0", "--keep", "1000"),  # as bench/pipeline runs it
    ]
    env = {**os.environ, "PYTHONPATH": src}
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=env)
    assert process.stdout is not None
    process.stdout.readline()  # "listening on ..."
    return process


BARE_SERVER = """
import asyncio, sys
from aiohttp import web
LATENCY = float(sys.argv[2]) / 1000
BODY = b'{"messaging_product":"whatsapp","contacts":[{"input":"1","wa_id":"1"}],"messages":[{"id":"wamid.X"}]}'
async def send(request):
    await request.read()
    if LATENCY:
        await asyncio.sleep(LATENCY)
    return web.Response(body=BODY, content_type="application/json")
app = web.Application()
app.router.add_post("/{version}/{phone}/messages", send)
print("listening", flush=True)
web.run_app(app, host="127.0.0.1", port=int(sys.argv[1]), access_log=None, print=None)
"""


def start_bare(port: int, latency_ms: int, *_ignored: object) -> subprocess.Popen:
    process = subprocess.Popen(
        [sys.executable, "-c", BARE_SERVER, str(port), str(latency_ms)],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    process.stdout.readline()
    wait_for_port(port)
    return process


def wait_for_port(port: int) -> None:
    for _ in range(200):
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise TimeoutError(f"nothing listens on {port}")


def payload(n: int) -> dict:
    return {
        "messaging_product": "whatsapp",
        "to": f"9190{n:08d}",
        "type": "template",
        "template": {
            "name": "daily_panchangam",
            "language": {"code": "hi"},
            "components": [{"type": "body", "parameters": PARAMETERS}],
        },
        "biz_opaque_callback_data": f"message_log:{n}",
    }


async def drive(port: int, requests: int, in_flight: int, count: int = 1) -> tuple[float, int]:
    urls = [f"http://127.0.0.1:{port}/v25.0/{number}/messages" for number in numbers(count)]
    headers = {"Authorization": "Bearer T"}
    counter = iter(range(requests))
    ok = 0

    async def worker(session: aiohttp.ClientSession) -> None:
        nonlocal ok
        for n in counter:
            url = urls[n % count]
            async with session.post(url, json=payload(n), headers=headers) as response:
                body = await response.json()
                ok += "messages" in body

    connector = aiohttp.TCPConnector(limit=in_flight)
    async with aiohttp.ClientSession(connector=connector) as session:
        start = time.perf_counter()
        await asyncio.gather(*(worker(session) for _ in range(in_flight)))
        return time.perf_counter() - start, ok


def _cpu_seconds(pid: int) -> float:
    times = psutil.Process(pid).cpu_times()
    return times.user + times.system


def one(server: str, start, latency: int, args, src: str) -> dict:
    port = free_port()
    process = start(port, latency, src, args.numbers, args.rate)
    try:
        cpu_before = _cpu_seconds(process.pid)
        elapsed, ok = asyncio.run(drive(port, args.requests, args.in_flight, args.numbers))
        cpu = _cpu_seconds(process.pid) - cpu_before
    finally:
        process.terminate()
        process.wait()
    return {
        "server": server,
        "latency_ms": latency,
        "requests": args.requests,
        "accepted": ok,
        "in_flight": args.in_flight,
        "seconds": round(elapsed, 2),
        "requests_per_s": round(args.requests / elapsed),
        "server_cpu_s": round(cpu, 2),
        "cpu_ms_per_request": round(cpu * 1000 / args.requests, 4),
        "requests_per_cpu_s": round(args.requests / cpu),
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--requests", type=int, default=20000)
    parser.add_argument("--in-flight", type=int, default=200)
    parser.add_argument("--latency-ms", type=int, action="append", default=None)
    parser.add_argument("--numbers", type=int, default=1, help="phone-number ids of the fake")
    parser.add_argument("--rate", type=float, default=0, help="messages/s per number; 0: none")
    parser.add_argument("--src", action="append", default=None, help="source tree of the fake")
    parser.add_argument("--rounds", type=int, default=1)
    args = parser.parse_args()
    servers: list[tuple[str, Callable[..., subprocess.Popen], str]] = [
        (f"fake from {src}", start_fake, src) for src in args.src or ["src"]
    ]
    servers.append(("bare_aiohttp", start_bare, ""))
    for latency in args.latency_ms or [0, 100]:
        costs: dict[str, list[float]] = {}
        for _ in range(args.rounds):
            for server, start, src in servers:
                result = one(server, start, latency, args, src)
                print(json.dumps(result), flush=True)
                costs.setdefault(server, []).append(result["cpu_ms_per_request"])
        medians = {server: round(statistics.median(cpu), 4) for server, cpu in costs.items()}
        print(json.dumps({"latency_ms": latency, "median_cpu_ms_per_request": medians}))


if __name__ == "__main__":
    main()
