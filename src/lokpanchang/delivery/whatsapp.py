"""WhatsApp Cloud API channel: a thin ``aiohttp`` client behind the ``Sender`` protocol.

``POST {base_url}/{api_version}/{phone_number_id}/messages`` with a Bearer token. One
``ClientSession`` per sender, its connection pool sized by ``SEND_CONCURRENCY``; every
attempt first takes a token from the pacing bucket. Failures are classified by
``delivery.errors``; transient ones are retried here a few times with back-off, then handed
back as ``Outcome.RETRY`` for the caller to reschedule.
"""

from __future__ import annotations

import asyncio
import random

import aiohttp
import structlog

from lokpanchang import languages
from lokpanchang.config import Settings
from lokpanchang.delivery.base import Outcome, OutgoingMessage, SendResult
from lokpanchang.delivery.errors import Classified, backoff_delay, classify_response
from lokpanchang.delivery.pacing import Bucket, Unpaced

log = structlog.get_logger(__name__)

# Subscriber language -> the language code the template is registered under at Meta (the
# registry's ``meta_code``: Sanskrit readers get the Hindi template, Meta has no Sanskrit).
LANGUAGE_CODES = {row.code: row.meta_code for row in languages.LANGUAGES}
DEFAULT_LANGUAGE_CODE = languages.DEFAULT


def language_code(language: str) -> str:
    """The Meta template language code for a subscriber language (English if unknown)."""
    return languages.meta_code(language)


MAX_LEDGER_ID = 2**63 - 1  # a larger number names no row and no database can look it up


def callback_data(ledger_id: int) -> str:
    """``biz_opaque_callback_data`` naming a ledger row; status webhooks echo it back."""
    return f"message_log:{ledger_id}"


def ledger_id_from_callback(value: object) -> int | None:
    """The ledger row named by ``callback_data``, or None for anything else."""
    prefix, _, number = str(value or "").partition(":")
    if prefix != "message_log" or not (number.isascii() and number.isdigit()):
        return None
    return int(number) if int(number) <= MAX_LEDGER_ID else None


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
    event loop and closes it at the end, so one sender serves successive ``asyncio.run``
    batches of a worker process; it is not meant to be shared by threads running loops at
    the same time (Celery's prefork pool gives each process its own).
    """

    name = "whatsapp"

    def __init__(
        self,
        *,
        base_url: str,
        api_version: str,
        phone_number_id: str,
        access_token: str,
        template_name: str = "daily_panchangam",
        concurrency: int = 200,
        timeout: float = 15.0,
        bucket: Bucket | None = None,
        max_attempts: int = 4,
        backoff_base: float = 0.5,
        backoff_cap: float = 8.0,
        retry_after_cap: float = 60.0,
    ) -> None:
        self.url = f"{base_url.rstrip('/')}/{api_version}/{phone_number_id}/messages"
        self.template_name = template_name
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
            phone_number_id=settings.whatsapp_phone_number_id,
            access_token=settings.whatsapp_access_token,
            template_name=settings.whatsapp_template_name,
            concurrency=settings.send_concurrency,
            timeout=settings.send_timeout,
            bucket=bucket,
            **kwargs,
        )

    # The Sender protocol ------------------------------------------------------------

    async def send_batch(self, messages: list[OutgoingMessage]) -> list[SendResult]:
        async with self:
            return list(await asyncio.gather(*(self.send_panchangam_template(m) for m in messages)))

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

    async def send_panchangam_template(self, message: OutgoingMessage) -> SendResult:
        """Send the daily template (or ``message.template``) with its body parameters."""
        return await self.send_template(
            message.phone,
            message.template or self.template_name,
            language_code(message.language),
            message.parameters,
            message.ledger_id,
        )

    async def send_template(
        self, phone: str, template: str, language: str, parameters: tuple[str, ...], ledger_id: int
    ) -> SendResult:
        payload = template_payload(phone, template, language, parameters, ledger_id)
        async with self:
            return await self._send(payload, ledger_id)

    async def send_text(self, phone: str, text: str, ledger_id: int = 0) -> SendResult:
        """A free-text reply (only inside the 24-hour customer-service window)."""
        async with self:
            return await self._send(text_payload(phone, text), ledger_id)

    async def send_interactive_location_request(
        self, phone: str, text: str, ledger_id: int = 0
    ) -> SendResult:
        """Ask the user to share their location (a "Send location" button under ``text``)."""
        async with self:
            return await self._send(location_request_payload(phone, text), ledger_id)

    async def _send(self, payload: dict, ledger_id: int) -> SendResult:
        attempt = 0
        while True:
            attempt += 1
            await self.bucket.acquire()
            classified = await self._attempt(payload)
            if classified.outcome is not Outcome.RETRY or attempt >= self.max_attempts:
                return _result(ledger_id, classified, attempt)
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

    async def _attempt(self, payload: dict) -> Classified:
        try:
            assert self._session is not None, "WhatsAppSender used before open()"
            async with self._session.post(
                self.url, json=payload, headers=self._headers
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


def _result(ledger_id: int, classified: Classified, attempts: int) -> SendResult:
    return SendResult(
        ledger_id,
        classified.outcome,
        classified.message_id,
        classified.error_code,
        classified.error_detail,
        classified.retry_after,
        {"attempts": attempts},
    )
