"""A fake WhatsApp Cloud API on loopback: honest enough for tests, benchmarks and demos.

It checks the token, the phone-number id (one of the account's numbers), the template (name,
language, parameter count, parameter text rules), answers in Meta's success and error shapes,
enforces the throughput (130429, per number) and pair (131056, per number and user) limits,
does not deliver marketing templates to +1 numbers (accepted, then a ``failed`` status with
131049), injects failures by recipient (``whatsapp_spec``), posts signed status webhooks
(``sent``/``delivered``/``read``/``failed``) and lists what it received, from which
number and which client (its User-Agent), at ``GET /_fake/messages``. Media uploads and
templates' image headers are checked as Meta checks them (``whatsapp_media``; uploads listed at
``GET /_fake/media``). ``serve`` puts the cheap front server (``whatsapp_front``) before it:
sends are answered there, every other request by the aiohttp application here.
"""

from __future__ import annotations

import asyncio
import itertools
import secrets
import weakref
from collections import Counter, deque

import orjson
from aiohttp import web

from lokpanchang import clock
from lokpanchang.fakes.limits import Gcra
from lokpanchang.fakes.whatsapp_front import serve_with_front
from lokpanchang.fakes.whatsapp_media import FakeMedia
from lokpanchang.fakes.whatsapp_shapes import Rejected, body_texts, error_document
from lokpanchang.fakes.whatsapp_spec import Failure, FakeConfig
from lokpanchang.fakes.whatsapp_webhooks import StatusPoster
from lokpanchang.messages.rules import MAX_BODY_CHARS, parameter_problem

# A send's answer: (HTTP status, JSON body), or a misbehaviour to act out (``Failure``).
Answer = tuple[int, bytes] | Failure
MISBEHAVIOURS = frozenset({"http", "hang", "drop"})
# What ``received`` lists of each request (kept as a tuple per request: cheaper than a dict).
RECORD_FIELDS: tuple[str, ...] = ("id", "at", "from_number", "client", "to", "type")
RECORD_FIELDS += ("accepted", "error_code", "note", "payload")


