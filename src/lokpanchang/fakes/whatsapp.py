"""A fake WhatsApp Cloud API on loopback: honest enough for tests, benchmarks and demos.

It checks the token, the phone-number id (one of the account's numbers), the template (name,
language, parameter count, parameter text rules), answers in Meta's success and error shapes,
enforces the throughput (130429, per number) and pair (131056, per number and user) limits,
does not deliver marketing templates to +1 numbers (accepted, then a ``failed`` status with
131049), injects failures by recipient (``whatsapp_spec``), posts signed status webhooks
(``sent``/``delivered``/``read``/``failed``) and lists what it received, from which
number and which client (its User-Agent), at ``GET /_fake/messages``. Media uploads and templates' image headers are checked
as Meta checks them (``whatsapp_media``; uploads listed at ``GET /_fake/media``).
"""

from __future__ import annotations

import asyncio
import itertools
import json
import secrets
import weakref
from collections import Counter, deque

import aiohttp
import orjson
from aiohttp import web

from lokpanchang import clock
from lokpanchang.fakes.limits import Gcra
from lokpanchang.fakes.serving import start
from lokpanchang.fakes.whatsapp_media import FakeMedia
from lokpanchang.fakes.whatsapp_shapes import (
    Rejected,
    body_texts,
    error_document,
    sign,
    status_body,
)
from lokpanchang.fakes.whatsapp_spec import Failure, FakeConfig
from lokpanchang.messages.rules import MAX_BODY_CHARS, parameter_problem


