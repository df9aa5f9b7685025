"""A fake Telegram Bot API on loopback: honest enough for tests, benchmarks and demos.

``/bot<token>/<method>`` with the token checked (401 ``Unauthorized`` otherwise) and only the
methods we use (404 ``Not Found`` for others): ``sendMessage`` and ``sendPhoto`` (parameters
checked as in ``telegram_shapes``; uploaded pictures listed at ``GET /_fake/photos``), ``setWebhook``, ``deleteWebhook``, ``getWebhookInfo`` and ``getMe``.
Parameters come as JSON, a form or the query string, as the real API takes them. Limits as
Telegram's FAQ states them: one message per second in a chat (a short burst allowed) and
about 30 per second for the bot overall; beyond them a 429 with ``parameters.retry_after``.
Failures are injected per chat (403 "bot was blocked by the user", 400 "chat not found").

For tests: ``GET /_fake/messages`` lists what it accepted and refused; ``POST /_fake/updates``
with ``{"chat_id": N, "text": "/start"}`` (or ``"location": {...}``) makes an ``Update`` and
posts it to the webhook with the ``X-Telegram-Bot-Api-Secret-Token`` header set.
"""

from __future__ import annotations

import asyncio
import hashlib
import itertools
import json
import secrets
from collections import Counter, deque
from dataclasses import dataclass, field

import aiohttp
from aiohttp import web

from lokpanchang import clock
from lokpanchang.fakes.limits import Gcra
from lokpanchang.fakes.serving import start
from lokpanchang.fakes.telegram_shapes import (
    ApiError,
    bad_request,
    check_secret_token,
    check_send_message,
    check_send_photo,
    refusal,
    too_many,
)

INJECTED = {
    403: "Forbidden: bot was blocked by the user",
    400: "Bad Request: chat not found",
}
SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"


@dataclass
class TelegramConfig:
    token: str
    username: str = "LokPanchangBot"
    webhook_url: str = ""
    secret_token: str = ""
    rate: float = 30.0  # messages/s for the bot overall (0: no limit)
    chat_interval: float = 1.0  # seconds between messages in one chat (0: no limit)
    chat_burst: int = 3
    latency_ms: float = 0.0
    failures: dict[int, int] = field(default_factory=dict)  # chat id -> 403 or 400
    keep: int = 100_000


def parse_failures(spec: str) -> dict[int, int]:
    """``"123=403,456=400"`` as {chat: code}; ValueError naming a bad item."""
    failures = {}
    for item in filter(None, (part.strip() for part in spec.split(","))):
        chat, _, code = item.partition("=")
        if not code.isdigit() or int(code) not in INJECTED:
            raise ValueError(f"{item!r}: give CHAT=403 or CHAT=400")
        try:
            failures[int(chat)] = int(code)
        except ValueError:
            raise ValueError(f"{item!r}: {chat!r} is not a chat id") from None
    return failures


