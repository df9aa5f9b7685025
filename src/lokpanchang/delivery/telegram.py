"""Telegram Bot API channel: ``sendMessage`` (and ``sendPhoto`` for a broadcast's card,
``telegram_cards``) behind the ``Sender`` protocol.

``POST {TELEGRAM_API_BASE_URL}/bot{TELEGRAM_BOT_TOKEN}/sendMessage`` with a JSON body. Every
kind of message is text on Telegram (a broadcast sends its plain-text rendering; no
template), sent with ``parse_mode`` HTML and the text escaped, so no character of it is
taken for markup. A location request carries a one-button keyboard whose button has
``request_location: true``.

Telegram's limits: about 30 messages/s for a bot overall (``TELEGRAM_SEND_RATE``, one
shared token bucket) and one per second in one chat (a second bucket keyed by chat). A
``429`` says how long to wait (``parameters.retry_after``); it is honoured inline a few
times, then handed back as ``RETRY`` with that wait. ``403`` (the bot was blocked, the user
is deactivated) disables the subscriber; ``400`` "chat not found" does too (permanent);
another ``400`` is this message's problem (skipped, the broadcast goes on); ``401`` and
``404`` mean the token is wrong (halt).
"""

from __future__ import annotations

import asyncio
import html
from pathlib import Path

import orjson
import structlog

from lokpanchang.config import Settings
from lokpanchang.delivery.base import MessageKind, Outcome, OutgoingMessage, SendResult
from lokpanchang.delivery.errors import Classified
from lokpanchang.delivery.pacing import Bucket, Unpaced
from lokpanchang.delivery.pooled import PooledClient, Retrying, with_retries
from lokpanchang.delivery.telegram_cards import (
    MAX_PHOTO_BYTES,
    WRONG_FILE,
    PhotoAnswer,
    caption_of,
    photo_classifier,
    photo_fields,
    photo_ids,
    upload_form,
)
from lokpanchang.delivery.telegram_inbound import parse_update
from lokpanchang.delivery.whatsapp import result_of
from lokpanchang.messages import reply

log = structlog.get_logger(__name__)

PARSE_MODE = "HTML"
PER_CHAT_RATE = 1.0  # messages/s in one chat (Telegram's bots FAQ)
MAX_TEXT_CHARS = 4096  # sendMessage's limit, after entities are parsed
# Descriptions of a 400 that mean the chat will never take a message from us.
GONE_CHAT = ("chat not found", "user not found", "peer_id_invalid")


def message_payload(message: OutgoingMessage) -> dict:
    """The ``sendMessage`` parameters for ``message`` (any kind)."""
    payload: dict = {
        "chat_id": chat_id(message.to),
        "text": html.escape(message.text or "\n".join(message.parameters), quote=False),
        "parse_mode": PARSE_MODE,
        "link_preview_options": {"is_disabled": True},
    }
    if message.kind is MessageKind.LOCATION_REQUEST:
        payload["reply_markup"] = location_keyboard(reply("share_location", message.language))
    return payload


def location_keyboard(label: str) -> dict:
    """A reply keyboard of one button that shares the person's location, shown once."""
    button = {"text": label, "request_location": True}
    return {"keyboard": [[button]], "resize_keyboard": True, "one_time_keyboard": True}


def chat_id(address: str) -> int | str:
    """A chat id as the Bot API takes it: an integer (a "@channel" name stays a string)."""
    try:
        return int(address)
    except ValueError:
        return address


def classify_answer(http_status: int, body: bytes | str) -> Classified:
    """Classify one Bot API answer (``{"ok": ..., "result" | "error_code", "description"}``)."""
    try:
        document = orjson.loads(body)
    except (ValueError, TypeError):
        return Classified(Outcome.RETRY, error_detail=f"HTTP {http_status}, body is not JSON")
    if not isinstance(document, dict):
        return Classified(Outcome.RETRY, error_detail=f"HTTP {http_status}, unexpected JSON")
    if document.get("ok") is True:
        return _accepted(document.get("result"))
    code = document.get("error_code")
    code = code if isinstance(code, int) and not isinstance(code, bool) else http_status
    detail = str(document.get("description") or f"HTTP {http_status}")[:500]
    return Classified(outcome_for(code, detail), None, code, detail, _retry_after(document))


