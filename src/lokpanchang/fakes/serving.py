"""Running a fake on loopback: start it on a port, or serve it until interrupted."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable

from aiohttp import web


async def start(
    app: web.Application, host: str = "127.0.0.1", port: int = 0, shutdown_timeout: float = 1.0
) -> tuple[web.AppRunner, int]:
    """Serve ``app`` on ``host:port`` (0 = any free port); returns the runner and the port."""
    runner = web.AppRunner(app, access_log=None, shutdown_timeout=shutdown_timeout)
    await runner.setup()
    await web.TCPSite(runner, host, port).start()
    return runner, runner.addresses[0][1]


async def serve_forever(app: web.Application, port: int, name: str) -> None:
    """Serve ``app`` on 127.0.0.1 until cancelled, saying where (a line for whoever waits)."""
    await run_until_cancelled(start(app, "127.0.0.1", port), name)


async def run_until_cancelled(started: Awaitable[tuple[web.AppRunner, int]], name: str) -> None:
    """Await ``started`` (a runner and its port), say where, serve until cancelled."""
    runner, bound = await started
    print(f"{name} listening on http://127.0.0.1:{bound}", flush=True)
    try:
        await asyncio.Event().wait()
    finally:
        await runner.cleanup()
