"""`lokpanchang fake-email`: run the fake SMTP relay on 127.0.0.1 (``lokpanchang.fakes.smtp``).

Example::

    lokpanchang fake-email --port 8025 --http-port 8026 --bounce gone@example.com
    curl http://127.0.0.1:8026/_fake/messages      # what it accepted
"""

from __future__ import annotations

import asyncio

from lokpanchang.cli import CommandError, summary
from lokpanchang.fakes.serving import start
from lokpanchang.fakes.smtp import Mailbox, http_app, start_smtp


def register(subparsers) -> None:
    fake = subparsers.add_parser("fake-email", help=summary("fake-email"))
    fake.add_argument("--port", type=int, required=True, help="SMTP port on 127.0.0.1 (0 = any)")
    fake.add_argument("--http-port", type=int, default=0, help="port of /_fake/messages (0 = any)")
    fake.add_argument(
        "--bounce", default="", help="recipients refused with 550 5.1.1, comma-separated"
    )
    fake.set_defaults(handler=_run)


def _run(args) -> int:
    for name in ("port", "http_port"):
        if not 0 <= getattr(args, name) < 65536:
            raise CommandError(
                f"--{name.replace('_', '-')} {getattr(args, name)} is not a TCP port"
            )
    bounces = {part.strip().lower() for part in args.bounce.split(",") if part.strip()}
    asyncio.run(_serve(Mailbox(bounces=bounces), args.port, args.http_port))
    return 0


async def _serve(mailbox: Mailbox, port: int, http_port: int) -> None:
    server, smtp_port = await start_smtp(mailbox, port)
    runner, bound = await start(http_app(mailbox), "127.0.0.1", http_port)
    print(f"fake SMTP relay listening on smtp://127.0.0.1:{smtp_port}", flush=True)
    print(f"fake SMTP relay messages at http://127.0.0.1:{bound}/_fake/messages", flush=True)
    try:
        await asyncio.Event().wait()
    finally:
        server.close()
        await runner.cleanup()
