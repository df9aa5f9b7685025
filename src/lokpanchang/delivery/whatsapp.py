"""WhatsApp Cloud API channel: a thin ``aiohttp`` client behind the ``Sender`` protocol.

``POST {base_url}/{api_version}/{phone_number_id}/messages`` with a Bearer token, from one
of the account's phone numbers: a message's ``via`` names it (the subscriber's pinned
number), else the first. Each number has its own pace (``SEND_RATE``; the bucket is keyed
by number). One ``ClientSession`` per sender, its pool sized by ``SEND_CONCURRENCY``.
Failures are classified by ``delivery.errors``; transient ones are retried here a few times
with back-off, then handed back as ``Outcome.RETRY``. A failure before the request left
(pacing unavailable, no connection) is ``RETRY`` too: nothing reached Meta. With a marketing
template category, broadcasts to +1 numbers are not sent at all (``Outcome.BLOCK``): Meta
does not deliver them.
"""

from __future__ import annotations

import asyncio
import random

import aiohttp
import structlog

from lokpanchang import languages
from lokpanchang.config import Settings
from lokpanchang.delivery.base import MessageKind, Outcome, OutgoingMessage, SendResult
from lokpanchang.delivery.errors import Classified, backoff_delay, classify_response
from lokpanchang.delivery.pacing import Bucket, Unpaced
from lokpanchang.delivery.whatsapp_inbound import (
    callback_data,
    ledger_id_from_callback,
    parse_webhook,
)

log = structlog.get_logger(__name__)

__all__ = ["WhatsAppSender", "callback_data", "from_settings", "ledger_id_from_callback"]

MARKETING_BLOCKED_PREFIX = "+1"
MARKETING_BLOCKED = "marketing templates are not delivered to +1 numbers"

# Subscriber language -> the language code the template is registered under at Meta (the
# registry's ``meta_code``: Sanskrit readers get the Hindi template, Meta has no Sanskrit).
LANGUAGE_CODES = {row.code: row.meta_code for row in languages.LANGUAGES}
DEFAULT_LANGUAGE_CODE = languages.DEFAULT


def language_code(language: str) -> str:
    """The Meta template language code for a subscriber language (English if unknown)."""
    return languages.meta_code(language)


def template_payload(
    phone: str,
    template: str,
    language: str,
    parameters: tuple[str, ...],
    ledger_id: int | None = None,
) -> dict:
    body = [{"type": "text", "text": text} for text in parameters]
    payload = {
        "messaging_product": "whatsapp",
        "recipient_type": "individual",
        "to": _recipient(phone),
        "type": "template",
        "template": {
            "name": template,
            "language": {"code": language},
            "components": [{"type": "body", "parameters": body}] if body else [],
        },
    }
    if ledger_id is not None:
        payload["biz_opaque_callback_data"] = callback_data(ledger_id)
    return payload


def text_payload(phone: str, text: str) -> dict:
    return {
        "messaging_product": "whatsapp",
        "recipient_type": "individual",
        "to": _recipient(phone),
        "type": "text",
        "text": {"preview_url": False, "body": text},
    }


def location_request_payload(phone: str, text: str) -> dict:
    interactive = {
        "type": "location_request_message",
        "body": {"text": text},
        "action": {"name": "send_location"},
    }
    return {
        "messaging_product": "whatsapp",
        "recipient_type": "individual",
        "to": _recipient(phone),
        "type": "interactive",
        "interactive": interactive,
    }


def _recipient(phone: str) -> str:
    return phone.lstrip("+")