class FakeBotAPI:
    """The state behind the fake server; ``app()`` builds the aiohttp application."""

    def __init__(self, config: TelegramConfig) -> None:
        self.config = config
        self.received: deque[dict] = deque(maxlen=config.keep)
        self.counts: Counter[str] = Counter()
        self.accepted_at: list[float] = []
        self.webhooks: list[dict] = []
        self._bot = Gcra(1.0 / config.rate if config.rate else 0.0, max(1, int(config.rate)))
        self._chats = Gcra(config.chat_interval, config.chat_burst)
        self._message_ids: dict[int, itertools.count] = {}
        self._update_ids = itertools.count(100_000_001)
        self.photos: dict[str, dict] = {}  # file_id -> the upload it came from (sendPhoto)

    def app(self) -> web.Application:
        app = web.Application(client_max_size=16 * 1024 * 1024)  # photos: 10 MB checked
        app[FAKE_KEY] = self
        app.router.add_route("*", "/bot{token}/{method}", self.handle_method)
        app.router.add_get("/_fake/messages", self.handle_list)
        app.router.add_delete("/_fake/messages", self.handle_reset)
        app.router.add_post("/_fake/updates", self.handle_update)
        app.router.add_get("/_fake/webhooks", self.handle_webhooks)
        app.router.add_get("/_fake/health", self.handle_health)
        app.router.add_get("/_fake/photos", self.handle_photos)
        app.router.add_get("/_fake/accepted-at", self.handle_accepted_at)
        return app

    # /bot<token>/<method> -------------------------------------------------------------

    async def handle_method(self, request: web.Request) -> web.Response:
        if self.config.latency_ms:
            await asyncio.sleep(self.config.latency_ms / 1000)
        params: dict = {}
        try:
            if request.match_info["token"] != self.config.token:
                raise ApiError(401, "Unauthorized")
            method = METHODS.get(request.match_info["method"].lower())
            if method is None:
                raise ApiError(404, "Not Found")
            params = await _parameters(request)
            return web.json_response({"ok": True, "result": method(self, params)})
        except ApiError as error:
            self._refused(request.match_info["method"], params, error)
            return web.json_response(refusal(error), status=error.code)

    def send_message(self, params: dict) -> dict:
        message = check_send_message(params)
        self._check_limits(message.chat_id)
        injected = self.config.failures.get(message.chat_id)
        if injected is not None:
            raise ApiError(injected, INJECTED[injected])
        ids = self._message_ids.setdefault(message.chat_id, itertools.count(1))
        result = {
            "message_id": next(ids),
            "from": self._me(),
            "chat": {"id": message.chat_id, "type": "private"},
            "date": int(clock.now().timestamp()),
            "text": message.plain,
        }
        self.accepted_at.append(clock.now().timestamp())
        self.counts["accepted"] += 1
        self.received.append(
            {
                "accepted": True,
                "chat_id": message.chat_id,
                "text": message.plain,
                "message_id": result["message_id"],
                "payload": params,
            }
        )
        return result

    def send_photo(self, params: dict) -> dict:
        """``sendPhoto``: an uploaded picture gets a new ``file_id``; a known one is reused."""
        photo = check_send_photo(params, lambda file_id: file_id in self.photos)
        self._check_limits(photo.chat_id)
        injected = self.config.failures.get(photo.chat_id)
        if injected is not None:
            raise ApiError(injected, INJECTED[injected])
        file_id = photo.file_id or self._stored(photo.content or b"")
        ids = self._message_ids.setdefault(photo.chat_id, itertools.count(1))
        sizes = [{"file_id": file_id, "file_unique_id": self.photos[file_id]["unique"],
                  "width": 1080, "height": 1080, "file_size": self.photos[file_id]["bytes"]}]  # fmt: skip
        result = {
            "message_id": next(ids),
            "from": self._me(),
            "chat": {"id": photo.chat_id, "type": "private"},
            "date": int(clock.now().timestamp()),
            "photo": sizes,
        }
        if photo.caption:
            result["caption"] = photo.caption
        self.accepted_at.append(clock.now().timestamp())
        self.counts["accepted"] += 1
        self.received.append({"accepted": True, "method": "sendPhoto", "chat_id": photo.chat_id,
                              "text": photo.caption, "photo": file_id,
                              "uploaded": photo.file_id is None,
                              "message_id": result["message_id"], "payload": {
                                  k: v for k, v in params.items() if k != "photo"}})  # fmt: skip
        return result

    def _stored(self, content: bytes) -> str:
        """A new file for an uploaded picture: its file_id."""
        number = len(self.photos) + 1
        file_id = f"AgACAgFAKE{number:08d}{secrets.token_urlsafe(12)}"
        digest = hashlib.sha256(content).hexdigest()
        self.photos[file_id] = {
            "unique": f"AQAD{number:06d}",
            "bytes": len(content),
            "sha256": digest,
        }
        return file_id

    def _check_limits(self, chat: int) -> None:
        now = clock.monotonic()
        for limit, key in ((self._chats, str(chat)), (self._bot, "")):
            if not limit.allow(key, now):
                raise too_many(limit.tat[key] - now - (limit.burst - 1) * limit.interval)

    def set_webhook(self, params: dict) -> bool:
        url = params.get("url")
        if not isinstance(url, str):
            raise bad_request("bad webhook: URL must be a string")
        if url and not url.startswith(("https://", "http://127.0.0.1", "http://localhost")):
            raise bad_request("bad webhook: An HTTPS URL must be provided for webhook")
        self.config.webhook_url = url
        self.config.secret_token = check_secret_token(params.get("secret_token"))
        return True

    def delete_webhook(self, params: dict) -> bool:
        self.config.webhook_url = self.config.secret_token = ""
        return True

    def webhook_info(self, params: dict) -> dict:
        return {
            "url": self.config.webhook_url,
            "has_custom_certificate": False,
            "pending_update_count": 0,
        }

    def get_me(self, params: dict) -> dict:
        return {**self._me(), "can_join_groups": False}

    def _me(self) -> dict:
        bot_id = int(self.config.token.partition(":")[0]) if self.config.token[:1].isdigit() else 1
        return {
            "id": bot_id,
            "is_bot": True,
            "first_name": "Panchang",
            "username": self.config.username,
        }

    def _refused(self, method: str, params: dict, error: ApiError) -> None:
        self.counts[str(error.code)] += 1
        self.received.append(
            {
                "accepted": False,
                "method": method,
                "chat_id": params.get("chat_id"),
                "error_code": error.code,
                "description": error.description,
            }
        )

    # /_fake/... -------------------------------------------------------------------------

    async def handle_list(self, request: web.Request) -> web.Response:
        accepted_only = request.query.get("accepted") == "1"
        messages = [m for m in self.received if m["accepted"] or not accepted_only]
        return web.json_response(
            {"messages": messages, "count": len(messages), "totals": dict(self.counts)}
        )

    async def handle_reset(self, request: web.Request) -> web.Response:
        self.received.clear()
        self.counts.clear()
        self.accepted_at.clear()
        self.webhooks.clear()
        return web.json_response({"ok": True})

    async def handle_accepted_at(self, request: web.Request) -> web.Response:
        return web.json_response({"accepted_at": self.accepted_at})

    async def handle_photos(self, request: web.Request) -> web.Response:
        """Every picture uploaded (one per ``sendPhoto`` with the file itself)."""
        uploads = [{"file_id": file_id, **photo} for file_id, photo in self.photos.items()]
        return web.json_response({"uploads": uploads, "count": len(uploads)})

    async def handle_health(self, request: web.Request) -> web.Response:
        return web.json_response({"ok": True, "username": self.config.username})

    async def handle_webhooks(self, request: web.Request) -> web.Response:
        return web.json_response({"webhooks": self.webhooks})

    async def handle_update(self, request: web.Request) -> web.Response:
        """Make an update from a person in a private chat and post it to the webhook."""
        try:
            spec = await request.json()
            update = self.make_update(spec)
        except (ValueError, KeyError, TypeError) as exc:
            return web.json_response(
                {"ok": False, "description": f"bad update spec: {exc}"}, status=400
            )
        if not self.config.webhook_url:
            return web.json_response({"ok": False, "description": "no webhook set"}, status=409)
        status = await self._post(update, spec.get("secret", self.config.secret_token))
        return web.json_response({"ok": True, "update": update, "webhook_status": status})

    def make_update(self, spec: dict) -> dict:
        chat = int(spec["chat_id"])
        person = {"id": chat, "is_bot": False, "first_name": str(spec.get("first_name", "Asha"))}
        message: dict = {
            "message_id": int(spec.get("message_id", 1)),
            "from": person,
            "chat": {"id": chat, "type": "private", "first_name": person["first_name"]},
            "date": int(clock.now().timestamp()),
        }
        if "location" in spec:
            location = spec["location"]
            message["location"] = {
                "latitude": location["latitude"],
                "longitude": location["longitude"],
            }
        else:
            text = str(spec["text"])
            message["text"] = text
            if text.startswith("/"):
                length = len(text.split(" ", 1)[0])
                message["entities"] = [{"offset": 0, "length": length, "type": "bot_command"}]
        update_id = int(spec["update_id"]) if "update_id" in spec else next(self._update_ids)
        return {"update_id": update_id, "message": message}

    async def _post(self, update: dict, secret: str | None) -> int | str:
        headers = {"Content-Type": "application/json"}
        if secret:
            headers[SECRET_HEADER] = secret
        timeout = aiohttp.ClientTimeout(total=10)
        try:
            async with (
                aiohttp.ClientSession(timeout=timeout) as session,
                session.post(
                    self.config.webhook_url, data=json.dumps(update), headers=headers
                ) as response,
            ):
                status: int | str = response.status
        except (aiohttp.ClientError, TimeoutError) as exc:
            status = type(exc).__name__
        self.webhooks.append({"update": update, "response": status})
        return status


