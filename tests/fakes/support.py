"""Run the fake Cloud API in the test's own event loop, on loopback (real HTTP)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

from lokpanchang.delivery.whatsapp import WhatsAppSender
from lokpanchang.fakes.whatsapp import FAKE_KEY, serve
from lokpanchang.fakes.whatsapp_spec import FakeConfig, parse_fail_spec

TOKEN = "test-token"
PHONE_NUMBER_ID = "1065403522"


def fake_config(fail: str = "", **values) -> FakeConfig:
    values.setdefault("phone_number_id", PHONE_NUMBER_ID)
    return FakeConfig(token=TOKEN, failures=parse_fail_spec(fail), **values)


@contextlib.asynccontextmanager
async def fake_and_sender(config: FakeConfig, **sender_values) -> AsyncIterator[tuple]:
    """(fake state, sender) with the fake listening on a free loopback port."""
    runner, port = await serve(config)
    api = runner.app[FAKE_KEY]
    values = {
        "base_url": f"http://127.0.0.1:{port}",
        "api_version": "v25.0",
        "phone_number_ids": (PHONE_NUMBER_ID,),
        "access_token": TOKEN,
        "backoff_base": 0.01,
        "backoff_cap": 0.05,
        "retry_after_cap": 0.05,
        **sender_values,
    }
    sender = WhatsAppSender(**values)
    try:
        yield api, sender
    finally:
        await sender.close()
        await runner.cleanup()


def run(coroutine):
    return asyncio.run(coroutine)


class FakeInThread:
    """A fake (the Cloud API unless told) serving from its own thread and loop (for
    synchronous callers)."""

    def __init__(self, config, serve_fake=serve, key=FAKE_KEY) -> None:
        import threading

        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.runner, self.port = self._call(serve_fake(config))
        self.api = self.runner.app[key]

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def received(self) -> list[dict]:
        """What the fake received, read in its own thread (never while that thread appends)."""
        return self._call(_value(lambda: self.api.received))

    def hold_answers(self) -> None:
        """Let requests in, answer none of them until ``release_answers``."""
        self.loop.call_soon_threadsafe(self.api.answering.clear)

    def release_answers(self) -> None:
        self.loop.call_soon_threadsafe(self.api.answering.set)

    def waiting(self) -> int:
        """Requests the fake holds unanswered now."""
        return self._call(_value(lambda: self.api.waiting))

    def _call(self, coroutine):
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(30)

    def stop(self) -> None:
        self._call(self.runner.cleanup())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
        self.loop.close()


async def _value(read):
    return read()
