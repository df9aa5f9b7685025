"""What every HTTP channel shares: a pooled client per event loop, one request classified,
and the retry loop of one send (``Retrying``).

The HTTP client is ``pyreqwest`` (Rust's reqwest and hyper behind an asyncio API) and the
bodies are encoded by ``orjson``: at broadcast rates the client's CPU per message is most of
a worker's, and this pair costs about half of aiohttp's (bench/BENCHMARKS.md, "HTTP client").

A channel subclasses ``PooledClient`` and gives ``with_retries`` one attempt at a time; a
failure before the request left (no connection) is ``RETRY``, a failure after it may have
arrived is ``AMBIGUOUS`` (there is no idempotency key: never resend it blindly).
"""

from __future__ import annotations

import asyncio
import random
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from datetime import timedelta

import orjson
import structlog
from pyreqwest.client import Client, ClientBuilder
from pyreqwest.exceptions import (
    ConnectError,
    ConnectTimeoutError,
    PoolTimeoutError,
    PyreqwestError,
)

from lokpanchang.delivery.base import Outcome
from lokpanchang.delivery.errors import Classified, backoff_delay

log = structlog.get_logger(__name__)

Classify = Callable[[int, bytes], Classified]


@dataclass(frozen=True)
class Retrying:
    """How often one send is tried inline, and how long to wait between tries."""

    max_attempts: int = 4
    backoff_base: float = 0.5
    backoff_cap: float = 8.0
    retry_after_cap: float = 60.0  # longest server-requested wait honoured inline

    def delay(self, attempt: int, retry_after: float | None) -> float:
        asked = min(retry_after or 0.0, self.retry_after_cap)
        return backoff_delay(attempt, asked, random.random(), self.backoff_base, self.backoff_cap)


async def with_retries(
    attempt: Callable[[], Awaitable[Classified]], retrying: Retrying, event: str, ledger_id: int
) -> tuple[Classified, int]:
    """Try ``attempt`` until it is not ``RETRY`` or the attempts are spent; (last, count)."""
    count = 0
    while True:
        count += 1
        classified = await attempt()
        if classified.outcome is not Outcome.RETRY or count >= retrying.max_attempts:
            return classified, count
        delay = retrying.delay(count, classified.retry_after)
        code = classified.error_code
        log.info(event, ledger_id=ledger_id, code=code, attempt=count, delay=round(delay, 2))
        await asyncio.sleep(delay)


JSON = {"Content-Type": "application/json"}


@dataclass(frozen=True)
class Multipart:
    """A multipart/form-data body (RFC 7578): text ``fields`` and one file."""

    fields: tuple[tuple[str, str], ...]
    file_field: str
    file_name: str
    file_type: str
    file_bytes: bytes = field(repr=False)
    boundary: str = field(default_factory=lambda: f"lokpanchang-{secrets.token_hex(16)}")

    @property
    def content_type(self) -> str:
        return f"multipart/form-data; boundary={self.boundary}"

    def body(self) -> bytes:
        mark = f"--{self.boundary}\r\n".encode()
        parts = [
            mark + f'Content-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode()
            for name, value in self.fields
        ]
        head = (
            f'Content-Disposition: form-data; name="{self.file_field}"; '
            f'filename="{self.file_name}"\r\nContent-Type: {self.file_type}\r\n\r\n'
        )
        parts.append(mark + head.encode() + self.file_bytes + b"\r\n")
        return b"".join(parts) + f"--{self.boundary}--\r\n".encode()


CONNECTING = "client error (Connect)"  # hyper's cause of a failure before the request left


def _while_connecting(error: PyreqwestError) -> bool:
    """A failure while opening the connection: nothing was sent (pyreqwest reports some
    failures after sending, a connection closed before the answer, as ``ConnectError`` too)."""
    causes = getattr(error, "details", {}).get("causes") or []
    return any(cause.get("message") == CONNECTING for cause in causes)


def _ambiguous(error: Exception) -> Classified:
    """The request may have arrived: there is no idempotency key, so never resend it."""
    return Classified(Outcome.AMBIGUOUS, error_detail=f"{type(error).__name__}: {error}")


