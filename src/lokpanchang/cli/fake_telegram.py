"""`lokpanchang fake-telegram`: run the fake Telegram Bot API on 127.0.0.1.

See docs/telegram.md. Example::

    lokpanchang fake-telegram --port 8998 --token 123:ABC --username PanchangBot \\
        --webhook-url http://127.0.0.1:5050/telegram/webhook --secret S --fail 42=403,43=400
"""

from __future__ import annotations

import asyncio

from lokpanchang.cli import CommandError, summary
from lokpanchang.fakes.serving import serve_forever
from lokpanchang.fakes.telegram import FakeBotAPI, TelegramConfig, parse_failures
from lokpanchang.fakes.telegram_shapes import ApiError, check_secret_token


def register(subparsers) -> None:
    fake = subparsers.add_parser("fake-telegram", help=summary("fake-telegram"))
    fake.add_argument("--port", type=int, required=True, help="TCP port on 127.0.0.1 (0 = any)")
    fake.add_argument("--token", required=True, help="the bot token senders must put in the path")
    fake.add_argument("--username", default="LokPanchangBot", help="the bot's username (getMe)")
    fake.add_argument("--webhook-url", default="", help="where to post updates (as setWebhook)")
    fake.add_argument("--secret", default="", help="the webhook's secret token (as setWebhook)")
    fake.add_argument("--rate", type=float, default=30.0, help="messages/s for the bot; 0 = none")
    fake.add_argument(
        "--chat-seconds", type=float, default=1.0, help="seconds between messages in one chat"
    )
    fake.add_argument("--chat-burst", type=int, default=3, help="messages at once in one chat")
    fake.add_argument("--latency-ms", type=float, default=0.0, help="delay before each answer")
    fake.add_argument("--fail", default="", metavar="SPEC", help="e.g. 42=403,43=400 (by chat)")
    fake.set_defaults(handler=_run)


def config_from_args(args) -> TelegramConfig:
    if not 0 <= args.port < 65536:
        raise CommandError(f"--port {args.port} is not a TCP port (0-65535)")
    if args.rate < 0 or args.chat_seconds < 0:
        raise CommandError("--rate and --chat-seconds must not be negative")
    try:
        failures = parse_failures(args.fail)
        secret = check_secret_token(args.secret)
    except ValueError as exc:
        raise CommandError(f"--fail {exc}") from None
    except ApiError as exc:
        raise CommandError(f"--secret: {exc.description}") from None
    return TelegramConfig(
        token=args.token,
        username=args.username,
        webhook_url=args.webhook_url,
        secret_token=secret,
        rate=args.rate,
        chat_interval=args.chat_seconds,
        chat_burst=max(1, args.chat_burst),
        latency_ms=args.latency_ms,
        failures=failures,
    )


def _run(args) -> int:
    asyncio.run(
        serve_forever(FakeBotAPI(config_from_args(args)).app(), args.port, "fake Telegram Bot API")
    )
    return 0
