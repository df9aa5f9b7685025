"""What the web benchmarks under attack share (bench/web/slow_bodies.py, public_pages.py):
``lokpanchang web`` from a given source tree in production mode on real Redis, and the
service's own clients (probes, Meta's signed webhooks, a public page) timed while it is
attacked. Everything on loopback; the service's clients come from 127.0.0.1, attackers from
other loopback addresses (Linux answers on all of 127.0.0.0/8)."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import os
import signal
import statistics
import subprocess
import sys
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from bench.web.run import prepare  # noqa: E402,F401 -- migrated SQLite, live heartbeats
from tests import servers  # noqa: E402

APP_SECRET = "bench-app-secret"
ANSWER_TIMEOUT_S = 5.0


@dataclass
class Web:
    process: subprocess.Popen
    port: int
    log: object

    def stop(self) -> None:
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=40)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.log.close()  # type: ignore[attr-defined]


def start_web(directory: Path, url: str, source: Path, redis_url: str, **extra: str) -> Web:
    """``lokpanchang web`` (gunicorn, gevent, production, INFO access lines) from ``source``."""
    port = servers.free_port()
    env = {
        **{k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "SECRET_KEY")},
        "PYTHONPATH": f"{source}:{ROOT}",
        "ENVIRONMENT": "production",
        "SECRET_KEY": "Bx5Nk9-Qt3Wm7Rv1Hd6Lz0Jc4Ps8Yf2Ga",
        "WHATSAPP_APP_SECRET": APP_SECRET,
        "WHATSAPP_VERIFY_TOKEN": "bench-verify",
        "DATA_DIR": str(directory / "var"),
        "DATABASE_URL": url,
        "CELERY_BROKER_URL": redis_url,
        "CELERY_RESULT_BACKEND": redis_url,
        "LOG_LEVEL": "INFO",
        **extra,
    }
    log = open(directory / f"web-{port}.log", "w")  # noqa: SIM115 -- closed by Web.stop
    process = subprocess.Popen(
        [sys.executable, "-m", "lokpanchang", "web", "--port", str(port)],
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    servers.wait_for_port(port, 60)
    web = Web(process, port, log)
    asyncio.run(_until_live(port))
    asyncio.run(_warm(port))
    return web


async def _warm(port: int, rounds: int = 5) -> None:
    """Public pages asked on many connections at once, so every worker has loaded the
    gazetteer (seconds, once per process) before anything is measured."""
    for _ in range(rounds):
        await asyncio.gather(*(timed(port, b"GET", "/panchang") for _ in range(8)))


async def _until_live(port: int) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if (await timed(port, b"GET", "/livez"))[0] == 200:
            return
        await asyncio.sleep(0.2)
    raise RuntimeError(f"the server on {port} never answered /livez")


def status_webhook() -> tuple[bytes, dict[str, str]]:
    """A signed status webhook as Meta posts one (a new message id each time)."""
    status = {
        "id": f"wamid.{uuid.uuid4().hex}",
        "status": "delivered",
        "timestamp": str(int(time.time())),
        "recipient_id": "919800000000",
        "biz_opaque_callback_data": "message_log:1",
    }
    value = {
        "messaging_product": "whatsapp",
        "metadata": {"display_phone_number": "15550000000", "phone_number_id": "4242"},
        "statuses": [status],
    }
    raw = json.dumps(
        {
            "object": "whatsapp_business_account",
            "entry": [{"id": "WABA", "changes": [{"value": value, "field": "messages"}]}],
        }
    ).encode()
    digest = hmac.new(APP_SECRET.encode(), raw, hashlib.sha256).hexdigest()
    return raw, {"Content-Type": "application/json", "X-Hub-Signature-256": f"sha256={digest}"}


async def timed(
    port: int, method: bytes, path: str, body: bytes = b"", headers: dict | None = None
) -> tuple[int, float]:
    """(status, seconds) of one request on a new connection from 127.0.0.1; 0: no answer
    within ANSWER_TIMEOUT_S."""
    head = [f"{method.decode()} {path} HTTP/1.1", "Host: bench", "Connection: close"]
    head += [f"{name}: {value}" for name, value in (headers or {}).items()]
    if body:
        head.append(f"Content-Length: {len(body)}")
    started = time.perf_counter()
    try:
        async with asyncio.timeout(ANSWER_TIMEOUT_S):
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + body)
            await writer.drain()
            first = await reader.readuntil(b"\r\n")
            await reader.read()
            writer.close()
        status = int(first.split()[1])
    except (OSError, TimeoutError, asyncio.IncompleteReadError, ValueError, IndexError):
        status = 0
    return status, time.perf_counter() - started


@dataclass
class Timings:
    """One kind of request's answers during a phase."""

    seconds: list[float] = field(default_factory=list)
    statuses: list[int] = field(default_factory=list)

    def add(self, status: int, seconds: float) -> None:
        self.statuses.append(status)
        self.seconds.append(seconds if status else ANSWER_TIMEOUT_S)

    def row(self, ok=(200,)) -> dict:
        """Counts and latency in ms (an unanswered request counts as the timeout)."""
        ordered = sorted(self.seconds) or [0.0]
        failed = sum(1 for status in self.statuses if status not in ok)
        return {
            "requests": len(self.statuses),
            "failed": failed,
            "p50_ms": statistics.median(ordered) * 1000,
            "p99_ms": ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1000,
            "max_ms": ordered[-1] * 1000,
        }


async def every(seconds: float, until: float, request, into: Timings) -> None:
    """``request()`` every ``seconds`` until ``until`` (monotonic), each one on its own so a
    slow answer delays no other; their (status, seconds) into ``into``."""
    pending = []
    while time.monotonic() < until:
        pending.append(asyncio.ensure_future(request()))
        await asyncio.sleep(seconds)
    for status, took in await asyncio.gather(*pending):
        into.add(status, took)


def attacker_address(index: int) -> str:
    """The ``index``-th attacker address: 127.1.0.1, 127.1.0.2, ... (never 127.0.0.1)."""
    return f"127.1.{index // 250}.{index % 250 + 1}"


def tree_rss(pid: int) -> int:
    """Bytes resident in the process and its children (gunicorn's arbiter and workers)."""
    import psutil

    root = psutil.Process(pid)
    return sum(p.memory_info().rss for p in [root, *root.children(recursive=True)])


def fmt(value: float | None) -> str:
    return "-" if value is None else f"{value:,.0f}"