def outcome_for(code: int, description: str) -> Outcome:
    """What to do after the Bot API refused a message with ``code`` and ``description``."""
    if code == 429 or code >= 500:
        return Outcome.RETRY
    if code in (401, 404):  # the token is wrong (or the method): no send can work
        return Outcome.HALT
    if code == 403:  # blocked by the user, user deactivated, cannot initiate a conversation
        return Outcome.DISABLE
    if code == 400 and any(gone in description.lower() for gone in GONE_CHAT):
        return Outcome.DISABLE
    return Outcome.SKIP


def _accepted(result: object) -> Classified:
    if isinstance(result, dict) and isinstance(result.get("message_id"), int):
        chat = result.get("chat")
        chat_id = chat.get("id", "") if isinstance(chat, dict) else ""
        return Classified(Outcome.SENT, message_id=f"tg:{chat_id}:{result['message_id']}")
    return Classified(Outcome.AMBIGUOUS, error_detail="ok without a message id")


def _retry_after(document: dict) -> float | None:
    parameters = document.get("parameters")
    value = parameters.get("retry_after") if isinstance(parameters, dict) else None
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value >= 0:
        return float(value)
    return None


class TelegramSender(PooledClient):
    """The Bot API channel (one bot: no identities to choose from)."""

    name = "telegram"
    identities: tuple[str, ...] = ()
    shows_cards = True  # a broadcast's card goes as a photo (``telegram_cards``)
    parse_inbound = staticmethod(parse_update)

    def __init__(
        self,
        *,
        base_url: str,
        token: str,
        concurrency: int = 100,
        timeout: float = 15.0,
        bucket: Bucket | None = None,
        chat_bucket: Bucket | None = None,
        retrying: Retrying | None = None,
        keep_open: bool = False,
        media_dir: Path | None = None,
    ) -> None:
        if not token:
            raise ValueError("TelegramSender needs a bot token (TELEGRAM_BOT_TOKEN)")
        super().__init__(concurrency, timeout, keep_open, hidden=(token,))
        root = f"{base_url.rstrip('/')}/bot{token}"
        self.url, self.photo_url = f"{root}/sendMessage", f"{root}/sendPhoto"
        self.photos = photo_ids(media_dir)  # the bot's file_id of each card it has sent
        self.bucket = bucket or Unpaced()
        self.chat_bucket = chat_bucket or Unpaced()
        self.retrying = retrying or Retrying()

    async def send_batch(self, messages: list[OutgoingMessage]) -> list[SendResult]:
        async with self:
            return list(await asyncio.gather(*(self.send(m) for m in messages)))

    async def send(self, message: OutgoingMessage) -> SendResult:
        """Send one message of any kind; never raises for a failure."""
        async with self:
            if message.card is not None and message.kind is MessageKind.BROADCAST:
                classified, attempts = await self._send_with_card(message)
            else:
                classified, attempts = await self._send_text(message)
        return result_of(message.ledger_id, classified, attempts)

    async def _send_text(self, message: OutgoingMessage) -> tuple[Classified, int]:
        payload = message_payload(message)
        return await self._tries(message, lambda: self.post(self.url, payload, classify_answer))

    async def _tries(self, message: OutgoingMessage, request) -> tuple[Classified, int]:
        return await with_retries(
            lambda: self._paced_attempt(request, message.to),
            self.retrying,
            "telegram.retry",
            message.ledger_id,
        )

    async def _send_with_card(self, message: OutgoingMessage) -> tuple[Classified, int]:
        """The card with the text as its caption, or the card then the text; the text
        alone when Telegram refuses the picture (the message never waits on its card)."""
        caption = caption_of(message)
        classified, attempts = await self._photo(
            message, photo_fields(chat_id(message.to), caption)
        )
        if classified.outcome is Outcome.SKIP:  # this picture's problem, not the chat's
            log.warning("card.not_sent", channel="telegram", ledger_id=message.ledger_id,
                        why=classified.error_detail)  # fmt: skip
        elif classified.outcome is not Outcome.SENT or caption:
            return classified, attempts
        text, more = await self._send_text(message)
        return text, attempts + more

    async def _photo(self, message: OutgoingMessage, fields: dict) -> tuple[Classified, int]:
        """``sendPhoto`` by the card's file id, uploading the card when the bot has none."""
        card = message.card
        assert card is not None
        key, mine = ("", card.key), []

        async def upload() -> str | None:
            mine.append(await self._upload(message, fields))
            return mine[0][2]

        file_id = await self.photos.get(key, upload)
        if mine:
            return mine[0][0], mine[0][1]
        if file_id is not None:
            sent = await self._tries(message, lambda: self._by_id(fields, file_id))
            if WRONG_FILE not in (sent[0].error_detail or "").lower():
                return sent
            self.photos.forget(key)  # Telegram no longer knows it: upload the card again
        classified, attempts, new_id = await self._upload(message, fields)
        if new_id is not None:
            self.photos.remember(key, new_id)
        return classified, attempts

    async def _by_id(self, fields: dict, file_id: str) -> Classified:
        return await self.post(self.photo_url, {**fields, "photo": file_id}, classify_answer)

    async def _upload(self, message: OutgoingMessage, fields: dict):
        """``sendPhoto`` with the picture's bytes: (classified, attempts, its file id)."""
        card = message.card
        assert card is not None
        if len(card.png) > MAX_PHOTO_BYTES:
            too_big = f"the card is {len(card.png)} bytes, over the Bot API's 10 MB for a photo"
            return Classified(Outcome.SKIP, error_detail=too_big), 0, None
        answer = PhotoAnswer()
        form = upload_form(fields, card.png, card.key)
        classify = photo_classifier(answer, classify_answer)
        classified, attempts = await self._tries(
            message, lambda: self.post_form(self.photo_url, form, classify)
        )
        sent = classified.outcome is Outcome.SENT
        return classified, attempts, answer.file_id if sent else None

    async def close(self) -> None:
        await super().close()
        await self.bucket.release()
        await self.chat_bucket.release()

    async def _paced_attempt(self, request, chat: str) -> Classified:
        """``request()`` (one Bot API call) once the chat's and the bot's pace allow it."""
        try:
            await self.chat_bucket.acquire(chat)
            await self.bucket.acquire()
        except Exception as exc:  # noqa: BLE001 -- e.g. Redis down: nothing was sent
            log.warning("telegram.pacing_unavailable", error=str(exc))
            return Classified(Outcome.RETRY, error_detail=f"not sent: pacing unavailable: {exc}")
        return await request()


def from_settings(settings: Settings, **kwargs) -> TelegramSender:
    """The configured bot, paced by shared Redis buckets (in-process when embedded)."""
    from lokpanchang.delivery.pacing import bucket_for, redis_url_of

    redis_url, embedded = redis_url_of(settings), settings.is_embedded
    return TelegramSender(
        base_url=settings.telegram_api_base_url,
        token=settings.telegram_bot_token,
        concurrency=settings.send_concurrency,
        timeout=settings.send_timeout,
        bucket=bucket_for(redis_url, settings.telegram_send_rate, embedded, "pacing:telegram"),
        chat_bucket=bucket_for(redis_url, PER_CHAT_RATE, embedded, "pacing:telegram-chat"),
        media_dir=settings.effective_card_cache_dir / "media",
        **kwargs,
    )