class FakeCloudAPI:
    """The state behind the fake server; ``send`` judges one send whatever serves it, ``app()``
    builds the aiohttp application (every route, sends included)."""

    def __init__(self, config: FakeConfig) -> None:
        self.config = config
        self._numbers = frozenset(config.numbers)  # parsed once, not on every request
        self.media = FakeMedia(config.image_templates)  # uploads; templates' image headers
        # The newest ``keep`` requests in full (``RECORD_FIELDS``); counts of everything since.
        self._received: deque[tuple] = deque(maxlen=config.keep)
        self.counts: Counter[str] = Counter()
        self.accepted_at: list[float] = []  # epoch seconds of every accepted send (benchmarks)
        self.statuses = StatusPoster(config)  # status webhooks
        self._ids = itertools.count(1)
        self._prefix = secrets.token_hex(4).upper()
        self._throughput = Gcra(1.0 / config.rate if config.rate else 0.0, max(1, int(config.rate)))
        self.recipients_by_number: dict[str, set[str]] = {}  # whom each number sent templates
        self.repeats = 0  # accepted templates to someone who had one already (benchmarks)
        self._pairs = Gcra(config.pair_interval, config.pair_burst)
        self.connections = 0  # client connections that sent a message (pooled ones reuse theirs)
        self._transports: weakref.WeakSet = weakref.WeakSet()
        # The front's tunnels to the aiohttp application: their port -> the client's transport.
        self.tunnelled: dict[int, object] = {}
        # Cleared, sends wait here unanswered (``waiting`` counts them): a test can hold the
        # channel's answers while it takes the database away, so they come back into an outage.
        self.answering = asyncio.Event()
        self.answering.set()
        self.waiting = 0

    @property
    def received(self) -> list[dict]:
        """The newest ``keep`` requests, oldest first, each a dict of ``RECORD_FIELDS``."""
        return [dict(zip(RECORD_FIELDS, record, strict=True)) for record in self._received]

    @property
    def webhooks(self) -> deque[dict]:
        return self.statuses.webhooks

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

    # One send, whatever serves it ------------------------------------------------------

    async def answer_when_allowed(self) -> None:
        """Wait while answers are held (``answering`` cleared), counted in ``waiting``."""
        self.waiting += 1
        try:
            await self.answering.wait()
        finally:
            self.waiting -= 1

    def count_connection(self, transport: object) -> None:
        """Count each client connection once (a pooled client reuses its connections)."""
        if transport is not None and transport not in self._transports:
            self._transports.add(transport)
            self.connections += 1

    def send(self, number: str, authorization: str, client: str, raw: bytes) -> Answer:
        """``POST /{version}/{number}/messages`` with body ``raw``, after its latency: the
        answer (HTTP status, JSON body) or the misbehaviour injected for its recipient."""
        payload: dict = {}
        try:
            payload = self._authorised_payload(authorization, number, raw)
            failure = self._injected(payload)
            if failure is not None and failure.kind in MISBEHAVIOURS:
                self._record(payload, None, None, note=failure.kind)
                return failure
            self._check_limits(payload, number)
            self._check_message(payload, number)
            if failure is not None and failure.kind == "sync":
                raise Rejected(failure.code)
        except Rejected as rejected:
            self._record(payload, None, rejected.code)
            document, status = error_document(rejected.code, rejected.details)
            return status, orjson.dumps(document)
        return 200, self._accept(payload, number, client, failure)

    def _accept(self, payload: dict, number: str, client: str, failure: Failure | None) -> bytes:
        message_id = f"wamid.FAKE{self._prefix}{next(self._ids):012d}"
        arrived = clock.now().timestamp()
        self.accepted_at.append(arrived)
        recipient = str(payload["to"])
        wa_id = recipient.lstrip("+")
        self._count_recipient(number, wa_id, payload.get("type"))
        self._record(payload, message_id, None, number=number, at=arrived, client=client)
        failure = failure or self._not_delivered(payload)
        callback = payload.get("biz_opaque_callback_data")
        self.statuses.queue(message_id, wa_id, callback, failure, number)
        return orjson.dumps(
            {
                "messaging_product": "whatsapp",
                "contacts": [{"input": recipient, "wa_id": wa_id}],
                "messages": [{"id": message_id, "message_status": "accepted"}],
            }
        )

    # POST /{version}/{phone_number_id}/... on aiohttp ----------------------------------

    async def handle_send(self, request: web.Request) -> web.StreamResponse:
        self.count_connection(self._client_transport(request))
        if self.config.latency_ms:
            await asyncio.sleep(self.config.latency_ms / 1000)
        await self.answer_when_allowed()
        raw = await request.read()
        headers = request.headers
        number = request.match_info["phone_number_id"]
        answer = self.send(
            number, headers.get("Authorization", ""), headers.get("User-Agent", ""), raw
        )
        if isinstance(answer, Failure):
            return await _misbehave(request, answer)
        status, body = answer
        return web.Response(body=body, status=status, content_type="application/json")

    def _client_transport(self, request: web.Request) -> object:
        """The client's connection: the front's, when it came through one of its tunnels."""
        transport = request.transport
        peer = transport.get_extra_info("peername") if transport is not None else None
        return self.tunnelled.get(peer[1], transport) if peer else transport

    async def handle_upload(self, request: web.Request) -> web.Response:
        """``POST /{version}/{phone_number_id}/media``: an image upload (``whatsapp_media``)."""
        number = request.match_info["phone_number_id"]
        try:
            self._authorised(request.headers.get("Authorization", ""), number)
            answer = await self.media.upload(request, number)
        except Rejected as rejected:
            self.counts[f"upload {rejected.code}"] += 1
            document, status = error_document(rejected.code, rejected.details)
            return json_answer(document, status)
        return json_answer(answer)

    async def handle_media(self, request: web.Request) -> web.Response:
        return web.json_response(self.media.listing())

    # The checks ------------------------------------------------------------------------

    def _authorised(self, authorization: str, number: str) -> None:
        if authorization != f"Bearer {self.config.token}":
            raise Rejected(190)
        if number not in self._numbers:
            raise Rejected(
                100, f"Object with ID '{number}' does not exist or is missing permissions"
            )

    def _authorised_payload(self, authorization: str, number: str, raw: bytes) -> dict:
        self._authorised(authorization, number)
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
        arrival = clock.now().timestamp() if at is None else at  # epoch seconds
        to, kind, accepted = payload.get("to"), payload.get("type"), message_id is not None
        # ``client``: the sender's User-Agent, which process sent it
        record = (message_id, arrival, number, client, to, kind, accepted, error_code, note)
        self._received.append((*record, payload))

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
        listing = {
            "messages": messages,
            "count": len(messages),
            "totals": dict(self.counts),
            "connections": self.connections,
            "recipients_by_number": numbers,
            "repeated_templates": self.repeats,
        }
        return json_answer(listing)

    async def handle_reset(self, request: web.Request) -> web.Response:
        self._received.clear()
        self.counts.clear()
        self.accepted_at.clear()
        self.statuses.reset()
        self.recipients_by_number.clear()
        self.media.reset()
        self.repeats = 0
        self.connections = 0
        self._transports = weakref.WeakSet()
        return web.json_response({"ok": True})

    async def handle_accepted_at(self, request: web.Request) -> web.Response:
        """When each accepted send arrived (epoch seconds, in order): lateness in benchmarks."""
        return json_answer({"accepted_at": self.accepted_at})

    async def handle_health(self, request: web.Request) -> web.Response:
        return web.json_response({"ok": True, "phone_number_id": self.config.phone_number_id})

    async def handle_webhooks(self, request: web.Request) -> web.Response:
        statuses = self.statuses
        listing = {"webhooks": list(statuses.webhooks), "responses": dict(statuses.responses)}
        return web.json_response(listing)

    async def _start_poster(self, app: web.Application) -> None:
        await self.statuses.start()

    async def _stop_poster(self, app: web.Application) -> None:
        await self.statuses.stop()


FAKE_KEY = web.AppKey("fake", FakeCloudAPI)


def json_answer(document: dict, status: int = 200) -> web.Response:
    """A JSON answer encoded by orjson (cheaper than json's, for the large listings too)."""
    body = orjson.dumps(document)
    return web.Response(body=body, status=status, content_type="application/json")


async def _misbehave(request: web.Request, failure: Failure) -> web.StreamResponse:
    """An injected ``http`` (an HTML error page), ``drop`` (connection closed) or ``hang``."""
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


async def serve(
    config: FakeConfig, host: str = "127.0.0.1", port: int = 0, shutdown_timeout: float = 1.0
) -> tuple[web.AppRunner, int]:
    """Start the fake on ``host:port`` (0 = any free port); returns the runner (its cleanup
    stops the front server too) and the port."""
    return await serve_with_front(FakeCloudAPI(config), host, port, shutdown_timeout)
