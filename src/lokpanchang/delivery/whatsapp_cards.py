"""The day's card as a WhatsApp template's image header (issue 27): uploaded once per card
and phone number through the Cloud API's media endpoint, its id reused for every recipient.

``POST {base_url}/{api_version}/{phone_number_id}/media`` (multipart/form-data:
``messaging_product=whatsapp``, ``type=image/png`` and the file) answers ``{"id": ...}``.
Meta's limits (developers.facebook.com, WhatsApp Cloud API "Media" and "Supported media
types"): images are image/jpeg or image/png of at most 5 MB; a media id belongs to the phone
number that uploaded it and expires after 30 days, so ids are kept per (number, card) with
their age (``MediaIds``; shared by a machine's worker processes through files beside the card
cache, ``SharedIds``) and renewed a day early. A card that cannot be uploaded is not
fatal: that message goes as the header-less template (logged as ``card.not_sent``).
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import TYPE_CHECKING

import orjson
import structlog

from lokpanchang.delivery.base import Outcome, OutgoingMessage
from lokpanchang.delivery.errors import Classified, classify_response
from lokpanchang.delivery.media_ids import MediaIds, SharedIds
from lokpanchang.delivery.pooled import Multipart

if TYPE_CHECKING:
    from lokpanchang.delivery.whatsapp import WhatsAppSender

log = structlog.get_logger(__name__)

MEDIA_LIFETIME = timedelta(days=29)  # Meta keeps an uploaded id 30 days: renew a day early
MAX_IMAGE_BYTES = 5 * 1024 * 1024
IMAGE_TYPES = ("image/jpeg", "image/png")
MEDIA_NOT_FOUND = 131053  # "Media upload error": the id is unknown to Meta (expired, deleted)


def media_form(png: bytes, mime_type: str, file_name: str) -> Multipart:
    """The media endpoint's upload form for one image."""
    fields = (("messaging_product", "whatsapp"), ("type", mime_type))
    return Multipart(fields, "file", file_name, mime_type, png)


def classify_upload(http_status: int, body: bytes | str) -> Classified:
    """An upload's answer: SENT with the media id as ``message_id``, or Meta's error."""
    try:
        document = orjson.loads(body)
    except (ValueError, TypeError):
        return Classified(Outcome.RETRY, error_detail=f"HTTP {http_status}, body is not JSON")
    if 200 <= http_status < 300 and isinstance(document, dict) and document.get("id"):
        return Classified(Outcome.SENT, message_id=str(document["id"]))
    return classify_response(http_status, body)


class CardUploads:
    """The sender's card uploads and their ids (``uploads`` counts them)."""

    def __init__(
        self, sender: WhatsAppSender, urls: dict[str, str], shared_dir: Path | None = None
    ) -> None:
        self._sender, self._urls = sender, urls
        shared = SharedIds(shared_dir, "whatsapp") if shared_dir is not None else None
        self.ids = MediaIds(MEDIA_LIFETIME, shared=shared)

    async def media_id(self, message: OutgoingMessage, via: str) -> str | None:
        """The media id of ``message``'s card on number ``via``; None without a card (or
        when it could not be uploaded: the message then goes without it)."""
        card = message.card
        if card is None or message.template:
            return None
        return await self.ids.get((via, card.key), lambda: self._upload(message, via))

    def forget(self, message: OutgoingMessage, via: str) -> None:
        if message.card is not None:
            self.ids.forget((via, message.card.key))

    async def _upload(self, message: OutgoingMessage, via: str) -> str | None:
        card = message.card
        assert card is not None
        problem = _refused_before_upload(card.png, card.mime_type)
        if problem:
            _not_sent(message, card.key, problem)
            return None
        form = media_form(card.png, card.mime_type, card.key)
        headers = self._sender.auth_headers
        answer = await self._sender.post_form(self._urls[via], form, classify_upload, headers)
        if answer.outcome is not Outcome.SENT or answer.message_id is None:
            _not_sent(message, card.key, f"{answer.error_code}: {answer.error_detail}")
            return None
        log.info("card.uploaded", card=card.key, number=via, bytes=len(card.png))
        return answer.message_id


def _refused_before_upload(png: bytes, mime_type: str) -> str:
    """What Meta would refuse in this image, before sending it ("" when nothing)."""
    if mime_type not in IMAGE_TYPES:
        return f"{mime_type} is not an image type WhatsApp takes ({', '.join(IMAGE_TYPES)})"
    if len(png) > MAX_IMAGE_BYTES:
        return f"{len(png)} bytes is over WhatsApp's 5 MB image limit"
    return ""


def _not_sent(message: OutgoingMessage, key: str, why: str) -> None:
    log.warning("card.not_sent", channel="whatsapp", card=key, ledger_id=message.ledger_id, why=why)
