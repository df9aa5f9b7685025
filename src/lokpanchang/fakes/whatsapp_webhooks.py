"""The fake Cloud API's status webhooks: queued as sends are accepted, posted signed (in Meta's
shape, ``whatsapp_shapes.status_body``) by one or several posters, each answer counted."""

from __future__ import annotations

import asyncio
from collections import Counter, deque

import aiohttp
import orjson

from lokpanchang.fakes.whatsapp_shapes import sign, status_body
from lokpanchang.fakes.whatsapp_spec import Failure, FakeConfig


class StatusPoster:
    """The outbox of status webhooks and the tasks that post them to ``config.webhook_url``."""

    def __init__(self, config: FakeConfig) -> None:
        self.config = config
        self.webhooks: deque[dict] = deque(maxlen=config.keep)  # the newest, like ``received``
        self.responses: Counter[str] = Counter()  # every webhook's answer, counted
        self._outbox: deque[dict] = deque()
        self._wake = asyncio.Event()
        self._posters: list[asyncio.Task] = []
        self._session: aiohttp.ClientSession | None = None

    def queue(
        self,
        message_id: str,
        recipient: str,
        callback: str | None,
        failure: Failure | None,
        number: str,
    ) -> None:
        """The statuses of one accepted send: sent, delivered, read; or failed (async)."""
        if not self.config.webhook_url:
            return
        if failure is not None and failure.kind == "async":
            steps: list[tuple[str, int | None]] = [("failed", failure.code)]
        else:
            steps = [("sent", None), ("delivered", None), ("read", None)]
        for status, code in steps:
            body = status_body(self.config, message_id, recipient, status, callback, code, number)
            self._outbox.append(body)
        self._wake.set()

    def reset(self) -> None:
        self.webhooks.clear()
        self.responses.clear()

    async def start(self) -> None:
        posters = max(1, self.config.webhook_concurrency)
        self._session = aiohttp.ClientSession(
            timeout=aiohttp.ClientTimeout(total=10),
            connector=aiohttp.TCPConnector(limit=posters),
        )
        self._posters = [asyncio.create_task(self._post_webhooks()) for _ in range(posters)]

    async def stop(self) -> None:
        for poster in self._posters:
            poster.cancel()
        await asyncio.gather(*self._posters, return_exceptions=True)
        if self._session is not None:
            await self._session.close()

    async def _post_webhooks(self) -> None:
        assert self._session is not None
        while True:
            await self._wake.wait()
            self._wake.clear()
            while self._outbox:
                await self._post_one(self._session, self._outbox.popleft())

    async def _post_one(self, session: aiohttp.ClientSession, body: dict) -> None:
        raw = orjson.dumps(body)
        headers = {
            "Content-Type": "application/json",
            "X-Hub-Signature-256": "sha256=" + sign(raw, self.config.app_secret),
        }
        try:
            async with session.post(self.config.webhook_url, data=raw, headers=headers) as response:
                outcome: int | str = response.status
        except (aiohttp.ClientError, TimeoutError) as exc:
            outcome = f"{type(exc).__name__}"
        self.webhooks.append({"body": body, "response": outcome})
        self.responses[str(outcome)] += 1
