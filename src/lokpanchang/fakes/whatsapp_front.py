"""The fake Cloud API's front server: sends answered on a bare asyncio protocol, the rest passed on.

The fake is part of every broadcast benchmark's machine, and aiohttp's own machinery cost more
CPU per request than the fake's checks (bench/BENCHMARKS.md, "## Fake Cloud API"). So the port
the clients use is served by this protocol: uvloop's transport, httptools' C parser, one write
per answer. ``POST /{version}/{phone_number_id}/messages`` is judged by ``FakeCloudAPI.send``,
the same checks the aiohttp handler runs. Any other request (uploads, the ``/_fake/`` listings)
is passed through a tunnel to the aiohttp application on a private loopback port; once aiohttp
has answered every request passed, the connection's next send is the front's again (both sides'
message boundaries are followed with httptools' parsers).

Clients do not pipeline (aiohttp, pyreqwest): a request is answered before the next is sent on
its connection. A pipelined request that is not a send is refused (400) and the connection
closed, rather than answered out of order.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Coroutine
from typing import TYPE_CHECKING
from urllib.parse import unquote

import httptools
from aiohttp import web

from lokpanchang.fakes.serving import start
from lokpanchang.fakes.whatsapp_spec import Failure

if TYPE_CHECKING:
    from lokpanchang.fakes.whatsapp import FakeCloudAPI

# The request line of a send: POST /{version}/{phone_number_id}/messages[?query] HTTP/1.x
SEND_LINE = re.compile(rb"POST /([^/?\s]+)/([^/?\s]+)/messages(?:\?\S*)? HTTP/1\.[01]")
SEND_PATH = re.compile(rb"/[^/?\s]+/([^/?\s]+)/messages(?:\?\S*)?")
REASONS = {200: b"OK", 400: b"Bad Request", 401: b"Unauthorized", 404: b"Not Found"}
MAX_REQUEST_LINE = 8192


def response(status: int, body: bytes, content_type: bytes = b"application/json") -> bytes:
    """One HTTP/1.1 answer: status line, the two headers a client needs, the body."""
    reason = REASONS.get(status, b"Error")
    head = b"HTTP/1.1 %d %s\r\nContent-Type: %s\r\nContent-Length: %d\r\n\r\n"
    return head % (status, reason, content_type, len(body)) + body


REFUSED = (
    b"HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain\r\nContent-Length: 46\r\n"
    b"Connection: close\r\n\r\nthe fake cannot parse this request or pipeline"
)


class Front:
    """What every connection shares: the fake's state, its latency, the tunnel's port."""

    def __init__(self, api: FakeCloudAPI, inner_port: int) -> None:
        self.api, self.inner_port = api, inner_port
        self.latency = api.config.latency_ms / 1000
        self.loop = asyncio.get_running_loop()
        self.server: asyncio.AbstractServer | None = None
        self.connections: set[SendConnection] = set()
        self.tasks: set[asyncio.Task] = set()  # held: the loop keeps only weak references

    def connection(self) -> SendConnection:
        return SendConnection(self)

    def run(self, coroutine: Coroutine[object, object, None]) -> None:
        task = self.loop.create_task(coroutine)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def close(self) -> None:
        """Stop listening and close every client connection (their tunnels with them)."""
        if self.server is not None:
            self.server.close()
        for connection in list(self.connections):
            if connection.transport is not None:
                connection.transport.close()


class Boundaries:
    """Messages begun and completed in one direction of a tunnel (httptools' callbacks)."""

    def __init__(self) -> None:
        self.begun = self.completed = 0

    def on_message_begin(self) -> None:
        self.begun += 1

    def on_message_complete(self) -> None:
        self.completed += 1


class SendConnection(asyncio.Protocol):
    """One client connection: sends parsed and answered here, the rest passed to aiohttp."""

    def __init__(self, front: Front) -> None:
        self.front = front
        self.parser = httptools.HttpRequestParser(self)
        self.transport: asyncio.Transport | None = None
        self.pending = bytearray()  # a request's first bytes, until its request line is whole
        self.in_request = False
        self.unanswered = 0  # sends waiting for their answer (latency, held answers)
        self.tunnel: asyncio.Transport | None = None  # to aiohttp, kept for the next time
        self.tunnelling = False  # requests passed to aiohttp are not all answered yet
        self.passed, self.answered = Boundaries(), Boundaries()
        self.passed_parser = httptools.HttpRequestParser(self.passed)
        self.answered_parser = httptools.HttpResponseParser(self.answered)
        self.sticky = False  # boundaries lost (a parse error): aiohttp keeps the connection
        self.url = b""
        self.authorization = self.client = ""
        self.body: list[bytes] = []

    def connection_made(self, transport) -> None:
        self.transport = transport
        self.front.connections.add(self)

    def connection_lost(self, exc: Exception | None) -> None:
        self.front.connections.discard(self)
        if self.tunnel is not None:
            self.front.api.tunnelled.pop(self.tunnel.get_extra_info("sockname")[1], None)
            self.tunnel.close()

    def data_received(self, data: bytes) -> None:
        if self.tunnelling:
            self._pass(data)
            return
        if not self.in_request:
            self.pending += data
            line_end = self.pending.find(b"\r\n")
            if line_end < 0:
                if len(self.pending) > MAX_REQUEST_LINE:
                    self._refuse()
                return
            if not SEND_LINE.fullmatch(self.pending, 0, line_end):
                self._open_tunnel()
                return
            data, self.pending = bytes(self.pending), bytearray()
        try:
            self.parser.feed_data(data)
        except httptools.HttpParserError:
            self._refuse()

    # httptools' callbacks ----------------------------------------------------------

    def on_message_begin(self) -> None:
        self.in_request = True
        self.url, self.authorization, self.client, self.body = b"", "", "", []

    def on_url(self, url: bytes) -> None:
        self.url += url

    def on_header(self, name: bytes, value: bytes) -> None:
        lowered = name.lower()
        if lowered == b"authorization":
            self.authorization = value.decode("latin-1")
        elif lowered == b"user-agent":
            self.client = value.decode("latin-1")
        elif lowered == b"expect" and value.lower() == b"100-continue" and self.transport:
            self.transport.write(b"HTTP/1.1 100 Continue\r\n\r\n")  # curl waits for it

    def on_body(self, body: bytes) -> None:
        self.body.append(body)

    def on_message_complete(self) -> None:
        self.in_request = False
        path = SEND_PATH.fullmatch(self.url)
        if path is None or self.parser.get_method() != b"POST":
            self._refuse()  # a request pipelined behind a send
            return
        self.unanswered += 1
        number = unquote(path.group(1).decode("latin-1"))
        send = (number, self.authorization, self.client, b"".join(self.body))
        self.front.api.count_connection(self.transport)
        keep_alive = self.parser.should_keep_alive()
        if self.front.latency:
            self.front.loop.call_later(self.front.latency, self._answer, send, keep_alive)
        else:
            self._answer(send, keep_alive)

    # Answering ---------------------------------------------------------------------

    def _answer(self, send: tuple[str, str, str, bytes], keep_alive: bool = True) -> None:
        api = self.front.api
        if not api.answering.is_set():
            self.front.run(self._answer_when_allowed(send, keep_alive))
            return
        answer = api.send(*send)
        self.unanswered -= 1
        transport = self.transport
        if transport is None or transport.is_closing():
            return
        if not isinstance(answer, Failure):
            transport.write(response(*answer))
        elif answer.kind == "http":
            page = b"<html>upstream error</html>"
            transport.write(response(answer.code, page, b"text/html; charset=utf-8"))
        elif answer.kind == "drop":
            transport.close()
        else:
            return  # "hang": never answered
        if not keep_alive:  # the client asked (Connection: close, HTTP/1.0)
            transport.close()

    async def _answer_when_allowed(self, send: tuple[str, str, str, bytes], keep: bool) -> None:
        await self.front.api.answer_when_allowed()
        self._answer(send, keep)

    def _refuse(self) -> None:
        if self.transport is not None and not self.transport.is_closing():
            self.transport.write(REFUSED)
            self.transport.close()

    # The tunnel to aiohttp ---------------------------------------------------------

    def _open_tunnel(self) -> None:
        assert self.transport is not None
        if self.unanswered:  # aiohttp's answer could overtake a send's: refused
            self._refuse()
            return
        self.tunnelling = True
        first, self.pending = bytes(self.pending), bytearray()
        if self.tunnel is not None and not self.tunnel.is_closing():
            self._pass(first)
            return
        self.transport.pause_reading()
        self.front.run(self._connect_tunnel(first))

    async def _connect_tunnel(self, first: bytes) -> None:
        assert self.transport is not None
        client = self.transport
        try:
            tunnel, _ = await self.front.loop.create_connection(
                lambda: TunnelBack(self), "127.0.0.1", self.front.inner_port
            )
        except OSError:
            client.close()
            return
        if client.is_closing():
            tunnel.close()
            return
        self.tunnel = tunnel
        self.answered_parser = httptools.HttpResponseParser(self.answered)
        # The aiohttp side sees the tunnel's address: it counts the client's connection.
        self.front.api.tunnelled[tunnel.get_extra_info("sockname")[1]] = client
        self._pass(first)
        client.resume_reading()

    def _pass(self, data: bytes) -> None:
        """Client bytes to aiohttp, their requests' boundaries followed."""
        assert self.tunnel is not None
        self.tunnel.write(data)
        self.sticky = self.sticky or not _fed(self.passed_parser, data)

    def passed_back(self, data: bytes) -> None:
        """aiohttp's bytes to the client; all answered, the next request is the front's."""
        assert self.transport is not None
        self.transport.write(data)
        self.sticky = self.sticky or not _fed(self.answered_parser, data)
        passed, answered = self.passed, self.answered
        if not self.sticky and passed.begun == passed.completed == answered.completed:
            self.tunnelling = False

    def tunnel_lost(self) -> None:
        """aiohttp closed its side: mid-answer, so is the client's; between, reopened later."""
        if self.tunnel is not None:
            self.front.api.tunnelled.pop(self.tunnel.get_extra_info("sockname")[1], None)
        self.tunnel = None
        if self.tunnelling and self.transport is not None:
            self.transport.close()


def _fed(parser: httptools.HttpRequestParser | httptools.HttpResponseParser, data: bytes) -> bool:
    try:
        parser.feed_data(data)
    except httptools.HttpParserError:
        return False
    return True


class TunnelBack(asyncio.Protocol):
    """The aiohttp side of a tunnel: its answers go back through the client's connection."""

    def __init__(self, connection: SendConnection) -> None:
        self.connection = connection

    def data_received(self, data: bytes) -> None:
        self.connection.passed_back(data)

    def connection_lost(self, exc: Exception | None) -> None:
        self.connection.tunnel_lost()


async def serve_with_front(
    api: FakeCloudAPI, host: str, port: int, shutdown_timeout: float
) -> tuple[web.AppRunner, int]:
    """The aiohttp application on a private port, this front on ``host:port`` (0 = any);
    returns the aiohttp runner (its cleanup closes the front too) and the front's port."""
    app = api.app()
    front: list[Front] = []
    app.on_shutdown.append(lambda _app: _close(front))
    runner, inner_port = await start(app, "127.0.0.1", 0, shutdown_timeout)
    front.append(Front(api, inner_port))
    server = await front[0].loop.create_server(front[0].connection, host, port)
    front[0].server = server
    return runner, server.sockets[0].getsockname()[1]


async def _close(front: list[Front]) -> None:
    for each in front:
        each.close()
