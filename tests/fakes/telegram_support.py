"""The fake Bot API in the test's own event loop (real HTTP on loopback), with a sender."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator

from lokpanchang.delivery.pooled import Retrying
from lokpanchang.delivery.telegram import TelegramSender
from lokpanchang.fakes.telegram import FAKE_KEY, TelegramConfig, serve

TOKEN = "123456789:TEST-token_abc"
FAST_RETRIES = Retrying(max_attempts=4, backoff_base=0.01, backoff_cap=0.05, retry_after_cap=2.0)


def telegram_config(**values) -> TelegramConfig:
    return TelegramConfig(token=TOKEN, **values)


@contextlib.asynccontextmanager
async def fake_and_sender(config: TelegramConfig, **sender_values) -> AsyncIterator[tuple]:
    """(fake state, sender, base URL) with the fake listening on a free loopback port."""
    runner, port = await serve(config)
    base = f"http://127.0.0.1:{port}"
    values = {"base_url": base, "token": TOKEN, "retrying": FAST_RETRIES, **sender_values}
    sender = TelegramSender(**values)
    try:
        yield runner.app[FAKE_KEY], sender, base
    finally:
        await sender.close()
        await runner.cleanup()
