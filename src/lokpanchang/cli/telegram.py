"""`lokpanchang telegram set-webhook|webhook-info`: register our webhook with Telegram.

``set-webhook --url https://panchang.example/telegram/webhook`` calls ``setWebhook`` with
``TELEGRAM_WEBHOOK_SECRET`` as its ``secret_token`` (Telegram then sends it in every update's
``X-Telegram-Bot-Api-Secret-Token``) and only the ``message`` updates we read.
"""

from __future__ import annotations

import json

import aiohttp

from lokpanchang.broadcast.context import run_async
from lokpanchang.cli import CommandError, summary
from lokpanchang.config import Settings

ALLOWED_UPDATES = ["message"]


def register(subparsers) -> None:
    telegram = subparsers.add_parser("telegram", help=summary("telegram"))
    actions = telegram.add_subparsers(dest="action", required=True, metavar="ACTION")
    setting = actions.add_parser("set-webhook", help="point Telegram at /telegram/webhook")
    setting.add_argument("--url", required=True, help="the public HTTPS URL of /telegram/webhook")
    setting.set_defaults(handler=_set_webhook)
    info = actions.add_parser("webhook-info", help="what Telegram has as our webhook")
    info.set_defaults(handler=_webhook_info)


def _set_webhook(args) -> int:
    settings = args.services().settings
    if not settings.telegram_webhook_secret:
        raise CommandError("TELEGRAM_WEBHOOK_SECRET is not set: the webhook would accept anyone")
    if not args.url.startswith("https://") and settings.environment == "production":
        raise CommandError(f"--url {args.url!r}: Telegram posts only to an HTTPS URL")
    parameters = {
        "url": args.url,
        "secret_token": settings.telegram_webhook_secret,
        "allowed_updates": ALLOWED_UPDATES,
    }
    _call(settings, "setWebhook", parameters)
    print(f"webhook set to {args.url} (secret token from TELEGRAM_WEBHOOK_SECRET)")
    return 0


def _webhook_info(args) -> int:
    print(json.dumps(_call(args.services().settings, "getWebhookInfo", {}), indent=2))
    return 0


def _call(settings: Settings, method: str, parameters: dict):
    """One Bot API call's ``result``; a refusal or an unreachable API is a CommandError."""
    if not settings.telegram_bot_token:
        raise CommandError("TELEGRAM_BOT_TOKEN is not set")
    url = f"{settings.telegram_api_base_url.rstrip('/')}/bot{settings.telegram_bot_token}/{method}"
    try:
        status, document = run_async(_post(url, parameters))
    except (aiohttp.ClientError, TimeoutError) as exc:
        raise CommandError(f"cannot reach {settings.telegram_api_base_url}: {exc}") from None
    if not isinstance(document, dict) or document.get("ok") is not True:
        detail = document.get("description") if isinstance(document, dict) else document
        raise CommandError(f"Telegram refused {method} (HTTP {status}): {detail}")
    return document.get("result")


async def _post(url: str, parameters: dict) -> tuple[int, object]:
    timeout = aiohttp.ClientTimeout(total=15)
    async with (
        aiohttp.ClientSession(timeout=timeout) as session,
        session.post(url, json=parameters) as response,
    ):
        try:
            return response.status, await response.json(content_type=None)
        except ValueError:
            return response.status, (await response.text())[:200]