class WhatsAppSender:
    """The Cloud API channel.

    Each call (or ``async with sender:`` block) opens its connection pool in the running
    event loop and closes it at the end, so one sender serves successive batches of a worker
    process; it is not meant to be shared by threads running loops at the same time
    (Celery's prefork pool gives each process its own).
    """

    name = "whatsapp"
    parse_inbound = staticmethod(parse_webhook)

    def __init__(
        self,
        *,
        base_url: str,
        api_version: str,
        phone_number_ids: tuple[str, ...],
        access_token: str,
        template_name: str = "daily_panchangam",
        template_category: str = "marketing",
        concurrency: int = 200,
        timeout: float = 15.0,
        bucket: Bucket | None = None,
        max_attempts: int = 4,
        backoff_base: float = 0.5,
        backoff_cap: float = 8.0,
        retry_after_cap: float = 60.0,
    ) -> None:
        if not phone_number_ids:
            raise ValueError("WhatsAppSender needs at least one phone-number id")
        self.identities = tuple(phone_number_ids)
        root = f"{base_url.rstrip('/')}/{api_version}"
        self._urls = {number: f"{root}/{number}/messages" for number in self.identities}
        self.template_name = template_name
        self.marketing = template_category == "marketing"
        self.bucket = bucket or Unpaced()
        self.max_attempts = max_attempts
        self.backoff_base, self.backoff_cap = backoff_base, backoff_cap
        self.retry_after_cap = retry_after_cap  # longest server-requested wait honoured inline
        self._headers = {"Authorization": f"Bearer {access_token}"}
        self._concurrency = concurrency
        self._timeout = timeout
        self._session: aiohttp.ClientSession | None = None
        self._depth = 0

    @classmethod
    def from_settings(
        cls, settings: Settings, bucket: Bucket | None = None, **kwargs
    ) -> WhatsAppSender:
        return cls(
            base_url=settings.whatsapp_base_url,
            api_version=settings.whatsapp_api_version,
            phone_number_ids=settings.whatsapp_numbers,
            access_token=settings.whatsapp_access_token,
            template_name=settings.whatsapp_template_name,
            template_category=settings.whatsapp_template_category,
            concurrency=settings.send_concurrency,
            timeout=settings.send_timeout,
            bucket=bucket,
            **kwargs,
        )

    # The Sender protocol ------------------------------------------------------------

    async def send_batch(self, messages: list[OutgoingMessage]) -> list[SendResult]:
        async with self:
            return list(await asyncio.gather(*(self.send(m) for m in messages)))

    async def close(self) -> None:
        if self._session is not None:
            await self._session.close()
            self._session = None
        await self.bucket.release()

    # One session per event loop: callers may run each batch in its own ``asyncio.run``.
    # ``async with sender:`` keeps the pool open across calls; each public call opens one
    # for itself otherwise and closes it when done.

    async def __aenter__(self) -> WhatsAppSender:
        if self._depth == 0:
            await self.close()
            self._session = self._new_session()
        self._depth += 1
        return self

    async def __aexit__(self, *exc_info) -> None:
        self._depth -= 1
        if self._depth == 0:
            await self.close()

    # Sending --------------------------------------------------------------------------

    def number_for(self, message: OutgoingMessage) -> str:
        """The phone-number id ``message`` goes out from: its ``via`` if ours, else the first."""
        return message.via if message.via in self._urls else self.identities[0]

    async def send(self, message: OutgoingMessage) -> SendResult:
        """Send one message of any kind from its number; never raises for a failure."""
        via = self.number_for(message)
        if self._blocked_by_policy(message):
            return SendResult(
                message.ledger_id, Outcome.BLOCK, error_detail=MARKETING_BLOCKED, via=via
            )
        async with self:
            return await self._send(self.payload(message), message.ledger_id, via)

    def _blocked_by_policy(self, message: OutgoingMessage) -> bool:
        broadcast = message.kind is MessageKind.BROADCAST
        return self.marketing and broadcast and message.to.startswith(MARKETING_BLOCKED_PREFIX)

    def payload(self, message: OutgoingMessage) -> dict:
        """The Cloud API request body for ``message``."""
        if message.kind is MessageKind.TEXT:
            return text_payload(message.to, message.text)
        if message.kind is MessageKind.LOCATION_REQUEST:
            return location_request_payload(message.to, message.text)
        return template_payload(
            message.to,
            message.template or self.template_name,
            language_code(message.language),
            message.parameters,
            message.ledger_id,
        )

    async def _send(self, payload: dict, ledger_id: int, via: str) -> SendResult:
        attempt = 0
        while True:
            attempt += 1
            classified = await self._paced_attempt(payload, via)
            if classified.outcome is not Outcome.RETRY or attempt >= self.max_attempts:
                return _result(ledger_id, classified, attempt, via)
            retry_after = min(classified.retry_after or 0.0, self.retry_after_cap)
            delay = backoff_delay(
                attempt, retry_after, random.random(), self.backoff_base, self.backoff_cap
            )
            log.info(
                "whatsapp.retry",
                ledger_id=ledger_id,
                code=classified.error_code,
                attempt=attempt,
                delay=round(delay, 2),
            )
            await asyncio.sleep(delay)

    async def _paced_attempt(self, payload: dict, via: str) -> Classified:
        try:
            await self.bucket.acquire(via)
        except Exception as exc:  # noqa: BLE001 -- e.g. Redis down: nothing was sent
            log.warning("whatsapp.pacing_unavailable", error=str(exc))
            return Classified(Outcome.RETRY, error_detail=f"not sent: pacing unavailable: {exc}")
        return await self._attempt(payload, via)

    async def _attempt(self, payload: dict, via: str) -> Classified:
        try:
            assert self._session is not None, "WhatsAppSender used before open()"
            async with self._session.post(
                self._urls[via], json=payload, headers=self._headers
            ) as response:
                return classify_response(response.status, await response.read())
        except aiohttp.ConnectionTimeoutError as exc:
            return Classified(Outcome.RETRY, error_detail=f"connect timeout: {exc}")
        except aiohttp.ClientConnectorError as exc:
            return Classified(Outcome.RETRY, error_detail=f"cannot connect: {exc}")
        except aiohttp.InvalidURL as exc:  # WHATSAPP_BASE_URL is wrong: no send can work
            return Classified(Outcome.HALT, error_detail=f"invalid URL: {exc}")
        except (TimeoutError, aiohttp.ClientError) as exc:
            # The request may have reached Meta: there is no idempotency key, so never resend.
            return Classified(Outcome.AMBIGUOUS, error_detail=f"{type(exc).__name__}: {exc}")

    def _new_session(self) -> aiohttp.ClientSession:
        connector = aiohttp.TCPConnector(limit=self._concurrency)
        timeout = aiohttp.ClientTimeout(total=self._timeout, connect=min(5.0, self._timeout))
        return aiohttp.ClientSession(connector=connector, timeout=timeout)


def from_settings(settings: Settings, **kwargs) -> WhatsAppSender:
    """The configured channel, paced by the shared Redis bucket (in-process when embedded)."""
    from lokpanchang.delivery.pacing import bucket_for

    redis_url = settings.redis_url or (
        settings.celery_broker_url if settings.celery_broker_url.startswith("redis") else ""
    )
    bucket = bucket_for(redis_url, settings.send_rate, settings.is_embedded)
    return WhatsAppSender.from_settings(settings, bucket=bucket, **kwargs)


def _result(ledger_id: int, classified: Classified, attempts: int, via: str) -> SendResult:
    return SendResult(
        ledger_id,
        classified.outcome,
        classified.message_id,
        classified.error_code,
        classified.error_detail,
        classified.retry_after,
        {"attempts": attempts},
        via,
    )