class FakeCloudAPI:
    """The state behind the fake server; ``app()`` builds the aiohttp application."""

    def __init__(self, config: FakeConfig) -> None:
        self.config = config
        self._numbers = frozenset(config.numbers)  # parsed once, not on every request
        self.media = FakeMedia(config.image_templates)  # uploads; templates' image headers
        # The newest ``keep`` requests in full; counts of everything since the start.
        self.received: deque[dict] = deque(maxlen=config.keep)
        self.counts: Counter[str] = Counter()
        self.accepted_at: list[float] = []  # epoch seconds of every accepted send (benchmarks)
        self.webhooks: deque[dict] = deque(maxlen=config.keep)  # the newest, like ``received``
        self.webhook_responses: Counter[str] = Counter()  # every webhook's answer, counted
        self._ids = itertools.count(1)
        self._prefix = secrets.token_hex(4).upper()
        self._throughput = Gcra(1.0 / config.rate if config.rate else 0.0, max(1, int(config.rate)))
        self.recipients_by_number: dict[str, set[str]] = {}  # whom each number sent templates
        self.repeats = 0  # accepted templates to someone who had one already (benchmarks)
        self._pairs = Gcra(config.pair_interval, config.pair_burst)
        self._outbox: deque[dict] = deque()
        self._wake = asyncio.Event()
        self._posters: list[asyncio.Task] = []
        self._session: aiohttp.ClientSession | None = None
        self.connections = 0  # client connections that sent a message (pooled ones reuse theirs)
        self._transports: weakref.WeakSet = weakref.WeakSet()
        # Cleared, sends wait here unanswered (``waiting`` counts them): a test can hold the
        # channel's answers while it takes the database away, so they come back into an outage.
        self.answering = asyncio.Event()
        self.answering.set()
        self.waiting = 0

    def app(self) -> web.Application:
        app = web.Application(client_max_size=16 * 1024 * 1024)  # uploads: 5 MB checked
        app[FAKE_KEY] = self
        app.router.add_post("/{version}/{phone_number_id}/messages", self.handle_send)
        app.router.add_post("/{version}/{phone_number_id}/media", self.handle_upload)
        app.router.add_get("/_fake/media", self.handle_media)
        app.router.add_get("/_fake/messages", self.handle_list)
        app.router.add_delete("/_fake/messages", self.handle_reset)
        app.router.add_get("/_fake/webhooks", self.handle_webhooks)
        app.router.add_get("/_fake/health", self.handle_health)
        app.router.add_get("/_fake/accepted-at", self.handle_accepted_at)
        app.on_startup.append(self._start_poster)
        app.on_cleanup.append(self._stop_poster)
        return app

    # POST /{version}/{phone_number_id}/messages ----------------------------------------

    async def handle_send(self, request: web.Request) -> web.StreamResponse:
        self._count_connection(request)
        if self.config.latency_ms:
            await asyncio.sleep(self.config.latency_ms / 1000)
        await self._answer_when_allowed()
        raw = await request.read()
        payload: dict = {}
        try:
            payload = self._authorised_payload(request, raw)
            number = request.match_info["phone_number_id"]
            failure = self._injected(payload)
            if failure is not None and failure.kind in ("http", "hang", "drop"):
                return await self._misbehave(request, payload, failure)
            self._check_limits(payload, number)
            self._check_message(payload, number)
            if failure is not None and failure.kind == "sync":
                raise Rejected(failure.code)
        except Rejected as rejected:
            self._record(payload, None, rejected.code)
            document, status = error_document(rejected.code, rejected.details)
            return json_answer(document, status)
        message_id = f"wamid.FAKE{self._prefix}{next(self._ids):012d}"
        arrived = clock.now().timestamp()
        self.accepted_at.append(arrived)
        recipient = str(payload["to"])
        self._count_recipient(number, recipient.lstrip("+"), payload.get("type"))
        client = request.headers.get("User-Agent", "")
        self._record(payload, message_id, None, number=number, at=arrived, client=client)
        failure = failure or self._not_delivered(payload)
        self._queue_statuses(payload, message_id, failure, number)
        return json_answer(
            {
                "messaging_product": "whatsapp",
                "contacts": [{"input": recipient, "wa_id": recipient.lstrip("+")}],
                "messages": [{"id": message_id, "message_status": "accepted"}],
            }
        )

    async def handle_upload(self, request: web.Request) -> web.Response:
        """``POST /{version}/{phone_number_id}/media``: an image upload (``whatsapp_media``)."""
        try:
            self._authorised(request)
            answer = await self.media.upload(request, request.match_info["phone_number_id"])
        except Rejected as rejected:
            self.counts[f"upload {rejected.code}"] += 1
            document, status = error_document(rejected.code, rejected.details)
            return json_answer(document, status)
        return json_answer(answer)

    async def handle_media(self, request: web.Request) -> web.Response:
        return web.json_response(self.media.listing())

    async def _answer_when_allowed(self) -> None:
        self.waiting += 1
        try:
            await self.answering.wait()
        finally:
            self.waiting -= 1

    def _count_connection(self, request: web.Request) -> None:
        """Count each client connection once (a pooled client reuses its connections)."""
        if request.transport is not None and request.transport not in self._transports:
            self._transports.add(request.transport)
            self.connections += 1

    def _authorised(self, request: web.Request) -> None:
        if request.headers.get("Authorization", "") != f"Bearer {self.config.token}":
            raise Rejected(190)
        if request.match_info["phone_number_id"] not in self._numbers:
            raise Rejected(
                100,
                f"Object with ID '{request.match_info['phone_number_id']}' "
                "does not exist or is missing permissions",
            )

    def _authorised_payload(self, request: web.Request, raw: bytes) -> dict:
        self._authorised(request)
        try:
            payload = orjson.loads(raw)
        except ValueError:
            raise Rejected(100, "request body is not JSON") from None
        if not isinstance(payload, dict) or payload.get("messaging_product") != "whatsapp":
            raise Rejected(100, "messaging_product must be 'whatsapp'")
        if not str(payload.get("to", "")).lstrip("+").isdigit():
            raise Rejected(100, "parameter 'to' must be a phone number")
        return payload

    def _injected(self, payload: dict) -> Failure | None:
        failure = self.config.failures.get(str(payload["to"]).lstrip("+"))
        if failure is None or failure.remaining is None:
            return failure
        if failure.remaining <= 0:
            return None
        failure.remaining -= 1
        return failure

    async def _misbehave(
        self, request: web.Request, payload: dict, failure: Failure
    ) -> web.StreamResponse:
        self._record(payload, None, None, note=failure.kind)
        if failure.kind == "http":
            return web.Response(
                status=failure.code, text="<html>upstream error</html>", content_type="text/html"
            )
        if failure.kind == "drop":
            if request.transport is not None:
                request.transport.close()
            raise asyncio.CancelledError
        await asyncio.sleep(3600)
        raise AssertionError("unreachable")

    def _check_limits(self, payload: dict, number: str) -> None:
        now = clock.monotonic()
        if not self._throughput.allow(number, now):
            raise Rejected(130429)
        if not self._pairs.allow(f"{number}:{str(payload['to']).lstrip('+')}", now):
            raise Rejected(131056)

    def _count_recipient(self, number: str, recipient: str, kind: object) -> None:
        """Templates only: who each number reached, and how many went to someone twice."""
        if kind != "template":
            return
        if any(recipient in people for people in self.recipients_by_number.values()):
            self.repeats += 1
        self.recipients_by_number.setdefault(number, set()).add(recipient)

    def _not_delivered(self, payload: dict) -> Failure | None:
        """Meta does not deliver marketing templates to +1 (US) numbers: 131049 later."""
        template = payload.get("template")
        marketing = isinstance(template, dict) and (
            template.get("name") in self.config.marketing_templates
        )
        if payload.get("type") == "template" and marketing and str(payload["to"]).startswith("1"):
            return Failure("async", 131049)
        return None

    def _check_message(self, payload: dict, number: str) -> None:
        kind = payload.get("type", "text")
        if kind == "template":
            self._check_template(payload.get("template"))
            self.media.check_header(payload["template"], number)
        elif kind == "text":
            body = (
                (payload.get("text") or {}).get("body")
                if isinstance(payload.get("text"), dict)
                else None
            )
            if not isinstance(body, str) or not body.strip() or len(body) > 4096:
                raise Rejected(100, "text.body must be 1-4096 characters")
        elif kind != "interactive" or not isinstance(payload.get("interactive"), dict):
            raise Rejected(100, f"message type {kind!r} is not supported by this fake")

    def _check_template(self, template: object) -> None:
        if not isinstance(template, dict):
            raise Rejected(100, "template object missing")
        name, language = template.get("name"), (template.get("language") or {}).get("code")
        if name not in self.config.templates or language not in self.config.languages:
            raise Rejected(132001, f"template {name!r} does not exist in {language!r}")
        texts = body_texts(template)
        if len(texts) != self.config.templates[name]:
            raise Rejected(
                132000, f"expected {self.config.templates[name]} body parameters, got {len(texts)}"
            )
        for text in texts:
            if not isinstance(text, str) or parameter_problem(text):
                raise Rejected(132018)
        if sum(len(text) for text in texts) > MAX_BODY_CHARS:
            raise Rejected(132005)

    def _record(
        self,
        payload: dict,
        message_id: str | None,
        error_code: int | None,
        note: str = "",
        number: str = "",
        at: float | None = None,
        client: str = "",
    ) -> None:
        self.counts["accepted" if message_id else str(error_code or note)] += 1
        self.received.append(
            {
                "id": message_id,
                "at": clock.now().timestamp() if at is None else at,  # arrival, epoch seconds
                "from_number": number,
                "client": client,  # the sender's User-Agent: which process sent it
                "to": payload.get("to"),
                "type": payload.get("type"),
                "accepted": message_id is not None,
                "error_code": error_code,
                "note": note,
                "payload": payload,
            }
        )

    # GET /_fake/... -----------------------------------------------------------------

    async def handle_list(self, request: web.Request) -> web.Response:
        accepted_only = request.query.get("accepted") == "1"
        # ?to=N1,N2: only those sent to these numbers
        to = {n.lstrip("+") for n in request.query.get("to", "").split(",") if n}
        messages = [
            m
            for m in self.received
            if (m["accepted"] or not accepted_only)
            and (not to or str(m["to"] or "").lstrip("+") in to)
        ]
        numbers = {number: len(people) for number, people in self.recipients_by_number.items()}
        return web.json_response(
            {
                "messages": messages,
                "count": len(messages),
                "totals": dict(self.counts),
                "connections": self.connections,
                "recipients_by_number": numbers,
                "repeated_templates": self.repeats,
            }
        )

    async def handle_reset(self, request: web.Request) -> web.Response:
        self.received.clear()
        self.counts.clear()
        self.accepted_at.clear()
        self.webhooks.clear()
        self.webhook_responses.clear()
        self.recipients_by_number.clear()
        self.media.reset()
        self.repeats = 0
        self.connections = 0
        self._transports = weakref.WeakSet()
        return web.json_response({"ok": True})

    async def handle_accepted_at(self, request: web.Request) -> web.Response:
        """When each accepted send arrived (epoch seconds, in order): lateness in benchmarks."""
        return web.json_response({"accepted_at": self.accepted_at})

    async def handle_health(self, request: web.Request) -> web.Response:
        return web.json_response({"ok": True, "phone_number_id": self.config.phone_number_id})

    async def handle_webhooks(self, request: web.Request) -> web.Response:
        listing = {"webhooks": list(self.webhooks), "responses": dict(self.webhook_responses)}
        return web.json_response(listing)

    # Status webhooks ----------------------------------------------------------------

    def _queue_statuses(
        self, payload: dict, message_id: str, failure: Failure | None, number: str
    ) -> None:
        if not self.config.webhook_url:
            return
        recipient = str(payload["to"]).lstrip("+")
        callback = payload.get("biz_opaque_callback_data")
        if failure is not None and failure.kind == "async":
            steps: list[tuple[str, int | None]] = [("failed", failure.code)]
        else:
            steps = [("sent", None), ("delivered", None), ("read", None)]
        for status, code in steps:
            self._outbox.append(
                status_body(self.config, message_id, recipient, status, callback, code, number)
            )
        self._wake.set()

    async def _start_poster(self, app: web.Application) -> None:
        posters = max(1, self.config.webhook_concurrency)
        self._session = aiohttp.ClientSession(
            timeout=aiohttp.ClientTimeout(total=10),
            connector=aiohttp.TCPConnector(limit=posters),
        )
        self._posters = [asyncio.create_task(self._post_webhooks()) for _ in range(posters)]

    async def _stop_poster(self, app: web.Application) -> None:
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
        raw = json.dumps(body).encode()
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
        self.webhook_responses[str(outcome)] += 1


FAKE_KEY = web.AppKey("fake", FakeCloudAPI)


def json_answer(document: dict, status: int = 200) -> web.Response:
    """A JSON answer encoded by orjson (the send path's answers: cheaper than json's)."""
    body = orjson.dumps(document)
    return web.Response(body=body, status=status, content_type="application/json")


async def serve(
    config: FakeConfig, host: str = "127.0.0.1", port: int = 0, shutdown_timeout: float = 1.0
) -> tuple[web.AppRunner, int]:
    """Start the fake on ``host:port`` (0 = any free port); returns the runner and the port."""
    return await start(FakeCloudAPI(config).app(), host, port, shutdown_timeout)
