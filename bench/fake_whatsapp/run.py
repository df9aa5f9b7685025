"""Throughput of the fake WhatsApp Cloud API, as the broadcast benchmark will use it.

Starts `lokpanchang fake-whatsapp` in its own process and drives it with an aiohttp client
keeping IN_FLIGHT template sends in flight, each to a distinct recipient (so the pair limit
never applies), for each latency setting. Prints requests/s per setting.

    PYTHONPATH=src python bench/fake_whatsapp/run.py [--requests 20000] [--in-flight 200]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import socket
import subprocess
import sys
import time

import aiohttp

PARAMETERS = [{"type": "text", "text": f"parameter {n}"} for n in range(1, 9)]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_fake(port: int, latency_ms: int) -> subprocess.Popen:
    process = subprocess.Popen([sys.executable, "-m", "lokpanchang", "fake-whatsapp", "--port",
                                str(port), "--token", "T", "--phone-number-id", "1",
                                "--latency-ms", str(latency_ms)], stdout=subprocess.PIPE, text=True)
    process.stdout.readline()  # "listening on ..."
    return process


def payload(n: int) -> dict:
    return {"messaging_product": "whatsapp", "to": f"9190{n:08d}", "type": "template",
            "template": {"name": "daily_panchangam", "language": {"code": "hi"},
                         "components": [{"type": "body", "parameters": PARAMETERS}]},
            "biz_opaque_callback_data": f"message_log:{n}"}


async def drive(port: int, requests: int, in_flight: int) -> tuple[float, int]:
    url = f"http://127.0.0.1:{port}/v25.0/1/messages"
    headers = {"Authorization": "Bearer T"}
    counter = iter(range(requests))
    ok = 0

    async def worker(session: aiohttp.ClientSession) -> None:
        nonlocal ok
        for n in counter:
            async with session.post(url, json=payload(n), headers=headers) as response:
                body = await response.json()
                ok += "messages" in body

    connector = aiohttp.TCPConnector(limit=in_flight)
    async with aiohttp.ClientSession(connector=connector) as session:
        start = time.perf_counter()
        await asyncio.gather(*(worker(session) for _ in range(in_flight)))
        return time.perf_counter() - start, ok


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--requests", type=int, default=20000)
    parser.add_argument("--in-flight", type=int, default=200)
    parser.add_argument("--latency-ms", type=int, action="append", default=None)
    args = parser.parse_args()
    results = []
    for latency in args.latency_ms or [0, 100]:
        port = free_port()
        fake = start_fake(port, latency)
        try:
            elapsed, ok = asyncio.run(drive(port, args.requests, args.in_flight))
        finally:
            fake.terminate()
            fake.wait()
        results.append({"latency_ms": latency, "requests": args.requests, "accepted": ok,
                        "in_flight": args.in_flight, "seconds": round(elapsed, 2),
                        "requests_per_s": round(args.requests / elapsed)})
        print(json.dumps(results[-1]), flush=True)


if __name__ == "__main__":
    main()