METHODS = {
    "sendmessage": FakeBotAPI.send_message,
    "sendphoto": FakeBotAPI.send_photo,
    "setwebhook": FakeBotAPI.set_webhook,
    "deletewebhook": FakeBotAPI.delete_webhook,
    "getwebhookinfo": FakeBotAPI.webhook_info,
    "getme": FakeBotAPI.get_me,
}
"""The Bot API methods the fake answers (method names are case-insensitive, as Telegram's)."""


async def _parameters(request: web.Request) -> dict:
    """A method's parameters from the query string, a form, or a JSON body."""
    params: dict = dict(request.query)
    if request.content_type == "application/json":
        try:
            body = await request.json()
        except ValueError:
            raise bad_request("can't parse JSON request body") from None
        if not isinstance(body, dict):
            raise bad_request("request body must be a JSON object")
        params.update(body)
    elif request.can_read_body:
        params.update(await request.post())
    return params


FAKE_KEY = web.AppKey("fake_telegram", FakeBotAPI)


async def serve(
    config: TelegramConfig, host: str = "127.0.0.1", port: int = 0, shutdown_timeout: float = 1.0
) -> tuple[web.AppRunner, int]:
    """Start the fake on ``host:port`` (0 = any free port); returns the runner and the port."""
    return await start(FakeBotAPI(config).app(), host, port, shutdown_timeout)
