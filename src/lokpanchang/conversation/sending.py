"""Sending the conversation's replies and the welcome panchangam, after the webhook commits."""

from __future__ import annotations

import asyncio
from datetime import datetime

import structlog

from lokpanchang.broadcast import welcome_send
from lokpanchang.config import Settings
from lokpanchang.conversation.handling import Reply, WebhookReport, handle_webhook
from lokpanchang.delivery.base import OutgoingMessage
from lokpanchang.storage.db import transaction

log = structlog.get_logger(__name__)


def process_webhook(body: dict, settings: Settings, now: datetime) -> dict:
    """Apply ``body`` in one transaction, then send replies and welcome panchangams."""
    with transaction(settings.effective_database_url) as session:
        report = handle_webhook(session, body, now)
    if report.replies:
        asyncio.run(send_replies(report.replies, settings))
    for user_id in report.welcome_user_ids:
        send_welcome_panchangam(user_id, now)
    return _summary(report)


def _summary(report: WebhookReport) -> dict:
    return {
        "replies": len(report.replies),
        "welcome": len(report.welcome_user_ids),
        "statuses": report.statuses_applied,
        "ignored": report.statuses_ignored,
        "duplicates": report.duplicates,
    }


async def send_replies(replies: list[Reply], settings: Settings) -> None:
    """Free-text replies through the configured channel's text API."""
    if settings.effective_delivery_backend != "whatsapp":
        await _replies_to_channel(replies, settings)
        return
    from lokpanchang.delivery.whatsapp import from_settings

    sender = from_settings(settings)
    async with sender:
        for item in replies:
            if item.kind == "location_request":
                result = await sender.send_interactive_location_request(item.phone, item.text)
            else:
                result = await sender.send_text(item.phone, item.text)
            log.info(
                "reply.sent",
                kind=item.kind,
                outcome=str(result.outcome),
                error_code=result.error_code,
            )


async def _replies_to_channel(replies: list[Reply], settings: Settings) -> None:
    """The outbox/memory channels have no text API: replies go in as text-only messages."""
    from lokpanchang.delivery.memory import MemorySender
    from lokpanchang.delivery.outbox import OutboxSender

    sender: MemorySender | OutboxSender
    if settings.effective_delivery_backend == "memory":
        sender = MemorySender()
    else:
        sender = OutboxSender(settings.data_dir / "outbox.jsonl")
    messages = [
        OutgoingMessage(0, r.phone, "en", (), r.text, template=f"reply:{r.kind}") for r in replies
    ]
    await sender.send_batch(messages)


def send_welcome_panchangam(user_id: int, now: datetime) -> str:
    """Today's panchangam for a new subscriber, through the broadcast's ``welcome_send``."""
    return welcome_send(user_id, now)