class PooledClient:
    """One HTTP client and its connection pool, opened in the running loop by
    ``async with client:``.

    By default the outermost ``async with`` block opens the connection pool and closes it
    at the end (a command's or a request's channel, whatever loop it runs on). With
    ``keep_open`` the pool outlives the block, so its connections are reused by every
    batch a worker process sends on its long-lived loop (``broadcast.context.run_async``):
    no connection is opened per batch; ``close()`` ends it. Either way a client is not
    meant to be shared by threads running loops at the same time.
    """

    KEEPALIVE_SECONDS = 10.0  # an idle pooled connection is closed by us before the server

    def __init__(
        self,
        concurrency: int,
        timeout: float,
        keep_open: bool = False,
        hidden: tuple[str, ...] = (),
    ) -> None:
        # Values (a token in the URL's path) that an error's text must never carry into the
        # ledger's error_detail and the admin (issue 24, item 6).
        self._hidden = tuple(value for value in hidden if value)
        self._concurrency = concurrency
        self._timeout = timeout
        self._keep_open = keep_open
        self._session: Client | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._depth = 0

    async def close(self) -> None:
        session, self._session = self._session, None
        if session is not None:
            await session.close()

    async def __aenter__(self):
        loop = asyncio.get_running_loop()
        if self._depth == 0 and not self._open_in(loop):
            await self.close()  # a pool of another loop (aiohttp closes it even if that loop is)
            self._session, self._loop = self._new_session(), loop
        self._depth += 1
        return self

    async def __aexit__(self, *exc_info) -> None:
        self._depth -= 1
        if self._depth == 0 and not self._keep_open:
            await self.close()

    def _open_in(self, loop: asyncio.AbstractEventLoop) -> bool:
        """A kept-open pool made in ``loop`` that is still usable there."""
        return self._keep_open and self._session is not None and self._loop is loop

    async def post(
        self, url: str, payload: dict, classify: Classify, headers: dict | None = None
    ) -> Classified:
        """POST ``payload`` as JSON and classify the answer; never raises for a failure."""
        return await self.post_body(
            url, orjson.dumps(payload), classify, {**JSON, **(headers or {})}
        )

    async def post_form(
        self, url: str, form: Multipart, classify: Classify, headers: dict | None = None
    ) -> Classified:
        """POST ``form`` as multipart/form-data (an upload) and classify the answer."""
        content_type = {"Content-Type": form.content_type}
        return await self.post_body(url, form.body(), classify, {**content_type, **(headers or {})})

    async def post_body(
        self, url: str, body: bytes, classify: Classify, headers: dict
    ) -> Classified:
        """POST ``body`` with ``headers`` (its Content-Type among them) and classify the
        answer; never raises for a failure, and no hidden value reaches its detail."""
        result = await self._post(url, body, classify, headers)
        if result.error_detail and any(value in result.error_detail for value in self._hidden):
            detail = result.error_detail
            for value in self._hidden:
                detail = detail.replace(value, "***")
            return replace(result, error_detail=detail)
        return result

    async def _post(self, url: str, body: bytes, classify: Classify, headers: dict) -> Classified:
        try:
            assert self._session is not None, f"{type(self).__name__} used outside async with"
            request = self._session.post(url).headers(headers)
            # The whole exchange's deadline is ours: the client's own total timeout is reported
            # as a connect timeout even after the request was sent (pyreqwest 0.15).
            async with asyncio.timeout(self._timeout):
                response = await request.body_bytes(body).build().send()
                return classify(response.status, bytes(await response.bytes()))
        except (ConnectTimeoutError, PoolTimeoutError) as exc:
            return Classified(Outcome.RETRY, error_detail=f"connect timeout: {exc}")
        except ValueError as exc:  # the base URL is wrong: no send can work
            return Classified(Outcome.HALT, error_detail=f"invalid URL: {exc}")
        except ConnectError as exc:
            if _while_connecting(exc):
                return Classified(Outcome.RETRY, error_detail=f"cannot connect: {exc}")
            return _ambiguous(exc)  # e.g. the connection closed before the answer
        except (TimeoutError, PyreqwestError) as exc:
            return _ambiguous(exc)

    def _new_session(self) -> Client:
        return (
            ClientBuilder()
            .max_connections(self._concurrency)
            .pool_idle_timeout(timedelta(seconds=self.KEEPALIVE_SECONDS))
            .connect_timeout(timedelta(seconds=min(5.0, self._timeout / 2)))
            .build()
        )
