"""WhatsApp Cloud API channel: a thin ``aiohttp`` client behind the ``Sender`` protocol.

``POST {base_url}/{api_version}/{phone_number_id}/messages`` with a Bearer token, from one
of the account's phone numbers: a message's ``via`` names it (the subscriber's pinned
number), else the first. Each number has its own pace (``SEND_RATE``; the bucket is keyed
by number). One ``ClientSession`` per sender, its pool sized by ``SEND_CONCURRENCY`` (``delivery.pooled``).
Failures are classified by ``delivery.errors``; transient ones are retried here a few times
with back-off, then handed back as ``Outcome.RETRY``. A failure before the request left
(pacing unavailable, no connection) is ``RETRY`` too: nothing reached Meta. With a marketing
template category, broadcasts to +1 numbers are not sent at all (``Outcome.BLOCK``): Meta
does not deliver them.
"""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import structlog

from lokpanchang import languages
from lokpanchang.config import Settings
from lokpanchang.delivery.base import MessageKind, Outcome, OutgoingMessage, SendResult
from lokpanchang.delivery.errors import Classified, classify_response
from lokpanchang.delivery.pacing import Ahead, Bucket, Unpaced
from lokpanchang.delivery.pooled import PooledClient, Retrying, with_retries
from lokpanchang.delivery.whatsapp_cards import MEDIA_NOT_FOUND, CardUploads
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
    header_image: str | None = None,
) -> dict:
    """A template message; ``header_image`` is an uploaded media id for its image header."""
    body = [{"type": "text", "text": text} for text in parameters]
    components: list[dict] = []
    if header_image is not None:
        image = {"type": "image", "image": {"id": header_image}}
        components.append({"type": "header", "parameters": [image]})
    if body:
        components.append({"type": "body", "parameters": body})
    payload = {
        "messaging_product": "whatsapp",
        "recipient_type": "individual",
        "to": _recipient(phone),
        "type": "template",
        "template": {"name": template, "language": {"code": language}, "components": components},
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


class WhatsAppSender(PooledClient):
    """The Cloud API channel (its connection pool: ``delivery.pooled.PooledClient``)."""

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
        template_header: str = "none",
        text_template_name: str = "",
        media_dir: Path | None = None,
        concurrency: int = 200,
        timeout: float = 15.0,
        bucket: Bucket | None = None,
        max_attempts: int = 4,
        backoff_base: float = 0.5,
        backoff_cap: float = 8.0,
        retry_after_cap: float = 60.0,
        keep_open: bool = False,
    ) -> None:
        if not phone_number_ids:
            raise ValueError("WhatsAppSender needs at least one phone-number id")
        super().__init__(concurrency, timeout, keep_open)
        self.identities = tuple(phone_number_ids)
        root = f"{base_url.rstrip('/')}/{api_version}"
        self._urls = {number: f"{root}/{number}/messages" for number in self.identities}
        self.template_name = template_name
        self.marketing = template_category == "marketing"
        # With an image header, the daily template carries the day's card; a message without
        # one (``card off``, no card to be had) goes as the header-less twin.
        self.shows_cards = template_header == "image"
        self.text_template_name = text_template_name or f"{template_name}_text"
        media_urls = {number: f"{root}/{number}/media" for number in self.identities}
        self.cards = CardUploads(self, media_urls, media_dir)
        self.bucket = bucket or Unpaced()
        self.retrying = Retrying(max_attempts, backoff_base, backoff_cap, retry_after_cap)
        # The process in the User-Agent: which worker sent from which number (the fake lists it).
        self.auth_headers = {
            "Authorization": f"Bearer {access_token}",
            "User-Agent": f"lokpanchang (pid {os.getpid()})",
        }

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
            template_header=settings.whatsapp_template_header,
            text_template_name=settings.whatsapp_text_template_name,
            media_dir=settings.effective_card_cache_dir / "media",
            concurrency=settings.send_concurrency,
            timeout=settings.send_timeout,
            bucket=bucket,
            **kwargs,
        )

    # The Sender protocol ------------------------------------------------------------

    async def send_batch(self, messages: list[OutgoingMessage]) -> list[SendResult]:
        paced = [self.number_for(m) for m in messages if not self._blocked_by_policy(m)]
        ahead = Ahead(paced)
        async with self:
            return list(await asyncio.gather(*(self._send(m, ahead) for m in messages)))

    async def close(self) -> None:
        await super().close()
        await self.bucket.release()

    # Sending --------------------------------------------------------------------------

    def number_for(self, message: OutgoingMessage) -> str:
        """The phone-number id ``message`` goes out from: its ``via`` if ours, else the first."""
        return message.via if message.via in self._urls else self.identities[0]

    async def send(self, message: OutgoingMessage) -> SendResult:
        """Send one message of any kind from its number; never raises for a failure."""
        async with self:
            return await self._send(message)

    async def _send(self, message: OutgoingMessage, ahead: Ahead | None = None) -> SendResult:
        """``send`` inside the caller's ``async with self`` (a batch opens it once, and
        says in ``ahead`` how many of its sends each number has still to pace)."""
        via = self.number_for(message)
        if self._blocked_by_policy(message):
            return SendResult(
                message.ledger_id, Outcome.BLOCK, error_detail=MARKETING_BLOCKED, via=via
            )
        header = await self.cards.media_id(message, via) if self.shows_cards else None
        classified, attempts = await self._attempts(message, via, header, ahead)
        if header is not None and classified.error_code == MEDIA_NOT_FOUND:
            # Meta no longer has the card (expired, deleted): upload it again, send once more.
            self.cards.forget(message, via)
            header = await self.cards.media_id(message, via)
            classified, more = await self._attempts(message, via, header, ahead)
            attempts += more
        return result_of(message.ledger_id, classified, attempts, via)

    async def _attempts(
        self, message: OutgoingMessage, via: str, header: str | None, ahead: Ahead | None
    ) -> tuple[Classified, int]:
        payload = self.payload(message, header)
        return await with_retries(
            lambda: self._paced_attempt(payload, via, ahead),
            self.retrying,
            "whatsapp.retry",
            message.ledger_id,
        )

    def _blocked_by_policy(self, message: OutgoingMessage) -> bool:
        broadcast = message.kind is MessageKind.BROADCAST
        return self.marketing and broadcast and message.to.startswith(MARKETING_BLOCKED_PREFIX)

    def payload(self, message: OutgoingMessage, header_image: str | None = None) -> dict:
        """The Cloud API request body for ``message`` (``header_image``: its card's media id)."""
        if message.kind is MessageKind.TEXT:
            return text_payload(message.to, message.text)
        if message.kind is MessageKind.LOCATION_REQUEST:
            return location_request_payload(message.to, message.text)
        return template_payload(
            message.to,
            self.template_for(message, header_image),
            language_code(message.language),
            message.parameters,
            message.ledger_id,
            header_image,
        )

    def template_for(self, message: OutgoingMessage, header_image: str | None) -> str:
        """A broadcast's template: its own, else the daily one (with an image header, the
        header-less twin when there is no card to show)."""
        if message.template:
            return message.template
        if self.shows_cards and header_image is None:
            return self.text_template_name
        return self.template_name

    async def _paced_attempt(self, payload: dict, via: str, ahead: Ahead | None) -> Classified:
        try:
            await self.bucket.acquire(via, ahead.take(via) if ahead is not None else None)
        except Exception as exc:  # noqa: BLE001 -- e.g. Redis down: nothing was sent
            log.warning("whatsapp.pacing_unavailable", error=str(exc))
            return Classified(Outcome.RETRY, error_detail=f"not sent: pacing unavailable: {exc}")
        return await self.post(
            self._urls[via], payload, classify_response, headers=self.auth_headers
        )


def from_settings(settings: Settings, **kwargs) -> WhatsAppSender:
    """The configured channel, paced by the shared Redis bucket (in-process when embedded;
    fenced by the number leases in a worker group, ``delivery.leases``)."""
    from lokpanchang.delivery.leases import whatsapp_bucket

    bucket = whatsapp_bucket(settings)
    return WhatsAppSender.from_settings(settings, bucket=bucket, **kwargs)


def result_of(ledger_id: int, classified: Classified, attempts: int, via: str = "") -> SendResult:
    """A channel's result for one message from its last classified attempt."""
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
